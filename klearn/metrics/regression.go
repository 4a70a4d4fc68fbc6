package metrics

import "math"

// MSE returns the mean squared error (1/n) Σ_i (y_i − ŷ_i)².
func MSE(y, yhat []float64) (float64, error) {
	if err := checkPair("y", "yhat", y, yhat); err != nil {
		return 0, err
	}
	var s float64
	for i := range y {
		d := y[i] - yhat[i]
		s += d * d
	}
	return s / float64(len(y)), nil
}

// RMSE returns the root mean squared error sqrt((1/n) Σ_i (y_i − ŷ_i)²), the
// test metric of Paper 1 (Cortes, Mohri, Rostamizadeh 2009, §5).
func RMSE(y, yhat []float64) (float64, error) {
	m, err := MSE(y, yhat)
	return math.Sqrt(m), err
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
	var mean float64
	for _, v := range y {
		mean += v
	}
	mean /= float64(len(y))
	var ss, sr float64
	for i, v := range y {
		ss += (v - mean) * (v - mean)
		sr += (v - yhat[i]) * (v - yhat[i])
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
// is 0; an empty v gives (NaN, NaN), the only case with a NaN result.
func MeanStd(v []float64) (mean, std float64) {
	n := len(v)
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	for _, x := range v {
		mean += x
	}
	mean /= float64(n)
	if n == 1 {
		return mean, 0
	}
	var ss float64
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(n-1))
}
