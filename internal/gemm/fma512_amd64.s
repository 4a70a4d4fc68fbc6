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

// func kernel8x8b(a0, a1, b0, b1 *GroupB, groups int, c *float64, ldc int)
//
// kernel8x8 with the eight rows of A taken from two B-shaped micro-panels of
// four rows each (rows 0–3 from a0, 4–7 from a1), so that X·Xᵀ can use one
// packing for both operands: the same operations entry by entry.
TEXT ·kernel8x8b(SB), NOSPLIT, $0-56
	MOVQ a0+0(FP), SI
	MOVQ a1+8(FP), DI
	MOVQ b0+16(FP), R8
	MOVQ b1+24(FP), R9
	MOVQ groups+32(FP), CX
	MOVQ c+40(FP), DX
	MOVQ ldc+48(FP), R10
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
	JLE   bstore

#define BSTEP(k) \
	VMOVUPD      k(R8), Y8;      \
	VINSERTF64X4 $1, k(R9), Z8, Z8; \
	VFMADD231PD.BCST k(SI), Z8, Z0;     \
	VFMADD231PD.BCST k+8(SI), Z8, Z1;     \
	VFMADD231PD.BCST k+16(SI), Z8, Z2;     \
	VFMADD231PD.BCST k+24(SI), Z8, Z3;     \
	VFMADD231PD.BCST k(DI), Z8, Z4;     \
	VFMADD231PD.BCST k+8(DI), Z8, Z5;     \
	VFMADD231PD.BCST k+16(DI), Z8, Z6;     \
	VFMADD231PD.BCST k+24(DI), Z8, Z7

bloop:
	BSTEP(0)
	BSTEP(32)
	BSTEP(64)
	BSTEP(96)
	ADDQ $128, SI
	ADDQ $128, DI
	ADDQ $128, R8
	ADDQ $128, R9
	DECQ CX
	JNZ  bloop

bstore:
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

// func kernel4x8b(a, b0, b1 *GroupB, groups int, c *float64, ldc int)
//
// The 4×8 block of kernel8x8b for one four-row A panel.
TEXT ·kernel4x8b(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), SI
	MOVQ b0+8(FP), R8
	MOVQ b1+16(FP), R9
	MOVQ groups+24(FP), CX
	MOVQ c+32(FP), DX
	MOVQ ldc+40(FP), R10
	SHLQ $3, R10
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3
	TESTQ CX, CX
	JLE   hstore

#define HSTEP(k) \
	VMOVUPD      k(R8), Y8;      \
	VINSERTF64X4 $1, k(R9), Z8, Z8; \
	VFMADD231PD.BCST k(SI), Z8, Z0;     \
	VFMADD231PD.BCST k+8(SI), Z8, Z1;     \
	VFMADD231PD.BCST k+16(SI), Z8, Z2;     \
	VFMADD231PD.BCST k+24(SI), Z8, Z3

hloop:
	HSTEP(0)
	HSTEP(32)
	HSTEP(64)
	HSTEP(96)
	ADDQ $128, SI
	ADDQ $128, R8
	ADDQ $128, R9
	DECQ CX
	JNZ  hloop

hstore:
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
	VZEROUPPER
	RET
