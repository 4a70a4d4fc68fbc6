//go:build !purego

#include "textflag.h"

// Constants of math.Exp's amd64 assembly (math/exp_amd64.s, Shibata's
// method), each repeated over the four lanes of a YMM register.
#define VEC(off, bits) \
	DATA expdist<>+off+0(SB)/8, bits; \
	DATA expdist<>+off+8(SB)/8, bits; \
	DATA expdist<>+off+16(SB)/8, bits; \
	DATA expdist<>+off+24(SB)/8, bits

VEC(0, $1.4426950408889634073599246810018920)          // LOG2E
VEC(32, $0.69314718055966295651160180568695068359375)   // LN2U
VEC(64, $0.28235290563031577122588448175013436025525412068e-12) // LN2L
VEC(96, $0.0625)
VEC(128, $2.4801587301587301587e-5)  // 1/8!
VEC(160, $1.9841269841269841270e-4)  // 1/7!
VEC(192, $1.3888888888888888889e-3)  // 1/6!
VEC(224, $8.3333333333333333333e-3)  // 1/5!
VEC(256, $4.1666666666666666667e-2)  // 1/4!
VEC(288, $1.6666666666666666667e-1)  // 1/3!
VEC(320, $0.5)
VEC(352, $1.0)
VEC(384, $2.0)
VEC(416, $-708.0)                    // lower end of the range handled here
VEC(448, $0x3FF)                     // exponent bias (integer lanes)
GLOBL expdist<>(SB), RODATA, $480

// func expDist4(seg, nb *float64, n int, ni, negh float64) int
//
// For j = 0, 4, 8, … < n (n a multiple of 4), four at a time: x = (ni +
// nb[j]) − 2·seg[j], y = negh·max(x, 0), and seg[j] = 1 where x ≤ 0, else
// exp(y) computed with exactly the operations of math.Exp's FMA path on
// amd64 (argument reduction by fused multiply-adds with LN2U and LN2L, the
// scaled Taylor polynomial by fused multiply-adds, four squarings, then the
// product with 2^e), so the bits are math.Exp's. It stops before the first
// group of four with an x that is NaN or a y outside [−708, 0] (there
// math.Exp's special cases, subnormal results or overflow could apply) and
// returns the number of entries done; that group's seg is left unchanged.
TEXT ·expDist4(SB), NOSPLIT, $0-48
	MOVQ seg+0(FP), DI
	MOVQ nb+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSD ni+24(FP), Y15
	VBROADCASTSD negh+32(FP), Y14
	VXORPD Y13, Y13, Y13          // 0
	VMOVUPD expdist<>+416(SB), Y12 // −708
	XORQ AX, AX

loop:
	CMPQ AX, CX
	JGE  done
	VMOVUPD (DI)(AX*8), Y0        // g
	VADDPD  (SI)(AX*8), Y15, Y1   // ni + nb
	VADDPD  Y0, Y0, Y0            // 2g (exact)
	VSUBPD  Y0, Y1, Y1            // x = (ni + nb) − 2g
	VCMPPD  $0x03, Y1, Y1, Y2     // x unordered (NaN)
	VMOVMSKPD Y2, BX
	TESTQ BX, BX
	JNZ   done
	VCMPPD  $0x12, Y13, Y1, Y11   // x ≤ 0: the result is 1
	VMAXPD  Y13, Y1, Y1           // d2 = max(x, 0)
	VMULPD  Y14, Y1, Y0           // y = negh·d2
	VCMPPD  $0x1D, Y12, Y0, Y2    // y ≥ −708
	VCMPPD  $0x12, Y13, Y0, Y3    // y ≤ 0
	VANDPD  Y3, Y2, Y2
	VMOVMSKPD Y2, BX
	CMPQ BX, $15
	JNE  done

	// math.Exp(y), FMA path
	VMULPD    expdist<>+0(SB), Y0, Y1  // y·LOG2E
	VCVTPD2DQY Y1, X4                  // e, rounded to nearest (int32 lanes)
	VCVTDQ2PD X4, Y1                   // float64(e)
	VMOVUPD   expdist<>+32(SB), Y2
	VFNMADD231PD Y2, Y1, Y0            // y −= e·LN2U
	VMOVUPD   expdist<>+64(SB), Y2
	VFNMADD231PD Y2, Y1, Y0            // y −= e·LN2L
	VMULPD    expdist<>+96(SB), Y0, Y0 // y·1/16
	VMOVUPD   expdist<>+128(SB), Y1
	VFMADD213PD expdist<>+160(SB), Y0, Y1
	VFMADD213PD expdist<>+192(SB), Y0, Y1
	VFMADD213PD expdist<>+224(SB), Y0, Y1
	VFMADD213PD expdist<>+256(SB), Y0, Y1
	VFMADD213PD expdist<>+288(SB), Y0, Y1
	VFMADD213PD expdist<>+320(SB), Y0, Y1
	VFMADD213PD expdist<>+352(SB), Y0, Y1
	VMULPD    Y1, Y0, Y0
	VADDPD    expdist<>+384(SB), Y0, Y1
	VMULPD    Y1, Y0, Y0
	VADDPD    expdist<>+384(SB), Y0, Y1
	VMULPD    Y1, Y0, Y0
	VADDPD    expdist<>+384(SB), Y0, Y1
	VMULPD    Y1, Y0, Y0
	VADDPD    expdist<>+384(SB), Y0, Y1
	VFMADD213PD expdist<>+352(SB), Y1, Y0
	// times 2^e
	VPMOVSXDQ X4, Y1
	VPADDQ    expdist<>+448(SB), Y1, Y1
	VPSLLQ    $52, Y1, Y1
	VMULPD    Y1, Y0, Y0
	// 1 where x ≤ 0
	VBLENDVPD Y11, expdist<>+352(SB), Y0, Y0
	VMOVUPD   Y0, (DI)(AX*8)
	ADDQ $4, AX
	JMP  loop

done:
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET

// func expDist8(seg, nb *float64, n int, ni, negh float64) int
//
// expDist4 with AVX-512F, eight entries at a time (n a multiple of 8), the
// same operations lane by lane; it stops before the first group of eight
// with an argument outside the range.
TEXT ·expDist8(SB), NOSPLIT, $0-48
	MOVQ seg+0(FP), DI
	MOVQ nb+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSD ni+24(FP), Z15
	VBROADCASTSD negh+32(FP), Z14
	VPXORQ Z13, Z13, Z13                 // 0
	VBROADCASTSD expdist<>+416(SB), Z12  // −708
	VBROADCASTSD expdist<>+352(SB), Z11  // 1
	XORQ AX, AX

zloop:
	CMPQ AX, CX
	JGE  zdone
	VMOVUPD (DI)(AX*8), Z0              // g
	VADDPD  (SI)(AX*8), Z15, Z1         // ni + nb
	VADDPD  Z0, Z0, Z0                  // 2g (exact)
	VSUBPD  Z0, Z1, Z1                  // x = (ni + nb) − 2g
	VCMPPD  $0x03, Z1, Z1, K1           // x unordered (NaN)
	KORTESTW K1, K1
	JNZ     zdone
	VCMPPD  $0x12, Z13, Z1, K2          // x ≤ 0: the result is 1
	VMAXPD  Z13, Z1, Z1                 // d2 = max(x, 0)
	VMULPD  Z14, Z1, Z0                 // y = negh·d2
	VCMPPD  $0x1D, Z12, Z0, K3          // y ≥ −708
	VCMPPD  $0x12, Z13, Z0, K3, K4      // and y ≤ 0
	KMOVW   K4, BX
	CMPQ    BX, $0xFF
	JNE     zdone

	// math.Exp(y), FMA path
	VMULPD.BCST expdist<>+0(SB), Z0, Z1 // y·LOG2E
	VCVTPD2DQ Z1, Y4                    // e, rounded to nearest (int32 lanes)
	VCVTDQ2PD Y4, Z1                    // float64(e)
	VFNMADD231PD.BCST expdist<>+32(SB), Z1, Z0 // y −= e·LN2U
	VFNMADD231PD.BCST expdist<>+64(SB), Z1, Z0 // y −= e·LN2L
	VMULPD.BCST expdist<>+96(SB), Z0, Z0       // y·1/16
	VBROADCASTSD expdist<>+128(SB), Z1
	VFMADD213PD.BCST expdist<>+160(SB), Z0, Z1
	VFMADD213PD.BCST expdist<>+192(SB), Z0, Z1
	VFMADD213PD.BCST expdist<>+224(SB), Z0, Z1
	VFMADD213PD.BCST expdist<>+256(SB), Z0, Z1
	VFMADD213PD.BCST expdist<>+288(SB), Z0, Z1
	VFMADD213PD.BCST expdist<>+320(SB), Z0, Z1
	VFMADD213PD Z11, Z0, Z1
	VMULPD    Z1, Z0, Z0
	VADDPD.BCST expdist<>+384(SB), Z0, Z1
	VMULPD    Z1, Z0, Z0
	VADDPD.BCST expdist<>+384(SB), Z0, Z1
	VMULPD    Z1, Z0, Z0
	VADDPD.BCST expdist<>+384(SB), Z0, Z1
	VMULPD    Z1, Z0, Z0
	VADDPD.BCST expdist<>+384(SB), Z0, Z1
	VFMADD213PD Z11, Z1, Z0
	// times 2^e
	VPMOVSXDQ Y4, Z1
	VPADDQ.BCST expdist<>+448(SB), Z1, Z1
	VPSLLQ    $52, Z1, Z1
	VMULPD    Z1, Z0, Z0
	// 1 where x ≤ 0
	VMOVAPD   Z11, K2, Z0
	VMOVUPD   Z0, (DI)(AX*8)
	ADDQ $8, AX
	JMP  zloop

zdone:
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET
