package mkltest

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/svm"
)

// FeatureData returns the problem of TestFeatureLearner: the n two-class
// training rows of klearntest.SyntheticData in d dimensions with their ±1
// labels y, a real target r_i = Σ_j (−1)^j x_ij/(j+1) on the same rows, and
// 3n test rows uniform on [−1.8, 1.8]^d (more test rows than training rows,
// so that the decisions determine the coefficients of an expansion over the
// training rows; see TestFeatureLearner).
func FeatureData(n, d int, seed uint64) (X *mat.Dense, y, r []float64, Xte *mat.Dense) {
	X, y, _, _ = klearntest.SyntheticData(klearntest.Binary, n, d, seed)
	r = make([]float64, n)
	for i := range r {
		for j := 0; j < d; j++ {
			r[i] += float64(1-2*(j%2)) * X.At(i, j) / float64(j+1)
		}
	}
	return X, y, r, klearntest.RandMatrix(3*n, d, -1.8, 1.8, seed+1)
}

// TestFeatureLearner checks a FeatureLearner of the mkl contract on
// FeatureData(N, D, 7):
//
//   - Fit, Decision and Predict never mutate X, y or the test rows (bit for
//     bit);
//   - Kernel() is a kernel whose Gram on the training rows is finite,
//     symmetric (kernel.Gram agrees with kernel.Cross of the rows with
//     themselves) and positive semi-definite (least eigenvalue ≥ −1e-9 of
//     the largest diagonal entry);
//   - the decisions are reproduced by the learned kernel: the decision
//     vector on the 3N test rows lies in the span of the columns of
//     [k(X_te, X) 1] (the representer theorem, f(x) = Σ_i c_i k(x_i, x) + b,
//     for coefficients recovered by least squares; relative residual
//     ≤ 1e-7); a model with an SVM() *svm.Model accessor is checked exactly
//     against f = Σ_s DualCoef_s k(x_{Support_s}, x) + Bias;
//   - Predict is the sign of Decision (classifiers) or equals it
//     (regressors), and the training fit is good;
//   - the model owns its data (overwriting the training rows and targets
//     after the fit changes no decision), and X and the test rows may be any mat.Matrix:
//     a generic one (no raw data), a strided view of a larger matrix and
//     one test row at a time give the same decisions (to 1e-9, relative);
//   - two fits, and the fits for GOMAXPROCS 1 and 2, give the same
//     decisions and learned Gram bit for bit;
//   - the bad-input battery: NaN or ±Inf in X, empty or nil X, bad targets
//     (see TestKernelLearner), test rows with a column too many or too few,
//     with NaN or Inf, empty or nil, a nil model, and every learner of
//     absurd (ErrParam) return an error wrapping a klearn sentinel, never a
//     panic or a hang; training rows all equal (a singular Gram), a constant
//     column and inputs of order 1e150 may be fitted, but then give finite
//     decisions.
func TestFeatureLearner[M mkl.FeatureModel](t *testing.T, l mkl.FeatureLearner[M], opts Options, absurd ...mkl.FeatureLearner[M]) {
	t.Helper()
	opts, X, y, Xte := featureProblem(opts)
	n := opts.N
	m, _ := Xte.Dims()
	X0, y0, Xte0 := mat.DenseCopyOf(X), slices.Clone(y), mat.DenseCopyOf(Xte)

	model, err := l.Fit(X, y)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	if !klearntest.SameMatrixBits(X, X0) || !klearntest.SameBits(y, y0) {
		t.Errorf("Fit mutated its inputs")
	}

	// The learned kernel: a symmetric PSD Gram on the training rows.
	k := model.Kernel()
	if k == nil {
		t.Fatalf("Kernel() is nil")
	}
	G, err := kernel.Gram(k, X)
	if err != nil {
		t.Fatalf("Gram of the learned kernel: %v", err)
	}
	C, err := kernel.Cross(k, X, X)
	if err != nil {
		t.Fatalf("Cross of the learned kernel: %v", err)
	}
	var maxDiag float64
	for i := 0; i < n; i++ {
		maxDiag = math.Max(maxDiag, G.At(i, i))
		for j := 0; j < n; j++ {
			g := G.At(i, j)
			if math.IsNaN(g) || math.IsInf(g, 0) {
				t.Fatalf("learned Gram[%d,%d] = %v", i, j, g)
			}
			if !klearntest.Close(g, C.At(i, j), 1e-12) || !klearntest.Close(C.At(i, j), C.At(j, i), 1e-12) {
				t.Fatalf("learned kernel not symmetric: Gram[%d,%d] = %v, Cross %v, Cross[%d,%d] = %v", i, j, g, C.At(i, j), j, i, C.At(j, i))
			}
		}
	}
	if lmin, err := kernel.MinEigen(G); err != nil || lmin < -1e-9*math.Max(1, maxDiag) {
		t.Errorf("learned Gram: least eigenvalue %v (largest diagonal entry %v), error %v", lmin, maxDiag, err)
	}

	f, err := model.Decision(Xte)
	if err != nil {
		t.Fatalf("Decision: %v", err)
	}
	p, err := model.Predict(Xte)
	if err != nil {
		t.Fatalf("Predict: %v", err)
	}
	checkPredictions(t, f, p, m, opts)
	if !klearntest.SameMatrixBits(X, X0) || !klearntest.SameBits(y, y0) || !klearntest.SameMatrixBits(Xte, Xte0) {
		t.Errorf("Decision or Predict mutated its inputs")
	}
	Kte, err := kernel.Cross(k, Xte, X)
	if err != nil {
		t.Fatalf("Cross of the learned kernel: %v", err)
	}
	if res := spanResidual(Kte, f); !(res <= 1e-7) {
		t.Errorf("the decisions are not Σ_i c_i k(x_i, ·) + b for the learned kernel k: relative residual %.3g", res)
	}
	if s, ok := any(model).(interface{ SVM() *svm.Model }); ok {
		checkSVM(t, s.SVM(), Kte, f)
	}

	yh, err := model.Predict(X)
	if err != nil {
		t.Fatalf("Predict on the training rows: %v", err)
	}
	checkTrainingFit(t, yh, y, opts)

	ownsAndViews(t, l, model, X, y, Xte, f)

	// The same fit twice and for any GOMAXPROCS: decisions and learned Gram.
	fingerprint := func(m M) ([]float64, error) {
		f, err := m.Decision(Xte)
		if err != nil {
			return nil, err
		}
		G, err := kernel.Gram(m.Kernel(), X)
		if err != nil {
			return nil, err
		}
		return append(f, G.RawSymmetric().Data...), nil
	}
	ref, err := fingerprint(model)
	if err != nil {
		t.Fatal(err)
	}
	refits(t, ref, func() ([]float64, error) {
		m, err := l.Fit(X, y)
		if err != nil {
			return nil, err
		}
		return fingerprint(m)
	})

	badFeatures(t, l, model, X, y, Xte, opts, absurd)
}

// ownsAndViews checks that the model owns its data (overwriting the
// training rows and targets after the fit changes no decision) and that X and the test
// rows may be any mat.Matrix: a generic one (no raw data) and a strided view
// of a larger matrix give the decisions of the *mat.Dense (to 1e-9,
// relative), and so does one test row alone.
func ownsAndViews[M mkl.FeatureModel](t *testing.T, l mkl.FeatureLearner[M], model M, X *mat.Dense, y []float64, Xte *mat.Dense, f []float64) {
	t.Helper()
	m, d := Xte.Dims()
	Xo, yo := mat.DenseCopyOf(X), slices.Clone(y)
	mo, err := l.Fit(Xo, yo)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	before, err := mo.Decision(Xte)
	if err != nil {
		t.Fatalf("Decision: %v", err)
	}
	Xo.Apply(func(_, _ int, v float64) float64 { return 3 - v }, Xo)
	for i := range yo {
		yo[i] = -yo[i]
	}
	after, err := mo.Decision(Xte)
	if err != nil {
		t.Fatalf("Decision after the training data changed: %v", err)
	}
	if !klearntest.SameBits(before, after) {
		t.Errorf("the model does not own its data: overwriting the training rows and targets after the fit changes its decisions")
	}

	view := func(A *mat.Dense) *mat.Dense {
		r, c := A.Dims()
		big := mat.NewDense(r+2, c+3, nil)
		big.Apply(func(_, _ int, _ float64) float64 { return math.NaN() }, big)
		v := big.Slice(1, r+1, 2, c+2).(*mat.Dense)
		v.Copy(A)
		return v
	}
	close := func(name string, got []float64) {
		t.Helper()
		if len(got) != len(f) {
			t.Errorf("%s: %d decisions for %d rows", name, len(got), len(f))
			return
		}
		for i := range got {
			if !klearntest.Close(got[i], f[i], 1e-9) {
				t.Errorf("%s: decision %d = %.17g, on *mat.Dense inputs %.17g", name, i, got[i], f[i])
				return
			}
		}
	}
	for _, c := range []struct {
		name string
		X    mat.Matrix
	}{{"generic X", klearntest.Generic(X)}, {"strided X", view(X)}} {
		mc, err := l.Fit(c.X, y)
		if err != nil {
			t.Errorf("Fit on a %s: %v", c.name, err)
			continue
		}
		fc, err := mc.Decision(Xte)
		if err != nil {
			t.Errorf("Decision after a fit on a %s: %v", c.name, err)
			continue
		}
		close("fit on a "+c.name, fc)
	}
	for _, c := range []struct {
		name string
		X    mat.Matrix
	}{{"generic test rows", klearntest.Generic(Xte)}, {"strided test rows", view(Xte)}} {
		fc, err := model.Decision(c.X)
		if err != nil {
			t.Errorf("Decision on %s: %v", c.name, err)
			continue
		}
		close(c.name, fc)
	}
	var one []float64
	for i := 0; i < m; i++ {
		fi, err := model.Decision(Xte.Slice(i, i+1, 0, d))
		if err != nil || len(fi) != 1 {
			t.Fatalf("Decision on test row %d alone: %v, %d values", i, err, len(fi))
		}
		one = append(one, fi[0])
	}
	close("one test row at a time", one)
}

// spanResidual returns ‖f − Π f‖/‖f‖ for the orthogonal projection Π onto
// the column space of [K 1] (singular values below 1e-13 of the largest
// dropped).
func spanResidual(K *mat.Dense, f []float64) float64 {
	m, n := K.Dims()
	A := mat.NewDense(m, n+1, nil)
	A.Slice(0, m, 0, n).(*mat.Dense).Copy(K)
	for i := 0; i < m; i++ {
		A.Set(i, n, 1)
	}
	var svd mat.SVD
	if !svd.Factorize(A, mat.SVDThin) {
		return math.Inf(1)
	}
	s := svd.Values(nil)
	var U mat.Dense
	svd.UTo(&U)
	fv := mat.NewVecDense(m, slices.Clone(f))
	res := mat.VecDenseCopyOf(fv)
	for j, sj := range s {
		if sj <= 1e-13*s[0] {
			break
		}
		u := U.ColView(j)
		res.AddScaledVec(res, -mat.Dot(u, fv), u)
	}
	nf := mat.Norm(fv, 2)
	if nf == 0 {
		return 0
	}
	return mat.Norm(res, 2) / nf
}

// checkSVM checks the decisions f against the SVM's expansion over its
// support vectors, f = Σ_s DualCoef_s Kte[·, Support_s] + Bias.
func checkSVM(t *testing.T, s *svm.Model, Kte *mat.Dense, f []float64) {
	t.Helper()
	if s == nil {
		t.Fatalf("SVM() of a fitted model is nil")
	}
	sup, coef := s.Support(), s.DualCoef()
	if len(sup) != len(coef) {
		t.Fatalf("SVM: %d support indices, %d coefficients", len(sup), len(coef))
	}
	for i := range f {
		want := s.Bias()
		for j, c := range coef {
			want += c * Kte.At(i, sup[j])
		}
		if !klearntest.Close(f[i], want, 1e-9) {
			t.Fatalf("decision %d = %.17g, the SVM's expansion over the learned kernel %.17g", i, f[i], want)
		}
	}
}

func badFeatures[M mkl.FeatureModel](t *testing.T, l mkl.FeatureLearner[M], model M, X *mat.Dense, y []float64, Xte *mat.Dense, opts Options, absurd []mkl.FeatureLearner[M]) {
	t.Helper()
	n, d := X.Dims()
	with := func(A *mat.Dense, i, j int, v float64) *mat.Dense {
		c := mat.DenseCopyOf(A)
		c.Set(i, j, v)
		return c
	}
	fit := func(X mat.Matrix) func() error {
		return func() error { _, err := l.Fit(X, y); return err }
	}
	fitDecide := func(X mat.Matrix) func() ([]float64, error) {
		return func() ([]float64, error) { return fitDecision(l, X, y, Xte) }
	}
	decide := func(A mat.Matrix) func() error {
		return func() error { _, err := model.Decision(A); return err }
	}
	predict := func(A mat.Matrix) func() error {
		return func() error { _, err := model.Predict(A); return err }
	}
	cols := func(A *mat.Dense, c int) *mat.Dense {
		r, _ := A.Dims()
		out := mat.NewDense(r, c, nil)
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				out.Set(i, j, A.At(i, j%d))
			}
		}
		return out
	}
	same := mat.NewDense(n, d, nil) // every row x_0: a singular Gram
	constant := mat.DenseCopyOf(X)  // column 0 constant
	for i := 0; i < n; i++ {
		same.SetRow(i, X.RawRowView(0))
		constant.Set(i, 0, 0.5)
	}
	var huge mat.Dense
	huge.Scale(1e150, X)
	cases := []klearntest.Case{
		klearntest.Bad("NaN in X", fit(with(X, 2, d-1, math.NaN())), klearn.ErrNotFinite),
		klearntest.Bad("Inf in X", fit(with(X, 0, 0, math.Inf(-1))), klearn.ErrNotFinite),
		klearntest.Bad("empty X", func() error { _, err := l.Fit(&mat.Dense{}, nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("nil X", func() error { _, err := l.Fit(nil, y); return err }, klearn.ErrEmpty),
		klearntest.Bad("long targets", func() error { _, err := l.Fit(X, append(slices.Clone(y), y[0])); return err }, klearn.ErrShape),
		klearntest.Finite("training rows all equal", fitDecide(same)),
		klearntest.Finite("a constant column", fitDecide(constant)),
		klearntest.Finite("inputs of order 1e150", fitDecide(&huge)),
		klearntest.Bad("test rows: a column too many", decide(cols(Xte, d+1)), klearn.ErrShape),
		klearntest.Bad("test rows: NaN", decide(with(Xte, 1, 0, math.NaN())), klearn.ErrNotFinite),
		klearntest.Bad("test rows: Inf", predict(with(Xte, 0, d-1, math.Inf(1))), klearn.ErrNotFinite),
		klearntest.Bad("test rows: empty", decide(&mat.Dense{}), klearn.ErrEmpty),
		klearntest.Bad("test rows: nil", predict(nil), klearn.ErrEmpty),
	}
	if d > 1 {
		cases = append(cases, klearntest.Bad("test rows: a column too few", predict(cols(Xte, d-1)), klearn.ErrShape))
	}
	cases = append(cases, targetCases(y, func(y []float64) error { _, err := l.Fit(X, y); return err }, opts)...)
	cases = append(cases, absurdCases(absurd, func(a mkl.FeatureLearner[M]) error { _, err := a.Fit(X, y); return err })...)
	var zero M
	cases = append(cases,
		klearntest.Bad("nil model: Decision", func() error { _, err := zero.Decision(Xte); return err }, klearn.ErrNotFitted),
		klearntest.Bad("nil model: Predict", func() error { _, err := zero.Predict(Xte); return err }, klearn.ErrNotFitted))
	klearntest.Battery(t, cases)
}

// TestExtremeFeatureLearners fits every learner, each with valid but
// extreme hyper-parameters (constants of order 1e±300, bounds at the ends
// of the floating-point range, one iteration), on the data of
// TestFeatureLearner (Options N, D and Regression) and requires an error
// wrapping a klearn sentinel or finite decisions on the test rows: never a
// panic, a hang, or a NaN or ±Inf returned without an error
// (klearntest.Finite cases of a klearntest.Battery).
func TestExtremeFeatureLearners[M mkl.FeatureModel](t *testing.T, opts Options, learners ...mkl.FeatureLearner[M]) {
	t.Helper()
	_, X, y, Xte := featureProblem(opts)
	extremeBattery(t, len(learners), func(i int) ([]float64, error) { return fitDecision(learners[i], X, y, Xte) })
}

// featureProblem is the problem of the feature suites: opts with its
// defaults, and FeatureData(N, D, 7) with the real targets r as y for a
// Regression learner.
func featureProblem(opts Options) (Options, *mat.Dense, []float64, *mat.Dense) {
	opts = opts.withDefaults(30)
	X, y, r, Xte := FeatureData(opts.N, opts.D, 7)
	if opts.Regression {
		y = r
	}
	return opts, X, y, Xte
}

// fitDecision fits l on X, y and returns its decisions on Xte.
func fitDecision[M mkl.FeatureModel](l mkl.FeatureLearner[M], X mat.Matrix, y []float64, Xte mat.Matrix) ([]float64, error) {
	m, err := l.Fit(X, y)
	if err != nil {
		return nil, err
	}
	return m.Decision(Xte)
}
