//go:build !purego

#include "textflag.h"

// func affinePow4(seg *float64, n int, gm, c float64, deg int)
//
// For j < n (n a multiple of 4), four at a time: t = (g·seg[j] rounded) + c
// (a multiplication, then an addition: not fused), seg[j] = t·t (deg 2) or
// t·(t·t) (deg 3), the products powInt forms for those degrees.
TEXT ·affinePow4(SB), NOSPLIT, $0-40
	MOVQ seg+0(FP), DI
	MOVQ n+8(FP), CX
	VBROADCASTSD gm+16(FP), Y15
	VBROADCASTSD c+24(FP), Y14
	MOVQ deg+32(FP), DX
	XORQ AX, AX
	CMPQ DX, $3
	JEQ  cube

square:
	CMPQ AX, CX
	JGE  done
	VMULPD  (DI)(AX*8), Y15, Y0
	VADDPD  Y14, Y0, Y0
	VMULPD  Y0, Y0, Y0
	VMOVUPD Y0, (DI)(AX*8)
	ADDQ $4, AX
	JMP  square

cube:
	CMPQ AX, CX
	JGE  done
	VMULPD  (DI)(AX*8), Y15, Y0
	VADDPD  Y14, Y0, Y0
	VMULPD  Y0, Y0, Y1
	VMULPD  Y1, Y0, Y0
	VMOVUPD Y0, (DI)(AX*8)
	ADDQ $4, AX
	JMP  cube

done:
	VZEROUPPER
	RET
