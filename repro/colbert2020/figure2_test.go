package colbert2020

import (
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
// holding: Gaussians at 0.9 and 1, GPK reaching 10⁻⁶ and TK 10⁻⁷ at d = 7,
// TK falling and below GPK.
func figure2Fixture() *protocol.Figure2 {
	return &protocol.Figure2{M: 20,
		TK:    protocol.ApproxCurve{Degrees: []int{0, 1, 2, 3, 4, 5, 6, 7}, Params: []int{3, 55, 465, 2485, 9870, 31878, 87990, 215265}, L1: []float64{1, 0.96, 0.83, 0.62, 0.2, 1e-7, 1e-7, 1e-7}, Inf: []float64{1, 1, 1, 1, 1, 1e-5, 1e-6, 1e-7}},
		GPK:   protocol.ApproxCurve{Degrees: []int{0, 1, 2, 3, 4, 5, 6, 7}, Params: []int{1, 6, 21, 55, 120, 231, 406, 666}, L1: []float64{1, 0.99, 0.88, 0.66, 0.3, 1e-6, 1e-6, 1e-6}, Inf: []float64{1, 1, 1, 1, 1, 1e-4, 1e-5, 1e-6}},
		Gauss: protocol.ApproxCurve{Degrees: []int{0, 1, 2, 3}, Params: []int{3, 55, 465, 2485}, L1: []float64{0.95, 0.94, 0.94, 0.94}, Inf: []float64{1, 1, 1, 1}},
	}
}

// TestFigure2Claim: the claim holds on the fixture and each part fails on
// a mutation made for it, swapping TK and GPK among them; a part whose
// degrees were not solved is undecided, so the claim is never reproduced
// on part of it (full mode: TK to d = 3).
func TestFigure2Claim(t *testing.T) {
	if c := Figure2Claim(figure2Fixture()); c.Outcome != repro.Reproduced {
		t.Fatalf("fixture: %v — %s (%s)", c.Outcome, c.Ours, c.Reason)
	}
	for _, m := range []struct {
		part int
		name string
		mut  func(f *protocol.Figure2)
	}{
		{0, "Gaussians at 0.55", func(f *protocol.Figure2) { f.Gauss.L1[3] = 0.55 }},
		{1, "Gaussians' ℓ∞ at 1.01", func(f *protocol.Figure2) { f.Gauss.Inf[3] = 1.01 }},
		{2, "GPK left at 0.05", func(f *protocol.Figure2) { f.GPK.L1[7] = 0.05 }},
		{3, "TK left at 0.05", func(f *protocol.Figure2) { f.TK.L1[7] = 0.05 }},
		{4, "TK flat from d = 2 to 3", func(f *protocol.Figure2) { f.TK.L1[3] = f.TK.L1[2] }},
		{5, "TK and GPK swapped", func(f *protocol.Figure2) {
			for k := range f.TK.L1 {
				f.TK.L1[k], f.GPK.L1[k] = f.GPK.L1[k], f.TK.L1[k]
			}
		}},
	} {
		f := figure2Fixture()
		m.mut(f)
		ok, run, _ := figure2Parts(f)
		if !run[m.part] || ok[m.part] {
			t.Errorf("%s: part %q run %v, holds %v", m.name, Figure2Parts[m.part], run[m.part], ok[m.part])
		}
		if c := Figure2Claim(f); c.Outcome == repro.Reproduced {
			t.Errorf("%s: the claim still holds: %s", m.name, c.Ours)
		}
	}
	f := figure2Fixture()
	f.TK = protocol.ApproxCurve{Degrees: f.TK.Degrees[:3], Params: f.TK.Params[:3], L1: f.TK.L1[:3], Inf: f.TK.Inf[:3]}
	f.GPK = protocol.ApproxCurve{Degrees: f.GPK.Degrees[:6], Params: f.GPK.Params[:6], L1: f.GPK.L1[:6], Inf: f.GPK.Inf[:6]}
	if _, run, _ := figure2Parts(f); run[2] || run[3] || run[4] || !run[5] {
		t.Errorf("TK to d = 2, GPK to 5: parts run %v, want GPK and TK at 7 and TK's fall not run", run)
	}
	if c := Figure2Claim(f); c.Outcome != repro.Undecided || !strings.HasPrefix(c.Ours, "3 of 6 parts held") || len(c.Parts) != 6 || !strings.Contains(c.Reason, "not shown: GPK: almost no error at d = 7; TK: almost no error at d = 7") {
		t.Errorf("short degrees: %v — %s (%s)", c.Outcome, c.Ours, c.Reason)
	}
	g := figure2Fixture() // full mode: TK to d = 3, GPK to 7
	g.TK = protocol.ApproxCurve{Degrees: g.TK.Degrees[:4], Params: g.TK.Params[:4], L1: g.TK.L1[:4], Inf: g.TK.Inf[:4]}
	if c := Figure2Claim(g); c.Outcome != repro.Undecided || !strings.HasPrefix(c.Ours, "5 of 6 parts held") {
		t.Errorf("TK to d = 3: %v — %s", c.Outcome, c.Ours)
	}
}
