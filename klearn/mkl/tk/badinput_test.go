package tk_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/svm"
)

// FuzzTK feeds fuzzed data (8×2, any float64 bits), a box margin ε, a
// scale s of the basis matrices P (s < 0 makes them indefinite) and a
// degree to Library, and the data and ε to a Learner fit: each must return
// an error wrapping a klearn sentinel or finite answers, and leave its
// inputs unchanged. The seeds run in every go test. Degrees 3 to 20 are
// valid but take seconds to minutes each (the basis has O(q²) pairs), so
// they are not fuzzed.
func FuzzTK(f *testing.F) {
	ok := klearntest.FuzzBytes(0, 0.1, 0.3, 0.2, 1, 1.1, 1.2, 0.9, 2, 2.1, 2.3, 1.9, 3, 2.5, 0.5, 0.7)
	f.Add(ok, 0.0, 1.0, 1)
	f.Add(ok, 0.1, -1.0, 1)
	f.Add(ok, -1.0, 1.0, 0)
	f.Add(klearntest.FuzzBytes(math.NaN(), 1), 0.0, 1.0, 1)
	f.Add(klearntest.FuzzBytes(math.Inf(1), 1, 2), 0.0, math.NaN(), 1)
	f.Add(klearntest.FuzzBytes(1e300, -1e300, 2e300, 0), 1e300, 1e300, 2)
	f.Add(klearntest.FuzzBytes(4, 4, 4), 0.0, 1.0, -1)
	f.Add(ok, math.NaN(), math.Inf(1), 40)
	f.Fuzz(func(t *testing.T, data []byte, margin, scale float64, degree int) {
		X := klearntest.FuzzMatrix(data, 8, 2)
		y := []float64{-1, 1, -1, 1, -1, 1, -1, 1}
		before := klearntest.Values(X, y)
		if degree >= 0 && degree <= 2 {
			Ps, err := tk.RandomP(2*[]int{1, 3, 6}[degree], 2, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, P := range Ps {
				P.ScaleSym(scale, P)
			}
			Ks, Kte, err := tk.Library(X, X, degree, margin, Ps)
			klearntest.CheckFuzz(t, "Library", err, Ks, Kte)
		} else if degree < 0 || degree > 20 { // degrees 3–20 are valid and slow
			_, _, err := tk.Library(X, nil, degree, margin, []*mat.SymDense{mat.NewSymDense(2, nil)})
			klearntest.CheckFuzz(t, "Library", err)
		}
		m, err := tk.Learner{Degree: 1, Margin: margin, SVM: svm.Classifier{C: 1}}.Fit(X, y)
		klearntest.CheckFuzz(t, "Learner.Fit", err)
		if err == nil {
			d, err := m.Decision(X)
			klearntest.CheckFuzz(t, "Decision", err, d)
		}
		if !klearntest.SameBits(before, klearntest.Values(X, y)) {
			t.Errorf("an input was modified")
		}
	})
}
