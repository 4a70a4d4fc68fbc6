// Package cpu reports the x86-64 vector extensions the assembly kernels of
// the module use (klearn/svm's working-set scans, internal/gemm's
// micro-kernels, internal/linalg's vector kernels), detected at run time
// with CPUID and XGETBV so that one binary runs everywhere: a GOAMD64=v1 build still uses AVX2 where the CPU
// and the operating system support it. Building with the tag purego turns
// every flag off, which selects the Go fallbacks (the tests run both).
package cpu

// Flags of the running CPU; all false off amd64 or with the tag purego.
var (
	// AVX2 is set when the CPU has AVX and AVX2 and the OS saves the YMM
	// registers (CPUID.1:ECX.OSXSAVE/AVX, XCR0 bits 1–2, CPUID.7:EBX.AVX2).
	AVX2 bool
	// FMA is set when AVX2 is and the CPU has the FMA3 instructions
	// (CPUID.1:ECX bit 12).
	FMA bool
	// AVX512 is set when AVX2 is, the CPU has AVX-512 Foundation
	// (CPUID.7:EBX bit 16) and the OS saves the opmask and ZMM registers
	// (XCR0 bits 5–7).
	AVX512 bool
)
