package kernel

import (
	"fmt"
	"math"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// Validator is implemented by kernels whose hyper-parameters can be invalid
// or must match the input dimension. Validate returns an error wrapping
// klearn.ErrParam (bad hyper-parameter) or klearn.ErrShape (a parameter that
// does not fit d-dimensional inputs). d ≤ 0 skips the dimension checks.
// Gram, Cross and Diag call it before evaluating anything; Eval itself does
// not validate (it is the inner loop).
type Validator interface {
	Validate(d int) error
}

// Diagonaler is implemented by kernels that know k(x, x) cheaply (for
// example 1 for RBF); Diag uses it.
type Diagonaler interface {
	Diag(X mat.Matrix) []float64
}

// featureSizer is implemented by kernels whose Gram and Cross allocate more
// than their ra×rb result: explicit feature matrices (GPK), or the members'
// matrices of a composite (Sum, Product, Scaled, Power, Normalized, which
// look inside their members). featureFloats returns the float64s allocated
// besides the result for ra×d and rb×d inputs, checked against
// klearn.MaxAllocBytes before computing.
type featureSizer interface {
	featureFloats(ra, rb, d int) float64
}

// featureFloatsOf is k's featureFloats, 0 for a kernel that allocates
// nothing besides its result.
func featureFloatsOf(k Kernel, ra, rb, d int) float64 {
	if fs, ok := k.(featureSizer); ok {
		return fs.featureFloats(ra, rb, d)
	}
	return 0
}

// checkFeatures refuses a Gram or Cross of k whose ra×rb result and
// intermediate matrices together exceed klearn.MaxAllocBytes.
func checkFeatures(k Kernel, ra, rb, d int) error {
	f := float64(ra)*float64(rb) + featureFloatsOf(k, ra, rb, d)
	return klearn.CheckAlloc(fmt.Sprintf("kernel: the %d×%d result and the feature and intermediate matrices of %T", ra, rb, k), 8, int(min(f, 1<<60)))
}

// Validate checks k's hyper-parameters for d-dimensional inputs if k
// implements Validator, and returns nil otherwise.
func Validate(k Kernel, d int) error {
	if k == nil {
		return klearn.Errorf(klearn.ErrParam, "kernel: nil kernel")
	}
	if v, ok := k.(Validator); ok {
		return v.Validate(d)
	}
	return nil
}

// Gram returns the training Gram matrix K_ij = k(x_i, x_j) of the rows of X.
// The symmetric matrix is computed once (upper triangle), in parallel over
// GOMAXPROCS goroutines in fixed blocks, so the result is the same for any
// GOMAXPROCS. Kernels implementing Grammer (dot-product and squared-distance
// kernels, via a blocked X·Xᵀ) take their fast path. Errors wrap
// klearn.ErrEmpty, ErrNotFinite (in X or in the result, e.g. an overflowing
// polynomial), ErrParam or ErrShape.
func Gram(k Kernel, X mat.Matrix) (*mat.SymDense, error) {
	n, d, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("kernel: the n×n Gram matrix", 8, n, n); err != nil {
		return nil, err
	}
	if err := Validate(k, d); err != nil {
		return nil, err
	}
	if err := checkFeatures(k, n, n, d); err != nil {
		return nil, err
	}
	var K *mat.SymDense
	if g, ok := k.(Grammer); ok {
		K = g.Gram(X)
	} else {
		K = gramEval(k, rows(X))
	}
	if err := checkFinite(K.RawSymmetric().Data, K.SymmetricDim(), K.SymmetricDim(), K.RawSymmetric().Stride, true); err != nil {
		return nil, err
	}
	return K, nil
}

// checkCross checks the test rows A and training rows B of a cross matrix:
// finite, non-empty and with the same number d of columns.
func checkCross(A, B mat.Matrix) (na, nb, d int, err error) {
	na, d, err = klearn.CheckMatrix("kernel: A", A)
	if err != nil {
		return 0, 0, 0, err
	}
	nb, db, err := klearn.CheckMatrix("kernel: B", B)
	if err != nil {
		return 0, 0, 0, err
	}
	if d != db {
		return 0, 0, 0, klearn.Errorf(klearn.ErrShape, "kernel: A has %d columns but B has %d", d, db)
	}
	return na, nb, d, nil
}

// Cross returns the test×train kernel matrix C_ij = k(a_i, b_j) with one row
// per row of A and one column per row of B. Kernels implementing Crosser
// take their fast path.
func Cross(k Kernel, A, B mat.Matrix) (*mat.Dense, error) {
	na, nb, da, err := checkCross(A, B)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("kernel: the cross kernel matrix", 8, na, nb); err != nil {
		return nil, err
	}
	if err := Validate(k, da); err != nil {
		return nil, err
	}
	if err := checkFeatures(k, na, nb, da); err != nil {
		return nil, err
	}
	var C *mat.Dense
	if c, ok := k.(Crosser); ok {
		C = c.Cross(A, B)
	} else {
		C = crossEval(k, rows(A), rows(B))
	}
	raw := C.RawMatrix()
	if err := checkFinite(raw.Data, raw.Rows, raw.Cols, raw.Stride, false); err != nil {
		return nil, err
	}
	return C, nil
}

// Diag returns k(x_i, x_i) for every row of X.
func Diag(k Kernel, X mat.Matrix) ([]float64, error) {
	_, d, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return nil, err
	}
	if err := Validate(k, d); err != nil {
		return nil, err
	}
	var out []float64
	if dg, ok := k.(Diagonaler); ok {
		out = dg.Diag(X)
	} else {
		R := rows(X)
		out = make([]float64, R.n)
		for i := range out {
			x := R.row(i)
			out[i] = k.Eval(x, x)
		}
	}
	for i, v := range out {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "kernel: k(x_%d, x_%d) = %v", i, i, v)
		}
	}
	return out, nil
}

// checkFinite reports the first non-finite kernel value.
func checkFinite(data []float64, r, c, stride int, upper bool) error {
	for i := 0; i < r; i++ {
		j0 := 0
		if upper {
			j0 = i
		}
		row := data[i*stride+j0 : i*stride+c]
		if linalg.AllFinite(row) {
			continue
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return klearn.Errorf(klearn.ErrNotFinite, "kernel: K[%d,%d] = %v (overflow or invalid hyper-parameter)", i, j0+j, v)
			}
		}
	}
	return nil
}

// rows copies X into a contiguous row-major buffer (never aliasing X).
func rows(X mat.Matrix) rowMajor {
	n, d := X.Dims()
	out := rowMajor{n: n, d: d, data: make([]float64, n*d)}
	if raw, ok := X.(mat.RawMatrixer); ok {
		b := raw.RawMatrix()
		for i := 0; i < n; i++ {
			copy(out.data[i*d:(i+1)*d], b.Data[i*b.Stride:i*b.Stride+d])
		}
		return out
	}
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			out.data[i*d+j] = X.At(i, j)
		}
	}
	return out
}

const evalBlock = 32

// gramEval is the generic symmetric Gram: blocks of evalBlock rows of the
// upper triangle, processed in parallel.
func gramEval(k Kernel, X rowMajor) *mat.SymDense {
	n := X.n
	data := make([]float64, n*n)
	nb := (n + evalBlock - 1) / evalBlock
	// Pair each block with its mirror so the work per index is balanced.
	parallel.For((nb+1)/2, func(p int) {
		blocks := []int{p}
		if q := nb - 1 - p; q != p {
			blocks = append(blocks, q)
		}
		for _, b := range blocks {
			for i := b * evalBlock; i < min((b+1)*evalBlock, n); i++ {
				x := X.row(i)
				row := data[i*n : (i+1)*n]
				for j := i; j < n; j++ {
					row[j] = k.Eval(x, X.row(j))
				}
			}
		}
	})
	mirrorUpper(data, n, n)
	return mat.NewSymDense(n, data)
}

// crossEval is the generic cross kernel, parallel over row blocks of A.
func crossEval(k Kernel, A, B rowMajor) *mat.Dense {
	m, n := A.n, B.n
	data := make([]float64, m*n)
	parallel.For((m+evalBlock-1)/evalBlock, func(b int) {
		for i := b * evalBlock; i < min((b+1)*evalBlock, m); i++ {
			a := A.row(i)
			row := data[i*n : (i+1)*n]
			for j := range row {
				row[j] = k.Eval(a, B.row(j))
			}
		}
	})
	return mat.NewDense(m, n, data)
}

// newSym wraps an n×n product computed in its upper triangle, after
// mirroring it.
func newSym(n int, data []float64) *mat.SymDense {
	mirrorUpper(data, n, n)
	return mat.NewSymDense(n, data)
}
