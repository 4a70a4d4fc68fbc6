package tk

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// problem holds the data of J(P) = max_α 2αᵀe − βᵀK(P)β for one training
// set: the scaled inputs, the ±1 labels, the TK degree and box, and either
// the factors of the linear map P ↦ K (kernel.TK.PairFactors, for the
// projected gradient when they are fewer numbers than the basis and fit in
// memory), its coefficients (kernel.TK.PairBasis, when they fit in memory)
// or nothing (K(P) and M(β) are then computed from row chunks of
// kernel.TK.CrossBlocks).
type problem struct {
	m, w   int
	X      *mat.Dense
	y      []float64
	tk     kernel.TK // Degree and box; P unused
	B      *mat.Dense
	fz     *factored
	pairs  []kernel.TKPair
	cls    svm.Classifier
	chunk  int // rows per chunk on the chunked path
	solves int
	smo    int // SMO iterations of all solves
	ipm    int // solves handed to opt.BoxQP
	capped int // solves whose final SMO run stopped at its cap
}

// newProblem sets up J(P) on the rows of X; factors allows the factored
// form (the projected gradient needs only K(P) and M(β); the interior
// point needs the basis itself).
func newProblem(X *mat.Dense, y []float64, t kernel.TK, cls svm.Classifier, maxBytes float64, factors bool) (*problem, error) {
	m, n := X.Dims()
	q, err := kernel.TKSize(n, t.Degree)
	if err != nil {
		return nil, err
	}
	w := 2 * q
	p := &problem{m: m, w: w, X: X, y: y, tk: kernel.TK{Degree: t.Degree, Lower: t.Lower, Upper: t.Upper}, cls: cls}
	np := float64(w * (w + 1) / 2)
	ns, err := kernel.MonomialCount(n, 2*t.Degree) // distinct sums σ (kernel.TKFactors)
	if err != nil {
		return nil, err
	}
	if factors && float64(4*ns) < np && 8*float64(4*ns)*float64(m)*float64(m+1)/2 <= maxBytes {
		f, err := p.tk.PairFactors(X)
		if err != nil {
			return nil, err
		}
		p.fz = newFactored(f)
		p.pairs = tkPairs(w)
	} else if 8*np*float64(m)*float64(m+1)/2 <= maxBytes {
		p.B, p.pairs, err = p.tk.PairBasis(X)
		if err != nil {
			return nil, err
		}
	} else {
		p.chunk = max(1, int(maxBytes/(8*np*float64(m))))
		p.pairs = tkPairs(w)
	}
	return p, nil
}

// pvec returns the free entries P_ab (a ≤ b) in the order of p.pairs.
func (p *problem) pvec(P *mat.SymDense) []float64 {
	out := make([]float64, len(p.pairs))
	for k, ab := range p.pairs {
		out[k] = P.At(ab.A, ab.B)
	}
	return out
}

// gram returns K(P), K_kl = Σ_ab P_ab G_ab(x_k, x_l).
func (p *problem) gram(P *mat.SymDense) *mat.SymDense {
	if p.fz != nil {
		return p.fz.gram(P)
	}
	if p.B == nil {
		t := p.tk
		t.P = P
		return t.Gram(p.X)
	}
	m := p.m
	pv := p.pvec(P)
	out := make([]float64, m*m)
	raw := p.B.RawMatrix()
	parallel.For(m, func(k int) {
		for l := k; l < m; l++ {
			r := kernel.PairIndex(k, l, m)
			out[k*m+l] = linalg.Dot(raw.Data[r*raw.Stride:r*raw.Stride+raw.Cols], pv)
		}
	})
	return mat.NewSymDense(m, out)
}

// momentChunks is the fixed number of partial sums of moment, so that the
// result does not depend on GOMAXPROCS.
const momentChunks = 32

// moment returns M(β)_ab = Σ_kl β_k β_l G_ab(x_k, x_l), a symmetric
// positive semi-definite w×w matrix with ⟨P, M(β)⟩ = βᵀK(P)β for every
// symmetric P; −M(β) is the gradient of J at the P whose SVM solution is α.
func (p *problem) moment(beta []float64) *mat.SymDense {
	if p.fz != nil {
		return p.fz.moment(beta)
	}
	M := mat.NewSymDense(p.w, nil)
	set := func(v []float64) {
		for k, ab := range p.pairs {
			x := v[k]
			if ab.A != ab.B {
				x /= 2 // coefficients of a < b hold G_ab + G_ba
			}
			M.SetSym(ab.A, ab.B, M.At(ab.A, ab.B)+x)
		}
	}
	np := len(p.pairs)
	if p.B != nil {
		// v = Σ_{k ≤ l} c_kl β_k β_l B[r(k,l), ·], c = 1 on the diagonal, 2 off it.
		m := p.m
		raw := p.B.RawMatrix()
		parts := make([][]float64, momentChunks)
		parallel.For(momentChunks, func(c int) {
			v := make([]float64, np)
			for k := c; k < m; k += momentChunks {
				for l := k; l < m; l++ {
					wkl := beta[k] * beta[l]
					if wkl == 0 {
						continue
					}
					if l != k {
						wkl *= 2
					}
					r := kernel.PairIndex(k, l, m)
					linalg.Axpy(wkl, raw.Data[r*raw.Stride:r*raw.Stride+np], v)
				}
			}
			parts[c] = v
		})
		v := make([]float64, np)
		for _, part := range parts {
			floats.Add(v, part)
		}
		set(v)
		return M
	}
	bv := mat.NewVecDense(p.m, beta)
	_, n := p.X.Dims()
	for r0 := 0; r0 < p.m; r0 += p.chunk {
		r1 := min(p.m, r0+p.chunk)
		rows := p.X.Slice(r0, r1, 0, n)
		cb, _, _ := p.tk.CrossBlocks(rows, p.X) // shapes checked at construction
		bc := mat.NewVecDense(r1-r0, beta[r0:r1])
		vals := make([]float64, len(cb))
		parallel.For(len(cb), func(k int) {
			var t mat.VecDense
			t.MulVec(cb[k], bv)
			vals[k] = mat.Dot(bc, &t)
		})
		set(vals)
	}
	return M
}

// tkPairs lists the free entries (a ≤ b) of a symmetric w×w matrix in the
// order of kernel.TK.GramBlocks.
func tkPairs(w int) []kernel.TKPair {
	out := make([]kernel.TKPair, 0, w*(w+1)/2)
	for a := 0; a < w; a++ {
		for b := a; b < w; b++ {
			out = append(out, kernel.TKPair{A: a, B: b})
		}
	}
	return out
}

// inner is the solution of the inner SVM problem at one P.
type inner struct {
	K     *mat.SymDense
	model *svm.Model
	alpha []float64
	beta  []float64 // y∘α
	J     float64   // 2αᵀe − βᵀKβ
}

// smoCapPerRow bounds the SMO iterations of an inner solve without bias
// at smoCapPerRow·m before the interior-point method takes over.
const smoCapPerRow = 50

// solve trains the SVM on K by SMO started at warm (nil: at α = 0; see
// svm.Classifier.FitGramFrom) and returns J and β. Without bias (γ = 0,
// the paper's setting) SMO is capped at smoCapPerRow·m coordinate steps:
// when it does not converge within them (large C, ill-conditioned K(P)),
// opt.BoxQP solves the dual and SMO, started at its solution, finishes
// it to the SVM tolerance under the same cap (SMO never increases the dual
// objective, so the result is at least as good as the interior point's).
// The returned model's Status is that of the last SMO run; a solve whose
// last run stopped at its cap (the second run, or with a bias the only
// one under SVM.MaxIter) is counted in p.capped, and the learner does not
// report Success on it (fitPath).
func (p *problem) solve(K *mat.SymDense, warm []float64) (*inner, error) {
	p.solves++
	cls := p.cls
	if c := smoCapPerRow * p.m; cls.NoBias && (cls.MaxIter == 0 || cls.MaxIter > c) {
		cls.MaxIter = c
	}
	mod, err := cls.FitGramFrom(K, p.y, warm)
	if err != nil {
		return nil, err
	}
	p.smo += mod.Iterations()
	if cls.NoBias && mod.Status() == svm.MaxIterReached {
		p.ipm++
		a, err := p.interior(K)
		if err != nil {
			return nil, err
		}
		if mod, err = cls.FitGramFrom(K, p.y, a); err != nil {
			return nil, err
		}
		p.smo += mod.Iterations()
	}
	if mod.Status() != svm.Converged {
		p.capped++
	}
	alpha := mod.Alpha()
	beta := make([]float64, p.m)
	var s float64
	for i, a := range alpha {
		beta[i] = p.y[i] * a
		s += a
	}
	bv := mat.NewVecDense(p.m, beta)
	J := 2*s - mat.Inner(bv, K, bv)
	if math.IsNaN(J) || math.IsInf(J, 0) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "tk: SVM objective is %v", J)
	}
	return &inner{K: K, model: mod, alpha: alpha, beta: beta, J: J}, nil
}

// interior solves the SVM dual without bias, min ½βᵀKβ − eᵀα over
// 0 ≤ α ≤ C_i (β = y∘α; Q_ij = y_i y_j K_ij), by opt.BoxQP's interior-point
// method at its default settings. Its α is inside the box whatever the
// status; the caller finishes it by SMO.
func (p *problem) interior(K *mat.SymDense) ([]float64, error) {
	Q := mat.NewSymDense(p.m, nil)
	for i := 0; i < p.m; i++ {
		for j := i; j < p.m; j++ {
			Q.SetSym(i, j, p.y[i]*p.y[j]*K.At(i, j))
		}
	}
	c := make([]float64, p.m)
	for i := range c {
		c[i] = -1
	}
	res, err := opt.BoxQP(Q, c, make([]float64, p.m), p.boxes(), nil)
	if err != nil {
		return nil, klearn.Errorf(err, "tk: inner SVM")
	}
	return res.X, nil
}

// objective returns J(P).
func (p *problem) objective(P *mat.SymDense) (*inner, error) { return p.solve(p.gram(P), nil) }

// lowerBound returns 2αᵀe − λ_max(M(β)) ≤ min_{P ⪰ 0, tr P ≤ 1} J(P) (weak
// duality of the saddle problem min_P max_α; tight at the optimum) and M(β).
func (p *problem) lowerBound(in *inner) (float64, *mat.SymDense, error) {
	M := p.moment(in.beta)
	lmax, err := maxEigen(M)
	if err != nil {
		return 0, nil, err
	}
	var s float64
	for _, a := range in.alpha {
		s += a
	}
	return 2*s - max(lmax, 0), M, nil
}

func maxEigen(M *mat.SymDense) (float64, error) {
	v, _, ok := klearn.EigenSym(M, false)
	if !ok {
		return 0, klearn.Errorf(klearn.ErrSingular, "tk: eigenvalue decomposition failed")
	}
	return v[len(v)-1], nil
}

// boxes returns the per-example box C_i of the inner SVM (C times the
// class weight).
func (p *problem) boxes() []float64 {
	c, wp, wn := p.cls.C, p.cls.WeightPos, p.cls.WeightNeg
	if c == 0 {
		c = svm.DefaultC
	}
	if wp == 0 {
		wp = 1
	}
	if wn == 0 {
		wn = 1
	}
	out := make([]float64, p.m)
	for i, v := range p.y {
		out[i] = c * wn
		if v > 0 {
			out[i] = c * wp
		}
	}
	return out
}
