package stagewise_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/svm"
)

// FuzzStagewise feeds fuzzed data (8×2, any float64 bits) and a step
// bound η_max to Alignment, Gradient and Step on Gram matrices of the data
// and to a two-stage CA fit with the spread penalty λ of Eq. (4): each must
// return an error wrapping a klearn sentinel or finite answers, and leave
// its inputs unchanged. The seeds run in every go test.
func FuzzStagewise(f *testing.F) {
	ok := klearntest.FuzzBytes(0, 0.1, 0.3, 0.2, 1, 1.1, 1.2, 0.9, 2, 2.1, 2.3, 1.9, 3, 2.5, 0.5, 0.7)
	f.Add(ok, 1.0, 0.0)
	f.Add(klearntest.FuzzBytes(math.NaN(), 1, 2), 1.0, 0.1)
	f.Add(klearntest.FuzzBytes(math.Inf(-1), 1, 2), math.Inf(1), 1.0)
	f.Add(klearntest.FuzzBytes(1e300, -1e300, 2e300, 0.5), 1e300, 1e300)
	f.Add(klearntest.FuzzBytes(1e-300, 3e-300, 0), 0.0, math.NaN())
	f.Add(ok, -1.0, -1.0)
	f.Add(klearntest.FuzzBytes(5, 5, 5), math.NaN(), 0.0)
	f.Fuzz(func(t *testing.T, data []byte, etaMax, lambda float64) {
		X := klearntest.FuzzMatrix(data, 8, 2)
		y := []float64{-1, 1, -1, 1, -1, 1, -1, 1}
		before := klearntest.Values(X, y)
		K, err1 := kernel.Gram(kernel.Linear{}, X)
		Ks, err2 := kernel.Gram(kernel.RBF{Gamma: 1}, X)
		Kp, err3 := kernel.Gram(kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}, X)
		if err1 == nil && err2 == nil && err3 == nil {
			gram := append(klearntest.Values(K, Ks), klearntest.Values(Kp)...)
			a, err := stagewise.Alignment(K, Ks)
			klearntest.CheckFuzz(t, "Alignment", err, a)
			G, err := stagewise.Gradient(K, Ks)
			klearntest.CheckFuzz(t, "Gradient", err, mat.Matrix(G))
			eta, err := stagewise.Step(K, Kp, Ks, etaMax)
			klearntest.CheckFuzz(t, "Step", err, eta)
			if !klearntest.SameBits(gram, append(klearntest.Values(K, Ks), klearntest.Values(Kp)...)) {
				t.Errorf("a Gram matrix was modified")
			}
		}
		ca := stagewise.CA{Family: continuous.GaussianPerCoordinate{Lambda: lambda}, T: 2, SVM: svm.Classifier{C: 1}}
		m, err := ca.Fit(X, y)
		klearntest.CheckFuzz(t, "CA.Fit", err)
		if err == nil {
			d, err := m.Decision(X)
			klearntest.CheckFuzz(t, "Decision", err, d)
		}
		if !klearntest.SameBits(before, klearntest.Values(X, y)) {
			t.Errorf("an input was modified")
		}
	})
}
