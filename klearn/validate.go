package klearn

import (
	"math"
	"reflect"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// CheckMatrix returns the shape of X and an error if X is nil, empty or holds
// a non-finite value. what names the argument in the message.
func CheckMatrix(what string, X mat.Matrix) (n, d int, err error) {
	if IsNilMatrix(X) {
		return 0, 0, Errorf(ErrEmpty, "%s is nil", what)
	}
	n, d = X.Dims()
	if n == 0 || d == 0 {
		return n, d, Errorf(ErrEmpty, "%s is %d×%d", what, n, d)
	}
	if raw, ok := X.(mat.RawMatrixer); ok {
		b := raw.RawMatrix()
		for i := 0; i < n; i++ {
			row := b.Data[i*b.Stride : i*b.Stride+d]
			for j, v := range row {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return n, d, Errorf(ErrNotFinite, "%s[%d,%d] = %v", what, i, j, v)
				}
			}
		}
		return n, d, nil
	}
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			if v := X.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return n, d, Errorf(ErrNotFinite, "%s[%d,%d] = %v", what, i, j, v)
			}
		}
	}
	return n, d, nil
}

// IsNilMatrix reports whether X is nil or a nil pointer of any matrix type
// hidden in the interface (a (*mat.Dense)(nil) passed as a mat.Matrix),
// whose Dims would panic.
func IsNilMatrix(X mat.Matrix) bool {
	switch m := X.(type) {
	case nil:
		return true
	case *mat.Dense:
		return m == nil
	case *mat.SymDense:
		return m == nil
	}
	return IsNil(X)
}

// IsNil reports whether v is nil or a nil pointer, map, slice, function,
// channel or interface hidden in the interface (a (*T)(nil) passed as an
// interface value), whose methods would panic.
func IsNil(v any) bool {
	if v == nil {
		return true
	}
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return r.IsNil()
	}
	return false
}

// CheckNotNil returns an ErrParam error naming what when v is nil (IsNil):
// the guard of every argument that is a family, kernel, source or other
// value the function calls methods on.
func CheckNotNil(what string, v any) error {
	if IsNil(v) {
		return Errorf(ErrParam, "%s is nil", what)
	}
	return nil
}

// CheckLen returns an ErrShape error unless len(v) = n.
func CheckLen(what string, v []float64, n int) error {
	if len(v) != n {
		return Errorf(ErrShape, "%s has %d entries, want %d", what, len(v), n)
	}
	return nil
}

// CheckFinite returns an ErrNotFinite error naming the first NaN or ±Inf
// of v (v may be empty). On an input it reports bad data; on a result
// computed from finite data it reports an overflow, and says so.
func CheckFinite(what string, v []float64) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Errorf(ErrNotFinite, "%s[%d] = %v", what, i, x)
		}
	}
	return nil
}

// CheckResult is CheckFinite on values computed from finite inputs: a NaN
// or ±Inf there is an overflow in the computation (ErrNotFinite).
func CheckResult(what string, v []float64) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Errorf(ErrNotFinite, "%s[%d] = %v: the result overflows float64", what, i, x)
		}
	}
	return nil
}

// CheckVector returns an error if v is empty or holds a non-finite value.
func CheckVector(what string, v []float64) error {
	if len(v) == 0 {
		return Errorf(ErrEmpty, "%s is empty", what)
	}
	return CheckFinite(what, v)
}

// CheckXY validates a design matrix and its targets: X finite and non-empty,
// y finite with one entry per row of X. It returns the shape of X.
func CheckXY(X mat.Matrix, y []float64) (n, d int, err error) {
	n, d, err = CheckMatrix("X", X)
	if err != nil {
		return n, d, err
	}
	if len(y) != n {
		return n, d, Errorf(ErrShape, "X has %d rows but y has %d entries", n, len(y))
	}
	return n, d, CheckVector("y", y)
}

// CheckBinary validates labels in {−1, +1} with both classes present and
// returns the counts of negatives and positives.
func CheckBinary(y []float64) (neg, pos int, err error) {
	if err := CheckVector("y", y); err != nil {
		return 0, 0, err
	}
	for i, v := range y {
		switch v {
		case 1:
			pos++
		case -1:
			neg++
		default:
			return neg, pos, Errorf(ErrLabels, "y[%d] = %v, want -1 or +1", i, v)
		}
	}
	if neg == 0 || pos == 0 {
		return neg, pos, Errorf(ErrOneClass, "y has %d negatives and %d positives", neg, pos)
	}
	return neg, pos, nil
}

// Classes returns the sorted distinct values of y.
func Classes(y []float64) []float64 {
	seen := make(map[float64]bool, 4)
	var out []float64
	for _, v := range y {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// CheckGram validates a square, finite training Gram matrix of order n
// (n < 0 skips the order check) and returns its order.
func CheckGram(K mat.Symmetric, n int) (int, error) {
	if IsNilMatrix(K) {
		return 0, Errorf(ErrEmpty, "Gram matrix is nil")
	}
	m := K.SymmetricDim()
	if m == 0 {
		return 0, Errorf(ErrEmpty, "Gram matrix is 0×0")
	}
	if n >= 0 && m != n {
		return m, Errorf(ErrShape, "Gram matrix is %d×%d, want %d×%d", m, m, n, n)
	}
	if s, ok := K.(*mat.SymDense); ok { // the fast path of a valid matrix
		raw := s.RawSymmetric()
		fine := true
		for i := 0; i < m && fine; i++ {
			fine = allFinite(raw.Data[i*raw.Stride+i : i*raw.Stride+m])
		}
		if fine {
			return m, nil
		}
	}
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			if v := K.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return m, Errorf(ErrNotFinite, "K[%d,%d] = %v", i, j, v)
			}
		}
	}
	return m, nil
}

// allFinite reports whether v holds no NaN or ±Inf (x − x is 0 for every
// finite x and NaN otherwise, so one sum tells).
func allFinite(v []float64) bool {
	var s float64
	for _, x := range v {
		s += x - x
	}
	return s == 0
}

// CheckParam returns an ErrParam error unless lo ≤ v ≤ hi and v is finite.
func CheckParam(name string, v, lo, hi float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < lo || v > hi {
		return Errorf(ErrParam, "%s = %v, want a finite value in [%g, %g]", name, v, lo, hi)
	}
	return nil
}

// PositiveParam is a real hyper-parameter that must be finite and > 0 once
// a zero value is replaced by Default (Default 0: no default, 0 is refused).
type PositiveParam struct {
	Name    string
	V       *float64
	Default float64
}

// CheckPositive replaces each zero *V of ps by its Default, in order, and
// returns an ErrParam error "who: Name = v, want a finite value > 0" for
// the first parameter that is then NaN, infinite or ≤ 0.
func CheckPositive(who string, ps ...PositiveParam) error {
	for _, p := range ps {
		if *p.V == 0 {
			*p.V = p.Default
		}
		if v := *p.V; math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
			return Errorf(ErrParam, "%s: %s = %v, want a finite value > 0", who, p.Name, v)
		}
	}
	return nil
}

// MaxAllocBytes bounds the memory one call may allocate for sizes its
// caller chose (sample counts, degrees, numbers of steps or folds): 8 GiB.
// Larger requests are refused up front by CheckAlloc instead of crashing the
// process with an out-of-memory error or running for hours.
const MaxAllocBytes = 8 << 30

// CheckAlloc returns an ErrParam error, saying how much memory it would
// take, when what needs the product of counts elements of elem bytes and
// that exceeds MaxAllocBytes (or overflows). A negative count is an
// ErrParam too.
func CheckAlloc(what string, elem int, counts ...int) error {
	b := float64(elem)
	for _, c := range counts {
		if c < 0 {
			return Errorf(ErrParam, "%s: size %d < 0", what, c)
		}
		b *= float64(c)
	}
	if b > MaxAllocBytes {
		return Errorf(ErrParam, "%s would take %.3g GiB (sizes %v; the limit is %d GiB)", what, b/(1<<30), counts, MaxAllocBytes>>30)
	}
	return nil
}

// CheckDiagPSD returns an ErrNotPSD error when a diagonal entry of K is
// negative beyond round-off, K_ii < −1e−12·max_j |K_jj| (ErrNotFinite when
// it is NaN or ±Inf): the O(n) necessary condition of positive
// semi-definiteness (K_ii = k(x_i, x_i) = ‖φ(x_i)‖² ≥ 0) that the kernel
// learners and QP solvers check before using K (a centred kernel may carry
// a −1e−17 on its diagonal); a full eigenvalue test would cost O(n³).
// A K with a non-negative diagonal but a negative eigenvalue is not
// detected; the solvers then return a stationary point of the non-convex
// problem.
func CheckDiagPSD(what string, K mat.Symmetric) error {
	if IsNilMatrix(K) {
		return Errorf(ErrEmpty, "%s is nil", what)
	}
	var amax float64
	for i := 0; i < K.SymmetricDim(); i++ {
		v := K.At(i, i)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return Errorf(ErrNotFinite, "%s[%d,%d] = %v", what, i, i, v)
		}
		amax = math.Max(amax, math.Abs(v))
	}
	for i := 0; i < K.SymmetricDim(); i++ {
		if v := K.At(i, i); v < -1e-12*amax {
			return Errorf(ErrNotPSD, "%s[%d,%d] = %v < 0: not a kernel matrix", what, i, i, v)
		}
	}
	return nil
}
