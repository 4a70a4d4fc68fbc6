package klearntest

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Estimator is anything that learns a klearn.Predictor from (X, y). Concrete
// estimators return their own model types; adapt them with EstimatorFunc:
//
//	klearntest.EstimatorFunc(func(X mat.Matrix, y []float64) (klearn.Predictor, error) {
//		return krr.Regressor{Kernel: kernel.RBF{Gamma: 1}}.Fit(X, y)
//	})
//
// (mind the typed-nil trap: return nil, err explicitly when Fit fails.)
type Estimator interface {
	Fit(X mat.Matrix, y []float64) (klearn.Predictor, error)
}

// EstimatorFunc adapts a function to Estimator.
type EstimatorFunc func(X mat.Matrix, y []float64) (klearn.Predictor, error)

// Fit calls f(X, y).
func (f EstimatorFunc) Fit(X mat.Matrix, y []float64) (klearn.Predictor, error) { return f(X, y) }

// Task is the kind of targets an estimator learns.
type Task int

const (
	// Regression: real targets.
	Regression Task = iota
	// Binary: labels in {−1, +1}.
	Binary
	// Multiclass: labels in {1, 2, 3}.
	Multiclass
)

// Options configures TestEstimator. Zero values take the defaults noted.
type Options struct {
	// Task selects the synthetic data and the classifier-only checks.
	Task Task
	// Labels declares that Predict returns class labels, which must then be
	// values seen in the training labels. Leave false for decision values.
	Labels bool
	// RequirePM1 declares a binary classifier that accepts only ±1 labels:
	// labels {0, 1} must then be rejected with an error.
	RequirePM1 bool
	// N is the number of training samples (default 40); D the number of
	// features (default 3).
	N, D int
	// Seed seeds the synthetic data (default 1).
	Seed uint64
	// SkipSanity skips the check that the learner fits easy data.
	SkipSanity bool
}

func (o *Options) defaults() {
	setDefault(&o.N, 40)
	setDefault(&o.D, 3)
	setDefault(&o.Seed, 1)
}

// setDefault sets *v to d when *v is the zero value.
func setDefault[T comparable](v *T, d T) {
	var zero T
	if *v == zero {
		*v = d
	}
}

// SyntheticData returns the training and test data TestEstimator uses for a
// task: rows uniform in [−1, 1]^d; for Regression y = Σ_j sin(1.5·x_j)/(j+1);
// for Binary the class-c rows are shifted by 0.8·c·1 (balanced, alternating
// labels); for Multiclass three classes shifted along three directions.
func SyntheticData(task Task, n, d int, seed uint64) (X *mat.Dense, y []float64, Xte *mat.Dense, yte []float64) {
	gen := func(m int, s uint64) (*mat.Dense, []float64) {
		A := RandMatrix(m, d, -1, 1, s)
		t := make([]float64, m)
		for i := 0; i < m; i++ {
			row := A.RawRowView(i)
			switch task {
			case Regression:
				for j, v := range row {
					t[i] += math.Sin(1.5*v) / float64(j+1)
				}
			case Binary:
				c := 1.0
				if i%2 == 1 {
					c = -1
				}
				t[i] = c
				for j := range row {
					row[j] += 0.8 * c
				}
			case Multiclass:
				c := i%3 + 1
				t[i] = float64(c)
				ang := 2 * math.Pi * float64(c) / 3
				row[0] += 1.5 * math.Cos(ang)
				if d > 1 {
					row[1] += 1.5 * math.Sin(ang)
				} else {
					row[0] += float64(c)
				}
			}
		}
		return A, t
	}
	X, y = gen(n, seed)
	Xte, yte = gen(n/2+1, seed+1000)
	return X, y, Xte, yte
}

// TestEstimator runs the estimator conformance suite; see the package
// documentation for the properties checked.
func TestEstimator(t *testing.T, e Estimator, opts Options) {
	t.Helper()
	opts.defaults()
	X, y, Xte, _ := SyntheticData(opts.Task, opts.N, opts.D, opts.Seed)
	n, d := X.Dims()
	nte, _ := Xte.Dims()
	X0, y0, Xte0 := mat.DenseCopyOf(X), append([]float64(nil), y...), mat.DenseCopyOf(Xte)

	fit := func(X mat.Matrix, y []float64) (p klearn.Predictor, err error, pan any) {
		pan = Safe(func() { p, err = e.Fit(X, y) })
		return
	}
	predict := func(p klearn.Predictor, X mat.Matrix) (yh []float64, err error, pan any) {
		pan = Safe(func() { yh, err = p.Predict(X) })
		return
	}

	p, err, pan := fit(X, y)
	if pan != nil {
		t.Fatalf("Fit panicked on well-posed data: %v", pan)
	}
	if err != nil {
		t.Fatalf("Fit on well-posed data: %v", err)
	}
	if p == nil {
		t.Fatalf("Fit returned a nil predictor and no error")
	}
	yh, err, pan := predict(p, Xte)
	if pan != nil || err != nil {
		t.Fatalf("Predict on well-posed data: panic %v, error %v", pan, err)
	}

	t.Run("Predictions", func(t *testing.T) {
		if len(yh) != nte {
			t.Fatalf("Predict returned %d values for %d rows", len(yh), nte)
		}
		classes := map[float64]bool{}
		for _, v := range y0 {
			classes[v] = true
		}
		for i, v := range yh {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("prediction %d = %v", i, v)
			}
			if opts.Labels && !classes[v] {
				t.Fatalf("prediction %d = %v is not a training label", i, v)
			}
		}
	})

	t.Run("NoMutation", func(t *testing.T) {
		if !mat.Equal(X, X0) {
			t.Errorf("Fit mutated X")
		}
		if !SameBits(y, y0) {
			t.Errorf("Fit mutated y")
		}
		if !mat.Equal(Xte, Xte0) {
			t.Errorf("Predict mutated X")
		}
	})

	t.Run("Sanity", func(t *testing.T) {
		if opts.SkipSanity {
			t.Skip("sanity check skipped by Options")
		}
		tr, err, pan := predict(p, X)
		if pan != nil || err != nil {
			t.Fatalf("Predict on training data: panic %v, error %v", pan, err)
		}
		switch opts.Task {
		case Regression:
			// R² = 1 − Σ(y−ŷ)²/Σ(y−ȳ)² on the training data.
			var mean, ss, sr float64
			for _, v := range y0 {
				mean += v
			}
			mean /= float64(n)
			for i, v := range y0 {
				ss += (v - mean) * (v - mean)
				sr += (v - tr[i]) * (v - tr[i])
			}
			if r2 := 1 - sr/ss; r2 < 0.5 {
				t.Errorf("training R² = %.3f < 0.5 on smooth data", r2)
			}
		default:
			if !opts.Labels {
				if opts.Task == Binary {
					// Decision values: the sign must agree with the label.
					var ok int
					for i, v := range tr {
						if v*y0[i] > 0 {
							ok++
						}
					}
					if acc := float64(ok) / float64(n); acc < 0.8 {
						t.Errorf("training accuracy of sign(decision) = %.3f < 0.8 on separated blobs", acc)
					}
				}
				return
			}
			var ok int
			for i, v := range tr {
				if v == y0[i] {
					ok++
				}
			}
			if acc := float64(ok) / float64(n); acc < 0.8 {
				t.Errorf("training accuracy = %.3f < 0.8 on separated blobs", acc)
			}
		}
	})

	t.Run("Determinism", func(t *testing.T) {
		p2, err, pan := fit(mat.DenseCopyOf(X0), append([]float64(nil), y0...))
		if pan != nil || err != nil {
			t.Fatalf("second Fit: panic %v, error %v", pan, err)
		}
		yh2, err, pan := predict(p2, mat.DenseCopyOf(Xte0))
		if pan != nil || err != nil {
			t.Fatalf("second Predict: panic %v, error %v", pan, err)
		}
		if !SameBits(yh, yh2) {
			t.Fatalf("two fits on the same data give different predictions")
		}
		yh3, err, pan := predict(p, Xte0)
		if pan != nil || err != nil || !SameBits(yh, yh3) {
			t.Fatalf("Predict is not repeatable (panic %v, error %v)", pan, err)
		}
	})

	t.Run("ModelOwnsData", func(t *testing.T) {
		// A fitted model must not alias the caller's X or y.
		Xc, yc := mat.DenseCopyOf(X0), append([]float64(nil), y0...)
		pc, err, pan := fit(Xc, yc)
		if pan != nil || err != nil {
			t.Fatalf("Fit: panic %v, error %v", pan, err)
		}
		Xc.Scale(-3, Xc)
		for i := range yc {
			yc[i] = 7
		}
		yc2, err, pan := predict(pc, Xte0)
		if pan != nil || err != nil {
			t.Fatalf("Predict: panic %v, error %v", pan, err)
		}
		if !SameBits(yh, yc2) {
			t.Fatalf("changing X or y after Fit changed the model's predictions")
		}
	})

	t.Run("GenericMatrix", func(t *testing.T) {
		pg, err, pan := fit(Generic(X0), append([]float64(nil), y0...))
		if pan != nil || err != nil {
			t.Fatalf("Fit on a generic mat.Matrix: panic %v, error %v", pan, err)
		}
		yg, err, pan := predict(pg, Generic(Xte0))
		if pan != nil || err != nil {
			t.Fatalf("Predict on a generic mat.Matrix: panic %v, error %v", pan, err)
		}
		for i := range yg {
			if !Close(yg[i], yh[i], 1e-8) {
				t.Fatalf("prediction %d: %v from a generic matrix, %v from *mat.Dense", i, yg[i], yh[i])
			}
		}
	})

	t.Run("BadFitInput", func(t *testing.T) {
		with := func(i, j int, v float64) *mat.Dense {
			M := mat.DenseCopyOf(X0)
			M.Set(i, j, v)
			return M
		}
		ywith := func(i int, v float64) []float64 {
			c := append([]float64(nil), y0...)
			c[i] = v
			return c
		}
		yc := func() []float64 { return append([]float64(nil), y0...) }
		cases := []struct {
			name string
			X    mat.Matrix
			y    []float64
		}{
			{"NaN in X", with(n/2, d-1, math.NaN()), yc()},
			{"+Inf in X", with(0, 0, math.Inf(1)), yc()},
			{"-Inf in X", with(n-1, 0, math.Inf(-1)), yc()},
			{"NaN in y", X0, ywith(n/3, math.NaN())},
			{"Inf in y", X0, ywith(n-1, math.Inf(1))},
			{"y too short", X0, y0[:n-1]},
			{"y too long", X0, append(yc(), y0[0])},
			{"nil X", nil, yc()},
			{"empty X", &mat.Dense{}, nil},
			{"nil y", X0, nil},
		}
		if opts.Task != Regression {
			one := make([]float64, n)
			for i := range one {
				one[i] = y0[0]
			}
			cases = append(cases, struct {
				name string
				X    mat.Matrix
				y    []float64
			}{"one class", X0, one})
		}
		if opts.Task == Binary && opts.RequirePM1 {
			z := yc()
			for i := range z {
				if z[i] < 0 {
					z[i] = 0
				}
			}
			cases = append(cases, struct {
				name string
				X    mat.Matrix
				y    []float64
			}{"labels {0,1}", X0, z})
		}
		for _, c := range cases {
			ExpectError(t, "Fit("+c.name+")", func() error {
				p, err := e.Fit(c.X, c.y)
				if err == nil && p == nil {
					return nil
				}
				return err
			})
		}
	})

	t.Run("BadPredictInput", func(t *testing.T) {
		nan := mat.DenseCopyOf(Xte0)
		nan.Set(0, d-1, math.NaN())
		inf := mat.DenseCopyOf(Xte0)
		inf.Set(nte-1, 0, math.Inf(-1))
		wide := RandMatrix(4, d+1, -1, 1, opts.Seed+7)
		cases := []struct {
			name string
			X    mat.Matrix
		}{
			{"NaN", nan}, {"Inf", inf}, {"nil", nil}, {"empty", &mat.Dense{}},
			{"too many columns", wide},
		}
		if d > 1 {
			cases = append(cases, struct {
				name string
				X    mat.Matrix
			}{"too few columns", RandMatrix(4, d-1, -1, 1, opts.Seed+8)})
		}
		for _, c := range cases {
			ExpectError(t, "Predict("+c.name+")", func() error {
				_, err := p.Predict(c.X)
				return err
			})
		}
	})
}
