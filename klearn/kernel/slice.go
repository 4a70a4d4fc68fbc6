package kernel

import (
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// The Gram slices cut the kernel matrices of a split out of one Gram matrix
// of all samples instead of recomputing them. They check their arguments in
// O(len(idx)) before copying: a nil matrix is an ErrEmpty error, an index
// outside [0, n) an ErrShape error naming it, and a result too large to
// allocate (indices may repeat) an ErrParam error from klearn.CheckAlloc.
// An empty index set gives an empty result and no error. Inputs are never
// modified; results are fresh copies.

// SubGram returns the principal submatrix K[idx, idx] as a new *mat.SymDense:
// the train × train kernel of a split, cut from the full Gram matrix instead
// of recomputed. Errors: nil K (ErrEmpty), an index outside [0, n)
// (ErrShape), a result too large (ErrParam).
func SubGram(K *mat.SymDense, idx []int) (*mat.SymDense, error) {
	if K == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "kernel: SubGram of a nil matrix")
	}
	if err := klearn.CheckIndices("kernel: SubGram", K.SymmetricDim(), idx); err != nil {
		return nil, err
	}
	m := len(idx)
	if m == 0 {
		return &mat.SymDense{}, nil
	}
	if err := klearn.CheckAlloc("kernel: SubGram's result", 8, m, m); err != nil {
		return nil, err
	}
	raw := K.RawSymmetric()
	out := mat.NewSymDense(m, nil)
	o := out.RawSymmetric()
	for a, i := range idx {
		for b := a; b < m; b++ {
			j := idx[b]
			// K stores the upper triangle: element (i, j) with i ≤ j.
			if i <= j {
				o.Data[a*o.Stride+b] = raw.Data[i*raw.Stride+j]
			} else {
				o.Data[a*o.Stride+b] = raw.Data[j*raw.Stride+i]
			}
		}
	}
	return out, nil
}

// CrossGram returns K[rows, cols] as a new *mat.Dense; CrossGram(K, test,
// train) is the test × train kernel a fitted model predicts with. Errors as
// for SubGram.
func CrossGram(K *mat.SymDense, rows, cols []int) (*mat.Dense, error) {
	if K == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "kernel: CrossGram of a nil matrix")
	}
	n := K.SymmetricDim()
	if err := klearn.CheckIndices("kernel: CrossGram row", n, rows); err != nil {
		return nil, err
	}
	if err := klearn.CheckIndices("kernel: CrossGram column", n, cols); err != nil {
		return nil, err
	}
	if len(rows) == 0 || len(cols) == 0 {
		return &mat.Dense{}, nil
	}
	if err := klearn.CheckAlloc("kernel: CrossGram's result", 8, len(rows), len(cols)); err != nil {
		return nil, err
	}
	raw := K.RawSymmetric()
	out := mat.NewDense(len(rows), len(cols), nil)
	for a, i := range rows {
		row := out.RawRowView(a)
		for b, j := range cols {
			if i <= j {
				row[b] = raw.Data[i*raw.Stride+j]
			} else {
				row[b] = raw.Data[j*raw.Stride+i]
			}
		}
	}
	return out, nil
}

// SubGrams applies SubGram to every matrix of a kernel list (an empty list
// gives an empty list). Errors as for SubGram, naming the kernel; every
// matrix is checked before any is copied.
func SubGrams(Ks []*mat.SymDense, idx []int) ([]*mat.SymDense, error) {
	if err := checkList("SubGrams", Ks, idx); err != nil {
		return nil, err
	}
	out := make([]*mat.SymDense, len(Ks))
	for m, K := range Ks {
		var err error
		if out[m], err = SubGram(K, idx); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// CrossGrams applies CrossGram to every matrix of a kernel list (an empty
// list gives an empty list). Errors as for CrossGram, naming the kernel;
// every matrix is checked before any is copied.
func CrossGrams(Ks []*mat.SymDense, rows, cols []int) ([]*mat.Dense, error) {
	if err := checkList("CrossGrams", Ks, rows, cols); err != nil {
		return nil, err
	}
	out := make([]*mat.Dense, len(Ks))
	for m, K := range Ks {
		var err error
		if out[m], err = CrossGram(K, rows, cols); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// checkList checks every matrix of Ks against the index sets (none nil,
// every index inside every matrix) and the total size of the results,
// len(Ks) blocks of len(idx[0]) × len(idx[last]).
func checkList(what string, Ks []*mat.SymDense, idx ...[]int) error {
	for m, K := range Ks {
		if K == nil {
			return klearn.Errorf(klearn.ErrEmpty, "kernel: %s: kernel %d of %d is nil", what, m, len(Ks))
		}
		n := K.SymmetricDim()
		for _, set := range idx {
			if p := klearn.BadIndex(n, set); p >= 0 {
				return klearn.Errorf(klearn.ErrShape, "kernel: %s: index %d (position %d) out of range [0, %d) of kernel %d", what, set[p], p, n, m)
			}
		}
	}
	return klearn.CheckAlloc("kernel: "+what+"' results", 8, len(Ks), len(idx[0]), len(idx[len(idx)-1]))
}
