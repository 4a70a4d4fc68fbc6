package nn_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
)

// FuzzNN feeds fuzzed data (10×2, any float64 bits), validation and test
// fractions and a hidden-layer size to a short network fit and its
// Decision, Predict and Probabilities: each must return an error wrapping
// a klearn sentinel or finite answers, and leave its inputs unchanged. The
// seeds run in every go test.
func FuzzNN(f *testing.F) {
	ok := klearntest.FuzzBytes(0, 0.1, 0.3, 0.2, 1, 1.1, 1.2, 0.9, 2, 2.1, 2.3, 1.9, 3, 2.5, 0.5, 0.7, -1, 0.4, 0.8, -0.3)
	f.Add(ok, 0.0, 0.0, 3)
	f.Add(ok, 0.2, 0.2, 1)
	f.Add(ok, 0.9, 0.5, 0)
	f.Add(ok, -0.1, math.NaN(), -2)
	f.Add(klearntest.FuzzBytes(math.NaN(), 1), 0.0, 0.0, 2)
	f.Add(klearntest.FuzzBytes(math.Inf(1), 1, 2), 0.0, 0.0, 2)
	f.Add(klearntest.FuzzBytes(1e300, -1e300, 2e300, 0), 0.0, 0.0, 2)
	f.Add(klearntest.FuzzBytes(1e-310, 0, 2e-310), 0.1, 0.1, 1<<30)
	f.Fuzz(func(t *testing.T, data []byte, valFrac, testFrac float64, hidden int) {
		X := klearntest.FuzzMatrix(data, 10, 2)
		y := []float64{-1, 1, -1, 1, -1, 1, -1, 1, -1, 1}
		before := klearntest.Values(X, y)
		c := nn.Classifier{Hidden: hidden, ValFrac: valFrac, TestFrac: testFrac, Seed: 1, Settings: opt.Settings{MaxIter: 10}}
		m, err := c.Fit(X, y)
		klearntest.CheckFuzz(t, "Fit", err)
		if err == nil {
			d, err := m.Decision(X)
			klearntest.CheckFuzz(t, "Decision", err, d)
			p, err := m.Predict(X)
			klearntest.CheckFuzz(t, "Predict", err, p)
			P, err := m.Probabilities(X)
			klearntest.CheckFuzz(t, "Probabilities", err, P)
			tr, val := m.Losses()
			klearntest.CheckFuzz(t, "Losses", nil, tr, val)
		}
		if !klearntest.SameBits(before, klearntest.Values(X, y)) {
			t.Errorf("an input was modified")
		}
	})
}
