package svm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refScanUp and refScanLow are LIBSVM 3.24's select_working_set loops
// written out with branches (in label space), the reference for scanUp and
// scanLow.
func refScanUp(H []float64, inUp []bool) (float64, int) {
	gmax, i := math.Inf(-1), -1
	for t := range H {
		if inUp[t] && -H[t] >= gmax {
			gmax, i = -H[t], t
		}
	}
	return gmax, i
}

func refScanLow(H []float64, inLow []bool, QD, Ki []float64, gmax, QDi float64) (float64, int) {
	gmax2, j, objMin := math.Inf(-1), -1, math.Inf(1)
	for t := range H {
		if !inLow[t] {
			continue
		}
		gmax2 = max(gmax2, H[t])
		if b := gmax + H[t]; b > 0 {
			quad := QDi + QD[t] - 2*Ki[t]
			if quad <= 0 {
				quad = tau
			}
			if obj := -(b * b) / quad; obj <= objMin {
				j, objMin = t, obj
			}
		}
	}
	return gmax2, j
}

// TestScansMatchLIBSVM compares the scans (the AVX2 ones where the CPU has
// them, and the Go ones) with the reference loops on random problems with
// many exact ties, empty and full index sets, non-positive curvatures and
// every length from 0 to 70 plus a few long ones.
func TestScansMatchLIBSVM(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	lengths := []int{}
	for n := 0; n <= 70; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 257, 1000, 2403)
	for trial := 0; trial < 20; trial++ {
		for _, n := range lengths {
			H := make([]float64, n)
			QD := make([]float64, n)
			Ki := make([]float64, n)
			inUp, inLow := make([]bool, n), make([]bool, n)
			up, low := make([]float64, n), make([]float64, n)
			pUp, pLow := rng.Float64(), rng.Float64()
			if trial%5 == 0 {
				pUp = 0 // empty I_up
			}
			levels := 1 + rng.IntN(6) // few distinct values: many ties
			for k := range H {
				H[k] = float64(rng.IntN(levels)) - 2
				if trial%2 == 1 {
					H[k] += 1e-3 * rng.NormFloat64()
				}
				QD[k] = 1
				Ki[k] = float64(rng.IntN(3)) / 2 // K_it ∈ {0, ½, 1}: a_it = 0 happens
				if rng.IntN(10) == 0 {
					Ki[k] = 2 // a_it < 0
				}
				inUp[k], inLow[k] = rng.Float64() < pUp, rng.Float64() < pLow
				up[k], low[k] = mask(inUp[k]), mask(inLow[k])
			}
			wg, wi := refScanUp(H, inUp)
			gg, gi := scanUp(H, up)
			if wg != gg || (wi != gi && wg != math.Inf(-1)) {
				t.Fatalf("trial %d n=%d: scanUp = (%v, %d), LIBSVM loop (%v, %d)", trial, n, gg, gi, wg, wi)
			}
			if wg == math.Inf(-1) {
				continue
			}
			w2, wj := refScanLow(H, inLow, QD, Ki, wg, 1)
			g2, gj := scanLow(H, low, QD, Ki, wg, 1)
			if w2 != g2 || wj != gj {
				t.Fatalf("trial %d n=%d: scanLow = (%v, %d), LIBSVM loop (%v, %d)", trial, n, g2, gj, w2, wj)
			}
		}
	}
}

// BenchmarkScans times both scans of one working-set selection over 2400
// variables (the vector ones where available).
func BenchmarkScans(b *testing.B) {
	n := 2400
	rng := rand.New(rand.NewPCG(1, 2))
	H, QD, Ki, up, low := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for k := range H {
		H[k], QD[k], Ki[k] = rng.NormFloat64(), 1, rng.Float64()
		up[k], low[k] = mask(rng.IntN(2) == 0), mask(rng.IntN(2) == 0)
	}
	for b.Loop() {
		g, _ := scanUp(H, up)
		scanLow(H, low, QD, Ki, g, 1)
	}
}
