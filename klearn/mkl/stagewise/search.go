package stagewise

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/opt"
)

// The σ-search of Eq. (2), h(θ) = ⟨P, K(κ_θ)⟩_F with P = C F'(K_{t−1}) C,
// is what Algorithm 1 spends its time on: a quasi-Newton run from each
// restart evaluates h and ∇h tens of times per stage. The stage searchers
// below evaluate both in one pass over pairwise quantities cached once per
// fit, with P packed once per stage:
//
//   - the Gaussian bandwidth (CA-1D): the squared distances D_ij, i < j,
//     h(u) = Σ_i P_ii + Σ_{i<j} 2P_ij exp(−D_ij e^{−2u}),
//     ∂h/∂u = 2e^{−2u} Σ_{i<j} 2P_ij D_ij exp(−D_ij e^{−2u});
//   - one bandwidth per coordinate (CA-nD): the squared coordinate
//     differences Q_ijk, i < j, a_ij = Σ_k Q_ijk e^{−2u_k},
//     h(u) = Σ_i P_ii + Σ_{i<j} 2P_ij e^{−a_ij} − λ Σ_k (σ_k − σ̄)² (Eq. (4)),
//     ∂h/∂u_k = 2e^{−2u_k} Σ_{i<j} 2P_ij Q_ijk e^{−a_ij} − 2λ(σ_k − σ̄)σ_k;
//   - the Dirichlet kernel on scalar inputs: 1 + 2cos(σ(x_i − x_j)) =
//     1 + 2(c_i c_j + s_i s_j) with c = cos(σx), s = sin(σx), so that
//     h(σ) = 1ᵀP1 + 2(cᵀPc + sᵀPs) and ∂h/∂σ = −4((x∘s)ᵀPc − (x∘c)ᵀPs):
//     n sines and cosines and two products with P per evaluation instead
//     of n² cosines.
//
// The Gaussian pair sums are sums of exponentials of linear functions of
// ω_k = e^{−2u_k}, Σ_p w_p exp(−⟨β_p, ω⟩) with β_p = D_p or Q_p·:
// continuous.BlockSum (internal/expsum) evaluates each with its gradient
// in one pass with vector exponentials (within two ulps of math.Exp), Q
// stored column after column as it reads it, on fixed blocks of pairs in
// parallel reduced in block order, so h and ∇h are the same bits for any
// GOMAXPROCS.

// pairBlock is the number of pairs of one parallel task of the pair sums.
const pairBlock = 4096

// maxPairFloats caps the cached squared coordinate differences of CA-nD
// (n(n−1)/2 · d float64 values, 2 GiB at the cap); a larger problem
// searches with the family's own searcher instead.
const maxPairFloats = 1 << 28

// stageSearch is the σ-search of one fit: eval returns h(θ) and stores ∇h
// in grad for the P of the last setP; gram returns K(κ_θ).
type stageSearch interface {
	setP(P *mat.SymDense)
	eval(theta, grad []float64) float64
	gram(theta []float64) (*mat.SymDense, error)
}

// newStageSearch returns the fast searcher of the families above for the
// checked training rows X, or nil for another family (Fit then uses
// continuous.Search with the family's Searcher).
func newStageSearch(f continuous.Family, X *mat.Dense) (stageSearch, error) {
	switch f := f.(type) {
	case continuous.GaussianBandwidth:
		D, err := kernel.SquaredDistances(X)
		if err != nil {
			return nil, err
		}
		return newGaussPairs(D), nil
	case continuous.GaussianPerCoordinate:
		n, d := X.Dims()
		if float64(n)*float64(n-1)/2*float64(d) > maxPairFloats {
			return nil, nil
		}
		return newARDPairs(X, f.Lambda)
	case continuous.Dirichlet:
		n, _ := X.Dims()
		return &dirichletVec{x: mat.Col(nil, 0, X), P: mat.NewSymDense(n, nil)}, nil
	}
	return nil, nil
}

// pairs holds the packed off-diagonal pairs (i, j), i < j, row by row, the
// weights w = 2P_ij of the current P and its trace.
type pairs struct {
	n     int
	w     []float64
	trace float64
}

func newPairs(n int) pairs { return pairs{n: n, w: make([]float64, n*(n-1)/2)} }

func (p *pairs) setP(P *mat.SymDense) {
	raw := P.RawSymmetric()
	p.trace = 0
	k := 0
	for i := 0; i < p.n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+p.n]
		p.trace += row[i]
		for _, v := range row[i+1:] {
			p.w[k] = 2 * v
			k++
		}
	}
}

// unitGram returns the n×n Gram with a unit diagonal whose entry (i, j),
// i < j, is k(p) for the packed index p of the pair (rows in parallel).
func (s *pairs) unitGram(k func(p int) float64) *mat.SymDense {
	K := mat.NewSymDense(s.n, nil)
	raw := K.RawSymmetric()
	parallel.For(s.n, func(i int) {
		row := raw.Data[i*raw.Stride:]
		row[i] = 1
		// pairs (i, j), j > i, start at i·n − i(i+1)/2.
		off := i*s.n - i*(i+1)/2
		for j := i + 1; j < s.n; j++ {
			row[j] = k(off + j - i - 1)
		}
	})
	return K
}

// gaussPairs is the stage searcher of GaussianBandwidth.
type gaussPairs struct {
	pairs
	d []float64 // squared distances of the pairs
}

func newGaussPairs(D *mat.SymDense) *gaussPairs {
	n := D.SymmetricDim()
	s := &gaussPairs{pairs: newPairs(n), d: make([]float64, 0, n*(n-1)/2)}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			s.d = append(s.d, D.At(i, j))
		}
	}
	return s
}

func (s *gaussPairs) eval(theta, grad []float64) float64 {
	om := math.Exp(-2 * theta[0])
	h := continuous.BlockSum(s.trace, s.w, s.d, []float64{om}, pairBlock, grad)
	grad[0] = -2 * om * grad[0] // BlockSum's gradient is −Σ w D e^{−Dω}
	return h
}

func (s *gaussPairs) gram(theta []float64) (*mat.SymDense, error) {
	om := math.Exp(-2 * theta[0])
	return s.unitGram(func(p int) float64 { return math.Exp(-s.d[p] * om) }), nil
}

// ardPairs is the stage searcher of GaussianPerCoordinate.
type ardPairs struct {
	pairs
	dim    int
	q      []float64 // q[k·m + p]: squared difference of pair p in column k (m pairs)
	lambda float64
}

func newARDPairs(X *mat.Dense, lambda float64) (*ardPairs, error) {
	n, d := X.Dims()
	m := n * (n - 1) / 2
	s := &ardPairs{pairs: newPairs(n), dim: d, q: make([]float64, m*d), lambda: lambda}
	parallel.For(n, func(i int) {
		xi := X.RawRowView(i)
		off := i*n - i*(i+1)/2
		for j := i + 1; j < n; j++ {
			xj := X.RawRowView(j)
			p := off + j - i - 1
			for k := range xi {
				t := xi[k] - xj[k]
				s.q[k*m+p] = t * t
			}
		}
	})
	// As kernel.SquaredDistances: a squared difference beyond MaxFloat64
	// has no Gaussian value to search over.
	if err := klearn.CheckResult("stagewise: squared coordinate differences of X", s.q); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *ardPairs) eval(theta, grad []float64) float64 {
	d := s.dim
	inv := make([]float64, d)
	for k, u := range theta {
		inv[k] = math.Exp(-2 * u)
	}
	// Column k of the pairs' squared differences starts at q[k·m].
	h := continuous.BlockSum(s.trace, s.w, s.q, inv, pairBlock, grad)
	for k := range grad {
		grad[k] *= -2 * inv[k] // BlockSum's gradient is −Σ_p w_p e^{−a_p} Q_pk
	}
	// Eq. (4): the bandwidth-spread penalty. An h or ∇h that is not
	// finite, or a penalty that overflows, is NaN here, which searchStage
	// reports as ErrNotFinite.
	h, err := continuous.SubtractSpread(h, grad, theta, s.lambda)
	if err != nil {
		return math.NaN()
	}
	return h
}

func (s *ardPairs) gram(theta []float64) (*mat.SymDense, error) {
	d, m := s.dim, len(s.w)
	inv := make([]float64, d)
	for k, u := range theta {
		inv[k] = math.Exp(-2 * u)
		if inv[k] == 0 || math.IsInf(inv[k], 0) {
			return nil, klearn.Errorf(klearn.ErrParam, "stagewise: bandwidth e^%g gives γ = %g", u, inv[k])
		}
	}
	return s.unitGram(func(p int) float64 {
		var a float64
		for k, v := range inv {
			a += s.q[k*m+p] * v
		}
		return math.Exp(-a)
	}), nil
}

// dirichletVec is the stage searcher of the Dirichlet family: the inputs x
// and the current P.
type dirichletVec struct {
	x   []float64
	P   *mat.SymDense
	sum float64 // 1ᵀP1
}

func (s *dirichletVec) setP(P *mat.SymDense) {
	s.P.CopySym(P)
	n := P.SymmetricDim()
	one := make([]float64, n)
	for i := range one {
		one[i] = 1
	}
	s.sum = quadForm(s.P, one)
}

// quadForm is vᵀPv.
func quadForm(P *mat.SymDense, v []float64) float64 {
	var pv mat.VecDense
	vv := mat.NewVecDense(len(v), v)
	pv.MulVec(P, vv)
	return mat.Dot(vv, &pv)
}

func (s *dirichletVec) eval(theta, grad []float64) float64 {
	n := len(s.x)
	c, sn, xc, xs := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	continuous.DirichletFeatures(c, sn, s.x, theta[0])
	for i, x := range s.x {
		xc[i], xs[i] = x*c[i], x*sn[i]
	}
	var pc, ps mat.VecDense
	cv, sv := mat.NewVecDense(n, c), mat.NewVecDense(n, sn)
	pc.MulVec(s.P, cv)
	ps.MulVec(s.P, sv)
	grad[0] = -4 * (mat.Dot(mat.NewVecDense(n, xs), &pc) - mat.Dot(mat.NewVecDense(n, xc), &ps))
	return s.sum + 2*(mat.Dot(cv, &pc)+mat.Dot(sv, &ps))
}

func (s *dirichletVec) gram(theta []float64) (*mat.SymDense, error) {
	n := len(s.x)
	c, sn := make([]float64, n), make([]float64, n)
	continuous.DirichletFeatures(c, sn, s.x, theta[0])
	K := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			K.SetSym(i, j, 1+2*(c[i]*c[j]+sn[i]*sn[j]))
		}
	}
	return K, nil
}

// searchStage maximises h over the family's box by continuous.Multistart
// (the search of continuous.Search), each point's h and ∇h from one
// evaluation. An h or ∇h that is not finite stops the search with
// ErrNotFinite.
func searchStage(f continuous.Family, s stageSearch, d int, set *opt.Settings) ([]float64, error) {
	lo, hi, starts := f.Space(d)
	theta, _, err := continuous.Multistart(lo, hi, starts, set, func(th, g []float64) (float64, error) {
		h := s.eval(th, g)
		if err := klearn.CheckResult("stagewise: search: h", []float64{h}); err != nil {
			return 0, err
		}
		if err := klearn.CheckResult("stagewise: search: ∇h", g); err != nil {
			return 0, err
		}
		return h, nil
	})
	if err != nil {
		return nil, klearn.Errorf(err, "stagewise: search")
	}
	return theta, nil
}
