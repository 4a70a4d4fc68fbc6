//go:build !purego

#include "textflag.h"

// func kernel8x8(a0, a1, a2, a3 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int)
//
// C[0:8, 0:8] += A·Bᵀ for four A micro-panels (rows 0–1, 2–3, 4–5, 6–7)
// and two B micro-panels (columns 0–3 and 4–7) of groups·KU inner indices,
// with AVX-512F: one ZMM accumulator per row of C (Z0–Z7), per inner index
// one 512-bit row of B (b0's four entries in the low half, b1's in the
// high half) and eight fused multiply-adds with A broadcast from memory.
// Each entry of C gets one fused multiply-add per inner index, in
// increasing k, from 0, then is added to C: the arithmetic of kernel4x8
// and of Micro2x4 compiled with FMA.
TEXT ·kernel8x8(SB), NOSPLIT, $0-72
	MOVQ a0+0(FP), SI
	MOVQ a1+8(FP), DI
	MOVQ a2+16(FP), R11
	MOVQ a3+24(FP), R12
	MOVQ b0+32(FP), R8
	MOVQ b1+40(FP), R9
	MOVQ groups+48(FP), CX
	MOVQ c+56(FP), DX
	MOVQ ldc+64(FP), R10
	SHLQ $3, R10
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5
	VPXORQ Z6, Z6, Z6
	VPXORQ Z7, Z7, Z7
	TESTQ CX, CX
	JLE   zstore

#define ZSTEP(ka, kb) \
	VMOVUPD      kb(R8), Y8;      \
	VINSERTF64X4 $1, kb(R9), Z8, Z8; \
	VFMADD231PD.BCST ka(SI), Z8, Z0;     \
	VFMADD231PD.BCST ka+8(SI), Z8, Z1;     \
	VFMADD231PD.BCST ka(DI), Z8, Z2;     \
	VFMADD231PD.BCST ka+8(DI), Z8, Z3;     \
	VFMADD231PD.BCST ka(R11), Z8, Z4;     \
	VFMADD231PD.BCST ka+8(R11), Z8, Z5;     \
	VFMADD231PD.BCST ka(R12), Z8, Z6;     \
	VFMADD231PD.BCST ka+8(R12), Z8, Z7

zloop:
	ZSTEP(0, 0)
	ZSTEP(16, 32)
	ZSTEP(32, 64)
	ZSTEP(48, 96)
	ADDQ $64, SI
	ADDQ $64, DI
	ADDQ $64, R11
	ADDQ $64, R12
	ADDQ $128, R8
	ADDQ $128, R9
	DECQ CX
	JNZ  zloop

zstore:
	VADDPD  (DX), Z0, Z0
	VMOVUPD Z0, (DX)
	ADDQ    R10, DX
	VADDPD  (DX), Z1, Z1
	VMOVUPD Z1, (DX)
	ADDQ    R10, DX
	VADDPD  (DX), Z2, Z2
	VMOVUPD Z2, (DX)
	ADDQ    R10, DX
	VADDPD  (DX), Z3, Z3
	VMOVUPD Z3, (DX)
	ADDQ    R10, DX
	VADDPD  (DX), Z4, Z4
	VMOVUPD Z4, (DX)
	ADDQ    R10, DX
	VADDPD  (DX), Z5, Z5
	VMOVUPD Z5, (DX)
	ADDQ    R10, DX
	VADDPD  (DX), Z6, Z6
	VMOVUPD Z6, (DX)
	ADDQ    R10, DX
	VADDPD  (DX), Z7, Z7
	VMOVUPD Z7, (DX)
	VZEROUPPER
	RET
