package continuous_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
)

// fuzzLabels returns n labels alternating −1, +1.
func fuzzLabels(n int) []float64 {
	y := make([]float64, n)
	for i := range y {
		y[i] = float64(2*(i%2) - 1)
	}
	return y
}

// FuzzContinuous feeds fuzzed data (6×2, any float64 bits), parameters θ,
// a spread weight λ and a regularisation μ to the entry points of the
// package: PrepareBinary and Searcher.Inner of the per-coordinate Gaussian,
// SubtractSpread, SumKernel, FiniteCombination and Search. Each call must
// return an error wrapping a klearn sentinel or finite answers, and leave
// its inputs unchanged. The seeds run in every go test.
func FuzzContinuous(f *testing.F) {
	ok := klearntest.FuzzBytes(0, 0.1, 0.3, 0.2, 1, 1.1, 1.2, 0.9, 2, 2.1, 2.3, 1.9)
	f.Add(ok, 0.0, 0.5, 0.1, 1.0)
	f.Add(klearntest.FuzzBytes(math.NaN(), 1), 0.0, 0.0, 0.0, 1.0)
	f.Add(klearntest.FuzzBytes(math.Inf(1), 1, 2), 1.0, 1.0, 1.0, 1.0)
	f.Add(klearntest.FuzzBytes(1e300, -1e300, 3e299, 0), 1000.0, 1000.0, 1.0, 1e-300)
	f.Add(klearntest.FuzzBytes(1e-300, 2e-300, 0), -700.0, 700.0, 1e300, 1e300)
	f.Add(ok, math.NaN(), math.Inf(-1), -1.0, -1.0)
	f.Add(klearntest.FuzzBytes(math.MaxFloat64, -math.MaxFloat64), 0.0, 1.0, 0.5, 0.5)
	f.Fuzz(func(t *testing.T, data []byte, th0, th1, lambda, mu float64) {
		X := klearntest.FuzzMatrix(data, 6, 2)
		y := fuzzLabels(6)
		before := klearntest.Values(X, y)
		theta := []float64{th0, th1}
		fam := continuous.GaussianPerCoordinate{Lambda: math.Abs(lambda)}
		_, s, _, _, err := continuous.PrepareBinary(fam, X, y, "fuzz")
		klearntest.CheckFuzz(t, "PrepareBinary", err)
		if err == nil {
			P := mat.NewSymDense(6, nil)
			P.SymOuterK(1, mat.NewDense(6, 1, y))
			grad := make([]float64, 2)
			h, err := s.Inner(P, theta, grad)
			klearntest.CheckFuzz(t, "Inner", err, h, grad)
			th, hs, err := continuous.Search(fam, s, 2, P, nil)
			klearntest.CheckFuzz(t, "Search", err, th, hs)
		}
		grad := []float64{lambda, mu}
		h, err := continuous.SubtractSpread(mu, grad, theta, lambda)
		klearntest.CheckFuzz(t, "SubtractSpread", err, h, grad)
		_, err = continuous.SumKernel(continuous.GaussianBandwidth{}, [][]float64{{th0}, {th1}}, []float64{mu, lambda})
		klearntest.CheckFuzz(t, "SumKernel", err)
		var Ks []*mat.SymDense
		for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 1}} {
			if K, err := kernel.Gram(k, X); err == nil {
				Ks = append(Ks, K)
			}
		}
		if len(Ks) > 0 {
			r, err := continuous.FiniteCombination(Ks, y, mu, nil)
			if err == nil {
				klearntest.CheckFuzz(t, "FiniteCombination", nil, r.Weights, r.E)
			}
			klearntest.CheckFuzz(t, "FiniteCombination", err)
		}
		if !klearntest.SameBits(before, klearntest.Values(X, y)) {
			t.Errorf("an input was modified")
		}
	})
}
