//go:build !purego

#include "textflag.h"

// func axpyRoundAVX2(a float64, x, y *float64, n int)
//
// y_i ← y_i + (a·x_i rounded), a multiply then an add per element (no
// fused multiply-add): the arithmetic of gonum's AxpyUnitary (MULPD, ADDPD),
// four lanes at a time.
TEXT ·axpyRoundAVX2(SB), NOSPLIT, $0-32
	VBROADCASTSD a+0(FP), Y0
	MOVQ         x+8(FP), SI
	MOVQ         y+16(FP), DI
	MOVQ         n+24(FP), CX
	MOVQ         CX, BX
	SHRQ         $4, BX
	JZ           rest

loop16:
	VMULPD  (SI), Y0, Y8
	VMULPD  32(SI), Y0, Y9
	VMULPD  64(SI), Y0, Y10
	VMULPD  96(SI), Y0, Y11
	VADDPD  (DI), Y8, Y8
	VADDPD  32(DI), Y9, Y9
	VADDPD  64(DI), Y10, Y10
	VADDPD  96(DI), Y11, Y11
	VMOVUPD Y8, (DI)
	VMOVUPD Y9, 32(DI)
	VMOVUPD Y10, 64(DI)
	VMOVUPD Y11, 96(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	DECQ    BX
	JNZ     loop16

rest:
	ANDQ $15, CX
	JZ   done

tail:
	VMULSD (SI), X0, X8
	VADDSD (DI), X8, X8
	VMOVSD X8, (DI)
	ADDQ   $8, SI
	ADDQ   $8, DI
	DECQ   CX
	JNZ    tail

done:
	VZEROUPPER
	RET
