package svm

import (
	"math"
	"slices"
	"sync/atomic"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// Multiclass selects how more than two classes are handled.
type Multiclass int

const (
	// OneVsOne trains one machine per pair of classes and predicts by
	// voting, ties going to the smallest class label (LIBSVM's rule, with
	// classes in ascending order). It is the default.
	OneVsOne Multiclass = iota
	// OneVsRest trains one machine per class against all others and
	// predicts the class with the largest decision value (ties: smallest label).
	OneVsRest
)

func (m Multiclass) String() string {
	switch m {
	case OneVsOne:
		return "one-vs-one"
	case OneVsRest:
		return "one-vs-rest"
	}
	return "unknown"
}

// Defaults used when a Classifier field is zero.
const (
	DefaultC       = 1.0
	DefaultTol     = 1e-3
	DefaultCacheMB = 200.0
	// DefaultGramMB is the largest Gram matrix (n² float64) that Fit forms
	// whole when CacheMB is zero: 1 GiB, n ≤ 11585. Forming the Gram with
	// the blocked products of kernel.Gram is 3–4× faster than rows on
	// demand (MNIST 3-vs-8, RBF, n = 4000: 0.28 s against 1.12 s), and the
	// bound is fixed, not read from the machine's free memory, so the path
	// taken (and the last bits of the result) is the same on every machine.
	DefaultGramMB = 1024.0
)

// Classifier is a C-support-vector classifier (C-SVC). Its fields are
// hyper-parameters; the zero value of each has the documented default.
// Copying a Classifier clones it.
type Classifier struct {
	// Kernel is used by Fit and by the model's Decision/Predict. FitGram
	// ignores it.
	Kernel kernel.Kernel
	// C is the box constraint of the dual (0 ≤ α_i ≤ C). If 0, it defaults to 1.
	C float64
	// NoBias drops the bias b (and with it the equality constraint yᵀα = 0):
	// f(x) = Σ_i α_i y_i k(x_i, x), solved by single-variable coordinate
	// descent. This is the variant of Eq. (3) of Colbert & Peet (2020) with γ = 0.
	NoBias bool
	// WeightPos and WeightNeg multiply C for the examples of the positive
	// class (the larger label) and the negative class (LIBSVM's -wi). If 0,
	// they default to 1. In one-vs-rest, "positive" is the single class.
	WeightPos, WeightNeg float64
	// Tol is the stopping tolerance ε of Eq. (28) of Fan, Chen & Lin (2005),
	// LIBSVM's -e. If 0, it defaults to 1e-3.
	Tol float64
	// CacheMB is the kernel-row cache size in megabytes (LIBSVM's -m). If 0,
	// it defaults to 200 (scikit-learn's default) and Fit forms the whole
	// Gram matrix when its n² float64 fit in DefaultGramMB; if set, Fit forms
	// the Gram when it fits in CacheMB. At least two full rows are always
	// kept.
	CacheMB float64
	// MaxIter bounds the SMO iterations per binary problem. If 0, it
	// defaults to LIBSVM's max(10⁷, 100·n).
	MaxIter int
	// NoShrinking disables shrinking (LIBSVM's -h 0).
	NoShrinking bool
	// Multiclass selects one-vs-one (default) or one-vs-rest for more than two classes.
	Multiclass Multiclass
}

type settings struct {
	c, wpos, wneg, tol float64
	cacheFloats        int
	gramFloats         int // the largest n² for which Fit forms the Gram
	maxIter            int
	shrinking, noBias  bool
	multi              Multiclass
	// init, if not nil, is the starting α of a binary problem (FitGramFrom),
	// one entry per training row.
	init []float64
}

func (c Classifier) settings() (settings, error) {
	s := settings{c: c.C, wpos: c.WeightPos, wneg: c.WeightNeg, tol: c.Tol, shrinking: !c.NoShrinking, noBias: c.NoBias, multi: c.Multiclass}
	mb := c.CacheMB
	if err := klearn.CheckPositive("svm", klearn.PositiveParam{Name: "C", V: &s.c, Default: DefaultC},
		klearn.PositiveParam{Name: "WeightPos", V: &s.wpos, Default: 1}, klearn.PositiveParam{Name: "WeightNeg", V: &s.wneg, Default: 1},
		klearn.PositiveParam{Name: "Tol", V: &s.tol, Default: DefaultTol}, klearn.PositiveParam{Name: "CacheMB", V: &mb, Default: DefaultCacheMB}); err != nil {
		return s, err
	}
	if c.MaxIter < 0 {
		return s, klearn.Errorf(klearn.ErrParam, "svm: MaxIter = %d, want ≥ 0", c.MaxIter)
	}
	if c.Multiclass != OneVsOne && c.Multiclass != OneVsRest {
		return s, klearn.Errorf(klearn.ErrParam, "svm: unknown Multiclass %d", int(c.Multiclass))
	}
	s.maxIter = c.MaxIter
	s.cacheFloats = int(min(mb*(1<<20)/8, math.MaxInt32))
	s.gramFloats = s.cacheFloats
	if c.CacheMB == 0 {
		s.gramFloats = int(DefaultGramMB * (1 << 20) / 8)
	}
	return s, nil
}

// source evaluates the training kernel by global index.
type source struct {
	fill fillFunc
	diag func(p int) float64
	// abort, if not nil, stops the solvers early when set (FitGram's
	// background check found a non-finite entry; the result is discarded).
	abort *atomic.Bool
}

// Fit trains on the rows of X with labels y (any two or more distinct finite
// values). When the n×n Gram matrix fits in CacheMB megabytes (DefaultGramMB
// when CacheMB is zero) it computes it
// once with kernel.Gram (blocked, parallel, symmetric) and trains exactly as
// FitGram(kernel.Gram(c.Kernel, X), y); otherwise it computes kernel rows
// on demand through c.Kernel.Eval with an LRU cache of CacheMB megabytes, as
// LIBSVM does, so the Gram matrix is never formed, and equals that up to
// round-off.
func (c Classifier) Fit(X mat.Matrix, y []float64) (*Model, error) {
	s, err := c.settings()
	if err != nil {
		return nil, err
	}
	if c.Kernel == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "svm: Kernel is nil")
	}
	n, d, err := klearn.CheckXY(X, y)
	if err != nil {
		return nil, err
	}
	if err := kernel.Validate(c.Kernel, d); err != nil {
		return nil, err
	}
	k := c.Kernel
	var m *Model
	var rows [][]float64 // the rows of X, copied for the on-demand path only
	if n*n <= s.gramFloats {
		K, err := kernel.Gram(k, X)
		if err != nil {
			return nil, err
		}
		if m, err = fitGram(s, K, y); err != nil {
			return nil, err
		}
	} else {
		rows = make([][]float64, n)
		for i := range rows {
			rows[i] = mat.Row(nil, i, X)
		}
		// A kernel value that overflows (or a kernel that returns NaN)
		// stops the solvers and fails the fit, as kernel.Gram would.
		var bad atomic.Bool
		src := source{
			fill: func(dst []float64, p int, q []int) {
				xp := rows[p]
				for t, j := range q {
					v := k.Eval(xp, rows[j])
					if math.IsNaN(v) || math.IsInf(v, 0) {
						bad.Store(true)
					}
					dst[t] = v
				}
			},
			diag: func(p int) float64 {
				v := k.Eval(rows[p], rows[p])
				if math.IsNaN(v) || math.IsInf(v, 0) {
					bad.Store(true)
				}
				return v
			},
			abort: &bad,
		}
		m, err = train(s, src, y)
		if bad.Load() {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "svm: a kernel value on the training rows is NaN or ±Inf (overflow or invalid hyper-parameter)")
		}
		if err != nil {
			return nil, err
		}
	}
	m.kern = k
	m.dim = d
	m.svRows = make([][]float64, len(m.svIndex))
	for u, t := range m.svIndex {
		if rows != nil {
			m.svRows[u] = rows[t]
		} else {
			m.svRows[u] = mat.Row(nil, t, X)
		}
	}
	return m, nil
}

// FitGram trains on a precomputed training Gram matrix K (n×n, K_ij =
// k(x_i, x_j)) with labels y. Only the upper triangle of K is read. A
// negative diagonal entry is refused with ErrNotPSD (klearn.CheckDiagPSD);
// an indefinite K with a non-negative diagonal is not detected, and SMO then
// returns a stationary point, as LIBSVM does.
func (c Classifier) FitGram(K *mat.SymDense, y []float64) (*Model, error) {
	s, err := c.settings()
	if err != nil {
		return nil, err
	}
	return fitGram(s, K, y)
}

func fitGram(s settings, K *mat.SymDense, y []float64) (*Model, error) {
	if K == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "svm: Gram matrix is nil")
	}
	n := K.SymmetricDim()
	if n == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "svm: Gram matrix is 0×0")
	}
	if len(y) != n {
		return nil, klearn.Errorf(klearn.ErrShape, "svm: Gram matrix is %d×%d but y has %d entries", n, n, len(y))
	}
	if err := klearn.CheckVector("y", y); err != nil {
		return nil, err
	}
	if err := klearn.CheckDiagPSD("svm: K", K); err != nil {
		return nil, err
	}
	raw := K.RawSymmetric()
	data, st := raw.Data, raw.Stride
	upper := raw.Uplo != blas.Lower
	var src source
	src.diag = func(p int) float64 { return data[p*st+p] }
	var mir *stripMirror // upper storage: rows through the strip mirror
	if upper {
		mir = newStripMirror(data, st, n)
		defer mir.close()
		src.fill = mir.fill
	} else {
		src.fill = func(dst []float64, p int, q []int) {
			for t, j := range q {
				dst[t] = data[max(p, j)*st+min(p, j)]
			}
		}
	}
	switch {
	case mir != nil && mir.full: // checked while comparing the triangles
		return train(s, src, y)
	case mir == nil || !mir.checking():
		if err := checkStored(data, st, n, upper); err != nil {
			return nil, err
		}
		return train(s, src, y)
	}
	// The mirror's helper checks the entries while the solvers run.
	src.abort = &mir.bad
	m, err := train(s, src, y)
	if mir.wait() {
		return nil, checkStored(data, st, n, upper)
	}
	return m, err
}

// FitGramFrom is FitGram with SMO started at alpha0 (one entry per row of
// K, in the order of y) instead of at α = 0: a warm start for a sequence of
// related problems, e.g. the same labels on a Gram matrix that changed a
// little, or a larger C. alpha0 is first made feasible: each entry is
// clipped to [0, C_i] and, with a bias (the equality constraint yᵀα = 0),
// the entries of the class with the larger sum are scaled down to the other
// class's sum (unless the sums agree to 10⁻¹² relative: the optimum of
// another problem is kept as it is). The optimum does not depend on the start (the dual is
// convex); the returned α agrees with FitGram's to within the tolerance of
// the stopping rule (exactly when the dual has a unique solution, in the
// objective otherwise), and is usually reached in far fewer iterations
// from a good start. Only two-class problems can be warm-started (ErrParam
// for more); alpha0 of the wrong length is ErrShape, a NaN or ±Inf in it
// ErrNotFinite. alpha0 is not modified.
func (c Classifier) FitGramFrom(K *mat.SymDense, y []float64, alpha0 []float64) (*Model, error) {
	s, err := c.settings()
	if err != nil {
		return nil, err
	}
	if alpha0 == nil {
		return fitGram(s, K, y)
	}
	if len(alpha0) != len(y) {
		return nil, klearn.Errorf(klearn.ErrShape, "svm: alpha0 has %d entries, y has %d", len(alpha0), len(y))
	}
	if err := klearn.CheckVector("svm: alpha0", alpha0); err != nil {
		return nil, err
	}
	if err := klearn.CheckVector("y", y); err != nil {
		return nil, err
	}
	if k := len(klearn.Classes(y)); k > 2 {
		return nil, klearn.Errorf(klearn.ErrParam, "svm: a warm start needs two classes, y has %d", k)
	}
	s.init = alpha0
	return fitGram(s, K, y)
}

// feasibleStart returns the start of FitGramFrom for the binary problem with
// labels yy (±1) and bounds cc: a clipped to [0, cc] and, with a bias,
// balanced so that Σ yy·α = 0.
func feasibleStart(a, yy, cc []float64, noBias bool) []float64 {
	out := make([]float64, len(a))
	var sp, sn float64
	for t, v := range a {
		out[t] = min(max(v, 0), cc[t])
		if yy[t] > 0 {
			sp += out[t]
		} else {
			sn += out[t]
		}
	}
	if noBias || math.Abs(sp-sn) <= 1e-12*max(sp, sn) {
		return out // a round-off imbalance is kept: scaling would move α = C off its bound
	}
	scale, side := sn/sp, 1.0
	if sn > sp {
		scale, side = sp/sn, -1
	}
	for t := range out {
		if yy[t] == side {
			out[t] *= scale
		}
	}
	return out
}

// FitDense is FitGram for a Gram matrix held in any square mat.Matrix; it
// returns an ErrShape error unless K is square and ErrNotPSD unless it is
// symmetric to within 1e-12·max|K_ij|.
func (c Classifier) FitDense(K mat.Matrix, y []float64) (*Model, error) {
	r, cc, err := klearn.CheckMatrix("K", K)
	if err != nil {
		return nil, err
	}
	if r != cc {
		return nil, klearn.Errorf(klearn.ErrShape, "svm: Gram matrix is %d×%d, want square", r, cc)
	}
	scale := 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < r; j++ {
			scale = max(scale, math.Abs(K.At(i, j)))
		}
	}
	S := mat.NewSymDense(r, nil)
	for i := 0; i < r; i++ {
		for j := i; j < r; j++ {
			a, b := K.At(i, j), K.At(j, i)
			if math.Abs(a-b) > 1e-12*scale {
				return nil, klearn.Errorf(klearn.ErrNotPSD, "svm: Gram matrix is not symmetric: K[%d,%d] = %v, K[%d,%d] = %v", i, j, a, j, i, b)
			}
			S.SetSym(i, j, (a+b)/2)
		}
	}
	return c.FitGram(S, y)
}

// train maps the labels, splits a multiclass problem into binary machines,
// and assembles the model.
func train(s settings, src source, y []float64) (*Model, error) {
	n := len(y)
	classes := klearn.Classes(y)
	if len(classes) < 2 {
		return nil, klearn.Errorf(klearn.ErrOneClass, "svm: y has a single class %v", classes[0])
	}
	cls := make([]int, n)
	for i, v := range y {
		cls[i], _ = slices.BinarySearch(classes, v)
	}
	m := &Model{classes: classes, nTrain: n, multi: s.multi}
	type job struct{ pos, neg int } // neg = -1: rest
	var jobs []job
	switch {
	case len(classes) == 2:
		jobs = []job{{1, 0}}
	case s.multi == OneVsOne:
		for a := 0; a < len(classes); a++ {
			for b := a + 1; b < len(classes); b++ {
				jobs = append(jobs, job{b, a})
			}
		}
	default:
		for k := range classes {
			jobs = append(jobs, job{k, -1})
		}
	}
	for _, jb := range jobs {
		var idx []int
		var yy, cc, a0 []float64
		for i := 0; i < n; i++ {
			switch {
			case cls[i] == jb.pos:
				idx = append(idx, i)
				yy = append(yy, 1)
				cc = append(cc, s.c*s.wpos)
			case jb.neg < 0 || cls[i] == jb.neg:
				idx = append(idx, i)
				yy = append(yy, -1)
				cc = append(cc, s.c*s.wneg)
			}
			if s.init != nil {
				a0 = append(a0, s.init[i])
			}
		}
		sv := newSolver(idx, yy, cc, src.fill, src.diag, s.cacheFloats)
		if s.init != nil {
			sv.init = feasibleStart(a0, yy, cc, s.noBias)
		}
		sv.abort = src.abort
		sv.eps = s.tol
		sv.shrinking = s.shrinking
		sv.noBias = s.noBias
		sv.maxIter = s.maxIter
		if sv.maxIter == 0 {
			sv.maxIter = max(10_000_000, 100*len(idx))
		}
		sv.solve()
		mc := &machine{pos: jb.pos, neg: jb.neg, bias: -sv.rho, obj: sv.obj, iter: sv.iter, status: sv.stat,
			alpha: make([]float64, n), cbound: make([]float64, n)}
		for t, a := range sv.alphaOut {
			mc.cbound[idx[t]] = cc[t]
			if a > 0 {
				mc.support = append(mc.support, idx[t])
				mc.coef = append(mc.coef, yy[t]*a)
				mc.alpha[idx[t]] = a
			}
		}
		m.machines = append(m.machines, mc)
	}
	// Union of support vectors, shared by all machines at prediction.
	seen := make([]int, n)
	for i := range seen {
		seen[i] = -1
	}
	for _, mc := range m.machines {
		for _, t := range mc.support {
			seen[t] = 0
		}
	}
	for t := range seen {
		if seen[t] == 0 {
			seen[t] = len(m.svIndex)
			m.svIndex = append(m.svIndex, t)
		}
	}
	for _, mc := range m.machines {
		mc.unionPos = make([]int, len(mc.support))
		for k, t := range mc.support {
			mc.unionPos[k] = seen[t]
		}
	}
	return m, nil
}

// checkStored returns an ErrNotFinite error naming the first NaN or ±Inf
// of the stored triangle of the n×n matrix (upper or lower, row-major,
// stride st), checking blocks of rows on all cores.
func checkStored(data []float64, st, n int, upper bool) error {
	stored := func(i int) []float64 {
		if upper {
			return data[i*st+i : i*st+n]
		}
		return data[i*st : i*st+i+1]
	}
	var bad atomic.Bool
	parallel.UpperRowBlocks(n, 4*parallel.Workers(), func(lo, hi int) {
		for i := lo; i < hi && !bad.Load(); i++ {
			if !linalg.AllFinite(stored(i)) {
				bad.Store(true)
			}
		}
	})
	if !bad.Load() {
		return nil
	}
	for i := 0; i < n; i++ {
		for k, v := range stored(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				j := k
				if upper {
					j += i
				}
				return klearn.Errorf(klearn.ErrNotFinite, "svm: K[%d,%d] = %v", min(i, j), max(i, j), v)
			}
		}
	}
	return nil
}
