//go:build !purego

package svm

// haveAVX2 selects the AVX2 scans of wss_amd64.s when the CPU and the OS
// support them (checked with CPUID and XGETBV, so GOAMD64=v1 builds use
// them too); build with -tags purego to use the Go scans everywhere.
var haveAVX2 = cpuHasAVX2()

//go:noescape
func cpuHasAVX2() bool

//go:noescape
func scanUpAVX2(h, up *float64, n int, st *upState)

//go:noescape
func scanLowAVX2(h, low, qd, ki *float64, n int, st *lowState)
