package continuous

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Family is a parameterised kernel family κ_θ over a continuous parameter
// set. The parameter θ lives in the search space (log bandwidths for the
// Gaussians, the frequency for Dirichlet); Params maps it to the kernel's
// own parameters.
type Family interface {
	// Prepare caches the pairwise quantities of the training rows X.
	Prepare(X *mat.Dense) (Searcher, error)
	// Kernel returns κ for search parameters θ. Errors: θ of another length
	// than the family's box (ErrShape), a θ not finite (ErrNotFinite) or
	// whose kernel parameters overflow or vanish (ErrParam).
	Kernel(theta []float64) (kernel.Kernel, error)
	// Params returns the kernel parameters of θ (bandwidths or frequency),
	// with the errors of Kernel.
	Params(theta []float64) ([]float64, error)
	// Space returns the search box and the restarts, for d input columns
	// (a negative d counts as 0).
	Space(d int) (lo, hi []float64, starts [][]float64)
}

// Searcher evaluates h(θ) = ⟨P, K(κ_θ)⟩_F and ∇h for a symmetric P on the
// cached training data, and the Gram matrix K(κ_θ).
//
// Inner returns h(θ) and, when grad is not nil, stores ∇h in grad. Errors
// (checked in O(1), so that Inner stays an objective an optimiser may call
// many times): P nil (ErrEmpty) or of another order than the training rows,
// θ or grad of another length than the family's parameters (ErrShape), θ
// not finite, or an h or ∇h that is not finite (P not finite, or
// overflow) (ErrNotFinite). Gram returns K(κ_θ), with the θ errors of
// Inner.
type Searcher interface {
	Inner(P *mat.SymDense, theta, grad []float64) (float64, error)
	Gram(theta []float64) (*mat.SymDense, error)
}

// checkTheta checks that θ has p finite entries (any positive number when
// p < 0).
func checkTheta(what string, theta []float64, p int) error {
	if (p >= 0 && len(theta) != p) || len(theta) == 0 {
		if p < 0 {
			return klearn.Errorf(klearn.ErrShape, "continuous: %s: θ has no entries", what)
		}
		return klearn.Errorf(klearn.ErrShape, "continuous: %s: θ has %d entries, want %d", what, len(theta), p)
	}
	if err := klearn.CheckVector("continuous: "+what+": θ", theta); err != nil {
		return err
	}
	return nil
}

// checkInner checks the arguments of a Searcher's Inner for a searcher of
// order n with p parameters.
func checkInner(P *mat.SymDense, theta, grad []float64, n, p int) error {
	if P == nil || P.IsEmpty() {
		return klearn.Errorf(klearn.ErrEmpty, "continuous: Inner: P is nil or empty")
	}
	if m := P.SymmetricDim(); m != n {
		return klearn.Errorf(klearn.ErrShape, "continuous: Inner: P is %d×%d, the training rows %d", m, m, n)
	}
	if grad != nil && len(grad) != p {
		return klearn.Errorf(klearn.ErrShape, "continuous: Inner: grad has %d entries, want %d", len(grad), p)
	}
	return checkTheta("Inner", theta, p)
}

// checkValue refuses a value h or gradient of Inner that is not finite.
func checkValue(h float64, grad []float64) (float64, error) {
	if math.IsNaN(h) || math.IsInf(h, 0) {
		return 0, klearn.Errorf(klearn.ErrNotFinite, "continuous: Inner: h = %v (P not finite, or overflow)", h)
	}
	for _, g := range grad {
		if math.IsNaN(g) || math.IsInf(g, 0) {
			return 0, klearn.Errorf(klearn.ErrNotFinite, "continuous: Inner: ∇h has %v (P not finite, or overflow)", g)
		}
	}
	return h, nil
}

// expParams checks that θ has p finite entries (any number ≥ 1 when p <
// 0) and returns e^θ, refusing an overflow to +Inf or an underflow to 0
// (a bandwidth of 0 or +Inf is no kernel).
func expParams(what string, theta []float64, p int) ([]float64, error) {
	if err := checkTheta(what, theta, p); err != nil {
		return nil, err
	}
	s := make([]float64, len(theta))
	for k, u := range theta {
		s[k] = math.Exp(u)
		if s[k] == 0 || math.IsInf(s[k], 0) {
			return nil, klearn.Errorf(klearn.ErrParam, "continuous: %s: θ[%d] = %g gives the bandwidth e^θ = %g", what, k, u, s[k])
		}
	}
	return s, nil
}

// DefaultSearchMaxIter caps each quasi-Newton run of Search when the
// settings leave MaxIter zero: restarts far out on a flat tail of h (a
// bandwidth much larger than every distance) would otherwise creep for
// thousands of iterations towards the maximum a central restart reaches in
// a few.
const DefaultSearchMaxIter = 100

// searchShape is implemented by the Searchers of this package's families:
// the order n of the Gram matrices they serve and the number p of
// parameters θ they take.
type searchShape interface{ shape() (n, p int) }

// Search returns the θ maximising h(θ) = ⟨P, K(κ_θ)⟩_F over the family's
// box by the bounded quasi-Newton method from each of its restarts
// (opt.Multistart), and h there. Errors: a nil family or searcher
// (ErrParam), P nil, empty or not finite (ErrEmpty, ErrNotFinite), and,
// for a searcher of this package, P of another order than the training rows
// or a family with another number of parameters (ErrShape), and an error
// of the searcher's Inner during the search (an h that overflows for a P
// near ±MaxFloat64: ErrNotFinite).
func Search(f Family, s Searcher, d int, P *mat.SymDense, set *opt.Settings) ([]float64, float64, error) {
	if f == nil || s == nil {
		return nil, 0, klearn.Errorf(klearn.ErrParam, "continuous: Search with a nil family or searcher")
	}
	n, p := -1, -1
	if sh, ok := s.(searchShape); ok {
		n, p = sh.shape()
	}
	if _, err := klearn.CheckGram(P, n); err != nil {
		return nil, 0, klearn.Errorf(err, "continuous: Search: P")
	}
	lo, hi, starts := f.Space(d)
	if p >= 0 && len(lo) != p {
		return nil, 0, klearn.Errorf(klearn.ErrShape, "continuous: Search: the family has %d parameters for %d columns, the searcher %d", len(lo), d, p)
	}
	return Multistart(lo, hi, starts, set, func(th, g []float64) (float64, error) { return s.Inner(P, th, g) })
}

// Multistart maximises h over the box [lo, hi] by the bounded quasi-Newton
// method from each of starts (opt.Multistart, MaxIter DefaultSearchMaxIter
// when set leaves it 0) and returns the best θ and h there: the search of
// Search, searchUnit and package stagewise's stage searchers. inner
// returns h(θ) and stores ∇h in g (of θ's length); an error of inner (a
// non-finite h or ∇h) stops the search and is returned wrapped.
func Multistart(lo, hi []float64, starts [][]float64, set *opt.Settings, inner func(th, g []float64) (float64, error)) ([]float64, float64, error) {
	var cfg opt.Settings
	if set != nil {
		cfg = *set
	}
	if cfg.MaxIter == 0 {
		cfg.MaxIter = DefaultSearchMaxIter
	}
	set = &cfg
	// Inner's errors inside the objective: the callers checked the shapes,
	// so an error is a non-finite h or ∇h (overflow); it stops the search
	// and is returned. The optimiser asks for ∇h at each point whose h it
	// has just computed, and Inner forms both in one pass: the last point's
	// h and ∇h are kept (the searchers compute ∇h with or without grad, so
	// the values are those of separate calls).
	var (
		innerErr     error
		lastTh, last []float64
		lastH        float64
	)
	eval := func(th []float64) (float64, []float64, error) {
		if lastTh != nil && slices.Equal(th, lastTh) {
			return lastH, last, nil
		}
		g := make([]float64, len(th))
		h, err := inner(th, g)
		if err != nil {
			lastTh = nil
			return 0, nil, err
		}
		lastTh, lastH, last = slices.Clone(th), h, g
		return h, g, nil
	}
	prob := opt.Problem{
		Func: func(th []float64) float64 {
			h, _, err := eval(th)
			if err != nil {
				if innerErr == nil {
					innerErr = err
				}
				return math.NaN()
			}
			return -h
		},
		Grad: func(g, th []float64) {
			_, gh, err := eval(th)
			if err != nil {
				if innerErr == nil {
					innerErr = err
				}
				for k := range g {
					g[k] = math.NaN()
				}
				return
			}
			for k := range g {
				g[k] = -gh[k]
			}
		},
	}
	res, err := opt.Multistart(prob, starts, lo, hi, set)
	if innerErr != nil {
		return nil, 0, klearn.Errorf(innerErr, "continuous: Search")
	}
	if err != nil {
		return nil, 0, err
	}
	return res.Best.X, -res.Best.F, nil
}

// GaussianBandwidth is the isotropic Gaussian exp(−‖x−x'‖²/σ²) of CA-1D,
// searched in u = log σ over [log Lower, log Upper] with restarts from
// Starts. Zero values: Lower 1e-3, Upper 1e5, Starts {10⁻³, 10⁻², …, 10⁵}
// (the restarts of the paper's 50-D experiment).
type GaussianBandwidth struct {
	Lower, Upper float64
	Starts       []float64
}

// GaussianPerCoordinate is the Gaussian exp(−Σ_k (x_k−x'_k)²/σ_k²) of
// CA-nD, searched in u_k = log σ_k, with the penalty Lambda·Σ_k (σ_k − σ̄)²
// of Eq. (4) (σ̄ the mean of the σ_k) subtracted from ⟨P, K⟩. Starts are
// scalars s, each giving the start σ = (s, …, s). Zero values as for
// GaussianBandwidth; Lambda 0 is the unregularised search.
type GaussianPerCoordinate struct {
	Lower, Upper float64
	Starts       []float64
	Lambda       float64
}

// Dirichlet is 1 + 2cos(σ|x − x'|) on scalar inputs (the degree-one
// Dirichlet kernel of the paper's first synthetic problem), searched in σ
// over [Lower, Upper] with restarts from Starts. Zero values: Lower 0,
// Upper 10, Starts {0.5, 1.5, …, 9.5}.
type Dirichlet struct {
	Lower, Upper float64
	Starts       []float64
}

var defaultStarts = []float64{1e-3, 1e-2, 1e-1, 1, 10, 100, 1e3, 1e4, 1e5}

func bounds(lower, upper, dl, du float64) (float64, float64, error) {
	if lower == 0 {
		lower = dl
	}
	if upper == 0 {
		upper = du
	}
	if !(lower >= 0 && upper > lower) || math.IsInf(upper, 0) {
		return 0, 0, klearn.Errorf(klearn.ErrParam, "continuous: parameter bounds [%g, %g] are empty, inverted or infinite", lower, upper)
	}
	return lower, upper, nil
}

func (g GaussianBandwidth) check() (lo, hi float64, err error) {
	lo, hi, err = bounds(g.Lower, g.Upper, 1e-3, 1e5)
	if err == nil && lo <= 0 {
		err = klearn.Errorf(klearn.ErrParam, "continuous: bandwidth bound %g ≤ 0", lo)
	}
	return lo, hi, err
}

// logBox returns the box [log lo, log hi]^p of a Gaussian family searched
// in log σ and its restarts: each scalar s of starts (nil: the default
// starts) clipped to [lo, hi] gives the start log σ = (log s, …, log s).
func logBox(starts []float64, lo, hi float64, p int) ([]float64, []float64, [][]float64) {
	p = max(p, 0)
	l, h := make([]float64, p), make([]float64, p)
	for k := range l {
		l[k], h[k] = math.Log(lo), math.Log(hi)
	}
	return l, h, logStarts(starts, lo, hi, p)
}

func logStarts(starts []float64, lo, hi float64, d int) [][]float64 {
	if starts == nil {
		starts = defaultStarts
	}
	var out [][]float64
	for _, s := range starts {
		u := math.Log(math.Min(math.Max(s, lo), hi))
		v := make([]float64, d)
		for k := range v {
			v[k] = u
		}
		out = append(out, v)
	}
	return out
}

func (g GaussianBandwidth) Space(int) ([]float64, []float64, [][]float64) {
	lo, hi, _ := g.check()
	return logBox(g.Starts, lo, hi, 1)
}

// Params returns the bandwidth σ = e^θ of a θ of length 1.
func (g GaussianBandwidth) Params(theta []float64) ([]float64, error) {
	return expParams("GaussianBandwidth", theta, 1)
}

// Kernel returns kernel.Gaussian{Sigma: e^θ} for a θ of length 1.
func (g GaussianBandwidth) Kernel(theta []float64) (kernel.Kernel, error) {
	s, err := g.Params(theta)
	if err != nil {
		return nil, err
	}
	return kernel.Gaussian{Sigma: s[0]}, nil
}

func (g GaussianBandwidth) Prepare(X *mat.Dense) (Searcher, error) {
	if _, _, err := g.check(); err != nil {
		return nil, err
	}
	D, err := kernel.SquaredDistances(X)
	if err != nil {
		return nil, err
	}
	return gaussSearcher{distSearcher{D: D, f: gaussianTerm, gauss: true}}, nil
}

func (g GaussianPerCoordinate) check() (lo, hi float64, err error) {
	lo, hi, err = GaussianBandwidth{Lower: g.Lower, Upper: g.Upper}.check()
	if err == nil && !(g.Lambda >= 0 && !math.IsInf(g.Lambda, 0)) {
		err = klearn.Errorf(klearn.ErrParam, "continuous: Lambda = %v, want a finite value ≥ 0", g.Lambda)
	}
	return lo, hi, err
}

func (g GaussianPerCoordinate) Space(d int) ([]float64, []float64, [][]float64) {
	lo, hi, _ := g.check()
	return logBox(g.Starts, lo, hi, d)
}

// Params returns the bandwidths σ_k = e^{θ_k}, one per input column (θ
// of any length ≥ 1: the family's box has one entry per column).
func (g GaussianPerCoordinate) Params(theta []float64) ([]float64, error) {
	return expParams("GaussianPerCoordinate", theta, -1)
}

// Kernel returns kernel.ARD{Gamma: e^{−2θ}}, refusing a θ whose γ_k
// overflow or vanish (ErrParam).
func (g GaussianPerCoordinate) Kernel(theta []float64) (kernel.Kernel, error) {
	s, err := g.Params(theta)
	if err != nil {
		return nil, err
	}
	gam := make([]float64, len(s))
	for k, v := range s {
		gam[k] = 1 / (v * v)
		if gam[k] == 0 || math.IsInf(gam[k], 0) {
			return nil, klearn.Errorf(klearn.ErrParam, "continuous: GaussianPerCoordinate: σ[%d] = %g gives γ = 1/σ² = %g", k, v, gam[k])
		}
	}
	return kernel.ARD{Gamma: gam}, nil
}

func (g GaussianPerCoordinate) Prepare(X *mat.Dense) (Searcher, error) {
	if _, _, err := g.check(); err != nil {
		return nil, err
	}
	n, d, err := klearn.CheckMatrix("continuous: X", X)
	if err != nil {
		return nil, err
	}
	for k := 0; k < d; k++ {
		c := X.At(0, k)
		constant := true
		for i := 1; i < n && constant; i++ {
			constant = X.At(i, k) == c
		}
		if constant {
			return nil, klearn.Errorf(klearn.ErrParam, "continuous: column %d is constant: its bandwidth is meaningless (drop it)", k)
		}
	}
	return &ardSearcher{X: mat.DenseCopyOf(X), lambda: g.Lambda}, nil
}

func (g Dirichlet) check() (lo, hi float64, err error) { return bounds(g.Lower, g.Upper, 0, 10) }

func (g Dirichlet) Space(int) ([]float64, []float64, [][]float64) {
	lo, hi, _ := g.check()
	starts := g.Starts
	if starts == nil {
		for s := 0.5; s < 10; s++ {
			starts = append(starts, s)
		}
	}
	var out [][]float64
	for _, s := range starts {
		out = append(out, []float64{math.Min(math.Max(s, lo), hi)})
	}
	return []float64{lo}, []float64{hi}, out
}

// Params returns the frequency σ = θ of a θ of length 1.
func (g Dirichlet) Params(theta []float64) ([]float64, error) {
	if err := checkTheta("Dirichlet", theta, 1); err != nil {
		return nil, err
	}
	return []float64{theta[0]}, nil
}

// Kernel returns kernel.Dirichlet{Sigma: θ} for a θ of length 1.
func (g Dirichlet) Kernel(theta []float64) (kernel.Kernel, error) {
	if err := checkTheta("Dirichlet", theta, 1); err != nil {
		return nil, err
	}
	return kernel.Dirichlet{Sigma: theta[0]}, nil
}

func (g Dirichlet) Prepare(X *mat.Dense) (Searcher, error) {
	if _, _, err := g.check(); err != nil {
		return nil, err
	}
	if _, d, err := klearn.CheckMatrix("continuous: X", X); err != nil {
		return nil, err
	} else if d != 1 {
		return nil, klearn.Errorf(klearn.ErrShape, "continuous: the Dirichlet family needs scalar inputs (it is not positive semi-definite in %d dimensions)", d)
	}
	D, err := kernel.SquaredDistances(X)
	if err != nil {
		return nil, err
	}
	// Cache |x − x'| itself: the term needs the distance, not its square.
	n := D.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			D.SetSym(i, j, math.Sqrt(D.At(i, j)))
		}
	}
	// The centred inputs of the rank-one form (rankone.go).
	x := mat.Col(nil, 0, X)
	var mean float64
	for _, v := range x {
		mean += v / float64(n)
	}
	for i := range x {
		x[i] -= mean
	}
	return dirichletSearcher{distSearcher{D: D, f: dirichletTerm}, x}, nil
}

// term returns κ and ∂κ/∂θ for a cached pairwise quantity (the squared
// distance for the Gaussian, the distance for Dirichlet).
type term func(r2, theta float64) (k, dk float64)

// gaussianTerm is exp(−r²e^{−2u}) and its derivative in u = log σ.
func gaussianTerm(r2, u float64) (float64, float64) {
	return gaussianScaled(r2, math.Exp(-2*u))
}

// gaussianScaled is gaussianTerm with e = e^{−2u} given.
func gaussianScaled(r2, e float64) (float64, float64) {
	a := r2 * e
	k := math.Exp(-a)
	return k, 2 * a * k
}

// dirichletTerm is 1 + 2cos(σr) and its derivative in σ, for a cached
// distance r.
func dirichletTerm(r, s float64) (float64, float64) {
	sn, cs := math.Sincos(s * r)
	return 1 + 2*cs, -2 * r * sn
}

// distSearcher serves the one-parameter families from cached pairwise
// distances.
type distSearcher struct {
	D     *mat.SymDense
	f     term
	gauss bool // f is gaussianTerm: κ = exp(−D e^{−2θ})
}

// exponents returns the cached squared distances of a Gaussian (nil for
// Dirichlet).
func (s distSearcher) exponents() []*mat.SymDense {
	if !s.gauss {
		return nil
	}
	return []*mat.SymDense{s.D}
}

func (s distSearcher) shape() (int, int) { return s.D.SymmetricDim(), 1 }

func (s distSearcher) Inner(P *mat.SymDense, theta, grad []float64) (float64, error) {
	n := s.D.SymmetricDim()
	if err := checkInner(P, theta, grad, n, 1); err != nil {
		return 0, err
	}
	// The Gaussian's e^{−2θ} is formed once, not per pair.
	f, t := s.f, theta[0]
	if s.gauss {
		f, t = gaussianScaled, math.Exp(-2*t)
	}
	h, g := make([]float64, n), make([]float64, n)
	pr, dr := P.RawSymmetric(), s.D.RawSymmetric()
	parallel.For(n, func(i int) {
		var hi, gi float64
		prow, drow := pr.Data[i*pr.Stride:i*pr.Stride+n], dr.Data[i*dr.Stride:i*dr.Stride+n]
		for j := i; j < n; j++ {
			w := prow[j]
			if j != i {
				w *= 2
			}
			k, dk := f(drow[j], t)
			hi += w * k
			gi += w * dk
		}
		h[i], g[i] = hi, gi
	})
	var H, G float64
	for i := range h { // fixed order: the same sum for any GOMAXPROCS
		H += h[i]
		G += g[i]
	}
	if _, err := checkValue(H, []float64{G}); err != nil {
		return 0, err
	}
	if grad != nil {
		grad[0] = G
	}
	return H, nil
}

func (s distSearcher) Gram(theta []float64) (*mat.SymDense, error) {
	if err := checkTheta("Gram", theta, 1); err != nil {
		return nil, err
	}
	n := s.D.SymmetricDim()
	K := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			k, _ := s.f(s.D.At(i, j), theta[0])
			K.SetSym(i, j, k)
		}
	}
	return K, nil
}

// ardSearcher serves the per-coordinate Gaussian from the training rows
// (the n²·d coordinate differences are recomputed rather than stored).
type ardSearcher struct {
	X      *mat.Dense
	lambda float64
}

func (s *ardSearcher) shape() (int, int) { return s.X.Dims() }

func (s *ardSearcher) Inner(P *mat.SymDense, theta, grad []float64) (float64, error) {
	n, d := s.X.Dims()
	if err := checkInner(P, theta, grad, n, d); err != nil {
		return 0, err
	}
	G := make([]float64, d)
	H := gaussInner(P, theta, G, func(i, j int, dd []float64) {
		xi, xj := s.X.RawRowView(i), s.X.RawRowView(j)
		for k := range dd {
			t := xi[k] - xj[k]
			dd[k] = t * t
		}
	})
	if _, err := checkValue(H, G); err != nil {
		return 0, err
	}
	H, err := SubtractSpread(H, G, theta, s.lambda)
	if err != nil {
		return 0, err
	}
	if grad != nil {
		copy(grad, G)
	}
	return H, nil
}

func (s *ardSearcher) Gram(theta []float64) (*mat.SymDense, error) {
	if err := checkTheta("Gram", theta, s.X.RawMatrix().Cols); err != nil {
		return nil, err
	}
	k, err := GaussianPerCoordinate{}.Kernel(theta)
	if err != nil {
		return nil, err
	}
	return kernel.Gram(k, s.X)
}

// SubtractSpread returns h − λ Σ_k (σ_k − σ̄)², the bandwidth-spread
// penalty of Eq. (4) of Afkanpour et al. (2013) on σ_k = e^{u_k}, u = theta,
// and subtracts its derivative 2λ(σ_k − σ̄)σ_k (the σ̄ terms cancel) from
// grad[k]. λ = 0 leaves both unchanged. The σ_k are computed relative to
// the largest, e^{u_k − max u}, so equal θ give no penalty at any size; a
// penalty or derivative beyond MaxFloat64 is an error. Errors: h, θ or
// grad not finite (ErrNotFinite), grad of another length than θ (ErrShape),
// λ negative or not finite (ErrParam), overflow (ErrNotFinite).
func SubtractSpread(h float64, grad, theta []float64, lambda float64) (float64, error) {
	if err := klearn.CheckParam("continuous: SubtractSpread λ", lambda, 0, math.MaxFloat64); err != nil {
		return 0, err
	}
	if err := klearn.CheckLen("continuous: SubtractSpread grad", grad, len(theta)); err != nil {
		return 0, err
	}
	for _, v := range [][]float64{{h}, grad, theta} {
		if err := klearn.CheckFinite("continuous: SubtractSpread input", v); err != nil {
			return 0, err
		}
	}
	if lambda == 0 || len(theta) == 0 {
		return h, nil
	}
	umax := slices.Max(theta)
	s := make([]float64, len(theta)) // σ_k / e^{umax}
	var mean float64
	for k, u := range theta {
		s[k] = math.Exp(u - umax)
		mean += s[k]
	}
	mean /= float64(len(theta)) // exactly 1 when every θ_k is equal
	// λ e^{2 umax} scales the penalty and its derivative.
	c := lambda * math.Exp(2*umax)
	var pen float64
	g := make([]float64, len(theta))
	for k := range theta {
		d := s[k] - mean
		pen += d * d
		g[k] = 2 * d * s[k]
	}
	if pen == 0 {
		return h, nil
	}
	out := h - c*pen
	for k := range g {
		g[k] = grad[k] - c*g[k]
	}
	if err := klearn.CheckResult("continuous: SubtractSpread penalty", append(g, out)); err != nil {
		return 0, err
	}
	copy(grad, g)
	return out, nil
}
