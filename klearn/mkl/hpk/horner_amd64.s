//go:build !purego

#include "textflag.h"

// func hornerFMA(c *float64, nc int, x, dst *float64, n, add int)
//
// dst_j ← a_j + p(x_j) for j < n (n a multiple of 16), a_j = dst_j if add
// ≠ 0 else 0 (x may be dst), p(t) = Σ_d c_d t^d
// of degree nc − 1 by Horner's rule: p ← c_{nc−1}, then p ← p·t + c_d (one
// fused multiply-add) for d = nc − 2 … 0; sixteen entries at a time in four
// independent chains (Y4–Y7). hornerRow's Go loop, lane by lane.
TEXT ·hornerFMA(SB), NOSPLIT, $0-48
	MOVQ   c+0(FP), R8
	MOVQ   nc+8(FP), R9
	MOVQ   x+16(FP), SI
	MOVQ   dst+24(FP), DI
	MOVQ   n+32(FP), CX
	MOVQ   add+40(FP), R11
	VXORPD Y9, Y9, Y9
	SHRQ   $4, CX
	JZ   done
	LEAQ -8(R8)(R9*8), R10 // &c[nc−1]

loop16:
	VMOVUPD      (SI), Y0
	VMOVUPD      32(SI), Y1
	VMOVUPD      64(SI), Y2
	VMOVUPD      96(SI), Y3
	VBROADCASTSD (R10), Y4
	VMOVAPD      Y4, Y5
	VMOVAPD      Y4, Y6
	VMOVAPD      Y4, Y7
	MOVQ         R10, DX
	MOVQ         R9, BX
	DECQ         BX
	JZ           store

deg:
	SUBQ         $8, DX
	VBROADCASTSD (DX), Y8
	VFMADD213PD  Y8, Y0, Y4
	VFMADD213PD  Y8, Y1, Y5
	VFMADD213PD  Y8, Y2, Y6
	VFMADD213PD  Y8, Y3, Y7
	DECQ         BX
	JNZ          deg

store:
	TESTQ  R11, R11
	JZ     zero
	VADDPD (DI), Y4, Y4
	VADDPD 32(DI), Y5, Y5
	VADDPD 64(DI), Y6, Y6
	VADDPD 96(DI), Y7, Y7
	JMP    write

zero:
	VADDPD Y9, Y4, Y4
	VADDPD Y9, Y5, Y5
	VADDPD Y9, Y6, Y6
	VADDPD Y9, Y7, Y7

write:
	VMOVUPD Y4, (DI)
	VMOVUPD Y5, 32(DI)
	VMOVUPD Y6, 64(DI)
	VMOVUPD Y7, 96(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	DECQ    CX
	JNZ     loop16

done:
	VZEROUPPER
	RET

// func powDotsFMA(x, v *float64, n, nd int, acc *float64)
//
// acc[16d + l] += Σ x_j^d v_j over the j < n (n a multiple of 16) with
// j ≡ l mod 16, for d < nd (nd ≥ 1): x_j^0 = 1 (the term added as it is),
// x_j^d = x_j^{d−1}·x_j, each term fused into its lane (powDotsGo).
TEXT ·powDotsFMA(SB), NOSPLIT, $0-40
	MOVQ x+0(FP), SI
	MOVQ v+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ nd+24(FP), R9
	MOVQ acc+32(FP), R8
	SHRQ $4, CX
	JZ   done

loop16:
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVUPD 64(SI), Y2
	VMOVUPD 96(SI), Y3
	VMOVUPD (DI), Y4
	VMOVUPD 32(DI), Y5
	VMOVUPD 64(DI), Y6
	VMOVUPD 96(DI), Y7

	// d = 0: acc += v.
	VADDPD  (R8), Y4, Y12
	VADDPD  32(R8), Y5, Y13
	VADDPD  64(R8), Y6, Y14
	VADDPD  96(R8), Y7, Y15
	VMOVUPD Y12, (R8)
	VMOVUPD Y13, 32(R8)
	VMOVUPD Y14, 64(R8)
	VMOVUPD Y15, 96(R8)

	// p = x (degree 1).
	VMOVAPD Y0, Y8
	VMOVAPD Y1, Y9
	VMOVAPD Y2, Y10
	VMOVAPD Y3, Y11
	LEAQ    128(R8), DX
	MOVQ    R9, BX
	DECQ    BX
	JZ      next

deg:
	VMOVUPD     (DX), Y12
	VMOVUPD     32(DX), Y13
	VMOVUPD     64(DX), Y14
	VMOVUPD     96(DX), Y15
	VFMADD231PD Y8, Y4, Y12
	VFMADD231PD Y9, Y5, Y13
	VFMADD231PD Y10, Y6, Y14
	VFMADD231PD Y11, Y7, Y15
	VMOVUPD     Y12, (DX)
	VMOVUPD     Y13, 32(DX)
	VMOVUPD     Y14, 64(DX)
	VMOVUPD     Y15, 96(DX)
	VMULPD      Y0, Y8, Y8
	VMULPD      Y1, Y9, Y9
	VMULPD      Y2, Y10, Y10
	VMULPD      Y3, Y11, Y11
	ADDQ        $128, DX
	DECQ        BX
	JNZ         deg

next:
	ADDQ $128, SI
	ADDQ $128, DI
	DECQ CX
	JNZ  loop16

done:
	VZEROUPPER
	RET
