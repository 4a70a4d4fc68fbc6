package preprocess

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Transform is a fitted per-feature affine map x'_j = (x_j − Shift_j)·Scale_j.
// It is immutable once returned by a Fit method.
type Transform struct {
	shift, scale []float64
	// max, if not nil, holds the training maxima of MinMax, which divides
	// by the range max_j − min_j instead of multiplying by scale, so the
	// maximum maps to exactly 1 (NaN for a constant feature: scale 1).
	max []float64
}

// Shift returns a copy of the per-feature shifts.
func (t *Transform) Shift() []float64 {
	if t == nil {
		return nil
	}
	return append([]float64(nil), t.shift...)
}

// Scale returns a copy of the per-feature multipliers.
func (t *Transform) Scale() []float64 {
	if t == nil {
		return nil
	}
	return append([]float64(nil), t.scale...)
}

// Transform applies the fitted map to the rows of X, returning a new matrix.
// X must have as many columns as the training data and be finite.
func (t *Transform) Transform(X mat.Matrix) (*mat.Dense, error) {
	if t == nil || t.shift == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "preprocess: Transform was not produced by Fit")
	}
	n, d, err := klearn.CheckMatrix("X", X)
	if err != nil {
		return nil, err
	}
	if d != len(t.shift) {
		return nil, klearn.Errorf(klearn.ErrShape, "preprocess: X has %d columns, fitted on %d", d, len(t.shift))
	}
	out := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row := out.RawRowView(i)
		for j := range row {
			if t.max != nil && !math.IsNaN(t.max[j]) {
				row[j] = divideRange(X.At(i, j), t.shift[j], t.max[j])
			} else {
				row[j] = (X.At(i, j) - t.shift[j]) * t.scale[j]
			}
			if math.IsInf(row[j], 0) || math.IsNaN(row[j]) {
				// x − shift overflowed: halve it (exact) and double after
				// scaling, for a result that is representable.
				row[j] = ((X.At(i, j)/2 - t.shift[j]/2) * t.scale[j]) * 2
			}
			if math.IsInf(row[j], 0) || math.IsNaN(row[j]) {
				return nil, klearn.Errorf(klearn.ErrNotFinite, "preprocess: transformed X[%d,%d] = (%v − %v)·%v overflows", i, j, X.At(i, j), t.shift[j], t.scale[j])
			}
		}
	}
	return out, nil
}

// columns returns per-feature min, max, mean and population standard
// deviation. Sums that overflow (features near ±MaxFloat64) are redone on
// scaled values, as LAPACK's norms do, so the mean and deviation are finite
// whenever they are representable.
func columns(X mat.Matrix) (lo, hi, mean, sd []float64, err error) {
	n, d, err := klearn.CheckMatrix("X", X)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	lo, hi = make([]float64, d), make([]float64, d)
	mean, sd = make([]float64, d), make([]float64, d)
	for j := 0; j < d; j++ {
		lo[j], hi[j] = math.Inf(1), math.Inf(-1)
		var s float64
		for i := 0; i < n; i++ {
			v := X.At(i, j)
			lo[j] = math.Min(lo[j], v)
			hi[j] = math.Max(hi[j], v)
			s += v
		}
		mean[j] = s / float64(n)
		if math.IsInf(s, 0) {
			s = 0
			for i := 0; i < n; i++ {
				s += X.At(i, j) / float64(n)
			}
			mean[j] = s
		}
		var ss, amax float64
		for i := 0; i < n; i++ {
			dv := X.At(i, j) - mean[j]
			ss += dv * dv
			amax = math.Max(amax, math.Abs(dv))
		}
		sd[j] = math.Sqrt(ss / float64(n))
		if math.IsInf(ss, 0) && !math.IsInf(amax, 0) {
			ss = 0
			for i := 0; i < n; i++ {
				dv := (X.At(i, j) - mean[j]) / amax
				ss += dv * dv
			}
			sd[j] = amax * math.Sqrt(ss/float64(n))
		}
	}
	return lo, hi, mean, sd, nil
}

// MinMax scales each feature to [0, 1] on the training data:
//
//	x'_j = (x_j − min_j) / (max_j − min_j).
//
// A constant training feature (max_j = min_j) gets scale 1, so it maps to 0 on
// the training data and to x_j − min_j on test data (scikit-learn's
// MinMaxScaler does the same). Test values outside the training range map
// outside [0, 1]; they are not clipped.
type MinMax struct{}

// Fit learns the per-feature minimum and maximum of X.
func (MinMax) Fit(X mat.Matrix) (*Transform, error) {
	lo, hi, _, _, err := columns(X)
	if err != nil {
		return nil, err
	}
	scale, top := make([]float64, len(lo)), make([]float64, len(lo))
	for j := range scale {
		scale[j], top[j] = 1, math.NaN()
		// 1/(hi − lo), with the range halved when it overflows (features
		// near ±MaxFloat64); a range too small for its reciprocal (below
		// 1/MaxFloat64) is treated as a constant feature.
		r := hi[j] - lo[j]
		if math.IsInf(r, 0) {
			scale[j], top[j] = 0.5/(hi[j]/2-lo[j]/2), hi[j]
		} else if r > 0 && !math.IsInf(1/r, 0) {
			scale[j], top[j] = 1/r, hi[j]
		}
	}
	return &Transform{shift: lo, scale: scale, max: top}, nil
}

// divideRange returns (x − lo)/(hi − lo), exactly 1 at x = hi, computed on
// halves when hi − lo or x − lo overflows.
func divideRange(x, lo, hi float64) float64 {
	if r := hi - lo; !math.IsInf(r, 0) {
		if v := (x - lo) / r; !math.IsInf(v, 0) {
			return v
		}
	}
	return (x/2 - lo/2) / (hi/2 - lo/2)
}

// Standardizer centres each feature and divides by its standard deviation on
// the training data,
//
//	x'_j = (x_j − μ_j) / σ_j,  σ_j² = (1/n) Σ_i (x_ij − μ_j)²,
//
// the population standard deviation as in scikit-learn's StandardScaler,
// or with Sample the sample standard deviation, σ_j² = (1/(n − 1)) Σ_i
// (x_ij − μ_j)², as Matlab's std (and so the SimpleMKL toolbox's
// normalizemeanstd). A constant training feature (σ_j = 0), or a single
// row under Sample, gets scale 1, so it is only centred.
type Standardizer struct {
	Sample bool
}

// Fit learns the per-feature mean and standard deviation of X.
func (t Standardizer) Fit(X mat.Matrix) (*Transform, error) {
	_, _, mean, sd, err := columns(X)
	if err != nil {
		return nil, err
	}
	n, _ := X.Dims()
	scale := make([]float64, len(mean))
	for j := range scale {
		scale[j] = 1
		if t.Sample {
			if n < 2 {
				continue
			}
			sd[j] *= math.Sqrt(float64(n) / float64(n-1))
		}
		if s := sd[j]; s > 0 && !math.IsInf(s, 0) {
			scale[j] = 1 / s
		}
	}
	return &Transform{shift: mean, scale: scale}, nil
}

// Centerer subtracts the per-feature training mean, x'_j = x_j − μ_j.
type Centerer struct{}

// Fit learns the per-feature mean of X.
func (Centerer) Fit(X mat.Matrix) (*Transform, error) {
	_, _, mean, _, err := columns(X)
	if err != nil {
		return nil, err
	}
	scale := make([]float64, len(mean))
	for j := range scale {
		scale[j] = 1
	}
	return &Transform{shift: mean, scale: scale}, nil
}

// UnitNorm returns a copy of X with every row scaled to unit Euclidean norm,
// x' = x/‖x‖₂. A zero row stays zero (as scikit-learn's normalize does). It
// needs no fit: each row is scaled by its own norm.
func UnitNorm(X mat.Matrix) (*mat.Dense, error) {
	n, d, err := klearn.CheckMatrix("X", X)
	if err != nil {
		return nil, err
	}
	out := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row := out.RawRowView(i)
		for j := range row {
			row[j] = X.At(i, j)
		}
		// Scaled two-pass norm, safe against overflow.
		var m float64
		for _, v := range row {
			m = math.Max(m, math.Abs(v))
		}
		if m == 0 {
			continue
		}
		var s float64
		for _, v := range row {
			s += (v / m) * (v / m)
		}
		nrm := m * math.Sqrt(s)
		for j := range row {
			row[j] /= nrm
		}
	}
	return out, nil
}

// CenterLabels returns y − ȳ and ȳ, for learners without a bias term
// (kernel ridge regression in Cortes et al. (2009) predicts ȳ + f(x)).
// The mean is computed without overflow for labels near ±MaxFloat64.
// Errors: y empty (ErrEmpty), an entry NaN or ±Inf, or a centred label
// that overflows (ErrNotFinite).
func CenterLabels(y []float64) (yc []float64, mean float64, err error) {
	if len(y) == 0 {
		return nil, 0, klearn.Errorf(klearn.ErrEmpty, "preprocess: CenterLabels of no labels")
	}
	if err := klearn.CheckVector("preprocess: y", y); err != nil {
		return nil, 0, err
	}
	for _, v := range y {
		mean += v
	}
	mean /= float64(len(y))
	if math.IsInf(mean, 0) {
		mean = 0
		for _, v := range y {
			mean += v / float64(len(y))
		}
	}
	yc = make([]float64, len(y))
	for i, v := range y {
		yc[i] = v - mean
		if math.IsInf(yc[i], 0) {
			return nil, 0, klearn.Errorf(klearn.ErrNotFinite, "preprocess: CenterLabels: y[%d] − ȳ = %g − %g overflows", i, v, mean)
		}
	}
	return yc, mean, nil
}

// ScaleCenter applies the UCI preprocessing of Section 4.1 of Cortes et al.
// (2009) with the statistics of the training rows only: every feature is scaled to [0, 1] (min–max) and then centred. It
// returns the transformed copy of all rows of X.
func ScaleCenter(X mat.Matrix, train []int) (*mat.Dense, error) {
	if _, _, err := klearn.CheckMatrix("preprocess: X", X); err != nil {
		return nil, err
	}
	Xtr, err := rows(X, train)
	if err != nil {
		return nil, err
	}
	mm, err := MinMax{}.Fit(Xtr)
	if err != nil {
		return nil, err
	}
	Z, err := mm.Transform(X)
	if err != nil {
		return nil, err
	}
	Ztr, err := mm.Transform(Xtr)
	if err != nil {
		return nil, err
	}
	c, err := Centerer{}.Fit(Ztr)
	if err != nil {
		return nil, err
	}
	return c.Transform(Z)
}

// rows returns the rows idx of X as a new matrix (every index in range).
func rows(X mat.Matrix, idx []int) (*mat.Dense, error) {
	n, d := X.Dims()
	if len(idx) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "preprocess: no training rows")
	}
	out := mat.NewDense(len(idx), d, nil)
	for a, i := range idx {
		if i < 0 || i >= n {
			return nil, klearn.Errorf(klearn.ErrShape, "preprocess: row %d outside [0, %d)", i, n)
		}
		for j := 0; j < d; j++ {
			out.Set(a, j, X.At(i, j))
		}
	}
	return out, nil
}
