//go:build !purego

#include "textflag.h"

// func scanUpAVX2(h, up *float64, n int, st *upState)
// For t < n (n a multiple of 8), in two sets of four lanes: f = up[t] − h[t];
// where f ≥ g[lane], g[lane] = f and idx[lane] = cur[lane]; cur += 8.
TEXT ·scanUpAVX2(SB), NOSPLIT, $0-32
	MOVQ h+0(FP), SI
	MOVQ up+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), DX
	VMOVUPD 0(DX), Y0   // g, lanes 0–3
	VMOVUPD 32(DX), Y1  // g, lanes 4–7
	VMOVUPD 64(DX), Y2  // idx
	VMOVUPD 96(DX), Y3
	VMOVUPD 128(DX), Y4 // cur
	VMOVUPD 160(DX), Y5
	VMOVUPD 192(DX), Y6 // step (8)
	XORQ AX, AX
	CMPQ CX, $0
	JLE  upstore
uploop:
	VMOVUPD (DI)(AX*8), Y7
	VSUBPD  (SI)(AX*8), Y7, Y7
	VMOVUPD 32(DI)(AX*8), Y8
	VSUBPD  32(SI)(AX*8), Y8, Y8
	VCMPPD  $0x1D, Y0, Y7, Y9  // f ≥ g
	VCMPPD  $0x1D, Y1, Y8, Y10
	VBLENDVPD Y9, Y7, Y0, Y0
	VBLENDVPD Y9, Y4, Y2, Y2
	VBLENDVPD Y10, Y8, Y1, Y1
	VBLENDVPD Y10, Y5, Y3, Y3
	VADDPD  Y6, Y4, Y4
	VADDPD  Y6, Y5, Y5
	ADDQ $8, AX
	CMPQ AX, CX
	JLT  uploop
upstore:
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	VZEROUPPER
	RET

// func scanLowAVX2(h, low, qd, ki *float64, n int, st *lowState)
// For t < n (n a multiple of 4), four lanes: hl = h[t] + low[t];
// g2 = max(g2, hl); b = gmax + hl; a = qdi + qd[t] − 2ki[t], τ if a ≤ 0;
// s = b|b|/a; where s ≥ best and s > 0, best = s and idx = cur; cur += 4.
TEXT ·scanLowAVX2(SB), NOSPLIT, $0-48
	MOVQ h+0(FP), SI
	MOVQ low+8(FP), DI
	MOVQ qd+16(FP), R8
	MOVQ ki+24(FP), R9
	MOVQ n+32(FP), CX
	MOVQ st+40(FP), DX
	VMOVUPD 0(DX), Y0    // g2
	VMOVUPD 32(DX), Y1   // best
	VMOVUPD 64(DX), Y2   // idx
	VMOVUPD 96(DX), Y3   // cur
	VMOVUPD 128(DX), Y4  // step (4)
	VMOVUPD 160(DX), Y5  // gmax
	VMOVUPD 192(DX), Y6  // QD_i
	VMOVUPD 224(DX), Y7  // τ
	VMOVUPD 256(DX), Y8  // |·| mask
	VXORPD  Y9, Y9, Y9   // 0
	XORQ AX, AX
	CMPQ CX, $0
	JLE  lowstore
lowloop:
	VMOVUPD (SI)(AX*8), Y10
	VADDPD  (DI)(AX*8), Y10, Y10 // hl
	VMAXPD  Y10, Y0, Y0
	VADDPD  Y5, Y10, Y11         // b
	VMOVUPD (R9)(AX*8), Y12
	VADDPD  Y12, Y12, Y12        // 2K_it
	VADDPD  (R8)(AX*8), Y6, Y13
	VSUBPD  Y12, Y13, Y13        // a
	VCMPPD  $0x12, Y9, Y13, Y14  // a ≤ 0
	VBLENDVPD Y14, Y7, Y13, Y13
	VANDPD  Y8, Y11, Y12         // |b|
	VMULPD  Y11, Y12, Y12        // b|b|
	VDIVPD  Y13, Y12, Y12        // s
	VCMPPD  $0x1D, Y1, Y12, Y14  // s ≥ best
	VCMPPD  $0x1E, Y9, Y12, Y15  // s > 0
	VANDPD  Y15, Y14, Y14
	VBLENDVPD Y14, Y12, Y1, Y1
	VBLENDVPD Y14, Y3, Y2, Y2
	VADDPD  Y4, Y3, Y3
	ADDQ $4, AX
	CMPQ AX, CX
	JLT  lowloop
lowstore:
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VZEROUPPER
	RET
