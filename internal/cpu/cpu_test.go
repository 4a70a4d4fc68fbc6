package cpu

import (
	"os"
	"strings"
	"testing"
)

// TestAgainstProcCPUInfo compares the flags with the kernel's view of the
// CPU, where /proc/cpuinfo exists (Linux).
func TestAgainstProcCPUInfo(t *testing.T) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo")
	}
	var flags []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "flags") {
			flags = strings.Fields(line)
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo (not x86)")
	}
	has := func(f string) bool {
		for _, g := range flags {
			if g == f {
				return true
			}
		}
		return false
	}
	if purego {
		if AVX2 || FMA || AVX512 {
			t.Fatal("flags set under the purego tag")
		}
		return
	}
	if AVX2 != has("avx2") {
		t.Errorf("AVX2 = %v, /proc/cpuinfo avx2 = %v", AVX2, has("avx2"))
	}
	if AVX512 != (has("avx2") && has("avx512f")) {
		t.Errorf("AVX512 = %v, /proc/cpuinfo avx2 && avx512f = %v", AVX512, has("avx2") && has("avx512f"))
	}
	if FMA != (has("avx2") && has("fma")) {
		t.Errorf("FMA = %v, /proc/cpuinfo avx2 && fma = %v", FMA, has("avx2") && has("fma"))
	}
}
