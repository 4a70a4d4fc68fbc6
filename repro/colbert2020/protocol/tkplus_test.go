package protocol

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
)

// TestScaleDivisor: unit trace leaves trace 1, own scale leaves the
// matrices as they are, the centred trace is the trace of kernel.Center's
// Gram (so a constant added to K does not change it); the test×train
// matrix is divided by the same number; a Gram with a zero divisor is
// refused.
func TestScaleDivisor(t *testing.T) {
	X := mat.NewDense(5, 2, []float64{0, 1, 2, 0.5, 1, 1, 3, 2, 0.2, 0.7})
	K, err := kernel.Gram(kernel.Gaussian{Sigma: 1}, X)
	if err != nil {
		t.Fatal(err)
	}
	C, err := kernel.Cross(kernel.Gaussian{Sigma: 1}, X.Slice(0, 2, 0, 2), X)
	if err != nil {
		t.Fatal(err)
	}
	Kc, err := kernel.Center(K)
	if err != nil {
		t.Fatal(err)
	}
	shifted := mat.NewSymDense(5, nil)
	for i := 0; i < 5; i++ {
		for j := i; j < 5; j++ {
			shifted.SetSym(i, j, K.At(i, j)+3)
		}
	}
	for _, c := range []struct {
		sc   Scale
		K    *mat.SymDense
		want float64
	}{{UnitTrace, K, mat.Trace(K)}, {OwnScale, K, 1}, {CentredTrace, K, mat.Trace(Kc)}, {CentredTrace, shifted, mat.Trace(Kc)}} {
		var lib gramLibrary
		if err := lib.addScaled(c.K, C, c.sc); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 5; i++ {
			for j := 0; j < 5; j++ {
				if got, want := lib.K[0].At(i, j), c.K.At(i, j)/c.want; math.Abs(got-want) > 1e-14*math.Abs(want) {
					t.Fatalf("%v: K[%d,%d] = %g, want %g", c.sc, i, j, got, want)
				}
				if i < 2 && math.Abs(lib.Kte[0].At(i, j)-C.At(i, j)/c.want) > 1e-14 {
					t.Fatalf("%v: the test×train matrix is not divided by %g", c.sc, c.want)
				}
			}
		}
	}
	var lib gramLibrary
	if err := lib.addScaled(mat.NewSymDense(5, []float64{
		1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}), C, CentredTrace); err == nil {
		t.Error("a constant Gram (centred trace 0) accepted")
	}
}

// TestProbeTKPlusCertified runs the probe on a small split of Liver (80
// training rows, 10 TK kernels) under each scale: the weights by family
// sum to 1, and the combined SimpleMKL is no worse than the better family
// alone, J*(combined) ≤ min(J*(standard), J*(TK)), certified by its duality
// gap (a solver that stops on one family when the other is better fails
// this). Certified itself refuses a combined objective above both. At the
// protocol's scales the probe's accuracies are RunMethod's.
func TestProbeTKPlusCertified(t *testing.T) {
	cfg := Quick()
	cfg.MaxTrain, cfg.L, cfg.SimpleMKLIter, cfg.CGrid = 80, 10, 200, []float64{1, 100}
	data, sp, err := loadSplits(DataSets[0], cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range [][2]Scale{{UnitTrace, UnitTrace}, {UnitTrace, OwnScale}, {CentredTrace, CentredTrace}} {
		p, err := ProbeTKPlus(data, 0, sp[0], cfg, sc[0], sc[1])
		if err != nil {
			t.Fatal(err)
		}
		t.Log(p)
		if math.Abs(p.WStd+p.WTK-1) > 1e-9 {
			t.Errorf("%v/%v: weights by family %g + %g", sc[0], sc[1], p.WStd, p.WTK)
		}
		if !p.Certified(1e-3) {
			t.Errorf("%v/%v: combined J %g (gap %g) above min(J std %g, J TK %g)", sc[0], sc[1], p.J, p.Gap, p.JStd, p.JTK)
		}
		if sc == [2]Scale{UnitTrace, TKLibraryScale} { // the protocol's scales: the probe is the columns
			for j, want := range map[int]float64{MSimpleMKLTKPlus: p.Acc, MSimpleMKLTK: p.TKColumn} {
				r, err := RunMethod(DataSets[0], data, 0, sp[0], cfg, j)
				if err != nil {
					t.Fatal(err)
				}
				if r.Acc != want {
					t.Errorf("%s: RunMethod %.2f %%, the probe %.2f %%", Methods[j], r.Acc, want)
				}
			}
		}
		bad := p
		bad.J, bad.Gap = 1.1*max(p.JStd, p.JTK), 0.01
		if bad.Certified(1e-3) {
			t.Errorf("Certified accepts J = %g above both families (%g, %g)", bad.J, p.JStd, p.JTK)
		}
	}
}
