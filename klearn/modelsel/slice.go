package modelsel

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Index slices take trusted index sets (from the split functions): an index
// out of range is a programming error and panics, as gonum's own indexing does.

func checkIdx(n int, idx []int, what string) {
	for _, i := range idx {
		if i < 0 || i >= n {
			panic(fmt.Sprintf("modelsel: %s index %d out of range [0, %d)", what, i, n))
		}
	}
}

// SubGram returns the principal submatrix K[idx, idx] as a new *mat.SymDense:
// the train × train kernel of a split, cut from the full Gram matrix instead
// of recomputed.
func SubGram(K *mat.SymDense, idx []int) *mat.SymDense {
	n := K.SymmetricDim()
	checkIdx(n, idx, "SubGram")
	m := len(idx)
	if m == 0 {
		return &mat.SymDense{}
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
	return out
}

// CrossGram returns K[rows, cols] as a new *mat.Dense; CrossGram(K, test,
// train) is the test × train kernel a fitted model predicts with.
func CrossGram(K *mat.SymDense, rows, cols []int) *mat.Dense {
	n := K.SymmetricDim()
	checkIdx(n, rows, "CrossGram row")
	checkIdx(n, cols, "CrossGram column")
	if len(rows) == 0 || len(cols) == 0 {
		return &mat.Dense{}
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
	return out
}

// SubGrams applies SubGram to every matrix of a kernel list.
func SubGrams(Ks []*mat.SymDense, idx []int) []*mat.SymDense {
	out := make([]*mat.SymDense, len(Ks))
	for m, K := range Ks {
		out[m] = SubGram(K, idx)
	}
	return out
}

// CrossGrams applies CrossGram to every matrix of a kernel list.
func CrossGrams(Ks []*mat.SymDense, rows, cols []int) []*mat.Dense {
	out := make([]*mat.Dense, len(Ks))
	for m, K := range Ks {
		out[m] = CrossGram(K, rows, cols)
	}
	return out
}

// Rows returns the rows X[idx, :] as a new *mat.Dense.
func Rows(X mat.Matrix, idx []int) *mat.Dense {
	n, d := X.Dims()
	checkIdx(n, idx, "Rows")
	if len(idx) == 0 || d == 0 {
		return &mat.Dense{}
	}
	out := mat.NewDense(len(idx), d, nil)
	for a, i := range idx {
		mat.Row(out.RawRowView(a), i, X)
	}
	return out
}

// Take returns y[idx] as a new slice.
func Take(y []float64, idx []int) []float64 {
	checkIdx(len(y), idx, "Take")
	out := make([]float64, len(idx))
	for a, i := range idx {
		out[a] = y[i]
	}
	return out
}
