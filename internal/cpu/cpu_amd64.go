//go:build !purego

package cpu

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

func xgetbv0() (eax, edx uint32)

func init() {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx, fma = 1 << 27, 1 << 28, 1 << 12
	if ecx1&(osxsave|avx) != osxsave|avx {
		return
	}
	xcr0, _ := xgetbv0()
	if xcr0&6 != 6 {
		return
	}
	_, ebx7, _, _ := cpuid(7, 0)
	AVX2 = ebx7&(1<<5) != 0
	FMA = AVX2 && ecx1&fma != 0
	AVX512 = AVX2 && ebx7&(1<<16) != 0 && xcr0&0xe0 == 0xe0
}
