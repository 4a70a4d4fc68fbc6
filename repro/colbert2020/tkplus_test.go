package colbert2020

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/repro"
)

// TestTKPlusScaleClaim: accuracies at the paper's Liver cell explain it, far
// ones do not, none is not run; the row is a diagnostic, never counted.
func TestTKPlusScaleClaim(t *testing.T) {
	p := Table1Accuracy[0][MSimpleMKLTKPlus].Mean
	if c := TKPlusScaleClaim(nil); c.Outcome != repro.NotRun || c.Kind != repro.Diagnostic {
		t.Errorf("no data: %v %v", c.Kind, c.Outcome)
	}
	if c := TKPlusScaleClaim([]float64{p - 1, p + 1, p}); c.Outcome != repro.Reproduced || c.Label() != "explains" {
		t.Errorf("at the paper's mean: %v (%s)", c.Outcome, c.Ours)
	}
	if c := TKPlusScaleClaim([]float64{p - 20, p - 21, p - 19}); c.Outcome != repro.NotReproduced || c.Label() != "does not explain" {
		t.Errorf("20 points off: %v (%s)", c.Outcome, c.Ours)
	}
}

// TestTKLibraryRaw: the raw TK library holds tk.Library's Grams unchanged
// (traces far from 1 on Liver's [0, 1]-scaled inputs), the normalised one
// the same Grams at unit trace.
func TestTKLibraryRaw(t *testing.T) {
	data, err := Load(DataSets[0])
	if err != nil {
		t.Fatal(err)
	}
	Xtr := mat.DenseCopyOf(data.X.Slice(0, 60, 0, 6))
	Xte := mat.DenseCopyOf(data.X.Slice(60, 70, 0, 6))
	var raw, unit gramLibrary
	if err := tkLibrary(Xtr, Xte, 1, 5, 7, true, &raw); err != nil {
		t.Fatal(err)
	}
	if err := tkLibrary(Xtr, Xte, 1, 5, 7, false, &unit); err != nil {
		t.Fatal(err)
	}
	for s := range raw.K {
		tr := mat.Trace(raw.K[s])
		if math.Abs(tr-1) < 0.5 {
			t.Errorf("raw kernel %d has trace %g, want its own scale", s, tr)
		}
		var scaled mat.SymDense
		scaled.ScaleSym(1/tr, raw.K[s])
		if !mat.EqualApprox(&scaled, unit.K[s], 1e-14) || math.Abs(mat.Trace(unit.K[s])-1) > 1e-12 {
			t.Errorf("kernel %d: the unit-trace library is not the raw one over its trace", s)
		}
		var c mat.Dense
		c.Scale(1/tr, raw.Kte[s])
		if !mat.EqualApprox(&c, unit.Kte[s], 1e-14) {
			t.Errorf("kernel %d: test×train matrices differ", s)
		}
	}
}
