package klearntest_test

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/svm"
)

// The cross-package bad-input battery: every kind of bad input the public
// API must survive, over every exported package (kernel, datasets, metrics,
// modelsel, preprocess, svm, krr, mkl and its subpackages, opt, viz). Each
// case runs under recover and klearntest.BatteryTimeout, so a new panic or
// hang fails go test. The kinds:
//
//  1. unbounded sizes (degrees, sample counts, bins, pixel sizes) refused
//     before any allocation;
//  2. data the function can check: empty and nil matrices, nil receivers,
//     nil kernels in lists, out-of-range indices, labels outside the classes;
//  3. NaN or Inf inputs never passed through as an answer;
//  4. preconditions (enum values, domains) enforced;
//  5. extreme finite inputs (1e±200, ±MaxFloat64) give the true answer when
//     it is representable, an error otherwise, never NaN or Inf;
//  6. solvers do not claim success on unbounded problems;
//  7. indefinite Grams are refused (ErrNotPSD) or give a finite answer as
//     documented.

var (
	nan = math.NaN()
	inf = math.Inf(1)
	big = math.MaxFloat64
)

func err1[T any](_ T, err error) error { return err }

func err2[T, U any](_ T, _ U, err error) error { return err }

// scalar is the answer of a Finite case on a function returning one number.
func scalar(v float64, err error) ([]float64, error) { return []float64{v}, err }

func scaled(M mat.Matrix, s float64) *mat.Dense {
	var out mat.Dense
	out.Scale(s, M)
	return &out
}

func symScaled(K mat.Symmetric, s float64) *mat.SymDense {
	n := K.SymmetricDim()
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out.SetSym(i, j, s*K.At(i, j))
		}
	}
	return out
}

func withNaN(M *mat.Dense, v float64) *mat.Dense {
	out := mat.DenseCopyOf(M)
	out.Set(0, 0, v)
	return out
}

func symWithNaN(K *mat.SymDense, v float64) *mat.SymDense {
	out := mat.NewSymDense(K.SymmetricDim(), nil)
	out.CopySym(K)
	out.SetSym(0, 1, v)
	return out
}

// fixture is a small well-posed binary problem shared by the cases.
type fixture struct {
	X, Xte *mat.Dense
	y      []float64
	K      *mat.SymDense // linear, PSD
	Kn     *mat.SymDense // cosine, unit diagonal
	Kte    *mat.Dense    // test × train
	neg    *mat.SymDense // −K, negative semi-definite
	Ks     []*mat.SymDense
	Ktes   []*mat.Dense
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	X := mat.NewDense(8, 2, []float64{0, .1, .2, 0, .1, .3, .3, .2, 2, 2.1, 2.2, 2, 2.1, 2.3, 2.3, 2.2})
	Xte := mat.NewDense(3, 2, []float64{0, 0, 2, 2, 1, 1})
	y := []float64{-1, -1, -1, -1, 1, 1, 1, 1}
	f := &fixture{X: X, Xte: Xte, y: y}
	var err error
	if f.K, err = kernel.Gram(kernel.Linear{}, X); err != nil {
		t.Fatal(err)
	}
	if f.Kn, err = kernel.NormalizeGram(f.K); err != nil {
		t.Fatal(err)
	}
	if f.Kte, err = kernel.Cross(kernel.Linear{}, Xte, X); err != nil {
		t.Fatal(err)
	}
	f.neg = symScaled(f.K, -1)
	rbf, err := kernel.Gram(kernel.RBF{Gamma: 1}, X)
	if err != nil {
		t.Fatal(err)
	}
	rbfte, err := kernel.Cross(kernel.RBF{Gamma: 1}, Xte, X)
	if err != nil {
		t.Fatal(err)
	}
	f.Ks = []*mat.SymDense{f.Kn, rbf}
	cte, err := hpk.CosineCross(Xte, X)
	if err != nil {
		t.Fatal(err)
	}
	f.Ktes = []*mat.Dense{cte, rbfte}
	return f
}

func TestBatteryKernel(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	X := f.X
	empty := &mat.Dense{}
	gram := func(k kernel.Kernel, X mat.Matrix) func() error {
		return func() error { return err1(kernel.Gram(k, X)) }
	}
	var cases []klearntest.Case
	// Kind 1: sizes.
	cases = append(cases,
		klearntest.Bad("TK degree 30", gram(kernel.TK{Degree: 30}, X), klearn.ErrParam),
		klearntest.Bad("TK degree -1", gram(kernel.TK{Degree: -1}, X), klearn.ErrParam),
		klearntest.Bad("GPK degree 1000", gram(kernel.GPK{Degree: 1000}, X), nil),
		klearntest.Bad("TKSize(60, 60)", func() error { return err1(kernel.TKSize(60, 60)) }, klearn.ErrParam),
		klearntest.Bad("TKSize(1<<40, 1<<40)", func() error { return err1(kernel.TKSize(1<<40, 1<<40)) }, klearn.ErrParam),
		klearntest.Bad("TKSize(-1, 2)", func() error { return err1(kernel.TKSize(-1, 2)) }, klearn.ErrParam),
		klearntest.Bad("DPPPolynomial(1<<40, 1)", func() error { return err1(kernel.DPPPolynomial(1<<40, 1)) }, klearn.ErrParam),
		klearntest.Bad("DPPRBF(1, 1<<40)", func() error { return err1(kernel.DPPRBF(1, 1<<40)) }, klearn.ErrParam),
		klearntest.Bad("DPPRBFPaperTypo(1, 1<<40)", func() error { return err1(kernel.DPPRBFPaperTypo(1, 1<<40)) }, klearn.ErrParam),
		klearntest.Bad("DPPRationalQuadratic(1, 1<<40)", func() error { return err1(kernel.DPPRationalQuadratic(1, 1<<40)) }, klearn.ErrParam),
		klearntest.Bad("DPPRationalQuadraticPaperTypo(1, 1<<40)", func() error { return err1(kernel.DPPRationalQuadraticPaperTypo(1, 1<<40)) }, klearn.ErrParam),
		klearntest.Bad("DPPCauchy(1, 1<<40)", func() error { return err1(kernel.DPPCauchy(1, 1<<40)) }, klearn.ErrParam),
		klearntest.Bad("GPKPolynomial(20, 5): P would take 21 GiB", func() error { return err1(kernel.GPKPolynomial(20, 5)) }, klearn.ErrParam),
		klearntest.Bad("GPKPolynomial(3, 400)", func() error { return err1(kernel.GPKPolynomial(3, 400)) }, klearn.ErrParam),
		klearntest.Bad("Monomials(1<<30, 3)", func() error { return err1(kernel.Monomials(1<<30, 3)) }, klearn.ErrParam),
		klearntest.Bad("Monomials(1<<19, 1): 2 TiB of exponents", func() error { return err1(kernel.Monomials(1<<19, 1)) }, klearn.ErrParam),
		klearntest.Bad("MonomialCount(-1, 2)", func() error { return err1(kernel.MonomialCount(-1, 2)) }, klearn.ErrParam),
		klearntest.Bad("ImageBlocks huge", func() error { return err1(kernel.ImageBlocks(1<<40, 1<<40, 1, 1)) }, nil),
		klearntest.Bad("ImageBlocks zero block", func() error { return err1(kernel.ImageBlocks(4, 4, 0, 2)) }, nil),
		maybe("DPP long Coef Gram", gram(kernel.DPP{Coef: make([]float64, 1<<17)}, X)),
		klearntest.Bad("Power D 1<<40", gram(kernel.Power{K: kernel.Linear{}, D: 1 << 40}, X), nil),
		klearntest.Bad("Power D -1", gram(kernel.Power{K: kernel.Linear{}, D: -1}, X), klearn.ErrParam),
		klearntest.Bad("Polynomial degree -3", gram(kernel.Polynomial{Degree: -3, Gamma: 1}, X), klearn.ErrParam),
	)
	// Kind 2: empty, nil, out of range.
	cases = append(cases,
		klearntest.Bad("Gram nil kernel", gram(nil, X), nil),
		klearntest.Bad("Gram nil X", gram(kernel.Linear{}, nil), nil),
		klearntest.Bad("Gram nil *Dense", gram(kernel.Linear{}, (*mat.Dense)(nil)), nil),
		klearntest.Bad("Gram empty", gram(kernel.RBF{Gamma: 1}, empty), klearn.ErrEmpty),
		klearntest.Bad("Cross empty", func() error { return err1(kernel.Cross(kernel.Linear{}, empty, X)) }, klearn.ErrEmpty),
		klearntest.Bad("Cross nil", func() error { return err1(kernel.Cross(kernel.Linear{}, nil, X)) }, nil),
		klearntest.Bad("Diag nil kernel", func() error { return err1(kernel.Diag(nil, X)) }, nil),
		klearntest.Bad("Sum nil member", gram(kernel.Sum{Kernels: []kernel.Kernel{kernel.Linear{}, nil}}, X), nil),
		klearntest.Bad("Product nil member", gram(kernel.Product{Kernels: []kernel.Kernel{nil}}, X), nil),
		klearntest.Bad("Scaled nil", gram(kernel.Scaled{C: 1}, X), nil),
		klearntest.Bad("Normalized nil", gram(kernel.Normalized{}, X), nil),
		klearntest.Bad("Power nil", gram(kernel.Power{D: 2}, X), nil),
		klearntest.Bad("Feature index out of range", gram(kernel.Feature{Index: 5}, X), klearn.ErrShape),
		klearntest.Bad("Feature index negative", gram(kernel.Feature{Index: -1}, X), nil),
		klearntest.Bad("BlockGaussian block index out of range", gram(kernel.BlockGaussian{Blocks: [][]int{{0, 7}}, Sigma: []float64{1}}, X), nil),
		klearntest.Bad("Combine nil kernel", func() error { return err1(kernel.Combine([]float64{1, 1}, []*mat.SymDense{f.K, nil})) }, nil),
		klearntest.Bad("Combine empty", func() error { return err1(kernel.Combine(nil, nil)) }, nil),
		klearntest.Bad("CombineCross nil kernel", func() error { return err1(kernel.CombineCross([]float64{1}, []*mat.Dense{nil})) }, nil),
		klearntest.Bad("NormalizeGram nil", func() error { return err1(kernel.NormalizeGram(nil)) }, nil),
		klearntest.Bad("NormalizeGram empty", func() error { return err1(kernel.NormalizeGram(&mat.SymDense{})) }, nil),
		klearntest.Bad("TraceNormalize nil", func() error { return err1(kernel.TraceNormalize(nil)) }, nil),
		klearntest.Bad("TraceNormalize zero", func() error { return err1(kernel.TraceNormalize(mat.NewSymDense(2, nil))) }, nil),
		klearntest.Bad("IsPSD nil", func() error { return err1(kernel.IsPSD(nil, 0)) }, nil),
		klearntest.Bad("MinEigen nil", func() error { return err1(kernel.MinEigen(nil)) }, nil),
		klearntest.Bad("MinEigen empty", func() error { return err1(kernel.MinEigen(&mat.SymDense{})) }, nil),
		klearntest.Bad("SquaredDistances nil", func() error { return err1(kernel.SquaredDistances(nil)) }, nil),
		klearntest.Bad("FeatureGrams nil", func() error { return err1(kernel.FeatureGrams(nil)) }, nil),
		klearntest.Bad("FeatureCrosses width", func() error { return err1(kernel.FeatureCrosses(f.Xte, mat.NewDense(2, 3, nil))) }, klearn.ErrShape),
		klearntest.Bad("NormalizeCross short diag", func() error { return err1(kernel.NormalizeCross(f.Kte, []float64{1}, nil)) }, nil),
		klearntest.Bad("Validate nil", func() error { return kernel.Validate(nil, 2) }, nil),
		klearntest.Bad("ARDFromSigma negative", func() error { return err1(kernel.ARDFromSigma([]float64{-1})) }, klearn.ErrParam),
	)
	// Kind 3: non-finite input.
	cases = append(cases,
		klearntest.Bad("Gram NaN X", gram(kernel.RBF{Gamma: 1}, withNaN(X, nan)), klearn.ErrNotFinite),
		klearntest.Bad("Gram RBF NaN gamma", gram(kernel.RBF{Gamma: nan}, X), klearn.ErrParam),
		klearntest.Bad("Combine NaN weight", func() error { return err1(kernel.Combine([]float64{nan}, []*mat.SymDense{f.K})) }, nil),
		klearntest.Bad("Combine Inf kernel", func() error { return err1(kernel.Combine([]float64{1}, []*mat.SymDense{symWithNaN(f.K, inf)})) }, nil),
		klearntest.Bad("NormalizeGram NaN", func() error { return err1(kernel.NormalizeGram(symWithNaN(f.K, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("MinEigen NaN", func() error { return err1(kernel.MinEigen(symWithNaN(f.K, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("IsPSD NaN", func() error { return err1(kernel.IsPSD(symWithNaN(f.K, nan), 0)) }, klearn.ErrNotFinite),
		klearntest.Bad("Polynomial overflow", gram(kernel.Polynomial{Degree: 60, Gamma: 1e10, Coef0: 1}, X), klearn.ErrNotFinite),
	)
	// Kind 5: extreme finite inputs whose true answers are representable.
	for _, s := range []float64{1e200, 1e-200} {
		s := s
		cases = append(cases,
			klearntest.Finite("Gram RBF scaled", func() ([]float64, error) {
				K, err := kernel.Gram(kernel.RBF{Gamma: 1 / s / s}, scaled(X, s))
				return klearntest.Values(K), err
			}),
			klearntest.Finite("Gram Laplacian scaled", func() ([]float64, error) {
				K, err := kernel.Gram(kernel.Laplacian{Gamma: 1 / s}, scaled(X, s))
				return klearntest.Values(K), err
			}),
			klearntest.Finite("Gram RationalQuadratic scaled", func() ([]float64, error) {
				K, err := kernel.Gram(kernel.RationalQuadratic{C: s * s}, scaled(X, s))
				return klearntest.Values(K), err
			}),
			klearntest.Finite("Gram ARD scaled", func() ([]float64, error) {
				k, err := kernel.ARDFromSigma([]float64{s, s})
				if err != nil {
					return nil, err
				}
				K, err := kernel.Gram(k, scaled(X, s))
				return klearntest.Values(K), err
			}),
			klearntest.Finite("Gram NormalizedHPK scaled", func() ([]float64, error) {
				K, err := kernel.Gram(kernel.NormalizedHPK{Degree: 3}, scaled(X, s))
				return klearntest.Values(K), err
			}),
			klearntest.Finite("NormalizeGram scaled", func() ([]float64, error) {
				K, err := kernel.NormalizeGram(symScaled(f.K, s))
				return klearntest.Values(K), err
			}),
			klearntest.Finite("TraceNormalize scaled", func() ([]float64, error) {
				K, err := kernel.TraceNormalize(symScaled(f.K, s))
				return klearntest.Values(K), err
			}),
			klearntest.Finite("MinEigen scaled", func() ([]float64, error) { return scalar(kernel.MinEigen(symScaled(f.K, s))) }),
			klearntest.Finite("Cross RBF MaxFloat", func() ([]float64, error) {
				K, err := kernel.Cross(kernel.RBF{Gamma: 1}, mat.NewDense(1, 1, []float64{big}), mat.NewDense(1, 1, []float64{-big}))
				return klearntest.Values(K), err
			}),
		)
	}
	klearntest.Battery(t, cases)
}

func TestBatteryMetrics(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var cases []klearntest.Case
	y := []float64{1, 2, 3, 4}
	yh := []float64{1.5, 1.5, 3.5, 3}
	lab := []float64{-1, 1, -1, 1}
	score := []float64{.1, .4, .35, .8}
	// Kinds 2–3.
	cases = append(cases,
		klearntest.Bad("MSE empty", func() error { return err1(metrics.MSE(nil, nil)) }, klearn.ErrEmpty),
		klearntest.Bad("MSE lengths", func() error { return err1(metrics.MSE(y, yh[:2])) }, klearn.ErrShape),
		klearntest.Bad("MSE NaN", func() error { return err1(metrics.MSE([]float64{nan}, []float64{1})) }, klearn.ErrNotFinite),
		klearntest.Finite("R2 constant y (documented: 0)", func() ([]float64, error) { return scalar(metrics.R2([]float64{1, 1}, []float64{1, 2})) }),
		klearntest.Bad("AUC one class", func() error { return err1(metrics.AUC([]float64{1, 1}, []float64{.1, .2})) }, nil),
		klearntest.Bad("AUC NaN score", func() error { return err1(metrics.AUC(lab, []float64{nan, 1, 2, 3})) }, klearn.ErrNotFinite),
		klearntest.Bad("Accuracy empty", func() error { return err1(metrics.Accuracy(nil, nil)) }, klearn.ErrEmpty),
		klearntest.Bad("Alignment nil", func() error { return err1(metrics.Alignment(nil, f.K)) }, nil),
		klearntest.Bad("Alignment shapes", func() error { return err1(metrics.Alignment(f.K, mat.NewSymDense(2, nil))) }, klearn.ErrShape),
		klearntest.Bad("Alignment zero", func() error { return err1(metrics.Alignment(f.K, mat.NewSymDense(8, nil))) }, nil),
		klearntest.Bad("CenteredAlignment NaN", func() error { return err1(metrics.CenteredAlignment(symWithNaN(f.K, nan), f.K)) }, klearn.ErrNotFinite),
		klearntest.Bad("TargetAlignment lengths", func() error { return err1(metrics.TargetAlignment(f.K, y)) }, klearn.ErrShape),
		klearntest.Bad("SpectralRatio empty", func() error { return err1(metrics.SpectralRatio(&mat.SymDense{})) }, nil),
		klearntest.Bad("SpectralRatio nil", func() error { return err1(metrics.SpectralRatio(nil)) }, nil),
		klearntest.Bad("Frobenius nil", func() error { return err1(metrics.Frobenius(nil, f.K)) }, nil),
		klearntest.Bad("FrobeniusNorm empty", func() error { return err1(metrics.FrobeniusNorm(&mat.Dense{})) }, nil),
		klearntest.Bad("MEBRadiusApprox nil", func() error { return err1(metrics.MEBRadiusApprox(nil)) }, nil),
		klearntest.Bad("MEBRadiusApprox NaN", func() error { return err1(metrics.MEBRadiusApprox(symWithNaN(f.K, nan))) }, klearn.ErrNotFinite),
	)
	// Kind 7: −K is not a kernel matrix.
	cases = append(cases,
		klearntest.Bad("SpectralRatio −K", func() error { return err1(metrics.SpectralRatio(f.neg)) }, klearn.ErrNotPSD),
		klearntest.Bad("StandardizedSpectralRatio −K", func() error { return err1(metrics.StandardizedSpectralRatio(f.neg)) }, klearn.ErrNotPSD),
	)
	// Kind 5: overflow where the answer is representable (1e200 data: the
	// squared residuals overflow, the metrics do not; 1e153: MSE itself fits).
	for _, s := range []float64{1e153, 1e200, 1e-200, big / 8} {
		s := s
		ys, yhs := scaledSlice(y, s), scaledSlice(yh, s)
		cases = append(cases,
			klearntest.Finite("RMSE scaled", func() ([]float64, error) { return scalar(metrics.RMSE(ys, yhs)) }),
			klearntest.Finite("R2 scaled", func() ([]float64, error) { return scalar(metrics.R2(ys, yhs)) }),
			klearntest.Finite("MSE scaled", func() ([]float64, error) { return scalar(metrics.MSE(ys, yhs)) }),
			klearntest.Finite("AUC scaled", func() ([]float64, error) { return scalar(metrics.AUC(lab, scaledSlice(score, s))) }),
			klearntest.Finite("Alignment scaled", func() ([]float64, error) { return scalar(metrics.Alignment(symScaled(f.K, s), symScaled(f.Kn, s))) }),
			klearntest.Finite("CenteredAlignment scaled", func() ([]float64, error) {
				return scalar(metrics.CenteredAlignment(symScaled(f.K, s), symScaled(f.Kn, s)))
			}),
			klearntest.Finite("TargetAlignment scaled", func() ([]float64, error) {
				return scalar(metrics.TargetAlignment(symScaled(f.K, s), scaledSlice(f.y, s)))
			}),
			klearntest.Finite("CenteredTargetAlignment scaled", func() ([]float64, error) {
				return scalar(metrics.CenteredTargetAlignment(symScaled(f.K, s), scaledSlice(f.y, s)))
			}),
			klearntest.Finite("SpectralRatio scaled", func() ([]float64, error) { return scalar(metrics.SpectralRatio(symScaled(f.K, s))) }),
			klearntest.Finite("StandardizedSpectralRatio scaled", func() ([]float64, error) { return scalar(metrics.StandardizedSpectralRatio(symScaled(f.K, s))) }),
			klearntest.Finite("FrobeniusNorm scaled", func() ([]float64, error) { return scalar(metrics.FrobeniusNorm(symScaled(f.K, s))) }),
			klearntest.Finite("Frobenius scaled", func() ([]float64, error) { return scalar(metrics.Frobenius(symScaled(f.K, s), symScaled(f.Kn, 1/s))) }),
			klearntest.Finite("MEBRadiusApprox scaled", func() ([]float64, error) { return scalar(metrics.MEBRadiusApprox(symScaled(f.K, s))) }),
			klearntest.Finite("CosineGram scaled", func() ([]float64, error) { K, err := hpk.CosineGram(scaled(f.X, s)); return klearntest.Values(K), err }),
			klearntest.Finite("CosineCross scaled", func() ([]float64, error) {
				K, err := hpk.CosineCross(scaled(f.Xte, s), scaled(f.X, s))
				return klearntest.Values(K), err
			}),
		)
	}
	klearntest.Battery(t, cases)
	// The scale-invariant metrics equal their unscaled values.
	for _, s := range []float64{1e200, 1e-200} {
		a, _ := metrics.Alignment(f.K, f.Kn)
		b, err := metrics.Alignment(symScaled(f.K, s), symScaled(f.Kn, s))
		if err != nil || !klearntest.Close(a, b, 1e-12) {
			t.Errorf("Alignment at scale %g = %v (%v), unscaled %v", s, b, err, a)
		}
		r, _ := metrics.R2(y, yh)
		rs, err := metrics.R2(scaledSlice(y, s), scaledSlice(yh, s))
		if err != nil || !klearntest.Close(r, rs, 1e-12) {
			t.Errorf("R2 at scale %g = %v (%v), unscaled %v", s, rs, err, r)
		}
		q, _ := metrics.SpectralRatio(f.K)
		qs, err := metrics.SpectralRatio(symScaled(f.K, s))
		if err != nil || !klearntest.Close(q, qs, 1e-12) {
			t.Errorf("SpectralRatio at scale %g = %v (%v), unscaled %v", s, qs, err, q)
		}
	}
}

func scaledSlice(v []float64, s float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = s * x
	}
	return out
}

func TestBatteryDatasetsModelselPreprocess(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := &datasets.Dataset{Name: "t", X: mat.DenseCopyOf(f.X), Y: []float64{0, 0, 0, 0, 1, 1, 1, 1}, Classes: []string{"a", "b"}}
	badLab := &datasets.Dataset{Name: "t", X: mat.DenseCopyOf(f.X), Y: []float64{0, 0, 0, 0, 1, 1, 1, 5}, Classes: []string{"a", "b"}}
	short := &datasets.Dataset{Name: "t", X: mat.DenseCopyOf(f.X), Y: []float64{0, 1}, Classes: []string{"a", "b"}}
	im := &datasets.Images{N: 2, Rows: 28, Cols: 28, Pixels: make([]uint8, 10), Labels: []uint8{1, 2}}
	huge := &datasets.Images{N: 1 << 40, Rows: 1 << 40, Cols: 1 << 40}
	var nilD *datasets.Dataset
	var nilIm *datasets.Images
	var nilT *preprocess.Transform
	cases := []klearntest.Case{
		// Kind 1: sizes.
		klearntest.Bad("Banana 1<<40", func() error { return err1(datasets.Banana(1<<40, 1)) }, klearn.ErrParam),
		klearntest.Bad("Banana -1", func() error { return err1(datasets.Banana(-1, 1)) }, nil),
		klearntest.Bad("Circle d 1<<40", func() error { return err1(datasets.Circle(10, 1<<40, 1)) }, klearn.ErrParam),
		klearntest.Bad("Circle n·d overflow", func() error { return err1(datasets.Circle(1<<32, 1<<32, 1)) }, klearn.ErrParam),
		klearntest.Bad("Friedman1 1<<40", func() error { return err1(datasets.Friedman1(1<<40, 1, 1)) }, klearn.ErrParam),
		klearntest.Bad("Friedman1 NaN noise", func() error { return err1(datasets.Friedman1(10, nan, 1)) }, klearn.ErrParam),
		klearntest.Bad("GaussianRelevance 1<<40", func() error { return err1(datasets.GaussianRelevance(1<<40, 1<<40, 1, 1)) }, klearn.ErrParam),
		klearntest.Bad("Ringnorm 1<<40", func() error { return err1(datasets.Ringnorm(1<<40, 20, 1)) }, klearn.ErrParam),
		klearntest.Bad("Waveform 1<<40", func() error { return err1(datasets.Waveform(1<<40, 1)) }, klearn.ErrParam),
		klearntest.Bad("SineFrequency 1<<40", func() error { return err1(datasets.SineFrequency(1<<40, 1)) }, klearn.ErrParam),
		klearntest.Bad("Gisette huge images", func() error { return err1(datasets.Gisette(huge, 10, 1)) }, nil),
		klearntest.Bad("Images huge Dataset", func() error { return err1(huge.Dataset("x", []int{0})) }, nil),
		klearntest.Bad("KFold 1<<40", func() error { return err1(modelsel.KFold(1<<40, 5, 1)) }, klearn.ErrParam),
		klearntest.Bad("KFold k > n", func() error { return err1(modelsel.KFold(3, 5, 1)) }, nil),
		klearntest.Bad("RepeatedSplits reps 1<<40", func() error { return err1(modelsel.RepeatedSplits(10, 1<<40, .3, 1)) }, klearn.ErrParam),
		klearntest.Bad("RepeatedSplits n 1<<40", func() error { return err1(modelsel.RepeatedSplits(1<<40, 2, .3, 1)) }, klearn.ErrParam),
		klearntest.Bad("StratifiedRepeatedSplits reps 1<<40", func() error {
			return err1(modelsel.StratifiedRepeatedSplits(f.y, 1<<40, .3, 1))
		}, klearn.ErrParam),
		klearntest.Bad("TrainValTest 1<<40", func() error { return err1(modelsel.TrainValTest(1<<40, .2, .2, 1)) }, klearn.ErrParam),
		klearntest.Bad("TrainValTest fractions", func() error { return err1(modelsel.TrainValTest(10, .7, .7, 1)) }, klearn.ErrParam),
		// Kind 2: nil receivers, nil arguments, labels outside the classes.
		klearntest.Bad("Sample nil", func() error { return err1(datasets.Sample(nil, []int{1}, 1)) }, nil),
		klearntest.Bad("Sample labels outside classes", func() error { return err1(datasets.Sample(badLab, []int{1, 1}, 1)) }, nil),
		klearntest.Bad("Sample perClass length", func() error { return err1(datasets.Sample(d, []int{1}, 1)) }, nil),
		klearntest.Bad("Sample negative", func() error { return err1(datasets.Sample(d, []int{-1, 1}, 1)) }, nil),
		klearntest.Bad("Sample too many", func() error { return err1(datasets.Sample(d, []int{100, 1}, 1)) }, nil),
		klearntest.Bad("Subset out of range", func() error { return err1(datasets.Subset(d, []int{0, 99})) }, nil),
		klearntest.Bad("Subset nil", func() error { return err1(datasets.Subset(nil, []int{0})) }, nil),
		klearntest.Bad("Unique label/row mismatch", func() error { return err1(datasets.Unique(short)) }, klearn.ErrShape),
		klearntest.Bad("Unique nil", func() error { return err1(datasets.Unique(nil)) }, nil),
		klearntest.Bad("OneHot nil", func() error { return err1(datasets.OneHot(nil)) }, nil),
		klearntest.Bad("OneHot mismatch", func() error { return err1(datasets.OneHot(short)) }, nil),
		klearntest.Bad("Binary labels outside", func() error { return err1(datasets.Binary(badLab, "a")) }, nil),
		klearntest.Bad("Binary unknown class", func() error { return err1(datasets.Binary(d, "zz")) }, nil),
		klearntest.Bad("Binary nil", func() error { return err1(datasets.Binary(nil)) }, nil),
		klearntest.Bad("OneVsRest nil", func() error { return err1(datasets.OneVsRest(nil)) }, nil),
		klearntest.Bad("OneVsRest labels outside", func() error { return err1(datasets.OneVsRest(badLab)) }, nil),
		klearntest.Bad("Dataset nil Validate", func() error { return nilD.Validate() }, nil),
		klearntest.Bad("Images nil Dataset", func() error { return err1(nilIm.Dataset("x", nil)) }, nil),
		klearntest.Bad("Images short pixels", func() error { return err1(im.Dataset("x", []int{0, 1})) }, nil),
		klearntest.Bad("Images index out of range", func() error {
			return err1((&datasets.Images{N: 1, Rows: 1, Cols: 1, Pixels: []uint8{1}, Labels: []uint8{1}}).Dataset("x", []int{3}))
		}, nil),
		klearntest.Bad("Gisette nil", func() error { return err1(datasets.Gisette(nil, 10, 1)) }, nil),
		klearntest.Bad("Gisette short pixels", func() error { return err1(datasets.Gisette(im, 2, 1)) }, nil),
		klearntest.Bad("Info unknown", func() error { return err1(datasets.Info("no-such-set")) }, nil),
		klearntest.Bad("StratifiedKFold NaN", func() error { return err1(modelsel.StratifiedKFold([]float64{nan, 1, 1, 0}, 2, 1)) }, klearn.ErrNotFinite),
		klearntest.Bad("StratifiedKFold k 0", func() error { return err1(modelsel.StratifiedKFold(f.y, 0, 1)) }, klearn.ErrParam),
		// The slicing helpers: negative, too large and nil, never a panic.
		klearntest.Bad("Rows negative", func() error { return err1(klearn.Rows(f.X, []int{0, -1})) }, klearn.ErrShape),
		klearntest.Bad("Rows too large", func() error { return err1(klearn.Rows(f.X, []int{8})) }, klearn.ErrShape),
		klearntest.Bad("Rows nil", func() error { return err1(klearn.Rows(nil, []int{0})) }, klearn.ErrEmpty),
		klearntest.Bad("Rows typed nil", func() error { return err1(klearn.Rows((*mat.Dense)(nil), []int{0})) }, klearn.ErrEmpty),
		klearntest.Bad("Rows typed nil VecDense", func() error { return err1(klearn.Rows((*mat.VecDense)(nil), nil)) }, klearn.ErrEmpty),
		klearntest.Bad("Rows repeated index 1<<40 bytes", func() error {
			return err1(klearn.Rows(mat.NewDense(1, 1<<20, nil), make([]int, 1<<20)))
		}, klearn.ErrParam),
		klearntest.Bad("Take negative", func() error { return err1(klearn.Take(f.y, []int{-3})) }, klearn.ErrShape),
		klearntest.Bad("Take too large", func() error { return err1(klearn.Take(f.y, []int{1, 8})) }, klearn.ErrShape),
		klearntest.Bad("Take nil y", func() error { return err1(klearn.Take(nil, []int{0})) }, klearn.ErrShape),
		klearntest.Bad("SubGram negative", func() error { return err1(kernel.SubGram(f.K, []int{-1, 2})) }, klearn.ErrShape),
		klearntest.Bad("SubGram too large", func() error { return err1(kernel.SubGram(f.K, []int{0, 1 << 40})) }, klearn.ErrShape),
		klearntest.Bad("SubGram nil", func() error { return err1(kernel.SubGram(nil, []int{0})) }, klearn.ErrEmpty),
		klearntest.Bad("SubGram repeated index 1<<43 bytes", func() error { return err1(kernel.SubGram(f.K, make([]int, 1<<20))) }, klearn.ErrParam),
		klearntest.Bad("CrossGram negative row", func() error { return err1(kernel.CrossGram(f.K, []int{-1}, []int{0})) }, klearn.ErrShape),
		klearntest.Bad("CrossGram too large column", func() error { return err1(kernel.CrossGram(f.K, []int{0}, []int{8})) }, klearn.ErrShape),
		klearntest.Bad("CrossGram nil", func() error { return err1(kernel.CrossGram(nil, nil, nil)) }, klearn.ErrEmpty),
		klearntest.Bad("SubGrams index beyond the smaller kernel", func() error {
			return err1(kernel.SubGrams([]*mat.SymDense{f.K, mat.NewSymDense(3, nil)}, []int{0, 5}))
		}, klearn.ErrShape),
		klearntest.Bad("SubGrams nil kernel", func() error { return err1(kernel.SubGrams([]*mat.SymDense{f.K, nil}, []int{0})) }, klearn.ErrEmpty),
		klearntest.Bad("SubGrams negative", func() error { return err1(kernel.SubGrams(f.Ks, []int{-2})) }, klearn.ErrShape),
		klearntest.Bad("CrossGrams too large", func() error { return err1(kernel.CrossGrams(f.Ks, []int{9}, []int{0})) }, klearn.ErrShape),
		klearntest.Bad("CrossGrams nil kernel", func() error { return err1(kernel.CrossGrams([]*mat.SymDense{nil}, nil, nil)) }, klearn.ErrEmpty),
		klearntest.Bad("Within negative position", func() error {
			return err1(modelsel.Within([]int{4, 5, 6}, []modelsel.Split{{Train: []int{0, -1}, Test: []int{2}}}))
		}, klearn.ErrShape),
		klearntest.Bad("Within position beyond the subset", func() error {
			return err1(modelsel.Within([]int{4, 5, 6}, []modelsel.Split{{Train: []int{0, 1}, Test: []int{3}}}))
		}, klearn.ErrShape),
		klearntest.Bad("Within nil subset", func() error { return err1(modelsel.Within(nil, []modelsel.Split{{Train: []int{0}}})) }, klearn.ErrShape),
		klearntest.Bad("GridSearch no candidates", func() error {
			return err1(modelsel.GridSearch([]int{}, []modelsel.Split{{Train: []int{0}, Test: []int{1}}}, func(int, modelsel.Split) (float64, error) { return 0, nil }, modelsel.SearchOptions{}))
		}, nil),
		klearntest.Bad("GridSearch NaN score", func() error {
			return err1(modelsel.GridSearch([]int{1, 2}, []modelsel.Split{{Train: []int{0}, Test: []int{1}}}, func(int, modelsel.Split) (float64, error) { return nan, nil }, modelsel.SearchOptions{}))
		}, nil),
		klearntest.Bad("ScaleCenter train out of range", func() error { return err1(preprocess.ScaleCenter(f.X, []int{0, 99})) }, nil),
		klearntest.Bad("ScaleCenter nil", func() error { return err1(preprocess.ScaleCenter(nil, nil)) }, nil),
		klearntest.Bad("UnitNorm nil", func() error { return err1(preprocess.UnitNorm(nil)) }, nil),
		klearntest.Bad("UnitNorm empty", func() error { return err1(preprocess.UnitNorm(&mat.Dense{})) }, nil),
		klearntest.Bad("Standardizer NaN", func() error { return err1(preprocess.Standardizer{}.Fit(withNaN(f.X, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("MinMax empty", func() error { return err1(preprocess.MinMax{}.Fit(&mat.Dense{})) }, nil),
		klearntest.Bad("Transform nil receiver", func() error { return err1(nilT.Transform(f.X)) }, nil),
		klearntest.Bad("Transform zero value", func() error { return err1((&preprocess.Transform{}).Transform(f.X)) }, nil),
		klearntest.Bad("Transform width", func() error {
			tr, err := preprocess.Centerer{}.Fit(f.X)
			if err != nil {
				return err
			}
			return err1(tr.Transform(mat.NewDense(2, 5, nil)))
		}, klearn.ErrShape),
	}
	// Kind 5: extreme but finite features.
	for _, s := range []float64{1e200, big / 4, 1e-300} {
		s := s
		cases = append(cases,
			klearntest.Finite("Standardizer scaled", func() ([]float64, error) {
				tr, err := preprocess.Standardizer{}.Fit(scaled(f.X, s))
				if err != nil {
					return nil, err
				}
				Z, err := tr.Transform(scaled(f.X, s))
				return klearntest.Values(Z, tr.Scale(), tr.Shift()), err
			}),
			klearntest.Finite("MinMax scaled", func() ([]float64, error) {
				tr, err := preprocess.MinMax{}.Fit(scaled(f.X, s))
				if err != nil {
					return nil, err
				}
				Z, err := tr.Transform(scaled(f.X, s))
				return klearntest.Values(Z, tr.Scale(), tr.Shift()), err
			}),
			klearntest.Finite("ScaleCenter scaled", func() ([]float64, error) {
				Z, err := preprocess.ScaleCenter(scaled(f.X, s), []int{0, 1, 2, 5})
				return klearntest.Values(Z), err
			}),
			klearntest.Finite("UnitNorm scaled", func() ([]float64, error) {
				Z, err := preprocess.UnitNorm(scaled(f.X, s))
				return klearntest.Values(Z), err
			}),
		)
	}
	klearntest.Battery(t, cases)
}

func TestBatteryLearners(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var nilSVM *svm.Model
	var nilKRR *krr.Model
	var nilEasy *easymkl.Model
	var nilKOMD *easymkl.KOMDModel
	var nilSimple *simplemkl.Model
	var nilTK *tk.Model
	var nilNK *nkrr.Model
	var nilGH *ghkl.Model
	svmM, err := svm.Classifier{Kernel: kernel.Linear{}}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	krrM, err := krr.Regressor{Kernel: kernel.Linear{}, Lambda: 1}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	easy, err := easymkl.Learner{Lambda: .5}.FitGrams(f.Ks, f.y)
	if err != nil {
		t.Fatal(err)
	}
	simple, err := simplemkl.Learner{}.FitGrams(f.Ks, f.y)
	if err != nil {
		t.Fatal(err)
	}
	nk, err := nkrr.Regressor{Lambda: 1, Radius: 1}.FitGrams(f.Ks, f.y)
	if err != nil {
		t.Fatal(err)
	}
	nanTe := withNaN(f.Kte, nan)
	nanTes := []*mat.Dense{withNaN(f.Ktes[0], nan), f.Ktes[1]}
	outside := []modelsel.Split{{Train: []int{0, 1, 4, 5, 99}, Test: []int{2, 6}}}
	negative := []modelsel.Split{{Train: []int{0, 1, 4, -1}, Test: []int{2, 6}}}
	huge := svm.Classifier{Kernel: kernel.Polynomial{Degree: 300, Gamma: 1e3, Coef0: 1}, CacheMB: 1e-6}
	cases := []klearntest.Case{
		// Kind 2: nil receivers, nil kernels, out-of-range indices.
		klearntest.Bad("svm nil model", func() error { return err1(nilSVM.Predict(f.Xte)) }, klearn.ErrNotFitted),
		klearntest.Bad("svm nil model DecisionGram", func() error { return err1(nilSVM.DecisionGram(f.Kte)) }, klearn.ErrNotFitted),
		klearntest.Bad("svm zero model", func() error { return err1((&svm.Model{}).Predict(f.Xte)) }, klearn.ErrNotFitted),
		klearntest.Bad("svm nil kernel", func() error { return err1(svm.Classifier{}.Fit(f.X, f.y)) }, nil),
		klearntest.Bad("svm FitGram nil", func() error { return err1(svm.Classifier{}.FitGram(nil, f.y)) }, nil),
		klearntest.Bad("svm FitDense nil", func() error { return err1(svm.Classifier{}.FitDense(nil, f.y)) }, nil),
		klearntest.Bad("svm FitDense not square", func() error { return err1(svm.Classifier{}.FitDense(mat.NewDense(8, 3, nil), f.y)) }, klearn.ErrShape),
		klearntest.Bad("krr nil model", func() error { return err1(nilKRR.Predict(f.Xte)) }, klearn.ErrNotFitted),
		klearntest.Bad("krr nil kernel", func() error { return err1(krr.Regressor{}.Fit(f.X, f.y)) }, nil),
		klearntest.Bad("krr FitGram nil", func() error { return err1(krr.Regressor{}.FitGram(nil, f.y)) }, nil),
		klearntest.Bad("EasyMKL nil model", func() error { return err1(nilEasy.DecisionGrams(f.Ktes)) }, klearn.ErrNotFitted),
		klearntest.Bad("KOMD nil model", func() error { return err1(nilKOMD.DecisionGram(f.Kte)) }, klearn.ErrNotFitted),
		klearntest.Bad("SimpleMKL nil model", func() error { return err1(nilSimple.DecisionGrams(f.Ktes)) }, klearn.ErrNotFitted),
		klearntest.Bad("tk nil model", func() error { return err1(nilTK.Predict(f.Xte)) }, klearn.ErrNotFitted),
		klearntest.Bad("nkrr nil model", func() error { return err1(nilNK.DecisionGrams(f.Ktes)) }, klearn.ErrNotFitted),
		klearntest.Bad("ghkl nil model", func() error { return err1(nilGH.Predict(f.Xte)) }, klearn.ErrNotFitted),
		klearntest.Bad("EasyMKL nil kernel", func() error { return err1(easymkl.Learner{}.FitGrams([]*mat.SymDense{f.Kn, nil}, f.y)) }, nil),
		klearntest.Bad("EasyMKL no kernels", func() error { return err1(easymkl.Learner{}.FitGrams(nil, f.y)) }, nil),
		klearntest.Bad("SimpleMKL nil kernel", func() error { return err1(simplemkl.Learner{}.FitGrams([]*mat.SymDense{nil}, f.y)) }, nil),
		klearntest.Bad("LpMKL nil kernel", func() error { return err1(lpmkl.Learner{P: 2}.FitGrams([]*mat.SymDense{f.Kn, nil}, f.y)) }, nil),
		klearntest.Bad("Alignf nil kernel", func() error { return err1(alignf.Align{}.FitGrams([]*mat.SymDense{nil, f.Kn}, f.y)) }, nil),
		klearntest.Bad("AlignfSVM nil kernel", func() error { return err1(alignf.SVM{}.FitGrams([]*mat.SymDense{f.Kn, nil}, f.y)) }, nil),
		klearntest.Bad("nkrr nil kernel", func() error { return err1(nkrr.Regressor{Lambda: 1}.FitGrams([]*mat.SymDense{nil}, f.y)) }, nil),
		klearntest.Bad("EasyMKL model nil test kernel", func() error { return err1(easy.DecisionGrams([]*mat.Dense{nil, f.Ktes[1]})) }, nil),
		klearntest.Bad("EasyMKL model Combine nil", func() error { return err1(easy.Combine([]*mat.SymDense{f.Kn, nil})) }, nil),
		klearntest.Bad("SimpleMKL model nil test kernel", func() error { return err1(simple.DecisionGrams([]*mat.Dense{f.Ktes[0], nil})) }, nil),
		klearntest.Bad("nkrr model nil test kernel", func() error { return err1(nk.DecisionGrams([]*mat.Dense{nil, nil})) }, nil),
		klearntest.Bad("nkrr ScoreGrams index outside", func() error { return err1(nkrr.Regressor{Lambda: 1}.ScoreGrams(f.Ks, f.y, outside[0])) }, nil),
		klearntest.Bad("nkrr ScoreGrams negative index", func() error { return err1(nkrr.Regressor{Lambda: 1}.ScoreGrams(f.Ks, f.y, negative[0])) }, nil),
		klearntest.Bad("nkrr ScoreFeatures index outside", func() error { return err1(nkrr.Regressor{Lambda: 1}.ScoreFeatures(f.X, f.y, outside[0])) }, nil),
		klearntest.Bad("nkrr FitScoreFeatures index outside", func() error {
			return err2(nkrr.Regressor{Lambda: 1}.FitScoreFeatures(f.X, f.y, outside[0]))
		}, nil),
		klearntest.Bad("HPKFamily Source nil", func() error { return err1(hpk.Family{D: 3}.Source(nil)) }, nil),
		klearntest.Bad("HPKFamily CrossSource nil", func() error { return err1(hpk.Family{D: 3}.CrossSource(nil)) }, nil),
		klearntest.Bad("HPKFamily Grams nil", func() error { return err1(hpk.Family{D: 3}.Grams(nil)) }, nil),
		klearntest.Bad("EasyMKLAllPairs nil", func() error { return err1(easymkl.AllPairs{}.FitCosine(nil, f.y)) }, nil),
		klearntest.Bad("CenterOfMass empty", func() error { return err1(hpk.CenterOfMass(nil)) }, nil),
		klearntest.Bad("CenterOfMass NaN", func() error { return err1(hpk.CenterOfMass([]float64{nan, 1})) }, nil),
		klearntest.Bad("LpMKLUpdate lengths", func() error { return err1(lpmkl.Update([]float64{1}, []float64{1, 2}, 2)) }, nil),
		klearntest.Bad("LpMKLUpdate p < 1", func() error { return err1(lpmkl.Update([]float64{1}, []float64{1}, .5)) }, klearn.ErrParam),
		klearntest.Bad("tk Library nil", func() error { _, _, err := tk.Library(nil, nil, 1, 0, nil); return err }, nil),
		klearntest.Bad("tk nil X", func() error { return err1(tk.Learner{}.Fit(nil, f.y)) }, nil),
		klearntest.Bad("ghkl nil X", func() error { return err1(ghkl.Classifier{Rho: 2, C: 1}.Fit(nil, f.y)) }, nil),
		// Kind 1: sizes.
		klearntest.Bad("HPKFamily D 1<<21", func() error { return err1(hpk.Family{D: 1 << 21}.Grams(f.X)) }, klearn.ErrParam),
		klearntest.Bad("HPKFamily D 1<<40 Source", func() error { return err1(hpk.Family{D: 1 << 40}.Source(f.Kn)) }, klearn.ErrParam),
		klearntest.Bad("HPKFamily D negative", func() error { return err1(hpk.Family{D: -1}.Grams(f.X)) }, klearn.ErrParam),
		klearntest.Bad("HPKWeightsRBF 1<<40", func() error { return err1(hpk.WeightsRBF(1<<40, 1)) }, klearn.ErrParam),
		klearntest.Bad("HPKWeightsPolynomial 1<<40", func() error { return err1(hpk.WeightsPolynomial(1<<40, 1)) }, klearn.ErrParam),
		klearntest.Bad("HPKWeightsSum 1<<40", func() error { return err1(hpk.WeightsSum(1 << 40)) }, klearn.ErrParam),
		klearntest.Bad("HPKWeightsSingle 1<<40", func() error { return err1(hpk.WeightsSingle(1 << 40)) }, klearn.ErrParam),
		klearntest.Bad("RandomHPKFamily steps 1<<40", func() error { return err1(hpk.RandomFamily{Steps: 1 << 40}.Sample(3)) }, klearn.ErrParam),
		maybe("RandomHPKFamily m 1<<40", func() error { return err1(hpk.RandomFamily{Steps: 3}.Sample(1 << 40)) }),
		klearntest.Bad("tk RandomP 1<<40", func() error { return err1(tk.RandomP(1<<20, 1<<20, 1)) }, klearn.ErrParam),
		klearntest.Bad("tk Library degree 30", func() error {
			_, _, err := tk.Library(f.X, f.Xte, 30, 0, []*mat.SymDense{mat.NewSymDense(2, nil)})
			return err
		}, klearn.ErrParam),
		klearntest.Bad("tk Learner degree 30", func() error { return err1(tk.Learner{Degree: 30}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("nkrr degree 1<<40", func() error { return err1(nkrr.Regressor{Lambda: 1, Degree: 1 << 40}.FitGrams(f.Ks, f.y)) }, nil),
		klearntest.Bad("ghkl MaxActive 1<<40 MaxDepth -1", func() error { return err1(ghkl.Classifier{Rho: 2, C: 1, MaxDepth: -1}.Fit(f.X, f.y)) }, nil),
		// Kind 3: NaN test kernels and weights.
		klearntest.Bad("svm NaN test kernel", func() error { return err1(svmM.DecisionGram(nanTe)) }, klearn.ErrNotFinite),
		klearntest.Bad("svm NaN test X", func() error { return err1(svmM.Decision(withNaN(f.Xte, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("svm rows on demand overflow", func() error { return err1(huge.Fit(scaled(f.X, 10), f.y)) }, klearn.ErrNotFinite),
		klearntest.Bad("krr NaN test kernel", func() error { return err1(krrM.PredictGram(nanTe)) }, klearn.ErrNotFinite),
		klearntest.Bad("EasyMKL NaN test kernel", func() error { return err1(easy.PredictGrams(nanTes)) }, klearn.ErrNotFinite),
		klearntest.Bad("EasyMKL CombineCross NaN", func() error { return err1(easy.CombineCross(nanTes)) }, klearn.ErrNotFinite),
		klearntest.Bad("SimpleMKL NaN test kernel", func() error { return err1(simple.DecisionGrams(nanTes)) }, klearn.ErrNotFinite),
		klearntest.Bad("nkrr NaN test kernel", func() error { return err1(nk.DecisionGrams(nanTes)) }, klearn.ErrNotFinite),
		klearntest.Bad("CombineSource NaN weight", func() error { return err1(mkl.CombineSource([]float64{nan, 1}, mkl.GramList(f.Ks))) }, klearn.ErrNotFinite),
		klearntest.Bad("CombineSource Inf kernel", func() error {
			return err1(mkl.CombineSource([]float64{1, 1}, mkl.GramList{symWithNaN(f.Kn, inf), f.Kn}))
		}, klearn.ErrNotFinite),
		klearntest.Bad("kernel.Combine Inf weight", func() error { return err1(kernel.Combine([]float64{inf, 1}, f.Ks)) }, nil),
		klearntest.Bad("EasyMKL NaN Lambda", func() error { return err1(easymkl.Learner{Lambda: nan}.FitGrams(f.Ks, f.y)) }, klearn.ErrParam),
		klearntest.Bad("EasyMKL Lambda from negative paper Λ", func() error {
			lam, err := easymkl.LambdaFromPaper(-2)
			if err != nil {
				return err
			}
			return err1(easymkl.Learner{Lambda: lam}.FitGrams(f.Ks, f.y))
		}, klearn.ErrParam),
		klearntest.Bad("EasyMKL Lambda from NaN paper Λ", func() error {
			lam, err := easymkl.LambdaFromPaper(nan)
			if err != nil {
				return err
			}
			return err1(easymkl.Learner{Lambda: lam}.FitGrams(f.Ks, f.y))
		}, klearn.ErrParam),
		klearntest.Bad("krr NaN Lambda", func() error { return err1(krr.Regressor{Kernel: kernel.Linear{}, Lambda: nan}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("svm Inf C", func() error { return err1(svm.Classifier{Kernel: kernel.Linear{}, C: inf}.Fit(f.X, f.y)) }, klearn.ErrParam),
		// Kind 4: preconditions.
		klearntest.Bad("ProjectRadial unknown norm", func() error { return err1(nkrr.ProjectRadial([]float64{1, 2}, []float64{0, 0}, 1, nkrr.Norm(7))) }, klearn.ErrParam),
		klearntest.Bad("ProjectRadial negative radius", func() error { return err1(nkrr.ProjectRadial([]float64{1, 2}, []float64{0, 0}, -1, nkrr.L2)) }, klearn.ErrParam),
		klearntest.Bad("ProjectRadial lengths", func() error { return err1(nkrr.ProjectRadial([]float64{1, 2}, []float64{0}, 1, nkrr.L1)) }, klearn.ErrShape),
		klearntest.Bad("nkrr unknown norm", func() error {
			return err1(nkrr.Regressor{Lambda: 1, Radius: 1, Norm: nkrr.Norm(9)}.FitGrams(f.Ks, f.y))
		}, klearn.ErrParam),
		klearntest.Bad("svm unknown multiclass", func() error {
			return err1(svm.Classifier{Kernel: kernel.Linear{}, Multiclass: svm.Multiclass(9)}.Fit(f.X, []float64{0, 0, 1, 1, 2, 2, 0, 1}))
		}, klearn.ErrParam),
		klearntest.Bad("tk unknown method", func() error { return err1(tk.Learner{Method: tk.Method(9)}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("ghkl unknown solver", func() error { return err1(ghkl.Classifier{Rho: 2, C: 1, Solver: ghkl.Solver(9)}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("ghkl rho 3", func() error { return err1(ghkl.Classifier{Rho: 3, C: 1}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("RandomHPKFamily unknown rule", func() error { return err1(hpk.RandomFamily{Steps: 3, Rule: hpk.Rule(9)}.Sample(3)) }, klearn.ErrParam),
		// Kind 7: indefinite Grams.
		klearntest.Bad("svm FitGram −K", func() error { return err1(svm.Classifier{}.FitGram(f.neg, f.y)) }, klearn.ErrNotPSD),
		klearntest.Bad("krr FitGram −K", func() error { return err1(krr.Regressor{Lambda: 1e-3}.FitGram(f.neg, f.y)) }, nil),
		klearntest.Bad("KOMD FitGram −K", func() error { return err1(easymkl.KOMD{}.FitGram(f.neg, f.y)) }, klearn.ErrNotPSD),
		klearntest.Bad("EasyMKL −K", func() error { return err1(easymkl.Learner{}.FitGrams([]*mat.SymDense{f.neg, f.Kn}, f.y)) }, klearn.ErrNotPSD),
		klearntest.Bad("SimpleMKL −K", func() error { return err1(simplemkl.Learner{}.FitGrams([]*mat.SymDense{f.neg, f.Kn}, f.y)) }, klearn.ErrNotPSD),
		klearntest.Bad("LpMKL −K", func() error { return err1(lpmkl.Learner{P: 2}.FitGrams([]*mat.SymDense{f.neg, f.Kn}, f.y)) }, klearn.ErrNotPSD),
		klearntest.Bad("Alignf −K", func() error { return err1(alignf.Align{}.FitGrams([]*mat.SymDense{f.neg, f.Kn}, f.y)) }, klearn.ErrNotPSD),
		klearntest.Bad("nkrr −K", func() error {
			return err1(nkrr.Regressor{Lambda: 1, Radius: 1}.FitGrams([]*mat.SymDense{f.neg, f.Kn}, f.y))
		}, klearn.ErrNotPSD),
	}
	// Kind 7, the undetected case: 2·K̃ − I has a unit diagonal but
	// eigenvalues −1 (K̃ has rank 2). Not refused (an O(n³) test); every
	// learner must still stop with a finite answer or an error.
	ind := symScaled(f.Kn, 2)
	for i := 0; i < ind.SymmetricDim(); i++ {
		ind.SetSym(i, i, ind.At(i, i)-1)
	}
	indTe := []*mat.Dense{f.Ktes[0], f.Ktes[0]}
	cases = append(cases,
		klearntest.Finite("svm indefinite", func() ([]float64, error) {
			m, err := svm.Classifier{}.FitGram(ind, f.y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGram(f.Ktes[0])
		}),
		klearntest.Finite("KOMD indefinite", func() ([]float64, error) {
			m, err := easymkl.KOMD{Lambda: .1}.FitGram(ind, f.y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGram(f.Ktes[0])
		}),
		klearntest.Finite("EasyMKL indefinite", func() ([]float64, error) {
			m, err := easymkl.Learner{Lambda: .1}.FitGrams([]*mat.SymDense{ind, f.Kn}, f.y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGrams(indTe)
		}),
		klearntest.Finite("SimpleMKL indefinite", func() ([]float64, error) {
			m, err := simplemkl.Learner{}.FitGrams([]*mat.SymDense{ind, f.Kn}, f.y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGrams(indTe)
		}),
		klearntest.Finite("LpMKL indefinite", func() ([]float64, error) {
			m, err := lpmkl.Learner{P: 2}.FitGrams([]*mat.SymDense{ind, f.Kn}, f.y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGrams(indTe)
		}),
		klearntest.Finite("Alignf indefinite", func() ([]float64, error) {
			m, err := alignf.Align{}.FitGrams([]*mat.SymDense{ind, f.Kn}, f.y)
			if err != nil {
				return nil, err
			}
			return m.Weights(), nil
		}),
		klearntest.Finite("nkrr indefinite", func() ([]float64, error) {
			m, err := nkrr.Regressor{Lambda: 1, Radius: 1}.FitGrams([]*mat.SymDense{ind, f.Kn}, f.y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGrams(indTe)
		}),
		klearntest.Finite("SimplexQP indefinite", func() ([]float64, error) {
			r, err := opt.SimplexQP(ind, nil)
			if err != nil {
				return nil, err
			}
			return append(r.X, r.F), nil
		}),
		klearntest.Finite("KOMD QP indefinite", func() ([]float64, error) {
			r, err := opt.KOMDQP(ind, f.y, .1, nil)
			if err != nil {
				return nil, err
			}
			return append(r.X, r.F), nil
		}),
		klearntest.Finite("MEB indefinite", func() ([]float64, error) {
			r, err := opt.MEB(ind, nil)
			if err != nil {
				return nil, err
			}
			return append(r.X, r.F), nil
		}),
		klearntest.Finite("SpectralRatio indefinite", func() ([]float64, error) { return scalar(metrics.SpectralRatio(ind)) }),
	)
	// Kind 3 at prediction time: test points whose kernel values overflow
	// (a cubic kernel at 1e150) and NaN test points, through every model
	// that evaluates its own kernel.
	poly := kernel.Polynomial{Degree: 3, Gamma: 1, Coef0: 1}
	hugeTe := scaled(f.Xte, 1e150)
	svmPoly, err := svm.Classifier{Kernel: poly}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	svmPolyRows, err := svm.Classifier{Kernel: poly, CacheMB: 1e-6}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	krrPoly, err := krr.Regressor{Kernel: poly}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	tkM, err := tk.Learner{Degree: 1}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	ghM, err := ghkl.Classifier{Rho: 2, C: 1, MaxDepth: 2}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	nkF, err := nkrr.Regressor{Lambda: 1, Radius: 1}.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	lp, err := lpmkl.Learner{P: 2}.FitGrams(f.Ks, f.y)
	if err != nil {
		t.Fatal(err)
	}
	asvm, err := alignf.SVM{}.FitGrams(f.Ks, f.y)
	if err != nil {
		t.Fatal(err)
	}
	esvm, err := easymkl.SVM{}.FitGrams(f.Ks, f.y)
	if err != nil {
		t.Fatal(err)
	}
	predict := func(p func(mat.Matrix) ([]float64, error), X mat.Matrix) func() ([]float64, error) {
		return func() ([]float64, error) { return p(X) }
	}
	cases = append(cases,
		klearntest.Finite("svm Decision overflowing kernel", predict(svmPoly.Decision, hugeTe)),
		klearntest.Finite("svm Predict overflowing kernel", predict(svmPoly.Predict, hugeTe)),
		klearntest.Finite("svm rows-on-demand model Decision overflowing kernel", predict(svmPolyRows.Decision, hugeTe)),
		klearntest.Finite("krr Predict overflowing kernel", predict(krrPoly.Predict, hugeTe)),
		klearntest.Finite("tk Decision at 1e150", predict(tkM.Decision, hugeTe)),
		klearntest.Finite("ghkl Decision at 1e150", predict(ghM.Decision, hugeTe)),
		klearntest.Finite("nkrr Predict at 1e150", predict(nkF.Predict, hugeTe)),
		klearntest.Bad("tk Decision NaN", func() error { return err1(tkM.Decision(withNaN(f.Xte, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("ghkl Decision NaN", func() error { return err1(ghM.Decision(withNaN(f.Xte, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("nkrr Predict NaN", func() error { return err1(nkF.Predict(withNaN(f.Xte, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("LpMKL NaN test kernel", func() error { return err1(lp.DecisionGrams(nanTes)) }, klearn.ErrNotFinite),
		klearntest.Bad("AlignfSVM NaN test kernel", func() error { return err1(asvm.DecisionGrams(nanTes)) }, klearn.ErrNotFinite),
		klearntest.Bad("EasyMKLSVM NaN test kernel", func() error { return err1(esvm.PredictGrams(nanTes)) }, klearn.ErrNotFinite),
		klearntest.Bad("LpMKL CombineCross Inf", func() error { return err1(lp.CombineCross([]*mat.Dense{withNaN(f.Ktes[0], inf), f.Ktes[1]})) }, klearn.ErrNotFinite),
		klearntest.Bad("krr PredictGram wrong width", func() error { return err1(krrM.PredictGram(mat.NewDense(2, 3, nil))) }, klearn.ErrShape),
		klearntest.Bad("svm DecisionGram wrong width", func() error { return err1(svmM.DecisionGram(mat.NewDense(2, 3, nil))) }, klearn.ErrShape),
	)
	// Kind 5: extreme finite data through the learners: a finite answer or an error.
	for _, s := range []float64{1e150, 1e-150} {
		s := s
		cases = append(cases,
			klearntest.Finite("svm RBF scaled", func() ([]float64, error) {
				m, err := svm.Classifier{Kernel: kernel.RBF{Gamma: 1 / s / s}}.Fit(scaled(f.X, s), f.y)
				if err != nil {
					return nil, err
				}
				d, err := m.Decision(scaled(f.Xte, s))
				return d, err
			}),
			klearntest.Finite("krr linear scaled", func() ([]float64, error) {
				m, err := krr.Regressor{Kernel: kernel.Linear{}, Lambda: 1}.Fit(scaled(f.X, s), f.y)
				if err != nil {
					return nil, err
				}
				return m.Predict(scaled(f.Xte, s))
			}),
			klearntest.Finite("EasyMKL scaled Grams", func() ([]float64, error) {
				m, err := easymkl.Learner{Lambda: .5}.FitGrams([]*mat.SymDense{symScaled(f.Kn, s), f.Ks[1]}, f.y)
				if err != nil {
					return nil, err
				}
				return m.DecisionGrams([]*mat.Dense{scaled(f.Ktes[0], s), f.Ktes[1]})
			}),
			klearntest.Finite("ghkl scaled", func() ([]float64, error) {
				m, err := ghkl.Classifier{Rho: 2, C: 1, MaxDepth: 2}.Fit(scaled(f.X, s), f.y)
				if err != nil {
					return nil, err
				}
				return m.Decision(scaled(f.Xte, s))
			}),
			klearntest.Finite("tk scaled", func() ([]float64, error) {
				m, err := tk.Learner{Degree: 1}.Fit(scaled(f.X, s), f.y)
				if err != nil {
					return nil, err
				}
				return m.Decision(scaled(f.Xte, s))
			}),
		)
	}
	klearntest.Battery(t, cases)
}

func TestBatteryOpt(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	linear := opt.Problem{Func: func(x []float64) float64 { return x[0] + 0.5*x[1] }}
	quad := opt.Problem{Func: func(x []float64) float64 { return x[0]*x[0] + x[1]*x[1] }}
	nanAt := opt.Problem{Func: func(x []float64) float64 { return nan }}
	cases := []klearntest.Case{
		// Kind 6: unbounded objectives must not report success.
		klearntest.Bad("LBFGSB unbounded FD", func() error {
			r, err := opt.LBFGSB(linear, []float64{0, 0}, nil, nil, nil)
			return notSuccess(r, err)
		}, nil),
		klearntest.Bad("LBFGSB unbounded below, one-sided box", func() error {
			r, err := opt.LBFGSB(linear, []float64{0, 0}, nil, []float64{1, 1}, nil)
			return notSuccess(r, err)
		}, nil),
		klearntest.Bad("LBFGSB unbounded exact gradient", func() error {
			p := linear
			p.Grad = func(g, x []float64) { g[0], g[1] = 1, .5 }
			r, err := opt.LBFGSB(p, []float64{0, 0}, nil, nil, nil)
			return notSuccess(r, err)
		}, nil),
		klearntest.Bad("SCG unbounded", func() error {
			p := linear
			p.Grad = func(g, x []float64) { g[0], g[1] = 1, .5 }
			r, err := opt.SCG(p, []float64{0, 0}, nil)
			return notSuccess(r, err)
		}, nil),
		klearntest.Bad("Multistart unbounded", func() error {
			r, err := opt.Multistart(linear, [][]float64{{0, 0}, {1, 1}}, nil, nil, nil)
			if err != nil {
				return err
			}
			return notSuccess(r.Best, nil)
		}, nil),
		klearntest.Bad("Minimize1D NaN objective", func() error {
			return err1(opt.Minimize1D(opt.Problem1D{Func: func(float64) float64 { return nan }}, 0, 1, .5, nil))
		}, nil),
		// Kind 2–3: nil, empty, non-finite.
		klearntest.Bad("LBFGSB nil Func", func() error { return err1(opt.LBFGSB(opt.Problem{}, []float64{0}, nil, nil, nil)) }, nil),
		klearntest.Bad("LBFGSB NaN start value", func() error { return err1(opt.LBFGSB(nanAt, []float64{0, 0}, nil, nil, nil)) }, nil),
		klearntest.Bad("LBFGSB empty x0", func() error { return err1(opt.LBFGSB(quad, nil, nil, nil, nil)) }, nil),
		klearntest.Bad("LBFGSB NaN x0", func() error { return err1(opt.LBFGSB(quad, []float64{nan, 0}, nil, nil, nil)) }, nil),
		klearntest.Bad("LBFGSB lower > upper", func() error { return err1(opt.LBFGSB(quad, []float64{0, 0}, []float64{1, 1}, []float64{0, 0}, nil)) }, nil),
		klearntest.Bad("LBFGSB bounds length", func() error { return err1(opt.LBFGSB(quad, []float64{0, 0}, []float64{1}, nil, nil)) }, nil),
		klearntest.Bad("Multistart no starts", func() error { return err1(opt.Multistart(quad, nil, nil, nil, nil)) }, nil),
		klearntest.Bad("Multistart ragged starts", func() error { return err1(opt.Multistart(quad, [][]float64{{0, 0}, {1}}, nil, nil, nil)) }, nil),
		klearntest.Bad("Minimize1D lo > hi", func() error { return err1(opt.Minimize1D(opt.Problem1D{Func: math.Abs}, 1, 0, .5, nil)) }, nil),
		klearntest.Bad("Minimize1D nil", func() error { return err1(opt.Minimize1D(opt.Problem1D{}, 0, 1, .5, nil)) }, nil),
		klearntest.Bad("SimplexQP nil", func() error { return err1(opt.SimplexQP(nil, nil)) }, nil),
		klearntest.Bad("SimplexQP empty", func() error { return err1(opt.SimplexQP(&mat.SymDense{}, nil)) }, nil),
		klearntest.Bad("SimplexQP NaN", func() error { return err1(opt.SimplexQP(symWithNaN(f.K, nan), nil)) }, klearn.ErrNotFinite),
		klearntest.Bad("KOMD QP labels", func() error { return err1(opt.KOMDQP(f.K, []float64{1, 2, 3, 4, 5, 6, 7, 8}, .5, nil)) }, nil),
		klearntest.Bad("KOMD QP lambda", func() error { return err1(opt.KOMDQP(f.K, f.y, 2, nil)) }, klearn.ErrParam),
		klearntest.Bad("MEB nil", func() error { _, err := opt.MEB(nil, nil); return err }, nil),
		klearntest.Bad("NNQP nil", func() error { return err1(opt.NNQP(nil, nil, nil)) }, nil),
		klearntest.Bad("NNQP lengths", func() error { return err1(opt.NNQP(f.K, []float64{1}, nil)) }, klearn.ErrShape),
		klearntest.Bad("SolveSDP nil", func() error { return err1(opt.SolveSDP(nil, nil)) }, nil),
		klearntest.Bad("SolveSDP zero", func() error { return err1(opt.SolveSDP(&opt.SDP{}, nil)) }, nil),
		klearntest.Bad("SCG nil", func() error { return err1(opt.SCG(opt.Problem{}, []float64{0}, nil)) }, nil),
		// Kind 7: indefinite matrices in the QPs.
		klearntest.Bad("SimplexQP −K", func() error { return err1(opt.SimplexQP(f.neg, nil)) }, klearn.ErrNotPSD),
		klearntest.Bad("KOMD QP −K", func() error { return err1(opt.KOMDQP(f.neg, f.y, .1, nil)) }, klearn.ErrNotPSD),
		klearntest.Bad("MEB −K", func() error { _, err := opt.MEB(f.neg, nil); return err }, klearn.ErrNotPSD),
		klearntest.Bad("NNQP −K", func() error { return err1(opt.NNQP(f.neg, f.y, nil)) }, klearn.ErrNotPSD),
		// Kind 5: extreme finite inputs.
		klearntest.Finite("SimplexQP scaled", func() ([]float64, error) {
			r, err := opt.SimplexQP(symScaled(f.K, 1e300), nil)
			if err != nil {
				return nil, err
			}
			return append(r.X, r.F), nil
		}),
		klearntest.Finite("MEB scaled", func() ([]float64, error) {
			r, err := opt.MEB(symScaled(f.K, 1e300), nil)
			if err != nil {
				return nil, err
			}
			return append(r.X, r.F), nil
		}),
		klearntest.Finite("LBFGSB huge start", func() ([]float64, error) {
			r, err := opt.LBFGSB(quad, []float64{1e200, -1e200}, nil, nil, nil)
			if err != nil {
				return nil, err
			}
			return append(r.X, r.F), nil
		}),
	}
	klearntest.Battery(t, cases)
}

// notSuccess turns a solver's claim of convergence on an unbounded problem
// into a failure of the case: it returns the solver's error, or an ErrParam
// placeholder when the result honestly reports no convergence, or nil
// (no error: the case fails) when it claims success.
func notSuccess(r *opt.Result, err error) error {
	if err != nil {
		return err
	}
	if r == nil || r.Status == opt.Success {
		return nil
	}
	return klearn.Errorf(klearn.ErrNotConverged, "status %v", r.Status)
}

// maybe is a case whose input is valid but extreme: it may fail with a klearn
// sentinel or succeed, never panic or hang.
// TestBatteryHelpers: the exported helpers beside the learners (kernel
// centring and monomials, the alignment steps of stagewise, the parameter
// searches of continuous, the kernel combinations of mkl, CircleRadius)
// refuse nil, empty and mismatched arguments with an error. Some of these
// panicked inside worker goroutines, which no recover can catch.
func TestBatteryHelpers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	s, err := continuous.GaussianBandwidth{}.Prepare(f.X)
	if err != nil {
		t.Fatal(err)
	}
	ard, err := continuous.GaussianPerCoordinate{}.Prepare(f.X)
	if err != nil {
		t.Fatal(err)
	}
	P := mat.NewSymDense(8, nil)
	P.CopySym(f.Kn)
	search := func(fam continuous.Family, sr continuous.Searcher, P *mat.SymDense) func() error {
		return func() error { _, _, err := continuous.Search(fam, sr, 2, P, nil); return err }
	}
	cases := []klearntest.Case{
		klearntest.Bad("kernel Center nil", func() error { return err1(kernel.Center(nil)) }, klearn.ErrEmpty),
		klearntest.Bad("kernel MonomialVector short x", func() error {
			return err1(kernel.MonomialVector([]float64{1}, [][]int{{1, 2}}))
		}, klearn.ErrShape),
		klearntest.Bad("kernel MonomialVector negative exponent", func() error {
			return err1(kernel.MonomialVector([]float64{1, 2}, [][]int{{-1, 2}}))
		}, klearn.ErrParam),
		klearntest.Bad("stagewise Alignment nil", func() error { return err1(stagewise.Alignment(nil, f.K)) }, klearn.ErrEmpty),
		klearntest.Bad("stagewise Gradient orders", func() error { return err1(stagewise.Gradient(f.K, mat.NewSymDense(3, nil))) }, klearn.ErrShape),
		klearntest.Bad("stagewise Step zero K", func() error {
			return err1(stagewise.Step(mat.NewSymDense(8, nil), f.K, f.Kn, 1))
		}, klearn.ErrSingular),
		klearntest.Bad("continuous Search nil family", search(nil, s, P), klearn.ErrParam),
		klearntest.Bad("continuous Search nil searcher", search(continuous.GaussianBandwidth{}, nil, P), klearn.ErrParam),
		klearntest.Bad("continuous Search nil P", search(continuous.GaussianBandwidth{}, s, nil), klearn.ErrEmpty),
		klearntest.Bad("continuous Search P of another order", search(continuous.GaussianBandwidth{}, s, mat.NewSymDense(3, nil)), klearn.ErrShape),
		klearntest.Bad("continuous Search NaN P", search(continuous.GaussianBandwidth{}, s, symWithNaN(P, nan)), klearn.ErrNotFinite),
		klearntest.Bad("continuous Search family and searcher disagree", search(continuous.GaussianBandwidth{}, ard, P), klearn.ErrShape),
		klearntest.Bad("continuous SearchDC nil family", func() error {
			return err1(continuous.SearchDC(nil, s, 2, make([]float64, 8), nil))
		}, klearn.ErrParam),
		klearntest.Bad("continuous CrossTrain nil training rows", func() error {
			return err1(continuous.CrossTrain(kernel.RBF{Gamma: 1}, f.X, nil))
		}, klearn.ErrNotFitted),
		klearntest.Bad("continuous GaussianPerCoordinate Prepare nil", func() error {
			return err1(continuous.GaussianPerCoordinate{}.Prepare(nil))
		}, klearn.ErrEmpty),
		klearntest.Bad("continuous GaussianBlocks Prepare nil", func() error {
			return err1(continuous.GaussianBlocks{Blocks: [][]int{{0}}}.Prepare(nil))
		}, klearn.ErrEmpty),
		klearntest.Bad("continuous Dirichlet Prepare nil", func() error { return err1(continuous.Dirichlet{}.Prepare(nil)) }, klearn.ErrEmpty),
		klearntest.Bad("mkl CombineSource nil first kernel", func() error {
			return err1(mkl.CombineSource([]float64{1, 1}, mkl.GramList{nil, f.K}))
		}, klearn.ErrEmpty),
		klearntest.Bad("mkl CombineCrossSource nil first kernel", func() error {
			return err1(mkl.CombineCrossSource([]float64{1}, mkl.CrossList{nil}))
		}, klearn.ErrEmpty),
		klearntest.Bad("datasets CircleRadius 0", func() error { return err1(datasets.CircleRadius(0)) }, klearn.ErrParam),
	}
	klearntest.Battery(t, cases)
}

func maybe(name string, call func() error) klearntest.Case {
	return klearntest.Case{Name: name, Call: call, MayPass: true}
}

// FuzzSizes: the size-taking constructors return an error or a result of
// the size their closed form promises for any pair of ints, quickly (the
// result sizes are capped so a fuzzing run stays within memory: arguments
// whose closed form exceeds 1<<16 elements are only checked for an error
// or success without a panic by the cheap counting functions).
func FuzzSizes(f *testing.F) {
	f.Add(int64(3), int64(2))
	f.Add(int64(60), int64(60))
	f.Add(int64(1)<<40, int64(1))
	f.Add(int64(-1), int64(5))
	f.Add(int64(1)<<19, int64(1))
	f.Fuzz(func(t *testing.T, a, b int64) {
		n, d := int(a), int(b)
		check := func(name string, err error) {
			t.Helper()
			if err != nil && !klearntest.IsSentinel(err) {
				t.Fatalf("%s(%d, %d): error %v wraps no klearn sentinel", name, n, d, err)
			}
		}
		q, err := kernel.MonomialCount(n, d)
		check("MonomialCount", err)
		_, err = kernel.TKSize(n, d)
		check("TKSize", err)
		small := err == nil && q > 0 && q <= 1<<12 && n <= 1<<8
		if small {
			exps, err := kernel.Monomials(n, d)
			check("Monomials", err)
			if err == nil && len(exps) != q {
				t.Fatalf("Monomials(%d, %d) has %d entries, MonomialCount %d", n, d, len(exps), q)
			}
			_, err = kernel.GPKPolynomial(n, d)
			check("GPKPolynomial", err)
		}
		if d <= 1<<12 {
			_, err = kernel.DPPPolynomial(d, 1)
			check("DPPPolynomial", err)
			_, err = hpk.WeightsRBF(d, 1)
			check("HPKWeightsRBF", err)
		} else {
			// Beyond the caps these must refuse without allocating.
			if _, err := hpk.WeightsSum(d); d > kernel.MaxDPPDegree && err == nil {
				t.Fatalf("HPKWeightsSum(%d) accepted", d)
			}
			if _, err := kernel.DPPRBF(1, d); d > kernel.MaxDPPDegree && err == nil {
				t.Fatalf("DPPRBF(1, %d) accepted", d)
			}
		}
		if n > 1<<12 || d > 1<<8 {
			// Sample counts beyond what a fuzzing run should allocate must
			// still be refused when their closed form exceeds the limit.
			if float64(n)*float64(d+1)*8 > klearn.MaxAllocBytes {
				if _, err := datasets.Circle(n, d, 1); err == nil {
					t.Fatalf("Circle(%d, %d) accepted", n, d)
				}
				if _, err := modelsel.RepeatedSplits(n, d, .3, 1); err == nil && float64(n)*float64(d)*8 > klearn.MaxAllocBytes {
					t.Fatalf("RepeatedSplits(%d, %d) accepted", n, d)
				}
			}
			return
		}
		_, err = datasets.Circle(n, d, 1)
		check("Circle", err)
		_, err = modelsel.KFold(n, d, 1)
		check("KFold", err)
		_, err = kernel.ImageBlocks(n, d, 2, 2)
		check("ImageBlocks", err)
	})
}

// TestLambdaConversionsDomain: outside their domains the Λ ↔ λ conversions
// of Donini & Aiolli (2017, Eq. (1)) are refused (ErrParam) instead of
// giving a NaN, a λ > 1 or a negative Λ.
func TestLambdaConversionsDomain(t *testing.T) {
	t.Parallel()
	for _, v := range []float64{-1, -1e-300, nan, math.Inf(-1)} {
		if got, err := easymkl.LambdaFromPaper(v); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("LambdaFromPaper(%v) = %v, %v; want ErrParam", v, got, err)
		}
	}
	for _, v := range []float64{-0.5, 1.5, nan, inf} {
		if got, err := easymkl.LambdaToPaper(v); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("LambdaToPaper(%v) = %v, %v; want ErrParam", v, got, err)
		}
	}
	at := func(v float64, err error) float64 {
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if at(easymkl.LambdaToPaper(1)) != inf || at(easymkl.LambdaFromPaper(inf)) != 1 || at(easymkl.LambdaFromPaper(0)) != 0 || at(easymkl.LambdaFromPaper(1)) != 0.5 {
		t.Error("conversions at the ends of the domain changed")
	}
}

// TestCheckHelpers: the shared checks behind the battery's size and PSD
// cases, against hand-computed limits.
func TestCheckHelpers(t *testing.T) {
	t.Parallel()
	if err := klearn.CheckAlloc("x", 8, 1<<10, 1<<20); err != nil { // exactly 8 GiB
		t.Errorf("8 GiB refused: %v", err)
	}
	for _, counts := range [][]int{{1<<10 + 1, 1 << 20}, {1 << 40, 1 << 40, 1 << 40}, {-1, 2}} {
		if err := klearn.CheckAlloc("x", 8, counts...); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("CheckAlloc(8, %v) = %v, want ErrParam", counts, err)
		}
	}
	K := mat.NewSymDense(2, []float64{1, 5, 5, 0})
	if err := klearn.CheckDiagPSD("K", K); err != nil {
		t.Errorf("non-negative diagonal refused: %v", err)
	}
	K.SetSym(1, 1, -1e-17) // round-off of a centred kernel: accepted
	if err := klearn.CheckDiagPSD("K", K); err != nil {
		t.Errorf("round-off on the diagonal refused: %v", err)
	}
	K.SetSym(1, 1, -1e-3)
	if err := klearn.CheckDiagPSD("K", K); !errors.Is(err, klearn.ErrNotPSD) {
		t.Errorf("negative diagonal: %v", err)
	}
	K.SetSym(1, 1, nan)
	if err := klearn.CheckDiagPSD("K", K); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN diagonal: %v", err)
	}
	s := modelsel.Split{Train: []int{0, 2}, Test: []int{1}}
	if err := s.Check(3); err != nil {
		t.Errorf("valid split: %v", err)
	}
	if err := s.Check(2); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("index 2 of 2 samples: %v", err)
	}
	if err := (modelsel.Split{Train: []int{0}}).Check(3); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("empty test side: %v", err)
	}
}

// TestBatteryNilAndZeroReceivers calls every exported method of the fitted
// models, transforms, data sets and charts on a nil and on a zero-value
// receiver with zero-value arguments (nil matrices and slices, zero
// numbers). No call may panic or hang; on a nil receiver a method that
// returns an error must return one wrapping a klearn sentinel, and on a zero
// receiver any error it returns must wrap one. Show is skipped (it renders,
// then displays in a notebook).
func TestBatteryNilAndZeroReceivers(t *testing.T) {
	t.Parallel()
	receivers := []any{
		(*svm.Model)(nil), &svm.Model{},
		(*krr.Model)(nil), &krr.Model{},
		(*easymkl.Model)(nil), &easymkl.Model{},
		(*easymkl.SVMModel)(nil), &easymkl.SVMModel{},
		(*easymkl.AllPairsModel)(nil), &easymkl.AllPairsModel{},
		(*easymkl.KOMDModel)(nil), &easymkl.KOMDModel{},
		(*simplemkl.Model)(nil), &simplemkl.Model{},
		(*lpmkl.Model)(nil), &lpmkl.Model{},
		(*alignf.AlignModel)(nil), &alignf.AlignModel{},
		(*alignf.SVMModel)(nil), &alignf.SVMModel{},
		(*hpk.RandomFeatures)(nil), &hpk.RandomFeatures{},
		(*tk.Model)(nil), &tk.Model{},
		(*nkrr.Model)(nil), &nkrr.Model{},
		(*ghkl.Model)(nil), &ghkl.Model{},
		(*preprocess.Transform)(nil), &preprocess.Transform{},
		(*datasets.Dataset)(nil), &datasets.Dataset{},
		(*datasets.Images)(nil), &datasets.Images{},
		(*opt.SDP)(nil), &opt.SDP{},
		(*nn.Model)(nil), &nn.Model{},
		(*stagewise.Model)(nil), &stagewise.Model{},
		(*continuous.GreedyModel)(nil), &continuous.GreedyModel{},
	}
	// Show displays (a no-op outside a notebook); every other method of a
	// nil or zero receiver either works or returns a wrapped error.
	skip := func(m string, _ bool) bool { return m == "Show" }
	klearntest.Battery(t, klearntest.ReceiverCases(receivers, skip))
}

// TestBatteryMore: malformed structures (SDP entries, TK bounds, random
// monomials wider than X), Gram sizes beyond memory, chart HTML paths and
// table lookups out of range.
func TestBatteryMore(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tall := mat.NewDense(1<<17, 1, nil) // 1 MiB of data, a 128 GiB Gram
	feats, err := hpk.RandomFamily{D: 3, Steps: 20, Seed: 1}.Sample(5)
	if err != nil {
		t.Fatal(err)
	}
	sdp := func(mod func(p *opt.SDP)) func() error {
		return func() error {
			p := &opt.SDP{Blocks: []int{2}, B: []float64{1}}
			p.AddC(0, 0, 0, 1)
			p.AddC(0, 1, 1, 1)
			p.AddA(0, 0, 0, 0, 1)
			mod(p)
			return err1(opt.SolveSDP(p, nil))
		}
	}
	cases := []klearntest.Case{
		// Sizes: a Gram of 131072 rows would take 128 GiB.
		klearntest.Bad("Gram of 131072 rows", func() error { return err1(kernel.Gram(kernel.RBF{Gamma: 1}, tall)) }, klearn.ErrParam),
		klearntest.Bad("Cross of 131072 × 131072", func() error { return err1(kernel.Cross(kernel.Linear{}, tall, tall)) }, klearn.ErrParam),
		klearntest.Bad("SquaredDistances of 131072 rows", func() error { return err1(kernel.SquaredDistances(tall)) }, klearn.ErrParam),
		klearntest.Bad("krr Fit on 131072 rows", func() error { return err1(krr.Regressor{Kernel: kernel.Linear{}}.Fit(tall, make([]float64, 1<<17))) }, klearn.ErrParam),
		klearntest.Bad("GPK features of 20000 rows × 501501 monomials", func() error {
			return err1(kernel.Gram(kernel.GPK{Degree: 1000}, mat.NewDense(20000, 2, nil)))
		}, klearn.ErrParam),
		klearntest.Bad("CosineGram of 131072 rows", func() error { return err1(hpk.CosineGram(tall)) }, klearn.ErrParam),
		klearntest.Bad("FeatureGrams of 131072 rows", func() error { return err1(kernel.FeatureGrams(tall)) }, klearn.ErrParam),
		klearntest.Bad("SDP block 1<<30", sdp(func(p *opt.SDP) { p.Blocks[0] = 1 << 30 }), nil),
		// Malformed structures.
		klearntest.Bad("SDP entry outside its block", sdp(func(p *opt.SDP) { p.AddC(0, 5, 5, 1) }), nil),
		klearntest.Bad("SDP entry in a missing block", sdp(func(p *opt.SDP) { p.AddA(0, 3, 0, 0, 1) }), nil),
		klearntest.Bad("SDP constraint beyond B", sdp(func(p *opt.SDP) { p.AddA(4, 0, 0, 0, 1) }), nil),
		klearntest.Bad("SDP negative block", sdp(func(p *opt.SDP) { p.Blocks[0] = -2 }), nil),
		klearntest.Bad("SDP NaN entry", sdp(func(p *opt.SDP) { p.AddC(0, 0, 1, nan) }), nil),
		klearntest.Bad("SDP LP entry beyond LP", sdp(func(p *opt.SDP) { p.AddC(opt.SDPLP, 3, 0, 1) }), nil),
		klearntest.Bad("TK bounds length", func() error {
			return err1(kernel.Gram(kernel.TK{Degree: 1, Lower: []float64{0}, Upper: []float64{1, 1}}, f.X))
		}, nil),
		klearntest.Bad("TK lower > upper", func() error {
			return err1(kernel.Gram(kernel.TK{Degree: 1, Lower: []float64{1, 1}, Upper: []float64{0, 0}}, f.X))
		}, nil),
		klearntest.Bad("TK P wrong order", func() error { return err1(kernel.Gram(kernel.TK{Degree: 1, P: mat.NewSymDense(3, nil)}, f.X)) }, nil),
		klearntest.Bad("BlockGaussian sigma count", func() error {
			return err1(kernel.Gram(kernel.BlockGaussian{Blocks: [][]int{{0}, {1}}, Sigma: []float64{1}}, f.X))
		}, nil),
		klearntest.Bad("Dirichlet on 2 columns", func() error { return err1(kernel.Gram(kernel.Dirichlet{Sigma: 1}, f.X)) }, nil),
		klearntest.Bad("RandomHPKFeatures.Grams narrower X", func() error { return err1(feats.Grams(f.X)) }, klearn.ErrShape),
		klearntest.Bad("RandomHPKFeatures.Crosses narrower X", func() error { return err1(feats.Crosses(f.Xte, f.X)) }, klearn.ErrShape),
		klearntest.Bad("tk Library P of the wrong order", func() error {
			_, _, err := tk.Library(f.X, f.Xte, 1, 0, []*mat.SymDense{mat.NewSymDense(3, nil)})
			return err
		}, nil),
		klearntest.Bad("Load path traversal", func() error { return err1(datasets.Load("../../etc/passwd")) }, nil),
		klearntest.Bad("LoadText unknown", func() error { _, _, err := datasets.LoadText("no-such-set"); return err }, nil),
		klearntest.Bad("Images rows·cols overflow", func() error {
			return err1((&datasets.Images{N: 1, Rows: 1 << 62, Cols: 4, Pixels: []uint8{1}, Labels: []uint8{1}}).Dataset("x", []int{0}))
		}, nil),
		klearntest.Bad("EasyMKLAllPairs Gram and labels", func() error { return err1(easymkl.AllPairs{}.FitCosine(f.Kn, []float64{0, 1})) }, klearn.ErrShape),
		maybe("Grid nil", func() error { return err1(modelsel.Grid(nil)) }),
		maybe("Threshold NaN", func() error { datasets.Threshold([]float64{nan}, 0); return nil }),
		maybe("Ranks NaN", func() error { metrics.Ranks([]float64{nan, 1}); return nil }),
	}
	klearntest.Battery(t, cases)
}

// TestBatteryHyperParameters: NaN, ±Inf, negative and out-of-domain
// hyper-parameters of every learner and solver are ErrParam (or another
// sentinel), never a silent default, a panic or a hang.
func TestBatteryHyperParameters(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	short := &datasets.Dataset{Name: "t", X: mat.DenseCopyOf(f.X), Y: []float64{0, 1}, Classes: []string{"a", "b"}}
	badLevels := &datasets.Dataset{Name: "t", X: mat.NewDense(2, 1, []float64{0, 7}), Y: []float64{0, 1}, Classes: []string{"a", "b"}, Levels: [][]string{{"u", "v"}}}
	quad := opt.Problem{Func: func(x []float64) float64 { return x[0] * x[0] }, Grad: func(g, x []float64) { g[0] = 2 * x[0] }}
	fitSVM := func(c svm.Classifier) func() error {
		return func() error { c.Kernel = kernel.Linear{}; return err1(c.Fit(f.X, f.y)) }
	}
	fitTK := func(l tk.Learner) func() error { return func() error { return err1(l.Fit(f.X, f.y)) } }
	fitGH := func(g ghkl.Classifier) func() error { return func() error { return err1(g.Fit(f.X, f.y)) } }
	fitNK := func(r nkrr.Regressor) func() error { return func() error { return err1(r.FitGrams(f.Ks, f.y)) } }
	cases := []klearntest.Case{
		klearntest.Bad("svm C NaN", fitSVM(svm.Classifier{C: nan}), klearn.ErrParam),
		klearntest.Bad("svm C negative", fitSVM(svm.Classifier{C: -1}), klearn.ErrParam),
		klearntest.Bad("svm WeightPos NaN", fitSVM(svm.Classifier{WeightPos: nan}), klearn.ErrParam),
		klearntest.Bad("svm Tol negative", fitSVM(svm.Classifier{Tol: -1}), klearn.ErrParam),
		klearntest.Bad("svm CacheMB NaN", fitSVM(svm.Classifier{CacheMB: nan}), klearn.ErrParam),
		klearntest.Bad("svm MaxIter negative", fitSVM(svm.Classifier{MaxIter: -5}), klearn.ErrParam),
		klearntest.Bad("krr Lambda negative", func() error { return err1(krr.Regressor{Kernel: kernel.Linear{}, Lambda: -1}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("krr Lambda Inf", func() error { return err1(krr.Regressor{Kernel: kernel.Linear{}, Lambda: inf}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("EasyMKL Lambda 1.5", func() error { return err1(easymkl.Learner{Lambda: 1.5}.FitGrams(f.Ks, f.y)) }, klearn.ErrParam),
		klearntest.Bad("KOMD Lambda -1", func() error { return err1(easymkl.KOMD{Lambda: -1}.FitGram(f.K, f.y)) }, klearn.ErrParam),
		klearntest.Bad("SimpleMKL C NaN", func() error { return err1(simplemkl.Learner{C: nan}.FitGrams(f.Ks, f.y)) }, klearn.ErrParam),
		klearntest.Bad("SimpleMKL MaxIter negative", func() error {
			return err1(simplemkl.Learner{Settings: opt.Settings{MaxIter: -1}}.FitGrams(f.Ks, f.y))
		}, klearn.ErrParam),
		klearntest.Bad("LpMKL P 0.5", func() error { return err1(lpmkl.Learner{P: .5}.FitGrams(f.Ks, f.y)) }, klearn.ErrParam),
		klearntest.Bad("LpMKL P NaN", func() error { return err1(lpmkl.Learner{P: nan}.FitGrams(f.Ks, f.y)) }, klearn.ErrParam),
		klearntest.Bad("LpMKL P unset", func() error { return err1(lpmkl.Learner{}.FitGrams(f.Ks, f.y)) }, klearn.ErrParam),
		klearntest.Bad("Alignf constant y", func() error { return err1(alignf.Align{}.FitGrams(f.Ks, make([]float64, 8))) }, nil),
		klearntest.Bad("HPKFamily MinDegree > D", func() error { return err1(hpk.Family{D: 2, MinDegree: 3}.Grams(f.X)) }, klearn.ErrParam),
		klearntest.Bad("RandomHPKFamily D negative", func() error { return err1(hpk.RandomFamily{D: -1}.Sample(3)) }, klearn.ErrParam),
		klearntest.Bad("tk Margin NaN", fitTK(tk.Learner{Margin: nan}), klearn.ErrParam),
		klearntest.Bad("tk Margin negative", fitTK(tk.Learner{Margin: -1}), klearn.ErrParam),
		klearntest.Bad("tk Degree negative", fitTK(tk.Learner{Degree: -1}), klearn.ErrParam),
		klearntest.Bad("tk MaxBlockMB negative", fitTK(tk.Learner{MaxBlockMB: -1}), klearn.ErrParam),
		klearntest.Bad("tk SVM C NaN", fitTK(tk.Learner{SVM: svm.Classifier{C: nan}}), klearn.ErrParam),
		klearntest.Bad("ghkl Rho 0", fitGH(ghkl.Classifier{C: 1}), klearn.ErrParam),
		klearntest.Bad("ghkl C 0", fitGH(ghkl.Classifier{Rho: 2}), klearn.ErrParam),
		klearntest.Bad("ghkl Beta NaN", fitGH(ghkl.Classifier{Rho: 2, C: 1, Beta: nan}), klearn.ErrParam),
		klearntest.Bad("ghkl Beta negative", fitGH(ghkl.Classifier{Rho: 2, C: 1, Beta: -2}), klearn.ErrParam),
		klearntest.Bad("ghkl MaxActive negative", fitGH(ghkl.Classifier{Rho: 2, C: 1, MaxActive: -1}), klearn.ErrParam),
		klearntest.Bad("ghkl invalid base kernel", fitGH(ghkl.Classifier{Rho: 2, C: 1, Base: kernel.RBF{Gamma: -1}}), klearn.ErrParam),
		klearntest.Bad("nkrr Eta0 2", fitNK(nkrr.Regressor{Lambda: 1, Radius: 1, Eta0: 2}), klearn.ErrParam),
		klearntest.Bad("nkrr Eps NaN", fitNK(nkrr.Regressor{Lambda: 1, Radius: 1, Eps: nan}), klearn.ErrParam),
		klearntest.Bad("nkrr Mu0 negative", fitNK(nkrr.Regressor{Lambda: 1, Radius: 1, Mu0: []float64{-1, 1}}), klearn.ErrParam),
		klearntest.Bad("nkrr Mu0 length", fitNK(nkrr.Regressor{Lambda: 1, Radius: 1, Mu0: []float64{1}}), klearn.ErrShape),
		klearntest.Bad("nkrr Radius NaN", fitNK(nkrr.Regressor{Lambda: 1, Radius: nan}), klearn.ErrParam),
		klearntest.Bad("LBFGSB Tol NaN", func() error { return err1(opt.LBFGSB(quad, []float64{1}, nil, nil, &opt.Settings{Tol: nan})) }, klearn.ErrParam),
		klearntest.Bad("LBFGSB MaxIter negative", func() error { return err1(opt.LBFGSB(quad, []float64{1}, nil, nil, &opt.Settings{MaxIter: -1})) }, klearn.ErrParam),
		klearntest.Bad("LBFGSB lower +Inf", func() error { return err1(opt.LBFGSB(quad, []float64{1}, []float64{inf}, nil, nil)) }, nil),
		klearntest.Bad("SCG NaN x0", func() error { return err1(opt.SCG(quad, []float64{nan}, nil)) }, klearn.ErrNotFinite),
		klearntest.Bad("Minimize1D infinite interval", func() error {
			return err1(opt.Minimize1D(opt.Problem1D{Func: math.Abs}, math.Inf(-1), 1, 0, nil))
		}, nil),
		maybe("Minimize1D x0 outside", func() error {
			return err1(opt.Minimize1D(opt.Problem1D{Func: math.Abs}, 0, 1, 5, nil))
		}),
		klearntest.Bad("KFold negative seed-free k", func() error { return err1(modelsel.KFold(10, -3, 1)) }, klearn.ErrParam),
		klearntest.Bad("RepeatedSplits testFrac NaN", func() error { return err1(modelsel.RepeatedSplits(10, 2, nan, 1)) }, klearn.ErrParam),
		klearntest.Bad("Sample rows/labels mismatch", func() error { return err1(datasets.Sample(short, []int{1, 1}, 1)) }, nil),
		klearntest.Bad("Subset rows/labels mismatch", func() error { return err1(datasets.Subset(short, []int{0, 5})) }, nil),
		klearntest.Bad("Binary rows/labels mismatch", func() error { return err1(datasets.Binary(short, "a")) }, nil),
		klearntest.Bad("OneVsRest rows/labels mismatch", func() error { return err1(datasets.OneVsRest(short)) }, nil),
		klearntest.Bad("OneHot code outside its levels", func() error { return err1(datasets.OneHot(badLevels)) }, nil),
		klearntest.Bad("Friedman1 noise Inf", func() error { return err1(datasets.Friedman1(10, inf, 1)) }, klearn.ErrParam),
		klearntest.Bad("GaussianRelevance gamma NaN", func() error { return err1(datasets.GaussianRelevance(10, 2, nan, 1)) }, klearn.ErrParam),
		klearntest.Bad("kernel RBF gamma Inf", func() error { return err1(kernel.Gram(kernel.RBF{Gamma: inf}, f.X)) }, klearn.ErrParam),
		klearntest.Bad("kernel Gaussian sigma 0", func() error { return err1(kernel.Gram(kernel.Gaussian{Sigma: -1}, f.X)) }, klearn.ErrParam),
		klearntest.Bad("kernel Scaled C NaN", func() error { return err1(kernel.Gram(kernel.Scaled{K: kernel.Linear{}, C: nan}, f.X)) }, klearn.ErrParam),
		klearntest.Bad("kernel Sum weights length", func() error {
			return err1(kernel.Gram(kernel.Sum{Kernels: []kernel.Kernel{kernel.Linear{}}, Weights: []float64{1, 2}}, f.X))
		}, nil),
		klearntest.Bad("kernel Sum weight NaN", func() error {
			return err1(kernel.Gram(kernel.Sum{Kernels: []kernel.Kernel{kernel.Linear{}}, Weights: []float64{nan}}, f.X))
		}, nil),
		klearntest.Bad("kernel IsPSD tol NaN", func() error { return err1(kernel.IsPSD(f.K, nan)) }, klearn.ErrParam),
	}
	klearntest.Battery(t, cases)
}
