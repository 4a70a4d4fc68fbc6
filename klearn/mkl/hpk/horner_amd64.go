//go:build !purego

package hpk

import "github.com/kernelab/kernelab/internal/cpu"

// haveHornerFMA selects the AVX2/FMA kernels of horner_amd64.s when the CPU
// and the OS support them (internal/cpu); build with -tags purego to use
// the Go loops everywhere (the same bits).
var haveHornerFMA = cpu.FMA

//go:noescape
func hornerFMA(c *float64, nc int, x, dst *float64, n, add int)

//go:noescape
func powDotsFMA(x, v *float64, n, nd int, acc *float64)
