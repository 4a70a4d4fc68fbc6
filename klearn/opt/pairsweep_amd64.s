//go:build !purego

#include "textflag.h"

// func kktSweepFMA(gv, x, pen, qj, qi *float64, n int, st *kktLanes)
//
// For t < n (n a multiple of 4), four lanes (lane l: t ≡ l mod 4):
// g_t ← g_t + c·(qj_t − qi_t) (one fused multiply-add); gmin = min(gmin, g_t);
// ρ += g_t·x_t (fused); v = g_t + pen_t; where v > gmax, gmax = v and
// imax = cur; cur += 4. Strict comparisons keep each lane's first index.
TEXT ·kktSweepFMA(SB), NOSPLIT, $0-56
	MOVQ gv+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ pen+16(FP), R10
	MOVQ qj+24(FP), R8
	MOVQ qi+32(FP), R9
	MOVQ n+40(FP), CX
	MOVQ st+48(FP), DX
	VMOVUPD 0(DX), Y0    // gmin
	VMOVUPD 32(DX), Y1   // gmax
	VMOVUPD 64(DX), Y2   // imax
	VMOVUPD 96(DX), Y3   // ρ
	VMOVUPD 128(DX), Y4  // cur
	VMOVUPD 160(DX), Y5  // step (4)
	VMOVUPD 192(DX), Y6  // c
	XORQ AX, AX
	CMPQ CX, $0
	JLE  kktstore

kktloop:
	VMOVUPD     (R8)(AX*8), Y7
	VSUBPD      (R9)(AX*8), Y7, Y7 // qj − qi
	VMOVUPD     (SI)(AX*8), Y8
	VFMADD231PD Y7, Y6, Y8         // g + c·(qj − qi)
	VMOVUPD     Y8, (SI)(AX*8)
	VMINPD      Y8, Y0, Y0
	VFMADD231PD (DI)(AX*8), Y8, Y3 // ρ += g·x
	VADDPD      (R10)(AX*8), Y8, Y9 // v = g + pen
	VCMPPD      $0x1E, Y1, Y9, Y10  // v > gmax
	VBLENDVPD   Y10, Y9, Y1, Y1
	VBLENDVPD   Y10, Y4, Y2, Y2
	VADDPD      Y5, Y4, Y4
	ADDQ        $4, AX
	CMPQ        AX, CX
	JLT         kktloop

kktstore:
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	VZEROUPPER
	RET

// func wssSweepFMA(gv, dg, row *float64, n int, st *wssLanes)
//
// For t < n (n a multiple of 4), four lanes: b = gm − g_t; bb = b·|b|;
// a = (di + dg_t) − m2·row_t (fused), τ if a ≤ 0; where bb·bestA > bestBB·a,
// bestBB = bb, bestA = a and idx = cur; cur += 4.
TEXT ·wssSweepFMA(SB), NOSPLIT, $0-40
	MOVQ gv+0(FP), SI
	MOVQ dg+8(FP), DI
	MOVQ row+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ st+32(FP), DX
	VMOVUPD 0(DX), Y0    // bestBB
	VMOVUPD 32(DX), Y1   // bestA
	VMOVUPD 64(DX), Y2   // idx
	VMOVUPD 96(DX), Y3   // cur
	VMOVUPD 128(DX), Y4  // step (4)
	VMOVUPD 160(DX), Y5  // gm
	VMOVUPD 192(DX), Y6  // di
	VMOVUPD 224(DX), Y7  // m2
	VMOVUPD 256(DX), Y8  // τ
	VMOVUPD 288(DX), Y9  // |·| mask
	VXORPD  Y15, Y15, Y15 // 0
	XORQ AX, AX
	CMPQ CX, $0
	JLE  wssstore

wssloop:
	VSUBPD       (SI)(AX*8), Y5, Y10 // b = gm − g
	VANDPD       Y9, Y10, Y11
	VMULPD       Y10, Y11, Y11       // bb = b|b|
	VADDPD       (DI)(AX*8), Y6, Y12 // di + dg
	VMOVUPD      (R8)(AX*8), Y13
	VFNMADD231PD Y13, Y7, Y12        // a = di + dg − m2·row
	VCMPPD       $0x12, Y15, Y12, Y14 // a ≤ 0
	VBLENDVPD    Y14, Y8, Y12, Y12
	VMULPD       Y1, Y11, Y13        // bb·bestA
	VMULPD       Y0, Y12, Y14        // bestBB·a
	VCMPPD       $0x1E, Y14, Y13, Y14 // bb·bestA > bestBB·a
	VBLENDVPD    Y14, Y11, Y0, Y0
	VBLENDVPD    Y14, Y12, Y1, Y1
	VBLENDVPD    Y14, Y3, Y2, Y2
	VADDPD       Y4, Y3, Y3
	ADDQ         $4, AX
	CMPQ         AX, CX
	JLT          wssloop

wssstore:
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VZEROUPPER
	RET
