package mkl

import (
	"fmt"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/internal/symrows"
	"gonum.org/v1/gonum/mat"
)

// GramSource yields a list of training Gram matrices K_0, …, K_{Len−1} one
// at a time, so that a learner can sweep a kernel family without holding it
// in memory. Each calls fn(s, K_s) for s = 0, …, Len−1 in order; K_s may be a
// buffer that the source reuses for the next s, so fn must neither keep nor
// modify it. An error returned by fn stops the sweep and is returned.
// EachGram checks what a source yields; a bad source gives an error, never
// a panic or a NaN weight.
type GramSource interface {
	Len() int
	Dim() int
	Each(fn func(s int, K *mat.SymDense) error) error
}

// CrossSource is GramSource for test×train kernels (rows are test points).
type CrossSource interface {
	Len() int
	Dims() (r, c int)
	Each(fn func(s int, K *mat.Dense) error) error
}

// ValidatedSource is a source built from checked inputs whose kernels are
// finite by construction (hpk.Family's sources): EachGram and EachCross skip
// the O(n²) finiteness check of its kernels.
type ValidatedSource interface {
	Validated()
}

// GramList is a GramSource over matrices held in memory.
type GramList []*mat.SymDense

// Len returns the number of matrices.
func (l GramList) Len() int { return len(l) }

// Dim returns the order of the first matrix (0 for an empty list).
func (l GramList) Dim() int {
	if len(l) == 0 || l[0] == nil {
		return 0
	}
	return l[0].SymmetricDim()
}

// Each calls fn on every matrix in order; a nil matrix is an ErrEmpty error.
func (l GramList) Each(fn func(int, *mat.SymDense) error) error { return eachOf(l, fn) }

// CrossList is a CrossSource over matrices held in memory.
type CrossList []*mat.Dense

// Len returns the number of matrices.
func (l CrossList) Len() int { return len(l) }

// Dims returns the shape of the first matrix (0, 0 for an empty list).
func (l CrossList) Dims() (int, int) {
	if len(l) == 0 || l[0] == nil {
		return 0, 0
	}
	return l[0].Dims()
}

// Each calls fn on every matrix in order; a nil matrix is an ErrEmpty error.
func (l CrossList) Each(fn func(int, *mat.Dense) error) error { return eachOf(l, fn) }

// EachGram sweeps src, refusing what a source must not do: yield other
// indices than 0, …, Len−1 in order (ErrShape), a nil kernel (ErrEmpty), a
// kernel of another order than n (ErrShape) or, unless src is a
// ValidatedSource, a NaN or ±Inf entry (ErrNotFinite). who prefixes the
// errors.
func EachGram(who string, src GramSource, n int, fn func(int, *mat.SymDense) error) error {
	if err := checkSweep(who, src, fn == nil); err != nil {
		return err
	}
	_, trusted := src.(ValidatedSource)
	return eachChecked(who, src.Len(), src.Each, func(s int, K *mat.SymDense) error {
		if K.SymmetricDim() != n {
			return klearn.Errorf(klearn.ErrShape, "%s: kernel %d is %d×%d, want %d×%d", who, s, K.SymmetricDim(), K.SymmetricDim(), n, n)
		}
		if !trusted {
			if _, err := klearn.CheckGram(K, n); err != nil {
				return klearn.Errorf(err, "%s: kernel %d", who, s)
			}
		}
		return fn(s, K)
	})
}

// EachCross is EachGram for a CrossSource of r×c test kernels.
func EachCross(who string, src CrossSource, r, c int, fn func(int, *mat.Dense) error) error {
	if err := checkSweep(who, src, fn == nil); err != nil {
		return err
	}
	_, trusted := src.(ValidatedSource)
	return eachChecked(who, src.Len(), src.Each, func(s int, K *mat.Dense) error {
		if kr, kc := K.Dims(); kr != r || kc != c {
			return klearn.Errorf(klearn.ErrShape, "%s: test kernel %d is %d×%d, want %d×%d", who, s, kr, kc, r, c)
		}
		if !trusted {
			if _, _, err := klearn.CheckMatrix(fmt.Sprintf("%s: test kernel %d", who, s), K); err != nil {
				return err
			}
		}
		return fn(s, K)
	})
}

// checkSweep refuses a nil source (ErrEmpty) or a nil function (ErrParam).
func checkSweep(who string, src any, nilFn bool) error {
	if klearn.IsNil(src) {
		return klearn.Errorf(klearn.ErrEmpty, "%s: no kernel source", who)
	}
	if nilFn {
		return klearn.Errorf(klearn.ErrParam, "%s: a sweep with a nil function", who)
	}
	return nil
}

// eachChecked runs each(fn), checking that it yields s = 0, …, R−1 in
// order, each with a non-nil matrix.
func eachChecked[T interface {
	comparable
	mat.Matrix
}](who string, R int, each func(func(int, T) error) error, fn func(int, T) error) error {
	var none T
	next := 0
	err := each(func(s int, K T) error {
		if s != next || s >= R {
			return klearn.Errorf(klearn.ErrShape, "%s: the source yields kernel %d after %d kernels, and has Len %d", who, s, next, R)
		}
		next++
		if K == none || klearn.IsNilMatrix(K) {
			return klearn.Errorf(klearn.ErrEmpty, "%s: kernel %d is nil", who, s)
		}
		return fn(s, K)
	})
	if err != nil {
		return err
	}
	if next != R {
		return klearn.Errorf(klearn.ErrShape, "%s: the source yields %d kernels, and has Len %d", who, next, R)
	}
	return nil
}

// eachOf calls fn(s, l[s]) in order and stops at the first error.
func eachOf[T comparable](l []T, fn func(int, T) error) error {
	if fn == nil {
		return klearn.Errorf(klearn.ErrParam, "mkl: Each with a nil function")
	}
	var none T
	for s, K := range l {
		if K == none {
			return klearn.Errorf(klearn.ErrEmpty, "mkl: kernel %d is nil", s)
		}
		if err := fn(s, K); err != nil {
			return err
		}
	}
	return nil
}

// CombineSource returns Σ_s w_s K_s over a GramSource (w may be any
// weights, e.g. the fixed rules of package hpk). Errors: ErrShape, ErrEmpty,
// ErrNotFinite (a NaN or ±Inf weight, base kernel entry or sum).
func CombineSource(w []float64, src GramSource) (*mat.SymDense, error) {
	if err := checkCombine(w, src); err != nil {
		return nil, err
	}
	n := src.Dim()
	if n < 1 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "mkl: base kernels of order %d (the first is nil or empty)", n)
	}
	acc := mat.NewSymDense(n, nil)
	err := EachGram("mkl: CombineSource", src, n, func(s int, K *mat.SymDense) error {
		if w[s] != 0 {
			symrows.AddScaled(acc, w[s], K)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A NaN or ±Inf in a base kernel, or a sum that overflows.
	if _, err := klearn.CheckGram(acc, n); err != nil {
		return nil, fmt.Errorf("mkl: combined kernel: %w", err)
	}
	return acc, nil
}

// checkCombine returns an error unless src holds base kernels and w is one
// finite weight per kernel.
func checkCombine(w []float64, src interface{ Len() int }) error {
	if klearn.IsNil(src) || src.Len() == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "mkl: no base kernels")
	}
	if err := klearn.CheckVector("mkl: kernel weights", w); err != nil {
		return err
	}
	if len(w) != src.Len() {
		return klearn.Errorf(klearn.ErrShape, "mkl: %d weights for %d kernels", len(w), src.Len())
	}
	return nil
}

// CombineCrossSource returns Σ_s w_s K_s over a CrossSource.
func CombineCrossSource(w []float64, src CrossSource) (*mat.Dense, error) {
	if err := checkCombine(w, src); err != nil {
		return nil, err
	}
	r, c := src.Dims()
	if r < 1 || c < 1 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "mkl: test kernels of %d×%d (the first is nil or empty)", r, c)
	}
	acc := mat.NewDense(r, c, nil)
	err := EachCross("mkl: CombineCrossSource", src, r, c, func(s int, K *mat.Dense) error {
		if w[s] == 0 {
			return nil
		}
		a := acc.RawMatrix()
		k := K.RawMatrix()
		symrows.Rows(r, func(i int) {
			dst := a.Data[i*a.Stride : i*a.Stride+c]
			for j, v := range k.Data[i*k.Stride : i*k.Stride+c] {
				dst[j] += w[s] * v
			}
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if _, _, err := klearn.CheckMatrix("mkl: combined test kernel", acc); err != nil {
		return nil, err
	}
	return acc, nil
}
