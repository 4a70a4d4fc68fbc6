package protocol

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
)

func TestSplitsProtocol(t *testing.T) {
	cfg := Quick()
	outer, inner, err := Splits(100, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(outer) != cfg.Splits || len(inner) != cfg.Splits {
		t.Fatalf("%d splits, %d fold sets", len(outer), len(inner))
	}
	for s, sp := range outer {
		if len(sp.Train)+len(sp.Test) != 100 || len(sp.Train) != 50 {
			t.Errorf("split %d: %d + %d", s, len(sp.Train), len(sp.Test))
		}
		for _, i := range sp.Test {
			if slices.Contains(sp.Train, i) {
				t.Fatalf("split %d: %d in train and test", s, i)
			}
		}
		if len(inner[s]) != cfg.Folds {
			t.Errorf("split %d: %d folds", s, len(inner[s]))
		}
		seen := map[int]int{}
		for _, f := range inner[s] {
			for _, i := range slices.Concat(f.Train, f.Test) {
				if !slices.Contains(sp.Train, i) {
					t.Fatalf("split %d: fold index %d outside the training half", s, i)
				}
			}
			for _, i := range f.Test {
				seen[i]++
			}
		}
		if len(seen) != len(sp.Train) {
			t.Errorf("split %d: folds validate %d of %d training points", s, len(seen), len(sp.Train))
		}
	}
	if _, _, err := Splits(100, Config{Splits: 0, Folds: 3}); err == nil {
		t.Error("0 splits accepted")
	}
}

func TestBigramFeatures(t *testing.T) {
	docs := []string{"Great taste, great price.", "great taste again", "Bad price"}
	X, err := BigramFeatures(docs, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Document frequencies: "great taste" 2, then "bad price", "great price",
	// "taste again", "taste great" 1 each (ties by text): the top 2 are
	// "great taste" and "bad price", then the constant column.
	want := mat.NewDense(3, 3, []float64{
		1, 0, 1,
		1, 0, 1,
		0, 1, 1,
	})
	if !mat.Equal(X, want) {
		t.Errorf("features\n%v\nwant\n%v", mat.Formatted(X), mat.Formatted(want))
	}
	if _, err := BigramFeatures(nil, 3); err == nil {
		t.Error("no documents: no error")
	}
	if _, err := BigramFeatures(docs, 0); err == nil {
		t.Error("zero bigrams: no error")
	}
}

func TestFigure3BadInput(t *testing.T) {
	cfg := Quick()
	if _, err := Figure3At("kin8nm", 10, cfg); err == nil {
		t.Error("unknown data set: no error")
	}
	cfg.Fig3Reps = 0
	if _, err := Figure3At("friedman1", 10, cfg); err == nil {
		t.Error("no repetitions: no error")
	}
	cfg = Quick()
	if _, err := Figure3At("friedman1", 1000, cfg); err == nil {
		t.Error("a factor leaving too few points: no error")
	}
}

func TestFigure2And3Small(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end run skipped in -short mode")
	}
	cfg := Config{Mode: "quick", Splits: 2, Folds: 2, Lambdas: []float64{1, 100}, Radii: []float64{1}, MaxIter: 200, Seed: 3,
		Fig2PerClass: 40, Fig2Bigrams: []int{30}, Fig2Splits: 2, Fig3Reps: 2}
	f2, err := Figure2At(cfg, 30)
	if err != nil {
		t.Fatal(err)
	}
	if len(f2.Scores) != 3 || len(f2.Scores[2]) != 2 || len(f2.Constant) != 2 || len(f2.Choices) != 3 {
		t.Fatalf("Figure 2 shape: %d methods", len(f2.Scores))
	}
	for _, v := range append(slices.Clone(f2.Scores[1]), f2.Constant...) {
		if !(v > 0 && v < 2) {
			t.Errorf("Figure 2 RMSE %v outside (0, 2) for ±1 labels", v)
		}
	}
	f3, err := Figure3At("friedman1", 20, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for d := range 4 {
		if len(f3.Uniform[d]) != 2 || len(f3.Learned[d]) != 2 {
			t.Fatalf("Figure 3 d=%d: %d and %d repetitions", d+1, len(f3.Uniform[d]), len(f3.Learned[d]))
		}
	}
	// Friedman #1 targets have std ≈ 5: a fitted degree-1 model does better.
	if m := f3.Uniform[0][0]; !(m > 0 && m < 5) {
		t.Errorf("Figure 3 degree-1 RMSE %v", m)
	}
}

// TestBaselineRMSENoCentre: the labels-not-centred variant fits and scores
// by its own code; on labels whose training mean is zero it must give what
// the centred path (fitScore) gives, and on shifted labels it must not.
func TestBaselineRMSENoCentre(t *testing.T) {
	const n, p = 60, 3
	F := mat.NewDense(n, p, nil)
	y := make([]float64, n)
	for i := range n {
		for j := range p {
			F.Set(i, j, math.Sin(float64(7*i+3*j+1)))
		}
		y[i] = 2*F.At(i, 0) - F.At(i, 1) + 0.1*math.Cos(float64(5*i))
	}
	cfg := Quick()
	outer, inner, err := Splits(n, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sp := outer[0]
	var mean float64
	for _, i := range sp.Train {
		mean += y[i]
	}
	mean /= float64(len(sp.Train))
	for i := range y {
		y[i] -= mean
	}
	m := Method{Name: "lin. base", Est: nkrr.Regressor{Degree: 1}}
	// both returns the test RMSE with the labels centred and not centred.
	both := func(y []float64) (float64, float64) {
		c, err := baselineRMSE(m, F, y, sp, inner[0], true, cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := baselineRMSE(m, F, y, sp, inner[0], false, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return c, r
	}
	centred, raw := both(y)
	if math.Abs(centred-raw) > 1e-9*centred {
		t.Errorf("zero-mean labels: centred %v, not centred %v", centred, raw)
	}
	shifted := slices.Clone(y)
	for i := range shifted {
		shifted[i] += 5
	}
	c2, r2 := both(shifted)
	if math.Abs(c2-centred) > 1e-9*centred || !(r2 > c2) {
		t.Errorf("shifted labels: centred %v (unshifted %v), not centred %v", c2, centred, r2)
	}
}

func TestMethodsAsPrinted(t *testing.T) {
	for j, m := range Methods(10) {
		if m.Offset != (j >= Variant) {
			t.Errorf("%s: constant feature %v; only the variants from column %d on may add one", m.Name, m.Offset, Variant)
		}
	}
}

// TestChoiceRadiusEdge: the edge rule itself is modelsel.WidenGrid's
// (TestWidenGrid there; TestSelectPinned pins its choices here).
func TestChoiceRadiusEdge(t *testing.T) {
	if !(Choice{Edge: "λ high, Λ low"}).RadiusEdge() || (Choice{Edge: "λ high"}).RadiusEdge() {
		t.Error("RadiusEdge")
	}
}
