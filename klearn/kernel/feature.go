package kernel

import (
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
	"math"
)

// Feature is the single-feature product kernel k(x, z) = x_k z_k with
// k = Index, Cortes et al.'s base kernel K_k (Cortes et al. 2009, Sec. 5: one base
// kernel per feature, or per n-gram count for the sentiment data; the
// families of eqs. 1–4 are polynomials of these). Index 0 (the zero value)
// is the first feature. The Gram matrix is the rank-one x_k x_kᵀ.
type Feature struct{ Index int }

// Validate checks 0 ≤ Index < d.
func (f Feature) Validate(d int) error {
	if f.Index < 0 || (d > 0 && f.Index >= d) {
		return klearn.Errorf(klearn.ErrShape, "kernel: Feature.Index = %d, inputs have %d features", f.Index, d)
	}
	return nil
}

// Eval returns x_k z_k.
func (f Feature) Eval(x, z []float64) float64 { return x[f.Index] * z[f.Index] }

func column(X mat.Matrix, k int) []float64 {
	n, _ := X.Dims()
	c := make([]float64, n)
	for i := range c {
		c[i] = X.At(i, k)
	}
	return c
}

// Gram returns the outer product x_k x_kᵀ.
func (f Feature) Gram(X mat.Matrix) *mat.SymDense {
	c := column(X, f.Index)
	n := len(c)
	data := make([]float64, n*n)
	for i, a := range c {
		if a == 0 {
			continue
		}
		row := data[i*n : (i+1)*n]
		for j, b := range c {
			row[j] = a * b
		}
	}
	return mat.NewSymDense(n, data)
}

// Cross returns the outer product a_k b_kᵀ.
func (f Feature) Cross(A, B mat.Matrix) *mat.Dense {
	a, b := column(A, f.Index), column(B, f.Index)
	out := mat.NewDense(len(a), len(b), nil)
	raw := out.RawMatrix()
	for i, u := range a {
		if u == 0 {
			continue
		}
		row := raw.Data[i*raw.Stride : i*raw.Stride+len(b)]
		for j, v := range b {
			row[j] = u * v
		}
	}
	return out
}

// FeatureGrams returns the p base Gram matrices K_k = x_k x_kᵀ of Cortes et al. (2009) (one per
// column of X), with K_k[i][j] = X_ik X_jk. It reads X once, column by
// column, and touches only the non-zero pairs of each column, so sparse count
// features (Cortes et al.'s bigram counts) cost O(Σ_k nnz_k²) after the zero fill.
// The p matrices are built in parallel; memory is p·n² floats.
func FeatureGrams(X mat.Matrix) ([]*mat.SymDense, error) {
	n, p, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("kernel: FeatureGrams' p Gram matrices", 8, p, n, n); err != nil {
		return nil, err
	}
	R := rows(X)
	for k := 0; k < p; k++ {
		var amax float64
		for i := 0; i < n; i++ {
			amax = math.Max(amax, math.Abs(R.data[i*p+k]))
		}
		if math.IsInf(amax*amax, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "kernel: FeatureGrams: feature %d reaches %g, whose square overflows float64", k, amax)
		}
	}
	out := make([]*mat.SymDense, p)
	parallel.For(p, func(k int) {
		var idx []int
		var val []float64
		for i := 0; i < n; i++ {
			if v := R.data[i*p+k]; v != 0 {
				idx = append(idx, i)
				val = append(val, v)
			}
		}
		data := make([]float64, n*n)
		for a, i := range idx {
			for b, j := range idx {
				data[i*n+j] = val[a] * val[b]
			}
		}
		out[k] = mat.NewSymDense(n, data)
	})
	return out, nil
}

// FeatureCrosses returns the p test×train base matrices a_k b_kᵀ matching
// FeatureGrams (rows of A are test points, rows of B training points).
func FeatureCrosses(A, B mat.Matrix) ([]*mat.Dense, error) {
	na, nb, p, err := checkCross(A, B)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("kernel: FeatureCrosses' p cross matrices", 8, p, na, nb); err != nil {
		return nil, err
	}
	out := make([]*mat.Dense, p)
	parallel.For(p, func(k int) { out[k] = Feature{Index: k}.Cross(A, B) })
	for k, C := range out {
		raw := C.RawMatrix()
		if err := checkFinite(raw.Data, na, nb, raw.Stride, false); err != nil {
			return nil, klearn.Errorf(err, "kernel: FeatureCrosses: feature %d overflows", k)
		}
	}
	return out, nil
}
