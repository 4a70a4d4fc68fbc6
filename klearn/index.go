package klearn

import "gonum.org/v1/gonum/mat"

// BadIndex returns the position in idx of the first index outside [0, n),
// or −1 when every index is inside: the check of every function that cuts
// rows, labels or Gram matrices by index.
func BadIndex(n int, idx []int) int {
	for p, i := range idx {
		if i < 0 || i >= n {
			return p
		}
	}
	return -1
}

// CheckIndices returns an ErrShape error naming the first index of idx
// outside [0, n), its position and what was being cut, or nil.
func CheckIndices(what string, n int, idx []int) error {
	if p := BadIndex(n, idx); p >= 0 {
		return Errorf(ErrShape, "%s: index %d (position %d) out of range [0, %d)", what, idx[p], p, n)
	}
	return nil
}

// Split is one train/test partition of sample indices (modelsel builds
// them; learners that fit on one side and score on the other take them).
type Split struct{ Train, Test []int }

// Check returns an error unless Train and Test are non-empty (ErrEmpty) and
// every index lies in [0, n) (ErrShape): what a caller that indexes n
// samples with the split needs. Rows, Take, kernel.SubGram and
// kernel.CrossGram check their own indices too; Check also refuses an empty
// side, and reports a bad split once, before any slicing or fitting.
func (s Split) Check(n int) error {
	if len(s.Train) == 0 || len(s.Test) == 0 {
		return Errorf(ErrEmpty, "klearn: split with %d training and %d test indices", len(s.Train), len(s.Test))
	}
	for _, part := range [2][]int{s.Train, s.Test} {
		if p := BadIndex(n, part); p >= 0 {
			return Errorf(ErrShape, "klearn: split index %d out of range [0, %d)", part[p], n)
		}
	}
	return nil
}

// Rows and Take check their arguments in O(len(idx)) before copying: a nil
// matrix is an ErrEmpty error, an index outside [0, n) an ErrShape error
// naming it, and a result too large to allocate (indices may repeat) an
// ErrParam error from CheckAlloc. An empty index set gives an empty result
// and no error. Inputs are never modified; results are fresh copies whose
// entries are the inputs' own, NaN and ±Inf included: a slice does no
// arithmetic, and the learner it feeds refuses non-finite data. Gram
// matrices are cut by kernel.SubGram and kernel.CrossGram.

// Rows returns the rows X[idx, :] as a new *mat.Dense. Errors: nil X
// (ErrEmpty), an index outside [0, rows of X) (ErrShape), a result too
// large (ErrParam).
func Rows(X mat.Matrix, idx []int) (*mat.Dense, error) {
	if IsNilMatrix(X) {
		return nil, Errorf(ErrEmpty, "klearn: Rows of a nil matrix")
	}
	n, d := X.Dims()
	if err := CheckIndices("klearn: Rows", n, idx); err != nil {
		return nil, err
	}
	if len(idx) == 0 || d == 0 {
		return &mat.Dense{}, nil
	}
	if err := CheckAlloc("klearn: Rows' result", 8, len(idx), d); err != nil {
		return nil, err
	}
	out := mat.NewDense(len(idx), d, nil)
	for a, i := range idx {
		mat.Row(out.RawRowView(a), i, X)
	}
	return out, nil
}

// Take returns y[idx] as a new slice. Errors: an index outside [0, len(y))
// (ErrShape; a nil y has no valid index).
func Take(y []float64, idx []int) ([]float64, error) {
	if err := CheckIndices("klearn: Take", len(y), idx); err != nil {
		return nil, err
	}
	out := make([]float64, len(idx))
	for a, i := range idx {
		out[a] = y[i]
	}
	return out, nil
}
