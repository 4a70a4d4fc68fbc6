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
