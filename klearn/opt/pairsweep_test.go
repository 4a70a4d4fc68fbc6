package opt

import (
	"math"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestPairSweepsAgree checks the dispatched sweeps (the AVX2/FMA lanes
// where the CPU has them) against the Go sweeps entry by entry, on blocks
// of 1 to 260 variables with ties (repeated gradients and rows, so equal
// maxima and equal gains: the lowest index must win), an empty support and
// a full one: the same minimum, maximum and its index, the same j, ρ and
// the updated gradient to rounding. A brute-force scan is the third
// opinion on the indices.
func TestPairSweepsAgree(t *testing.T) {
	t.Parallel()
	rng := klearn.NewRand(3)
	for _, n := range []int{1, 3, 4, 5, 8, 13, 64, 255, 256, 260} {
		for _, support := range []float64{0, 0.6, 1} {
			for _, ties := range []bool{false, true} {
				g, x, pen, qj, qi, dg, row := make([]float64, n), make([]float64, n), make([]float64, n),
					make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
				for i := range g {
					g[i], qj[i], qi[i] = rng.NormFloat64(), rng.Float64(), rng.Float64()
					dg[i], row[i] = 1+rng.Float64(), rng.Float64()
					if ties {
						g[i], qj[i], qi[i], dg[i], row[i] = float64(i%3), 0.5, 0.25, 1.5, 0.5
					}
					if rng.Float64() < support {
						x[i] = rng.Float64()
					}
					pen[i] = supportPen(x[i])
				}
				const c = 0.3
				g1, g2 := slices.Clone(g), slices.Clone(g)
				got := kktSweep(g1, x, pen, qj, qi, c)
				want := kktSweepGo(g2, x, pen, qj, qi, c)
				for i := range g1 {
					if math.Abs(g1[i]-g2[i]) > 1e-15*(1+math.Abs(g2[i])) {
						t.Fatalf("n=%d: g[%d] %.17g vs %.17g", n, i, g1[i], g2[i])
					}
				}
				// Brute force on the Go sweep's gradient.
				bmin, bmax, bi := math.Inf(1), math.Inf(-1), -1
				for i, v := range g2 {
					bmin = math.Min(bmin, v)
					if x[i] > 0 && v > bmax {
						bmax, bi = v, i
					}
				}
				for name, s := range map[string]kktStats{"dispatched": got, "Go": want} {
					if s.imax != bi || (bi >= 0 && math.Abs(s.gmax-bmax) > 1e-15*(1+math.Abs(bmax))) ||
						math.Abs(s.gmin-bmin) > 1e-15*(1+math.Abs(bmin)) {
						t.Fatalf("n=%d support=%g ties=%v %s: min %g max %g at %d, brute force %g %g at %d",
							n, support, ties, name, s.gmin, s.gmax, s.imax, bmin, bmax, bi)
					}
				}
				if math.Abs(got.rho-want.rho) > 1e-13*(1+math.Abs(want.rho)) {
					t.Fatalf("n=%d: ρ %.17g vs %.17g", n, got.rho, want.rho)
				}
				sc, sg := kktScan(slices.Clone(g2), x, pen), kktSweepGo(slices.Clone(g2), x, pen, g2, g2, 0)
				if sc.imax != sg.imax || sc.gmin != sg.gmin || math.Abs(sc.rho-sg.rho) > 1e-13*(1+math.Abs(sg.rho)) {
					t.Fatalf("n=%d: kktScan %+v vs %+v", n, sc, sg)
				}
				gm, di, m2 := 0.9, 1.2, 1.1
				j1, bb1, a1 := wssSweep(g2, dg, row, gm, di, m2)
				j2, bb2, a2 := wssSweepGo(g2, dg, row, gm, di, m2)
				bj, bbb, ba := -1, 0.0, 1.0
				for i := range g2 {
					b := gm - g2[i]
					if !(b > 0) {
						continue
					}
					a := di + dg[i] - m2*row[i]
					if a <= 0 {
						a = tau
					}
					if b*b/a > bbb/ba*(1+1e-12) {
						bj, bbb, ba = i, b*b, a
					}
				}
				if j1 != j2 || j1 != bj || math.Abs(bb1-bb2) > 1e-15*bb2 || math.Abs(a1-a2) > 1e-15*a2 {
					t.Fatalf("n=%d ties=%v: wss j %d (%g, %g) vs Go %d (%g, %g), brute force %d", n, ties, j1, bb1, a1, j2, bb2, a2, bj)
				}
			}
		}
	}
}
