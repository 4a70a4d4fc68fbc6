//go:build !purego

#include "textflag.h"

// func dotFMA(x, y *float64, n int) float64
//
// Σ x_i y_i in 16 lanes: lane l (element i ≡ l mod 16 of the first
// n − n mod 16) in Y0–Y3 by one fused multiply-add per element; then
// t = (Y0 + Y1) + (Y2 + Y3), s = (t0 + t2) + (t1 + t3), then the last
// n mod 16 elements fused into s in order: dotGo's order, fused.
TEXT ·dotFMA(SB), NOSPLIT, $0-32
	MOVQ   x+0(FP), SI
	MOVQ   y+8(FP), DI
	MOVQ   n+16(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	MOVQ   CX, BX
	SHRQ   $4, BX
	JZ     reduce

loop16:
	VMOVUPD     (SI), Y4
	VMOVUPD     32(SI), Y5
	VMOVUPD     64(SI), Y6
	VMOVUPD     96(SI), Y7
	VFMADD231PD (DI), Y4, Y0
	VFMADD231PD 32(DI), Y5, Y1
	VFMADD231PD 64(DI), Y6, Y2
	VFMADD231PD 96(DI), Y7, Y3
	ADDQ        $128, SI
	ADDQ        $128, DI
	DECQ        BX
	JNZ         loop16

reduce:
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	VADDPD       Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPD       X1, X0, X0
	VPERMILPD    $1, X0, X1
	VADDSD       X1, X0, X0
	ANDQ         $15, CX
	JZ           done

tail:
	VMOVSD      (SI), X4
	VFMADD231SD (DI), X4, X0
	ADDQ        $8, SI
	ADDQ        $8, DI
	DECQ        CX
	JNZ         tail

done:
	VZEROUPPER
	MOVSD X0, ret+24(FP)
	RET

// func axpyFMA(a float64, x, y *float64, n int)
//
// y_i ← y_i + a·x_i, one fused multiply-add per element.
TEXT ·axpyFMA(SB), NOSPLIT, $0-32
	VBROADCASTSD a+0(FP), Y0
	MOVQ         x+8(FP), SI
	MOVQ         y+16(FP), DI
	MOVQ         n+24(FP), CX
	MOVQ         CX, BX
	SHRQ         $4, BX
	JZ           rest

loop16:
	VMOVUPD     (DI), Y4
	VMOVUPD     32(DI), Y5
	VMOVUPD     64(DI), Y6
	VMOVUPD     96(DI), Y7
	VFMADD231PD (SI), Y0, Y4
	VFMADD231PD 32(SI), Y0, Y5
	VFMADD231PD 64(SI), Y0, Y6
	VFMADD231PD 96(SI), Y0, Y7
	VMOVUPD     Y4, (DI)
	VMOVUPD     Y5, 32(DI)
	VMOVUPD     Y6, 64(DI)
	VMOVUPD     Y7, 96(DI)
	ADDQ        $128, SI
	ADDQ        $128, DI
	DECQ        BX
	JNZ         loop16

rest:
	ANDQ $15, CX
	JZ   done

tail:
	VMOVSD      (DI), X4
	VFMADD231SD (SI), X0, X4
	VMOVSD      X4, (DI)
	ADDQ        $8, SI
	ADDQ        $8, DI
	DECQ        CX
	JNZ         tail

done:
	VZEROUPPER
	RET
