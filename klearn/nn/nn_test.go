package nn_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
)

// teacher labels points by a fixed random network of the same shape
// (one hidden tanh layer, 3 classes): the student can represent the exact
// answer.
func teacher(n int, seed uint64) (*mat.Dense, []float64) {
	r := klearn.NewRand(99)
	const d, h, k = 2, 5, 3
	W1 := mat.NewDense(h, d, nil)
	b1 := make([]float64, h)
	W2 := mat.NewDense(k, h, nil)
	for i := 0; i < h; i++ {
		for j := 0; j < d; j++ {
			W1.Set(i, j, 3*r.NormFloat64())
		}
		b1[i] = r.NormFloat64()
		for c := 0; c < k; c++ {
			W2.Set(c, i, 3*r.NormFloat64())
		}
	}
	X := klearntest.RandMatrix(n, d, -1, 1, seed)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		best, arg := math.Inf(-1), 0
		for c := 0; c < k; c++ {
			var s float64
			for j := 0; j < h; j++ {
				s += W2.At(c, j) * math.Tanh(W1.At(j, 0)*X.At(i, 0)+W1.At(j, 1)*X.At(i, 1)+b1[j])
			}
			if s > best {
				best, arg = s, c
			}
		}
		y[i] = float64(10 + arg)
	}
	return X, y
}

func TestTeacherNetwork(t *testing.T) {
	X, y := teacher(1500, 1)
	Xte, yte := teacher(1000, 2)
	m, err := nn.Classifier{Hidden: 20, Seed: 3}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	pred, err := m.Predict(Xte)
	if err != nil {
		t.Fatal(err)
	}
	acc, _ := metrics.Accuracy(yte, pred)
	if acc < 0.95 {
		t.Errorf("test accuracy %.3f on teacher-network labels (iterations %d, status %v)", acc, m.Iterations(), m.Status())
	}
}

func TestEstimatorContract(t *testing.T) {
	klearntest.TestEstimator(t, klearntest.EstimatorFunc(func(X mat.Matrix, y []float64) (klearn.Predictor, error) {
		m, err := nn.Classifier{Hidden: 10, Seed: 1}.Fit(X, y)
		if err != nil {
			return nil, err
		}
		return m, nil
	}), klearntest.Options{Task: klearntest.Binary, Labels: true, N: 60})
}

// TestEarlyStopping checks that the kept weights are those of the best
// validation iteration and that training stopped MaxFail iterations
// after it (or for another documented reason).
func TestEarlyStopping(t *testing.T) {
	X, y := teacher(300, 4)
	for i := range y { // label noise makes the validation curve turn up
		if i%4 == 0 {
			y[i] = 10
		}
	}
	m, err := nn.Classifier{Hidden: 50, Seed: 5, MaxFail: 6}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	_, val := m.Losses()
	b := m.BestIteration()
	for it, v := range val {
		if v < val[b] {
			t.Fatalf("validation loss %v at %d below the kept iteration %d (%v)", v, it, b, val[b])
		}
	}
	if m.Status() == opt.RecorderStop && m.Iterations() != b+6 {
		t.Errorf("early stop at %d, best %d", m.Iterations(), b)
	}
	if m.Status() != opt.RecorderStop && m.Status() != opt.Success && m.Status() != opt.IterationLimit {
		t.Errorf("status %v", m.Status())
	}
}

func TestDeterministicAndPure(t *testing.T) {
	X, y := teacher(120, 6)
	X0, y0 := mat.DenseCopyOf(X), append([]float64(nil), y...)
	a, err := nn.Classifier{Hidden: 8, Seed: 7}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	b, err := nn.Classifier{Hidden: 8, Seed: 7}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	c, err := nn.Classifier{Hidden: 8, Seed: 8}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(X, X0) || !floatsEqual(y, y0) {
		t.Fatal("Fit modified its inputs")
	}
	if !floatsEqual(a.Weights(), b.Weights()) {
		t.Error("same seed, different weights")
	}
	if floatsEqual(a.Weights(), c.Weights()) {
		t.Error("different seeds, same weights")
	}
}

func floatsEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestBadInput(t *testing.T) {
	X, y := teacher(40, 9)
	nanX := mat.DenseCopyOf(X)
	nanX.Set(2, 0, math.NaN())
	fit := func(c nn.Classifier, X mat.Matrix, y []float64) func() error {
		return func() error { _, err := c.Fit(X, y); return err }
	}
	m, err := nn.Classifier{Hidden: 3}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("nil X", fit(nn.Classifier{}, nil, y), klearn.ErrEmpty),
		klearntest.Bad("NaN X", fit(nn.Classifier{}, nanX, y), klearn.ErrNotFinite),
		klearntest.Bad("short y", fit(nn.Classifier{}, X, y[:3]), klearn.ErrShape),
		klearntest.Bad("one class", fit(nn.Classifier{}, X, make([]float64, 40)), klearn.ErrOneClass),
		klearntest.Bad("negative hidden", fit(nn.Classifier{Hidden: -2}, X, y), klearn.ErrParam),
		klearntest.Bad("NaN ValFrac", fit(nn.Classifier{ValFrac: math.NaN()}, X, y), klearn.ErrParam),
		klearntest.Bad("fractions too large", fit(nn.Classifier{ValFrac: 0.5, TestFrac: 0.45}, X, y), klearn.ErrParam),
		klearntest.Bad("negative MaxFail", fit(nn.Classifier{MaxFail: -1}, X, y), klearn.ErrParam),
		klearntest.Bad("bad settings", fit(nn.Classifier{Settings: opt.Settings{MaxIter: -1}}, X, y), klearn.ErrParam),
		klearntest.Bad("predict wrong width", func() error { _, err := m.Predict(klearntest.RandMatrix(2, 5, 0, 1, 1)); return err }, klearn.ErrShape),
		klearntest.Bad("predict unfitted", func() error { _, err := (&nn.Model{}).Predict(X); return err }, klearn.ErrNotFitted),
	})
}
