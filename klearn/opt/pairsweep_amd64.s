//go:build !purego

#include "textflag.h"

// func kktSweepFMA(gv, x, pen, qj, qi *float64, n int, st *kktLanes)
//
// For t < n (n a multiple of 8), eight lanes in two sets of four (lane l:
// t ≡ l mod 8), each set with its own dependency chains:
// g_t ← g_t + c·(qj_t − qi_t) (one fused multiply-add); gmin = min(gmin, g_t);
// ρ += g_t·x_t (fused); v = g_t + pen_t; where v > gmax, gmax = v and
// imax = cur; cur += 8. Strict comparisons keep each lane's first index.
TEXT ·kktSweepFMA(SB), NOSPLIT, $0-56
	MOVQ gv+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ pen+16(FP), R10
	MOVQ qj+24(FP), R8
	MOVQ qi+32(FP), R9
	MOVQ n+40(FP), CX
	MOVQ st+48(FP), DX
	VMOVUPD 0(DX), Y0     // gmin, lanes 0–3
	VMOVUPD 32(DX), Y5    // gmin, lanes 4–7
	VMOVUPD 64(DX), Y1    // gmax
	VMOVUPD 96(DX), Y6
	VMOVUPD 128(DX), Y2   // imax
	VMOVUPD 160(DX), Y7
	VMOVUPD 192(DX), Y3   // ρ
	VMOVUPD 224(DX), Y8
	VMOVUPD 256(DX), Y4   // cur
	VMOVUPD 288(DX), Y9
	VMOVUPD 352(DX), Y10  // c (320: step 8)
	XORQ AX, AX
	CMPQ CX, $0
	JLE  kktstore

kktloop:
	VMOVUPD     (R8)(AX*8), Y11
	VSUBPD      (R9)(AX*8), Y11, Y11 // qj − qi
	VMOVUPD     (SI)(AX*8), Y12
	VFMADD231PD Y11, Y10, Y12        // g + c·(qj − qi)
	VMOVUPD     Y12, (SI)(AX*8)
	VMINPD      Y12, Y0, Y0
	VFMADD231PD (DI)(AX*8), Y12, Y3  // ρ += g·x
	VADDPD      (R10)(AX*8), Y12, Y13 // v = g + pen
	VCMPPD      $0x1E, Y1, Y13, Y14   // v > gmax
	VBLENDVPD   Y14, Y13, Y1, Y1
	VBLENDVPD   Y14, Y4, Y2, Y2

	VMOVUPD     32(R8)(AX*8), Y11
	VSUBPD      32(R9)(AX*8), Y11, Y11
	VMOVUPD     32(SI)(AX*8), Y12
	VFMADD231PD Y11, Y10, Y12
	VMOVUPD     Y12, 32(SI)(AX*8)
	VMINPD      Y12, Y5, Y5
	VFMADD231PD 32(DI)(AX*8), Y12, Y8
	VADDPD      32(R10)(AX*8), Y12, Y13
	VCMPPD      $0x1E, Y6, Y13, Y14
	VBLENDVPD   Y14, Y13, Y6, Y6
	VBLENDVPD   Y14, Y9, Y7, Y7

	VADDPD 320(DX), Y4, Y4
	VADDPD 320(DX), Y9, Y9
	ADDQ   $8, AX
	CMPQ   AX, CX
	JLT    kktloop

kktstore:
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y5, 32(DX)
	VMOVUPD Y1, 64(DX)
	VMOVUPD Y6, 96(DX)
	VMOVUPD Y2, 128(DX)
	VMOVUPD Y7, 160(DX)
	VMOVUPD Y3, 192(DX)
	VMOVUPD Y8, 224(DX)
	VZEROUPPER
	RET

// func wssSweepFMA(gv, dg, row *float64, n int, st *wssLanes)
//
// For t < n (n a multiple of 8), eight lanes in two sets of four:
// b = gm − g_t; bb = b·|b|; a = (di + dg_t) − m2·row_t (fused), τ if a ≤ 0;
// where bb·bestA > bestBB·a, bestBB = bb, bestA = a and idx = cur; cur += 8.
TEXT ·wssSweepFMA(SB), NOSPLIT, $0-40
	MOVQ gv+0(FP), SI
	MOVQ dg+8(FP), DI
	MOVQ row+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ st+32(FP), DX
	VMOVUPD 0(DX), Y0     // bestBB, lanes 0–3
	VMOVUPD 32(DX), Y4    // bestBB, lanes 4–7
	VMOVUPD 64(DX), Y1    // bestA
	VMOVUPD 96(DX), Y5
	VMOVUPD 128(DX), Y2   // idx
	VMOVUPD 160(DX), Y6
	VMOVUPD 192(DX), Y3   // cur
	VMOVUPD 224(DX), Y7
	VMOVUPD 288(DX), Y8   // gm (256: step 8)
	VMOVUPD 320(DX), Y9   // di
	VMOVUPD 352(DX), Y10  // m2 (384: τ, 416: |·| mask)
	VXORPD  Y15, Y15, Y15 // 0
	XORQ AX, AX
	CMPQ CX, $0
	JLE  wssstore

wssloop:
	VSUBPD       (SI)(AX*8), Y8, Y11  // b = gm − g
	VANDPD       416(DX), Y11, Y12
	VMULPD       Y11, Y12, Y11        // bb = b|b|
	VADDPD       (DI)(AX*8), Y9, Y12  // di + dg
	VFNMADD231PD (R8)(AX*8), Y10, Y12 // a = di + dg − m2·row
	VCMPPD       $0x12, Y15, Y12, Y13 // a ≤ 0
	VBLENDVPD    Y13, 384(DX), Y12, Y12
	VMULPD       Y1, Y11, Y13         // bb·bestA
	VMULPD       Y0, Y12, Y14         // bestBB·a
	VCMPPD       $0x1E, Y14, Y13, Y14 // bb·bestA > bestBB·a
	VBLENDVPD    Y14, Y11, Y0, Y0
	VBLENDVPD    Y14, Y12, Y1, Y1
	VBLENDVPD    Y14, Y3, Y2, Y2

	VSUBPD       32(SI)(AX*8), Y8, Y11
	VANDPD       416(DX), Y11, Y12
	VMULPD       Y11, Y12, Y11
	VADDPD       32(DI)(AX*8), Y9, Y12
	VFNMADD231PD 32(R8)(AX*8), Y10, Y12
	VCMPPD       $0x12, Y15, Y12, Y13
	VBLENDVPD    Y13, 384(DX), Y12, Y12
	VMULPD       Y5, Y11, Y13
	VMULPD       Y4, Y12, Y14
	VCMPPD       $0x1E, Y14, Y13, Y14
	VBLENDVPD    Y14, Y11, Y4, Y4
	VBLENDVPD    Y14, Y12, Y5, Y5
	VBLENDVPD    Y14, Y7, Y6, Y6

	VADDPD 256(DX), Y3, Y3
	VADDPD 256(DX), Y7, Y7
	ADDQ   $8, AX
	CMPQ   AX, CX
	JLT    wssloop

wssstore:
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y4, 32(DX)
	VMOVUPD Y1, 64(DX)
	VMOVUPD Y5, 96(DX)
	VMOVUPD Y2, 128(DX)
	VMOVUPD Y6, 160(DX)
	VZEROUPPER
	RET
