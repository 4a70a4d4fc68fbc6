//go:build !purego

package svm

import "github.com/kernelab/kernelab/internal/cpu"

// haveAVX2 selects the AVX2 scans of wss_amd64.s when the CPU and the OS
// support them (internal/cpu; GOAMD64=v1 builds use them too); build with
// -tags purego to use the Go scans everywhere.
var haveAVX2 = cpu.AVX2

//go:noescape
func scanUpAVX2(h, up *float64, n int, st *upState)

//go:noescape
func scanLowAVX2(h, low, qd, ki *float64, n int, st *lowState)
