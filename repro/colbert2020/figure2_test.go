package colbert2020

import (
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/viz"
)

// TestFigure2Small runs the experiment at low degrees and checks what the
// theory proves of its optima (so a wrong solver or class fails): the
// Gaussian sums at or above the bounds 0.5 (ℓ₁) and 1 (ℓ∞), the errors of
// the nested GPK and TK classes non-increasing in d, and TK at or below
// GPK at every degree both solved (Lemma 11: GPK ⊂ TK); and the chart
// draws.
func TestFigure2Small(t *testing.T) {
	f, err := protocol.RunFigure2(8, []int{0, 1}, []int{0, 1, 2}, 5)
	if err != nil {
		t.Fatal(err)
	}
	tol := Tolerances.Approx
	for k := range f.Gauss.Degrees {
		if f.Gauss.L1[k] < 0.5-tol || f.Gauss.Inf[k] < 1-tol {
			t.Errorf("Gaussians below the sign bounds: ℓ₁ %g, ℓ∞ %g", f.Gauss.L1[k], f.Gauss.Inf[k])
		}
	}
	for _, c := range []protocol.ApproxCurve{f.TK, f.GPK} {
		for k := 1; k < len(c.Degrees); k++ {
			if c.L1[k] > c.L1[k-1]+tol || c.Inf[k] > c.Inf[k-1]+tol {
				t.Errorf("error grows from d = %d to %d: ℓ₁ %g → %g, ℓ∞ %g → %g", c.Degrees[k-1], c.Degrees[k], c.L1[k-1], c.L1[k], c.Inf[k-1], c.Inf[k])
			}
		}
	}
	for k, d := range f.TK.Degrees {
		if l1, inf, ok := f.GPK.At(d); ok && (f.TK.L1[k] > l1+tol || f.TK.Inf[k] > inf+tol) {
			t.Errorf("d = %d: TK %g, %g above GPK %g, %g (Lemma 11)", d, f.TK.L1[k], f.TK.Inf[k], l1, inf)
		}
	}
	if err := viz.CheckFigure(Figure2Chart(f)); err != nil {
		t.Fatal(err)
	}
}

// figure2Fixture is a made-up Figure 2 with every part of Figure2Parts
// holding, every value certified (its bound equal to it): Gaussians at
// 0.9 and 1, GPK reaching 10⁻⁶ and TK 10⁻⁷ from d = 5, TK falling and
// below GPK.
func figure2Fixture() *protocol.Figure2 {
	f := &protocol.Figure2{M: 20,
		TK:    protocol.ApproxCurve{Degrees: []int{0, 1, 2, 3, 4, 5, 6, 7}, Params: []int{3, 55, 465, 2485, 9870, 31878, 87990, 215265}, L1: []float64{1, 0.96, 0.83, 0.62, 0.2, 1e-7, 1e-7, 1e-7}, Inf: []float64{1, 1, 1, 1, 1, 1e-5, 1e-6, 1e-7}},
		GPK:   protocol.ApproxCurve{Degrees: []int{0, 1, 2, 3, 4, 5, 6, 7}, Params: []int{1, 6, 21, 55, 120, 231, 406, 666}, L1: []float64{1, 0.99, 0.88, 0.66, 0.3, 1e-6, 1e-6, 1e-6}, Inf: []float64{1, 1, 1, 1, 1, 1e-4, 1e-5, 1e-6}},
		Gauss: protocol.ApproxCurve{Degrees: []int{0, 1, 2, 3}, Params: []int{3, 55, 465, 2485}, L1: []float64{0.95, 0.94, 0.94, 0.94}, Inf: []float64{1, 1, 1, 1}},
	}
	for _, c := range []*protocol.ApproxCurve{&f.TK, &f.GPK, &f.Gauss} {
		c.L1Bound, c.InfBound = slices.Clone(c.L1), slices.Clone(c.Inf)
	}
	return f
}

// certified sets c's ℓ₁ (inf false) or ℓ∞ value at index k to v, its
// bound too.
func certified(c *protocol.ApproxCurve, k int, inf bool, v float64) {
	if inf {
		c.Inf[k], c.InfBound[k] = v, v
		return
	}
	c.L1[k], c.L1Bound[k] = v, v
}

// prefix keeps the first n degrees of c.
func prefix(c protocol.ApproxCurve, n int) protocol.ApproxCurve {
	return protocol.ApproxCurve{Degrees: c.Degrees[:n], Params: c.Params[:n], L1: c.L1[:n], Inf: c.Inf[:n], L1Bound: c.L1Bound[:n], InfBound: c.InfBound[:n]}
}

// TestFigure2Claim: the claim holds on the fixture and each part fails on
// a certified mutation made for it, swapping TK and GPK among them; an
// interval that straddles a part's threshold leaves it undecided, and so
// does a part whose degrees were not solved, so the claim is never
// reproduced on part of it (full mode: TK to d = 5).
func TestFigure2Claim(t *testing.T) {
	if c := Figure2Claim(figure2Fixture()); c.Outcome != repro.Reproduced {
		t.Fatalf("fixture: %v — %s (%s)", c.Outcome, c.Ours, c.Reason)
	}
	for _, m := range []struct {
		part int
		name string
		want repro.Outcome
		mut  func(f *protocol.Figure2)
	}{
		{0, "Gaussians at 0.55", repro.NotReproduced, func(f *protocol.Figure2) { certified(&f.Gauss, 3, false, 0.55) }},
		{0, "Gaussians at 0.7, bound 0.55", repro.Undecided, func(f *protocol.Figure2) { f.Gauss.L1[3], f.Gauss.L1Bound[3] = 0.7, 0.55 }},
		{1, "Gaussians' ℓ∞ at 1.01", repro.NotReproduced, func(f *protocol.Figure2) { certified(&f.Gauss, 3, true, 1.01) }},
		{2, "GPK left at 0.05 from d = 5", repro.NotReproduced, func(f *protocol.Figure2) {
			for k := 5; k <= 7; k++ {
				certified(&f.GPK, k, false, 0.05)
			}
		}},
		{3, "TK left at 0.05 from d = 5", repro.NotReproduced, func(f *protocol.Figure2) {
			for k := 5; k <= 7; k++ {
				certified(&f.TK, k, false, 0.05)
			}
		}},
		{3, "TK at 0.05 from d = 5, bound 0 at d = 7", repro.Undecided, func(f *protocol.Figure2) {
			for k := 5; k <= 7; k++ {
				certified(&f.TK, k, false, 0.05)
			}
			f.TK.L1Bound[7] = 0
		}},
		{4, "TK flat from d = 2 to 3", repro.NotReproduced, func(f *protocol.Figure2) { certified(&f.TK, 3, false, f.TK.L1[2]) }},
		{4, "TK's d = 2 bound at 0.5", repro.Undecided, func(f *protocol.Figure2) { f.TK.L1Bound[2] = 0.5 }},
		{5, "TK and GPK swapped", repro.NotReproduced, func(f *protocol.Figure2) {
			for k := range f.TK.L1 {
				f.TK.L1[k], f.GPK.L1[k] = f.GPK.L1[k], f.TK.L1[k]
				f.TK.L1Bound[k], f.GPK.L1Bound[k] = f.GPK.L1Bound[k], f.TK.L1Bound[k]
			}
		}},
		{5, "GPK's d = 3 bound at 0.5", repro.Undecided, func(f *protocol.Figure2) { f.GPK.L1Bound[3] = 0.5 }},
	} {
		f := figure2Fixture()
		m.mut(f)
		out, run, why := figure2Parts(f)
		if !run[m.part] || out[m.part] != m.want {
			t.Errorf("%s: part %q run %v, %v, want %v (%s)", m.name, Figure2Parts[m.part], run[m.part], out[m.part], m.want, why[m.part])
		}
		if c := Figure2Claim(f); c.Outcome == repro.Reproduced {
			t.Errorf("%s: the claim still holds: %s", m.name, c.Ours)
		}
	}
	if out, _, why := figure2Parts(figure2Fixture()); out[3] != repro.Reproduced || !strings.Contains(why[3], "found at d = 5, a kernel of degree 7 too") {
		t.Errorf("TK at d = 7 from d = 5: %v, %q", out[3], why[3])
	}
	f := figure2Fixture()
	f.TK, f.GPK = prefix(f.TK, 3), prefix(f.GPK, 6)
	if _, run, _ := figure2Parts(f); !run[2] || run[3] || run[4] || !run[5] {
		t.Errorf("TK to d = 2, GPK to 5: parts run %v, want GPK at 7 (from d = 5) and TK below GPK run, TK at 7 and TK's fall not", run)
	}
	if c := Figure2Claim(f); c.Outcome != repro.Undecided || !strings.HasPrefix(c.Ours, "4 of 6 parts held, 2 undecided") || len(c.Parts) != 6 || !strings.Contains(c.Reason, "not shown: TK: almost no error at d = 7; TK: error falls") {
		t.Errorf("short degrees: %v — %s (%s)", c.Outcome, c.Ours, c.Reason)
	}
	g := figure2Fixture()
	g.TK = prefix(g.TK, 4)
	if c := Figure2Claim(g); c.Outcome != repro.Undecided || !strings.HasPrefix(c.Ours, "5 of 6 parts held") {
		t.Errorf("TK to d = 3: %v — %s", c.Outcome, c.Ours)
	}
}
