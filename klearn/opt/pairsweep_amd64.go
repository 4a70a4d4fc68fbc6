//go:build !purego

package opt

import "github.com/kernelab/kernelab/internal/cpu"

// haveSweepFMA selects the AVX2/FMA sweeps of pairsweep_amd64.s when the
// CPU and the OS support them (internal/cpu; GOAMD64=v1 builds use them
// too); build with -tags purego to use the Go sweeps everywhere.
var haveSweepFMA = cpu.FMA

//go:noescape
func kktSweepFMA(gv, x, pen, qj, qi *float64, n int, st *kktLanes)

//go:noescape
func wssSweepFMA(gv, dg, row *float64, n int, st *wssLanes)
