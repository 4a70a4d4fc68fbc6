package stattest

import (
	"math"
	"sort"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
)

// RankInterval is a method's mean rank over tasks (1 = best) with a
// bootstrap percentile interval [Lo, Hi].
type RankInterval struct {
	Mean, Lo, Hi float64
}

// MeanRanks returns each method's rank averaged over tasks. scores[t][m]
// holds the repetitions of method m on task t; on each task the methods are
// ranked by their mean over the repetitions, rank 1 the best (the highest
// when higherIsBetter, else the lowest), ties sharing their mean rank.
func MeanRanks(scores [][][]float64, higherIsBetter bool) ([]float64, error) {
	if err := checkScores(scores); err != nil {
		return nil, err
	}
	idx := make([][]int, len(scores))
	for t := range scores {
		idx[t] = identity(len(scores[t][0]))
	}
	return meanRanks(scores, identity(len(scores)), idx, higherIsBetter), nil
}

// BootstrapRanks returns each method's mean rank (as MeanRanks) with a
// percentile bootstrap interval at the given level (0.95 for 95 %): each of
// b resamples draws the tasks with replacement and, within each drawn task,
// the repetitions with replacement, the same repetitions for every method
// (they share their splits). The draws come from klearn.NewRand(seed), so
// the intervals repeat exactly under a seed. Errors: no task, no method, a
// method with no repetition or a different number of repetitions than the
// others on its task (ErrEmpty, ErrShape), NaN or ±Inf (ErrNotFinite), b <
// 100 or level outside (0, 1) (ErrParam).
func BootstrapRanks(scores [][][]float64, higherIsBetter bool, b int, level float64, seed uint64) ([]RankInterval, error) {
	if b < 100 || !(level > 0 && level < 1) {
		return nil, klearn.Errorf(klearn.ErrParam, "stattest: BootstrapRanks: b = %d (want ≥ 100), level = %g", b, level)
	}
	mean, err := MeanRanks(scores, higherIsBetter)
	if err != nil {
		return nil, err
	}
	rng := klearn.NewRand(seed)
	nm := len(scores[0])
	draws := make([][]float64, nm)
	tasks := make([]int, len(scores))
	reps := make([][]int, len(scores))
	for k := 0; k < b; k++ {
		for i := range tasks {
			tasks[i] = rng.IntN(len(scores))
		}
		for i, t := range tasks {
			nr := len(scores[t][0])
			reps[i] = make([]int, nr)
			for j := range reps[i] {
				reps[i][j] = rng.IntN(nr)
			}
		}
		for m, r := range meanRanks(scores, tasks, reps, higherIsBetter) {
			draws[m] = append(draws[m], r)
		}
	}
	out := make([]RankInterval, nm)
	for m := range out {
		sort.Float64s(draws[m])
		out[m] = RankInterval{Mean: mean[m], Lo: quantile(draws[m], (1-level)/2), Hi: quantile(draws[m], 1-(1-level)/2)}
	}
	return out, nil
}

// quantile returns the q-quantile of sorted s by linear interpolation.
func quantile(s []float64, q float64) float64 {
	h := q * float64(len(s)-1)
	i := int(math.Floor(h))
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (h-float64(i))*(s[i+1]-s[i])
}

func identity(n int) []int {
	v := make([]int, n)
	for i := range v {
		v[i] = i
	}
	return v
}

// meanRanks ranks the methods on the tasks tasks[i], using the repetitions
// reps[i] of each, and averages the ranks.
func meanRanks(scores [][][]float64, tasks []int, reps [][]int, higherIsBetter bool) []float64 {
	nm := len(scores[0])
	sum := make([]float64, nm)
	means := make([]float64, nm)
	for i, t := range tasks {
		for m := range means {
			var s float64
			for _, r := range reps[i] {
				s += scores[t][m][r]
			}
			means[m] = s / float64(len(reps[i]))
			if higherIsBetter {
				means[m] = -means[m]
			}
		}
		for m, r := range metrics.Ranks(means) {
			sum[m] += r
		}
	}
	for m := range sum {
		sum[m] /= float64(len(tasks))
	}
	return sum
}

func checkScores(scores [][][]float64) error {
	if len(scores) == 0 || len(scores[0]) == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "stattest: ranks of no task or no method")
	}
	nm := len(scores[0])
	for t, ms := range scores {
		if len(ms) != nm {
			return klearn.Errorf(klearn.ErrShape, "stattest: task %d has %d methods, task 0 has %d", t, len(ms), nm)
		}
		for m, reps := range ms {
			if len(reps) == 0 {
				return klearn.Errorf(klearn.ErrEmpty, "stattest: task %d, method %d has no repetition", t, m)
			}
			if len(reps) != len(ms[0]) {
				return klearn.Errorf(klearn.ErrShape, "stattest: task %d: method %d has %d repetitions, method 0 has %d", t, m, len(reps), len(ms[0]))
			}
			for r, v := range reps {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return klearn.Errorf(klearn.ErrNotFinite, "stattest: task %d, method %d, repetition %d = %g", t, m, r, v)
				}
			}
		}
	}
	return nil
}
