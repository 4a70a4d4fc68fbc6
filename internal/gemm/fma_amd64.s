//go:build !purego

#include "textflag.h"

// func kernel4x8(a0, a1 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int)
//
// C[0:4, 0:8] += A·Bᵀ for two A micro-panels (rows 0–1 and 2–3) and two B
// micro-panels (columns 0–3 and 4–7) of groups·KU inner indices. Each entry
// of C has one accumulator (Y0–Y7: row r in Y(2r), Y(2r+1)) updated by one
// fused multiply-add per inner index, in increasing k, from 0; the sums are
// then added to C. This is the arithmetic of Micro2x4 compiled with FMA.
TEXT ·kernel4x8(SB), NOSPLIT, $0-56
	MOVQ a0+0(FP), SI
	MOVQ a1+8(FP), DI
	MOVQ b0+16(FP), R8
	MOVQ b1+24(FP), R9
	MOVQ groups+32(FP), CX
	MOVQ c+40(FP), DX
	MOVQ ldc+48(FP), R10
	SHLQ $3, R10
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	TESTQ CX, CX
	JLE   store

#define STEP(ka, kb) \
	VMOVUPD      kb(R8), Y8;      \
	VMOVUPD      kb(R9), Y9;      \
	VBROADCASTSD ka(SI), Y10;     \
	VBROADCASTSD ka+8(SI), Y11;   \
	VBROADCASTSD ka(DI), Y12;     \
	VBROADCASTSD ka+8(DI), Y13;   \
	VFMADD231PD  Y8, Y10, Y0;     \
	VFMADD231PD  Y9, Y10, Y1;     \
	VFMADD231PD  Y8, Y11, Y2;     \
	VFMADD231PD  Y9, Y11, Y3;     \
	VFMADD231PD  Y8, Y12, Y4;     \
	VFMADD231PD  Y9, Y12, Y5;     \
	VFMADD231PD  Y8, Y13, Y6;     \
	VFMADD231PD  Y9, Y13, Y7

loop:
	STEP(0, 0)
	STEP(16, 32)
	STEP(32, 64)
	STEP(48, 96)
	ADDQ $64, SI
	ADDQ $64, DI
	ADDQ $128, R8
	ADDQ $128, R9
	DECQ CX
	JNZ  loop

store:
	VADDPD  (DX), Y0, Y0
	VMOVUPD Y0, (DX)
	VADDPD  32(DX), Y1, Y1
	VMOVUPD Y1, 32(DX)
	ADDQ    R10, DX
	VADDPD  (DX), Y2, Y2
	VMOVUPD Y2, (DX)
	VADDPD  32(DX), Y3, Y3
	VMOVUPD Y3, 32(DX)
	ADDQ    R10, DX
	VADDPD  (DX), Y4, Y4
	VMOVUPD Y4, (DX)
	VADDPD  32(DX), Y5, Y5
	VMOVUPD Y5, 32(DX)
	ADDQ    R10, DX
	VADDPD  (DX), Y6, Y6
	VMOVUPD Y6, (DX)
	VADDPD  32(DX), Y7, Y7
	VMOVUPD Y7, 32(DX)
	VZEROUPPER
	RET
