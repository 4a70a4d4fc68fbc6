package metrics

import (
	"math"
	"sort"

	"github.com/kernelab/kernelab/klearn"
)

// checkPair validates two equally long, non-empty, finite vectors.
func checkPair(a, b string, x, y []float64) error {
	if len(x) == 0 || len(y) == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "metrics: %s has %d and %s %d entries", a, len(x), b, len(y))
	}
	if len(x) != len(y) {
		return klearn.Errorf(klearn.ErrShape, "metrics: %s has %d entries but %s has %d", a, len(x), b, len(y))
	}
	if err := klearn.CheckVector(a, x); err != nil {
		return err
	}
	return klearn.CheckVector(b, y)
}

// Accuracy returns the fraction of exact matches, (1/n) Σ_i [y_i = ŷ_i].
// Labels may be any finite values (±1, or class indices for multiclass).
func Accuracy(y, yhat []float64) (float64, error) {
	wrong, err := countWrong(y, yhat)
	if err != nil {
		return 0, err
	}
	return float64(len(y)-wrong) / float64(len(y)), nil
}

// ErrorRate returns the misclassification rate (1/n) Σ_i [y_i ≠ ŷ_i], a
// fraction in [0, 1] (multiply by 100 for the error % of the papers). It
// divides the count of wrong predictions by n once, so the result is the
// float64 nearest to wrong/n, which 1 − Accuracy is not (1/3 vs 1 − 2/3).
func ErrorRate(y, yhat []float64) (float64, error) {
	wrong, err := countWrong(y, yhat)
	if err != nil {
		return 0, err
	}
	return float64(wrong) / float64(len(y)), nil
}

// countWrong validates y and ŷ and counts the i with y_i ≠ ŷ_i.
func countWrong(y, yhat []float64) (int, error) {
	if err := checkPair("y", "yhat", y, yhat); err != nil {
		return 0, err
	}
	var wrong int
	for i := range y {
		if y[i] != yhat[i] {
			wrong++
		}
	}
	return wrong, nil
}

// AUC returns the area under the ROC curve of scores for labels y ∈ {−1, +1},
// computed as the normalised Mann–Whitney statistic
//
//	AUC = (R₊ − n₊(n₊+1)/2) / (n₊ n₋),
//
// where R₊ is the sum of the ranks of the positive scores among all scores
// and tied scores get the average of the ranks they span. Equivalently,
// AUC = P(s₊ > s₋) + ½ P(s₊ = s₋) over a random positive–negative pair, which
// is what scikit-learn's roc_auc_score computes (trapezoidal ROC). It is an
// error for y to have a single class or labels other than ±1.
func AUC(y, score []float64) (float64, error) {
	if err := checkPair("y", "score", y, score); err != nil {
		return 0, err
	}
	neg, pos, err := klearn.CheckBinary(y)
	if err != nil {
		return 0, err
	}
	r := Ranks(score)
	var rp float64
	for i, v := range y {
		if v > 0 {
			rp += r[i]
		}
	}
	np, nn := float64(pos), float64(neg)
	return (rp - np*(np+1)/2) / (np * nn), nil
}

// Ranks returns the 1-based ranks of v in increasing order, giving tied values
// the average of the ranks they span (e.g. ranks 4 and 5 tie at 4.5), as in
// the Mann–Whitney statistic and in median-rank tables (Afkanpour et al. (2013), §5).
// NaN values are not allowed by callers in this package; Ranks itself orders
// them last.
func Ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := v[idx[a]], v[idx[b]]
		if math.IsNaN(y) {
			return !math.IsNaN(x)
		}
		return x < y
	})
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && v[idx[j]] == v[idx[i]] {
			j++
		}
		avg := float64(i+j+1) / 2 // mean of ranks i+1 … j
		for k := i; k < j; k++ {
			r[idx[k]] = avg
		}
		i = j
	}
	return r
}
