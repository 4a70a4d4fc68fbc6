package tk

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/svm"
)

// problem holds the data of J(P) = max_α 2αᵀe − βᵀK(P)β for one training
// set: the scaled inputs, the ±1 labels, the TK degree and box, and either
// the basis Grams of kernel.TK.GramBlocks (when they fit in memory) or
// nothing (K(P) and M(β) are then computed in row chunks).
type problem struct {
	m, w   int
	X      *mat.Dense
	y      []float64
	tk     kernel.TK // Degree and box; P unused
	blocks []*mat.SymDense
	pairs  []kernel.TKPair
	cls    svm.Classifier
	chunk  int // rows per chunk on the chunked path
	solves int
}

func newProblem(X *mat.Dense, y []float64, t kernel.TK, cls svm.Classifier, maxBytes float64) (*problem, error) {
	m, n := X.Dims()
	q, err := kernel.TKSize(n, t.Degree)
	if err != nil {
		return nil, err
	}
	w := 2 * q
	p := &problem{m: m, w: w, X: X, y: y, tk: kernel.TK{Degree: t.Degree, Lower: t.Lower, Upper: t.Upper}, cls: cls}
	np := float64(w * (w + 1) / 2)
	if 8*np*float64(m)*float64(m) <= maxBytes {
		p.blocks, p.pairs, err = p.tk.GramBlocks(X)
		if err != nil {
			return nil, err
		}
	} else {
		p.chunk = max(1, int(maxBytes/(8*np*float64(m))))
		p.pairs = tkPairs(w)
	}
	return p, nil
}

// gram returns K(P), K_kl = Σ_ab P_ab G_ab(x_k, x_l).
func (p *problem) gram(P *mat.SymDense) *mat.SymDense {
	if p.blocks == nil {
		t := p.tk
		t.P = P
		return t.Gram(p.X)
	}
	m := p.m
	out := make([]float64, m*m)
	for k, ab := range p.pairs {
		c := P.At(ab.A, ab.B)
		if c == 0 {
			continue
		}
		raw := p.blocks[k].RawSymmetric()
		for i := 0; i < m; i++ {
			src := raw.Data[i*raw.Stride : i*raw.Stride+m]
			dst := out[i*m : i*m+m]
			for j := i; j < m; j++ {
				dst[j] += c * src[j]
			}
		}
	}
	return mat.NewSymDense(m, out)
}

// moment returns M(β)_ab = Σ_kl β_k β_l G_ab(x_k, x_l), a symmetric
// positive semi-definite w×w matrix with ⟨P, M(β)⟩ = βᵀK(P)β for every
// symmetric P; −M(β) is the gradient of J at the P whose SVM solution is α.
func (p *problem) moment(beta []float64) *mat.SymDense {
	M := mat.NewSymDense(p.w, nil)
	set := func(k int, v float64) {
		ab := p.pairs[k]
		if ab.A != ab.B {
			v /= 2 // blocks of a < b hold G_ab + G_ba
		}
		M.SetSym(ab.A, ab.B, M.At(ab.A, ab.B)+v)
	}
	if p.blocks != nil {
		vals := make([]float64, len(p.blocks))
		bv := mat.NewVecDense(p.m, beta)
		parallel.For(len(p.blocks), func(k int) {
			vals[k] = mat.Inner(bv, p.blocks[k], bv)
		})
		for k, v := range vals {
			set(k, v)
		}
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
		for k, v := range vals {
			set(k, v)
		}
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

// solve trains the SVM on K and returns J and β.
func (p *problem) solve(K *mat.SymDense) (*inner, error) {
	p.solves++
	mod, err := p.cls.FitGram(K, p.y)
	if err != nil {
		return nil, err
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

// objective returns J(P).
func (p *problem) objective(P *mat.SymDense) (*inner, error) { return p.solve(p.gram(P)) }

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
	var e mat.EigenSym
	if !e.Factorize(M, false) {
		return 0, klearn.Errorf(klearn.ErrSingular, "tk: eigenvalue decomposition failed")
	}
	v := e.Values(nil)
	return v[len(v)-1], nil
}
