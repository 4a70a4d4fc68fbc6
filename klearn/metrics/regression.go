package metrics

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
)

// MSE returns the mean squared error (1/n) Σ_i (y_i − ŷ_i)². It is computed
// on inputs scaled by a power of two when their magnitude would overflow the
// squares (as LAPACK's norms do); a mean squared error that is itself beyond
// the float64 range gives an error wrapping klearn.ErrNotFinite (RMSE is then
// still representable).
func MSE(y, yhat []float64) (float64, error) {
	r, err := RMSE(y, yhat)
	if err != nil {
		return 0, err
	}
	m := r * r
	if math.IsInf(m, 0) {
		return 0, klearn.Errorf(klearn.ErrNotFinite, "metrics: the mean squared error %g² overflows float64", r)
	}
	return m, nil
}

// RMSE returns the root mean squared error sqrt((1/n) Σ_i (y_i − ŷ_i)²), the
// test metric of Table 1 of Cortes, Mohri & Rostamizadeh (2009). Inputs whose
// magnitude would overflow the squares are scaled by a power of two first, so
// every representable RMSE is returned.
func RMSE(y, yhat []float64) (float64, error) {
	if err := checkPair("y", "yhat", y, yhat); err != nil {
		return 0, err
	}
	s := pow2Scale(maxAbs(y), maxAbs(yhat))
	var ss float64
	for i := range y {
		d := y[i]*s - yhat[i]*s
		ss += d * d
	}
	return math.Sqrt(ss/float64(len(y))) / s, nil
}

// R2 returns the coefficient of determination
//
//	R² = 1 − Σ_i (y_i − ŷ_i)² / Σ_i (y_i − ȳ)².
//
// When y is constant the ratio is undefined; R2 then returns 1 for a perfect
// prediction and 0 otherwise, as scikit-learn 1.2.1's r2_score does
// (force_finite=True).
func R2(y, yhat []float64) (float64, error) {
	if err := checkPair("y", "yhat", y, yhat); err != nil {
		return 0, err
	}
	// R² is invariant under a common scaling of y and ŷ: scale by a power of
	// two when the squares would overflow or underflow.
	sc := pow2Scale(maxAbs(y), maxAbs(yhat))
	var mean float64
	for _, v := range y {
		mean += v * sc
	}
	mean /= float64(len(y))
	var ss, sr float64
	for i, v := range y {
		v *= sc
		ss += (v - mean) * (v - mean)
		sr += (v - yhat[i]*sc) * (v - yhat[i]*sc)
	}
	if ss == 0 {
		if sr == 0 {
			return 1, nil
		}
		return 0, nil
	}
	return 1 - sr/ss, nil
}

// MeanStd returns the mean and the sample standard deviation
// sqrt(Σ (v_i − v̄)² / (n − 1)) of v, the "mean ± std over splits" of the
// papers (MATLAB's std, numpy's std with ddof=1). The std of a single value
// is 0. Values near ±MaxFloat64 are scaled by a power of two before summing
// and squaring, so the answer is exact to rounding whenever it is
// representable. Errors: v empty (ErrEmpty), an entry NaN or ±Inf, or a
// std that overflows (ErrNotFinite).
func MeanStd(v []float64) (mean, std float64, err error) {
	n := len(v)
	if n == 0 {
		return 0, 0, klearn.Errorf(klearn.ErrEmpty, "metrics: MeanStd of no values")
	}
	if err := klearn.CheckVector("metrics: MeanStd", v); err != nil {
		return 0, 0, err
	}
	sc := pow2Scale(maxAbs(v))
	for _, x := range v {
		mean += x * sc
	}
	mean /= float64(n)
	if n == 1 {
		return v[0], 0, nil
	}
	var ss float64
	for _, x := range v {
		ss += (x*sc - mean) * (x*sc - mean)
	}
	mean, std = mean/sc, math.Sqrt(ss/float64(n-1))/sc
	if math.IsInf(std, 0) {
		return 0, 0, klearn.Errorf(klearn.ErrNotFinite, "metrics: MeanStd: the std of values up to %g overflows", maxAbs(v))
	}
	return mean, std, nil
}

// pow2Scale returns 1 when every magnitude is in [2⁻⁴⁰⁰, 2⁴⁰⁰] (or zero), and
// otherwise the power of two that brings the largest to [½, 1): the scaling
// that lets sums of squares of the scaled values neither overflow nor lose
// all precision to underflow. Multiplying by a power of two is exact, so
// results for ordinary inputs are bit-identical to the unscaled formulas.
func pow2Scale(mags ...float64) float64 {
	m := 0.0
	for _, v := range mags {
		m = math.Max(m, v)
	}
	if m == 0 || (m <= 0x1p400 && m >= 0x1p-400) {
		return 1
	}
	_, e := math.Frexp(m)
	return math.Ldexp(1, min(1000, -e)) // capped: 2^1074 would overflow
}

// maxAbs returns max_i |x_i| of validated (finite) x.
func maxAbs(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		if a := math.Abs(v); a > m {
			m = a
		}
	}
	return m
}
