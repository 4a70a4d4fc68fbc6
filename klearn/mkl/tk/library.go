package tk

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// RandomP returns L random matrices P^s = AAᵀ/tr(AAᵀ), A w×w with
// independent standard normal entries, drawn from seed: the basis of
// [SimpleMKL TK] in Section 6 of Colbert & Peet (2020), whose
// distribution the paper does not state (this is our choice).
func RandomP(w, L int, seed uint64) ([]*mat.SymDense, error) {
	if w <= 0 || L <= 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "tk: RandomP(w = %d, L = %d)", w, L)
	}
	if err := klearn.CheckAlloc("tk: RandomP's matrices", 8, L+1, w, w); err != nil {
		return nil, err
	}
	r := klearn.NewRand(seed)
	out := make([]*mat.SymDense, L)
	for s := range out {
		A := mat.NewDense(w, w, nil)
		for i := 0; i < w; i++ {
			for j := 0; j < w; j++ {
				A.Set(i, j, r.NormFloat64())
			}
		}
		P := mat.NewSymDense(w, nil)
		P.SymOuterK(1, A)
		P.ScaleSym(1/mat.Trace(P), P)
		out[s] = P
	}
	return out, nil
}

// Library returns the Gram matrices of the TK kernels k_{P^s} of Eq. (25)
// (one per P in Ps) on the training rows X and, if Xte is not nil, the
// test×train cross matrices. As in Learner, inputs are scaled to [0, 1]ⁿ
// with the training minimum and maximum and the box is [−ε, 1 + ε]ⁿ
// (ε = margin; the paper's [SimpleMKL TK] uses ε = 0). Every K_s is
// Σ_ab P^s_ab G_ab, computed for all s at once from the coefficients of
// kernel.TK.PairBasis and kernel.TK.CrossBlocks (one matrix product).
// Each P must be 2q×2q, finite and positive semi-definite (λ_min ≥
// −1e−10·max(1, λ_max), kernel.TK.Validate). Errors: ErrEmpty, ErrShape,
// ErrNotFinite, ErrParam, ErrNotPSD.
func Library(X, Xte mat.Matrix, degree int, margin float64, Ps []*mat.SymDense) ([]*mat.SymDense, []*mat.Dense, error) {
	m, d, err := klearn.CheckMatrix("tk: X", X)
	if err != nil {
		return nil, nil, err
	}
	if err := klearn.CheckParam("tk: margin", margin, 0, 1e6); err != nil {
		return nil, nil, err
	}
	if len(Ps) == 0 {
		return nil, nil, klearn.Errorf(klearn.ErrEmpty, "tk: Library of no matrices")
	}
	shift, scale := minMaxScaling(X)
	lower, upper := make([]float64, d), make([]float64, d)
	for j := range lower {
		lower[j], upper[j] = -margin, 1+margin
	}
	kern := Kernel{TK: kernel.TK{Degree: degree, Lower: lower, Upper: upper}, Shift: shift, Scale: scale}
	if err := kern.Validate(d); err != nil {
		return nil, nil, err
	}
	xs := kern.transform(X)
	B, pairs, err := kern.TK.PairBasis(xs)
	if err != nil {
		return nil, nil, err
	}
	q, _ := kernel.TKSize(d, degree) // validated above
	w := 2 * q
	Pm := mat.NewDense(len(pairs), len(Ps), nil)
	for s, P := range Ps {
		if P == nil || P.SymmetricDim() != w {
			return nil, nil, klearn.Errorf(klearn.ErrShape, "tk: Library: P %d is not %d×%d", s, w, w)
		}
		// Finite and PSD to kernel.IsPSD's relative 1e-10 (TK.Validate).
		withP := kern.TK
		withP.P = P
		if err := withP.Validate(d); err != nil {
			return nil, nil, klearn.Errorf(err, "tk: Library: P %d", s)
		}
		for p, ab := range pairs {
			Pm.Set(p, s, P.At(ab.A, ab.B))
		}
	}
	var KV mat.Dense
	KV.Mul(B, Pm) // row r = pair (k ≤ l), column s
	Ks := make([]*mat.SymDense, len(Ps))
	for s := range Ks {
		K := mat.NewSymDense(m, nil)
		for k := 0; k < m; k++ {
			for l := k; l < m; l++ {
				K.SetSym(k, l, KV.At(kernel.PairIndex(k, l, m), s))
			}
		}
		Ks[s] = K
	}
	if Xte == nil {
		return Ks, nil, nil
	}
	nte, dte, err := klearn.CheckMatrix("tk: Xte", Xte)
	if err != nil {
		return nil, nil, err
	}
	if dte != d {
		return nil, nil, klearn.Errorf(klearn.ErrShape, "tk: Xte has %d columns, X has %d", dte, d)
	}
	cb, _, err := kern.TK.CrossBlocks(kern.transform(Xte), xs)
	if err != nil {
		return nil, nil, err
	}
	CB := mat.NewDense(nte*m, len(pairs), nil)
	for p, C := range cb {
		raw := C.RawMatrix()
		for i := 0; i < nte; i++ {
			for j := 0; j < m; j++ {
				CB.Set(i*m+j, p, raw.Data[i*raw.Stride+j])
			}
		}
	}
	var CV mat.Dense
	CV.Mul(CB, Pm)
	Kte := make([]*mat.Dense, len(Ps))
	for s := range Kte {
		C := mat.NewDense(nte, m, nil)
		for i := 0; i < nte; i++ {
			for j := 0; j < m; j++ {
				C.Set(i, j, CV.At(i*m+j, s))
			}
		}
		Kte[s] = C
	}
	return Ks, Kte, nil
}

// minMaxScaling returns the shift and scale mapping each column of X onto
// [0, 1] (a constant column is shifted to 0).
func minMaxScaling(X mat.Matrix) (shift, scale []float64) {
	n, d := X.Dims()
	shift, scale = make([]float64, d), make([]float64, d)
	for j := 0; j < d; j++ {
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := 0; i < n; i++ {
			v := X.At(i, j)
			lo, hi = min(lo, v), max(hi, v)
		}
		shift[j], scale[j] = lo, 1
		if hi > lo {
			scale[j] = hi - lo
		}
	}
	return shift, scale
}
