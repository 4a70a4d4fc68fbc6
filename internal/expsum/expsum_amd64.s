//go:build !purego

#include "textflag.h"

// Constants of exp (expsum.go), each four times (one 256-bit operand).
// 0: sign bit (negation)
DATA expc<>+0(SB)/8, $0x8000000000000000
DATA expc<>+8(SB)/8, $0x8000000000000000
DATA expc<>+16(SB)/8, $0x8000000000000000
DATA expc<>+24(SB)/8, $0x8000000000000000
// 32: −expLimit
DATA expc<>+32(SB)/8, $0xc095e00000000000
DATA expc<>+40(SB)/8, $0xc095e00000000000
DATA expc<>+48(SB)/8, $0xc095e00000000000
DATA expc<>+56(SB)/8, $0xc095e00000000000
// 64: expLimit
DATA expc<>+64(SB)/8, $0x4095e00000000000
DATA expc<>+72(SB)/8, $0x4095e00000000000
DATA expc<>+80(SB)/8, $0x4095e00000000000
DATA expc<>+88(SB)/8, $0x4095e00000000000
// 96: log2e
DATA expc<>+96(SB)/8, $0x3ff71547652b82fe
DATA expc<>+104(SB)/8, $0x3ff71547652b82fe
DATA expc<>+112(SB)/8, $0x3ff71547652b82fe
DATA expc<>+120(SB)/8, $0x3ff71547652b82fe
// 128: ln2hi
DATA expc<>+128(SB)/8, $0x3fe62e42fefa39ef
DATA expc<>+136(SB)/8, $0x3fe62e42fefa39ef
DATA expc<>+144(SB)/8, $0x3fe62e42fefa39ef
DATA expc<>+152(SB)/8, $0x3fe62e42fefa39ef
// 160: ln2lo
DATA expc<>+160(SB)/8, $0x3c7abc9e3b39803f
DATA expc<>+168(SB)/8, $0x3c7abc9e3b39803f
DATA expc<>+176(SB)/8, $0x3c7abc9e3b39803f
DATA expc<>+184(SB)/8, $0x3c7abc9e3b39803f
// 192: 0.5
DATA expc<>+192(SB)/8, $0x3fe0000000000000
DATA expc<>+200(SB)/8, $0x3fe0000000000000
DATA expc<>+208(SB)/8, $0x3fe0000000000000
DATA expc<>+216(SB)/8, $0x3fe0000000000000
// 224: magic
DATA expc<>+224(SB)/8, $0x4338000000000000
DATA expc<>+232(SB)/8, $0x4338000000000000
DATA expc<>+240(SB)/8, $0x4338000000000000
DATA expc<>+248(SB)/8, $0x4338000000000000
// 256: exponent bias 1023 (int64)
DATA expc<>+256(SB)/8, $0x00000000000003ff
DATA expc<>+264(SB)/8, $0x00000000000003ff
DATA expc<>+272(SB)/8, $0x00000000000003ff
DATA expc<>+280(SB)/8, $0x00000000000003ff
// 288: coef[13] = 1/13!
DATA expc<>+288(SB)/8, $0x3de6124613a86d09
DATA expc<>+296(SB)/8, $0x3de6124613a86d09
DATA expc<>+304(SB)/8, $0x3de6124613a86d09
DATA expc<>+312(SB)/8, $0x3de6124613a86d09
// 320: coef[12] = 1/12!
DATA expc<>+320(SB)/8, $0x3e21eed8eff8d898
DATA expc<>+328(SB)/8, $0x3e21eed8eff8d898
DATA expc<>+336(SB)/8, $0x3e21eed8eff8d898
DATA expc<>+344(SB)/8, $0x3e21eed8eff8d898
// 352: coef[11] = 1/11!
DATA expc<>+352(SB)/8, $0x3e5ae64567f544e4
DATA expc<>+360(SB)/8, $0x3e5ae64567f544e4
DATA expc<>+368(SB)/8, $0x3e5ae64567f544e4
DATA expc<>+376(SB)/8, $0x3e5ae64567f544e4
// 384: coef[10] = 1/10!
DATA expc<>+384(SB)/8, $0x3e927e4fb7789f5c
DATA expc<>+392(SB)/8, $0x3e927e4fb7789f5c
DATA expc<>+400(SB)/8, $0x3e927e4fb7789f5c
DATA expc<>+408(SB)/8, $0x3e927e4fb7789f5c
// 416: coef[9] = 1/9!
DATA expc<>+416(SB)/8, $0x3ec71de3a556c734
DATA expc<>+424(SB)/8, $0x3ec71de3a556c734
DATA expc<>+432(SB)/8, $0x3ec71de3a556c734
DATA expc<>+440(SB)/8, $0x3ec71de3a556c734
// 448: coef[8] = 1/8!
DATA expc<>+448(SB)/8, $0x3efa01a01a01a01a
DATA expc<>+456(SB)/8, $0x3efa01a01a01a01a
DATA expc<>+464(SB)/8, $0x3efa01a01a01a01a
DATA expc<>+472(SB)/8, $0x3efa01a01a01a01a
// 480: coef[7] = 1/7!
DATA expc<>+480(SB)/8, $0x3f2a01a01a01a01a
DATA expc<>+488(SB)/8, $0x3f2a01a01a01a01a
DATA expc<>+496(SB)/8, $0x3f2a01a01a01a01a
DATA expc<>+504(SB)/8, $0x3f2a01a01a01a01a
// 512: coef[6] = 1/6!
DATA expc<>+512(SB)/8, $0x3f56c16c16c16c17
DATA expc<>+520(SB)/8, $0x3f56c16c16c16c17
DATA expc<>+528(SB)/8, $0x3f56c16c16c16c17
DATA expc<>+536(SB)/8, $0x3f56c16c16c16c17
// 544: coef[5] = 1/5!
DATA expc<>+544(SB)/8, $0x3f81111111111111
DATA expc<>+552(SB)/8, $0x3f81111111111111
DATA expc<>+560(SB)/8, $0x3f81111111111111
DATA expc<>+568(SB)/8, $0x3f81111111111111
// 576: coef[4] = 1/4!
DATA expc<>+576(SB)/8, $0x3fa5555555555555
DATA expc<>+584(SB)/8, $0x3fa5555555555555
DATA expc<>+592(SB)/8, $0x3fa5555555555555
DATA expc<>+600(SB)/8, $0x3fa5555555555555
// 608: coef[3] = 1/3!
DATA expc<>+608(SB)/8, $0x3fc5555555555555
DATA expc<>+616(SB)/8, $0x3fc5555555555555
DATA expc<>+624(SB)/8, $0x3fc5555555555555
DATA expc<>+632(SB)/8, $0x3fc5555555555555
// 640: coef[2] = 1/2!
DATA expc<>+640(SB)/8, $0x3fe0000000000000
DATA expc<>+648(SB)/8, $0x3fe0000000000000
DATA expc<>+656(SB)/8, $0x3fe0000000000000
DATA expc<>+664(SB)/8, $0x3fe0000000000000
// 672: coef[1] = 1/1!
DATA expc<>+672(SB)/8, $0x3ff0000000000000
DATA expc<>+680(SB)/8, $0x3ff0000000000000
DATA expc<>+688(SB)/8, $0x3ff0000000000000
DATA expc<>+696(SB)/8, $0x3ff0000000000000
// 704: coef[0] = 1/0!
DATA expc<>+704(SB)/8, $0x3ff0000000000000
DATA expc<>+712(SB)/8, $0x3ff0000000000000
DATA expc<>+720(SB)/8, $0x3ff0000000000000
DATA expc<>+728(SB)/8, $0x3ff0000000000000
GLOBL expc<>(SB), RODATA|NOPTR, $736

// func sumFMA(w, beta *float64, stride, n int, z *float64, B int, acc, out *float64, grad bool)
//
// Four terms per step, term k in lane k mod 4: a = ⟨β_k, z⟩ by fused
// multiply-adds over b in order, e = exp(−a) as exp in expsum.go, v = w_k·e
// added to acc[0:4] (and stored to out[k] when out is not nil) and, when
// grad, fused into acc[4(b+1):4(b+2)] as v·β_k,b. Two steps run
// interleaved (eight terms; their exponentials are independent chains of
// about thirty dependent operations), their sums added in step order, so
// the result is that of one step after the other; an odd last step runs
// alone.
// Registers: SI w, R8 β of the current terms, R9 stride in bytes, CX steps
// left, R10 z, BX B (≥ 1), DI acc, AX out, R14 grad, R13 the constants;
// Y0 the value lanes; Y1–Y7 the first step, Y8–Y14 the second.
TEXT ·sumFMA(SB), NOSPLIT, $0-65
	MOVQ    w+0(FP), SI
	MOVQ    beta+8(FP), R8
	MOVQ    stride+16(FP), R9
	SHLQ    $3, R9
	MOVQ    n+24(FP), CX
	SHRQ    $2, CX
	MOVQ    z+32(FP), R10
	MOVQ    B+40(FP), BX
	MOVQ    acc+48(FP), DI
	MOVQ    out+56(FP), AX
	MOVBQZX grad+64(FP), R14
	LEAQ    expc<>(SB), R13
	VMOVUPD (DI), Y0

pair:
	CMPQ CX, $2
	JLT  single
	VXORPD Y1, Y1, Y1
	VXORPD Y8, Y8, Y8
	MOVQ   R8, R11
	MOVQ   R10, R12
	MOVQ   BX, DX

dot2:
	VBROADCASTSD (R12), Y2
	VFMADD231PD  (R11), Y2, Y1
	VFMADD231PD  32(R11), Y2, Y8
	ADDQ         R9, R11
	ADDQ         $8, R12
	DECQ         DX
	JNZ          dot2

	// x = −a clamped to ±expLimit; n = round(x·log₂e); r = x − n·ln 2.
	VXORPD       0(R13), Y1, Y1
	VXORPD       0(R13), Y8, Y8
	VMAXPD       32(R13), Y1, Y1
	VMAXPD       32(R13), Y8, Y8
	VMINPD       64(R13), Y1, Y1
	VMINPD       64(R13), Y8, Y8
	VMULPD       96(R13), Y1, Y2
	VMULPD       96(R13), Y8, Y9
	VROUNDPD     $8, Y2, Y2
	VROUNDPD     $8, Y9, Y9
	VMOVAPD      Y1, Y3
	VMOVAPD      Y8, Y10
	VFNMADD231PD 128(R13), Y2, Y3
	VFNMADD231PD 128(R13), Y9, Y10
	VFNMADD231PD 160(R13), Y2, Y3
	VFNMADD231PD 160(R13), Y9, Y10

	// p = Σ r^k/k! in Horner form (coef[13], then p·r + coef[k] for k = 12…0).
	VMOVUPD      288(R13), Y4
	VMOVUPD      288(R13), Y11
	VFMADD213PD  320(R13), Y3, Y4
	VFMADD213PD  320(R13), Y10, Y11
	VFMADD213PD  352(R13), Y3, Y4
	VFMADD213PD  352(R13), Y10, Y11
	VFMADD213PD  384(R13), Y3, Y4
	VFMADD213PD  384(R13), Y10, Y11
	VFMADD213PD  416(R13), Y3, Y4
	VFMADD213PD  416(R13), Y10, Y11
	VFMADD213PD  448(R13), Y3, Y4
	VFMADD213PD  448(R13), Y10, Y11
	VFMADD213PD  480(R13), Y3, Y4
	VFMADD213PD  480(R13), Y10, Y11
	VFMADD213PD  512(R13), Y3, Y4
	VFMADD213PD  512(R13), Y10, Y11
	VFMADD213PD  544(R13), Y3, Y4
	VFMADD213PD  544(R13), Y10, Y11
	VFMADD213PD  576(R13), Y3, Y4
	VFMADD213PD  576(R13), Y10, Y11
	VFMADD213PD  608(R13), Y3, Y4
	VFMADD213PD  608(R13), Y10, Y11
	VFMADD213PD  640(R13), Y3, Y4
	VFMADD213PD  640(R13), Y10, Y11
	VFMADD213PD  672(R13), Y3, Y4
	VFMADD213PD  672(R13), Y10, Y11
	VFMADD213PD  704(R13), Y3, Y4
	VFMADD213PD  704(R13), Y10, Y11

	// e = (p·2^n₁)·2^n₂, n₁ = ⌊n/2⌋, n₂ = n − n₁.
	VMULPD       192(R13), Y2, Y5
	VMULPD       192(R13), Y9, Y12
	VROUNDPD     $9, Y5, Y5
	VROUNDPD     $9, Y12, Y12
	VSUBPD       Y5, Y2, Y6
	VSUBPD       Y12, Y9, Y13
	VADDPD       224(R13), Y5, Y5
	VADDPD       224(R13), Y12, Y12
	VPADDQ       256(R13), Y5, Y5
	VPADDQ       256(R13), Y12, Y12
	VPSLLQ       $52, Y5, Y5
	VPSLLQ       $52, Y12, Y12
	VADDPD       224(R13), Y6, Y6
	VADDPD       224(R13), Y13, Y13
	VPADDQ       256(R13), Y6, Y6
	VPADDQ       256(R13), Y13, Y13
	VPSLLQ       $52, Y6, Y6
	VPSLLQ       $52, Y13, Y13
	VMULPD       Y5, Y4, Y4
	VMULPD       Y12, Y11, Y11
	VMULPD       Y6, Y4, Y4
	VMULPD       Y13, Y11, Y11

	// v = w·e into the value lanes (first step, then second) and, when
	// grad, v·β_b into lanes b.
	VMULPD  (SI), Y4, Y4
	VMULPD  32(SI), Y11, Y11
	VADDPD  Y4, Y0, Y0
	VADDPD  Y11, Y0, Y0
	TESTQ   AX, AX
	JZ      nostore2
	VMOVUPD Y4, (AX)
	VMOVUPD Y11, 32(AX)
	ADDQ    $64, AX

nostore2:
	TESTQ R14, R14
	JZ    next2
	MOVQ  R8, R11
	LEAQ  32(DI), R12
	MOVQ  BX, DX

grad2:
	VMOVUPD     (R12), Y7
	VFMADD231PD (R11), Y4, Y7
	VFMADD231PD 32(R11), Y11, Y7
	VMOVUPD     Y7, (R12)
	ADDQ        R9, R11
	ADDQ        $32, R12
	DECQ        DX
	JNZ         grad2

next2:
	ADDQ $64, SI
	ADDQ $64, R8
	SUBQ $2, CX
	JMP  pair

single:
	TESTQ CX, CX
	JZ    done
	VXORPD Y1, Y1, Y1
	MOVQ   R8, R11
	MOVQ   R10, R12
	MOVQ   BX, DX

dot1:
	VBROADCASTSD (R12), Y2
	VFMADD231PD  (R11), Y2, Y1
	ADDQ         R9, R11
	ADDQ         $8, R12
	DECQ         DX
	JNZ          dot1

	// x = −a clamped to ±expLimit; n = round(x·log₂e); r = x − n·ln 2.
	VXORPD       0(R13), Y1, Y1
	VMAXPD       32(R13), Y1, Y1
	VMINPD       64(R13), Y1, Y1
	VMULPD       96(R13), Y1, Y2
	VROUNDPD     $8, Y2, Y2
	VMOVAPD      Y1, Y3
	VFNMADD231PD 128(R13), Y2, Y3
	VFNMADD231PD 160(R13), Y2, Y3

	// p = Σ r^k/k! in Horner form (coef[13], then p·r + coef[k] for k = 12…0).
	VMOVUPD      288(R13), Y4
	VFMADD213PD  320(R13), Y3, Y4
	VFMADD213PD  352(R13), Y3, Y4
	VFMADD213PD  384(R13), Y3, Y4
	VFMADD213PD  416(R13), Y3, Y4
	VFMADD213PD  448(R13), Y3, Y4
	VFMADD213PD  480(R13), Y3, Y4
	VFMADD213PD  512(R13), Y3, Y4
	VFMADD213PD  544(R13), Y3, Y4
	VFMADD213PD  576(R13), Y3, Y4
	VFMADD213PD  608(R13), Y3, Y4
	VFMADD213PD  640(R13), Y3, Y4
	VFMADD213PD  672(R13), Y3, Y4
	VFMADD213PD  704(R13), Y3, Y4

	// e = (p·2^n₁)·2^n₂, n₁ = ⌊n/2⌋, n₂ = n − n₁.
	VMULPD       192(R13), Y2, Y5
	VROUNDPD     $9, Y5, Y5
	VSUBPD       Y5, Y2, Y6
	VADDPD       224(R13), Y5, Y5
	VPADDQ       256(R13), Y5, Y5
	VPSLLQ       $52, Y5, Y5
	VADDPD       224(R13), Y6, Y6
	VPADDQ       256(R13), Y6, Y6
	VPSLLQ       $52, Y6, Y6
	VMULPD       Y5, Y4, Y4
	VMULPD       Y6, Y4, Y4

	VMULPD  (SI), Y4, Y4
	VADDPD  Y4, Y0, Y0
	TESTQ   AX, AX
	JZ      nostore1
	VMOVUPD Y4, (AX)

nostore1:
	TESTQ R14, R14
	JZ    done
	MOVQ  R8, R11
	LEAQ  32(DI), R12
	MOVQ  BX, DX

grad1:
	VMOVUPD     (R12), Y7
	VFMADD231PD (R11), Y4, Y7
	VMOVUPD     Y7, (R12)
	ADDQ        R9, R11
	ADDQ        $32, R12
	DECQ        DX
	JNZ         grad1

done:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// func sum512(w, beta *float64, stride, n int, z *float64, B int, acc, out *float64, grad bool)
//
// sumFMA on n terms, n a multiple of 32, eight terms per 512-bit step
// (AVX-512F) and 4 steps interleaved: the same operations on every term
// (the constants broadcast from the 256-bit table), and the values and the
// gradient lanes added into the four lanes of acc in term order, four terms
// at a time (the low half of a step, then its high half), as sumFMA adds
// them. An exponential is a chain of about thirty dependent operations;
// 32 terms per iteration keep 8 such 4-lane chains in flight (sumFMA: two).
// Registers: as sumFMA; six ZMM registers per step, Z14 z_b, Y7 a gradient
// lane.
TEXT ·sum512(SB), NOSPLIT, $0-65
	MOVQ    w+0(FP), SI
	MOVQ    beta+8(FP), R8
	MOVQ    stride+16(FP), R9
	SHLQ    $3, R9
	MOVQ    n+24(FP), CX
	MOVQ    z+32(FP), R10
	MOVQ    B+40(FP), BX
	MOVQ    acc+48(FP), DI
	MOVQ    out+56(FP), AX
	MOVBQZX grad+64(FP), R14
	LEAQ    expc<>(SB), R13
	VMOVUPD (DI), Y0
	TESTQ   CX, CX
	JZ      done512

loop512:
	VPXORQ Z1, Z1, Z1
	VPXORQ Z8, Z8, Z8
	VPXORQ Z16, Z16, Z16
	VPXORQ Z22, Z22, Z22
	MOVQ   R8, R11
	MOVQ   R10, R12
	MOVQ   BX, DX

dot512:
	VBROADCASTSD (R12), Z14
	VFMADD231PD  0(R11), Z14, Z1
	VFMADD231PD  64(R11), Z14, Z8
	VFMADD231PD  128(R11), Z14, Z16
	VFMADD231PD  192(R11), Z14, Z22
	ADDQ         R9, R11
	ADDQ         $8, R12
	DECQ         DX
	JNZ          dot512

	// x = −a clamped to ±expLimit; n = round(x·log₂e); r = x − n·ln 2.
	VPXORQ.BCST       0(R13), Z1, Z1
	VPXORQ.BCST       0(R13), Z8, Z8
	VPXORQ.BCST       0(R13), Z16, Z16
	VPXORQ.BCST       0(R13), Z22, Z22
	VMAXPD.BCST       32(R13), Z1, Z1
	VMAXPD.BCST       32(R13), Z8, Z8
	VMAXPD.BCST       32(R13), Z16, Z16
	VMAXPD.BCST       32(R13), Z22, Z22
	VMINPD.BCST       64(R13), Z1, Z1
	VMINPD.BCST       64(R13), Z8, Z8
	VMINPD.BCST       64(R13), Z16, Z16
	VMINPD.BCST       64(R13), Z22, Z22
	VMULPD.BCST       96(R13), Z1, Z2
	VMULPD.BCST       96(R13), Z8, Z9
	VMULPD.BCST       96(R13), Z16, Z17
	VMULPD.BCST       96(R13), Z22, Z23
	VRNDSCALEPD       $8, Z2, Z2
	VRNDSCALEPD       $8, Z9, Z9
	VRNDSCALEPD       $8, Z17, Z17
	VRNDSCALEPD       $8, Z23, Z23
	VMOVAPD           Z1, Z3
	VMOVAPD           Z8, Z10
	VMOVAPD           Z16, Z18
	VMOVAPD           Z22, Z24
	VFNMADD231PD.BCST 128(R13), Z2, Z3
	VFNMADD231PD.BCST 128(R13), Z9, Z10
	VFNMADD231PD.BCST 128(R13), Z17, Z18
	VFNMADD231PD.BCST 128(R13), Z23, Z24
	VFNMADD231PD.BCST 160(R13), Z2, Z3
	VFNMADD231PD.BCST 160(R13), Z9, Z10
	VFNMADD231PD.BCST 160(R13), Z17, Z18
	VFNMADD231PD.BCST 160(R13), Z23, Z24

	// p = Σ r^k/k! in Horner form (coef[13], then p·r + coef[k] for k = 12…0).
	VBROADCASTSD     288(R13), Z4
	VBROADCASTSD     288(R13), Z11
	VBROADCASTSD     288(R13), Z19
	VBROADCASTSD     288(R13), Z25
	VFMADD213PD.BCST 320(R13), Z3, Z4
	VFMADD213PD.BCST 320(R13), Z10, Z11
	VFMADD213PD.BCST 320(R13), Z18, Z19
	VFMADD213PD.BCST 320(R13), Z24, Z25
	VFMADD213PD.BCST 352(R13), Z3, Z4
	VFMADD213PD.BCST 352(R13), Z10, Z11
	VFMADD213PD.BCST 352(R13), Z18, Z19
	VFMADD213PD.BCST 352(R13), Z24, Z25
	VFMADD213PD.BCST 384(R13), Z3, Z4
	VFMADD213PD.BCST 384(R13), Z10, Z11
	VFMADD213PD.BCST 384(R13), Z18, Z19
	VFMADD213PD.BCST 384(R13), Z24, Z25
	VFMADD213PD.BCST 416(R13), Z3, Z4
	VFMADD213PD.BCST 416(R13), Z10, Z11
	VFMADD213PD.BCST 416(R13), Z18, Z19
	VFMADD213PD.BCST 416(R13), Z24, Z25
	VFMADD213PD.BCST 448(R13), Z3, Z4
	VFMADD213PD.BCST 448(R13), Z10, Z11
	VFMADD213PD.BCST 448(R13), Z18, Z19
	VFMADD213PD.BCST 448(R13), Z24, Z25
	VFMADD213PD.BCST 480(R13), Z3, Z4
	VFMADD213PD.BCST 480(R13), Z10, Z11
	VFMADD213PD.BCST 480(R13), Z18, Z19
	VFMADD213PD.BCST 480(R13), Z24, Z25
	VFMADD213PD.BCST 512(R13), Z3, Z4
	VFMADD213PD.BCST 512(R13), Z10, Z11
	VFMADD213PD.BCST 512(R13), Z18, Z19
	VFMADD213PD.BCST 512(R13), Z24, Z25
	VFMADD213PD.BCST 544(R13), Z3, Z4
	VFMADD213PD.BCST 544(R13), Z10, Z11
	VFMADD213PD.BCST 544(R13), Z18, Z19
	VFMADD213PD.BCST 544(R13), Z24, Z25
	VFMADD213PD.BCST 576(R13), Z3, Z4
	VFMADD213PD.BCST 576(R13), Z10, Z11
	VFMADD213PD.BCST 576(R13), Z18, Z19
	VFMADD213PD.BCST 576(R13), Z24, Z25
	VFMADD213PD.BCST 608(R13), Z3, Z4
	VFMADD213PD.BCST 608(R13), Z10, Z11
	VFMADD213PD.BCST 608(R13), Z18, Z19
	VFMADD213PD.BCST 608(R13), Z24, Z25
	VFMADD213PD.BCST 640(R13), Z3, Z4
	VFMADD213PD.BCST 640(R13), Z10, Z11
	VFMADD213PD.BCST 640(R13), Z18, Z19
	VFMADD213PD.BCST 640(R13), Z24, Z25
	VFMADD213PD.BCST 672(R13), Z3, Z4
	VFMADD213PD.BCST 672(R13), Z10, Z11
	VFMADD213PD.BCST 672(R13), Z18, Z19
	VFMADD213PD.BCST 672(R13), Z24, Z25
	VFMADD213PD.BCST 704(R13), Z3, Z4
	VFMADD213PD.BCST 704(R13), Z10, Z11
	VFMADD213PD.BCST 704(R13), Z18, Z19
	VFMADD213PD.BCST 704(R13), Z24, Z25

	// e = (p·2^n₁)·2^n₂, n₁ = ⌊n/2⌋, n₂ = n − n₁.
	VMULPD.BCST  192(R13), Z2, Z5
	VMULPD.BCST  192(R13), Z9, Z12
	VMULPD.BCST  192(R13), Z17, Z20
	VMULPD.BCST  192(R13), Z23, Z26
	VRNDSCALEPD  $9, Z5, Z5
	VRNDSCALEPD  $9, Z12, Z12
	VRNDSCALEPD  $9, Z20, Z20
	VRNDSCALEPD  $9, Z26, Z26
	VSUBPD       Z5, Z2, Z6
	VSUBPD       Z12, Z9, Z13
	VSUBPD       Z20, Z17, Z21
	VSUBPD       Z26, Z23, Z27
	VADDPD.BCST  224(R13), Z5, Z5
	VADDPD.BCST  224(R13), Z12, Z12
	VADDPD.BCST  224(R13), Z20, Z20
	VADDPD.BCST  224(R13), Z26, Z26
	VPADDQ.BCST  256(R13), Z5, Z5
	VPADDQ.BCST  256(R13), Z12, Z12
	VPADDQ.BCST  256(R13), Z20, Z20
	VPADDQ.BCST  256(R13), Z26, Z26
	VPSLLQ       $52, Z5, Z5
	VPSLLQ       $52, Z12, Z12
	VPSLLQ       $52, Z20, Z20
	VPSLLQ       $52, Z26, Z26
	VADDPD.BCST  224(R13), Z6, Z6
	VADDPD.BCST  224(R13), Z13, Z13
	VADDPD.BCST  224(R13), Z21, Z21
	VADDPD.BCST  224(R13), Z27, Z27
	VPADDQ.BCST  256(R13), Z6, Z6
	VPADDQ.BCST  256(R13), Z13, Z13
	VPADDQ.BCST  256(R13), Z21, Z21
	VPADDQ.BCST  256(R13), Z27, Z27
	VPSLLQ       $52, Z6, Z6
	VPSLLQ       $52, Z13, Z13
	VPSLLQ       $52, Z21, Z21
	VPSLLQ       $52, Z27, Z27
	VMULPD       Z5, Z4, Z4
	VMULPD       Z12, Z11, Z11
	VMULPD       Z20, Z19, Z19
	VMULPD       Z26, Z25, Z25
	VMULPD       Z6, Z4, Z4
	VMULPD       Z13, Z11, Z11
	VMULPD       Z21, Z19, Z19
	VMULPD       Z27, Z25, Z25

	// v = w·e; each step's low and high halves (the high one into the
	// step's n₁ register) into the value lanes in term order and, when
	// grad, v·β_b into lanes b.
	VMULPD        0(SI), Z4, Z4
	VMULPD        64(SI), Z11, Z11
	VMULPD        128(SI), Z19, Z19
	VMULPD        192(SI), Z25, Z25
	VEXTRACTF64X4 $1, Z4, Y5
	VEXTRACTF64X4 $1, Z11, Y12
	VEXTRACTF64X4 $1, Z19, Y20
	VEXTRACTF64X4 $1, Z25, Y26
	VADDPD        Y4, Y0, Y0
	VADDPD        Y5, Y0, Y0
	VADDPD        Y11, Y0, Y0
	VADDPD        Y12, Y0, Y0
	VADDPD        Y19, Y0, Y0
	VADDPD        Y20, Y0, Y0
	VADDPD        Y25, Y0, Y0
	VADDPD        Y26, Y0, Y0
	TESTQ         AX, AX
	JZ            nostore512
	VMOVUPD       Z4, 0(AX)
	VMOVUPD       Z11, 64(AX)
	VMOVUPD       Z19, 128(AX)
	VMOVUPD       Z25, 192(AX)
	ADDQ          $256, AX

nostore512:
	TESTQ R14, R14
	JZ    next512
	MOVQ  R8, R11
	LEAQ  32(DI), R12
	MOVQ  BX, DX

grad512:
	VMOVUPD     (R12), Y7
	VFMADD231PD 0(R11), Y4, Y7
	VFMADD231PD 32(R11), Y5, Y7
	VFMADD231PD 64(R11), Y11, Y7
	VFMADD231PD 96(R11), Y12, Y7
	VFMADD231PD 128(R11), Y19, Y7
	VFMADD231PD 160(R11), Y20, Y7
	VFMADD231PD 192(R11), Y25, Y7
	VFMADD231PD 224(R11), Y26, Y7
	VMOVUPD     Y7, (R12)
	ADDQ        R9, R11
	ADDQ        $32, R12
	DECQ        DX
	JNZ         grad512

next512:
	ADDQ $256, SI
	ADDQ $256, R8
	SUBQ $32, CX
	JNZ  loop512

done512:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

