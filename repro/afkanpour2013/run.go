package afkanpour2013

import (
	"math"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro"
)

// Config is one run: quick (CI), full (the paper's sizes) or paper.
type Config struct {
	Mode string
	// Train, Val and Test are the sizes of the three independent samples
	// (the paper: 500, 500, 1000).
	Train, Val, Test int
	// Cs is the SVM grid searched on the validation set (the paper:
	// 10^{−5}, 10^{−4.5}, …, 10^5); Mus the regularisation grid of CR.
	Cs, Mus []float64
	Seed    uint64
}

func grid(lo, hi, step float64) []float64 {
	var out []float64
	for e := lo; e <= hi+1e-9; e += step {
		out = append(out, math.Pow(10, e))
	}
	return out
}

// Quick is the CI configuration: 150/150/500 points, a coarser C grid.
func Quick() Config {
	return Config{Mode: "quick", Train: 150, Val: 150, Test: 500, Cs: grid(-3, 3, 1), Mus: []float64{1e-3, 1e-2, 1e-1}, Seed: 2013}
}

// Full is the paper's protocol: 500/500/1000 points, C ∈ 10^{−5:0.5:5}.
func Full() Config {
	return Config{Mode: "full", Train: 500, Val: 500, Test: 1000, Cs: grid(-5, 5, 0.5), Mus: []float64{1e-4, 1e-3, 1e-2, 1e-1, 1}, Seed: 2013}
}

// ConfigFor returns the configuration of a mode (paper = full here, but for
// Mode: the full mode already runs the printed protocol).
func ConfigFor(mode string) (Config, error) {
	switch mode {
	case "quick":
		return Quick(), nil
	case "full", "paper":
		c := Full()
		c.Mode = mode
		return c, nil
	}
	return Config{}, klearn.Errorf(klearn.ErrParam, "afkanpour2013: mode %q, want quick, full or paper", mode)
}

// Atom is a learned frequency with its weight.
type Atom struct{ Weight, Sigma float64 }

// Results are the numbers behind the verdict. Errors are test
// misclassification in percent.
type Results struct {
	Mode             string
	Train, Val, Test int
	// H1 is our error for each row of H1Sets.
	H1 []float64
	// Errors of Methods, in their order, and the C (or μ for CR) chosen.
	Errors, Chosen []float64
	// CA and CR are the learned frequencies.
	CA, CR []Atom
	// Checks are the numerical checks of the analytic statements.
	Checks  []repro.Claim
	Elapsed time.Duration
}

type sample struct {
	X *mat.Dense
	y []float64
}

func draw(n int, seed uint64) (sample, error) {
	d, err := datasets.SineFrequency(n, seed)
	if err != nil {
		return sample{}, err
	}
	y, err := datasets.Binary(d)
	if err != nil {
		return sample{}, err
	}
	return sample{d.X, y}, nil
}

// errorPct is the misclassification of pred against y, in percent.
func errorPct(pred, y []float64) float64 {
	bad := 0
	for i := range y {
		if pred[i] != y[i] {
			bad++
		}
	}
	return 100 * float64(bad) / float64(len(y))
}

// grams holds a kernel's training Gram and its validation and test crosses.
type grams struct {
	K         *mat.SymDense
	Kval, Kte *mat.Dense
}

func gramsOf(k kernel.Kernel, tr, val, te sample) (grams, error) {
	K, err := kernel.Gram(k, tr.X)
	if err != nil {
		return grams{}, err
	}
	Kv, err := kernel.Cross(k, val.X, tr.X)
	if err != nil {
		return grams{}, err
	}
	Kt, err := kernel.Cross(k, te.X, tr.X)
	if err != nil {
		return grams{}, err
	}
	return grams{K, Kv, Kt}, nil
}

// selectC fits fit(C) for every C, keeps the one with the lowest
// validation error (the first on ties) and returns its test error and C.
func selectC(cs []float64, fit func(C float64) (val, test []float64, err error), yval, yte []float64) (float64, float64, error) {
	best, bestC, bestTest := math.Inf(1), 0.0, 0.0
	for _, C := range cs {
		pv, pt, err := fit(C)
		if err != nil {
			return 0, 0, err
		}
		if e := errorPct(pv, yval); e < best {
			best, bestC, bestTest = e, C, errorPct(pt, yte)
		}
	}
	return bestTest, bestC, nil
}

// svmOn is the SVM on one precomputed kernel, C chosen on validation.
func svmOn(g grams, cs []float64, tr, val, te sample) (float64, float64, error) {
	return selectC(cs, func(C float64) ([]float64, []float64, error) {
		m, err := svm.Classifier{C: C}.FitGram(g.K, tr.y)
		if err != nil {
			return nil, nil, err
		}
		pv, err := m.PredictGram(g.Kval)
		if err != nil {
			return nil, nil, err
		}
		pt, err := m.PredictGram(g.Kte)
		return pv, pt, err
	}, val.y, te.y)
}

// uniform is Σ_k κ_{σ_k} / |σ|.
func uniform(sigmas []float64) kernel.Kernel {
	ks := make([]kernel.Kernel, len(sigmas))
	w := make([]float64, len(sigmas))
	for i, s := range sigmas {
		ks[i], w[i] = kernel.Dirichlet{Sigma: s}, 1/float64(len(sigmas))
	}
	return kernel.Sum{Kernels: ks, Weights: w}
}
