package stattest

import (
	"math"
	"sort"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
)

// RankStat is the statistic of a method's ranks over the tasks.
type RankStat int

const (
	// MeanRank is the mean of the ranks.
	MeanRank RankStat = iota
	// MedianRank is the median of the ranks (Median): the middle rank of
	// an odd count, the mean of the two middle ranks of an even count.
	MedianRank
)

// String returns "mean" or "median".
func (s RankStat) String() string {
	if s == MedianRank {
		return "median"
	}
	return "mean"
}

// of returns the statistic of ranks (not empty, all finite).
func (s RankStat) of(ranks []float64) float64 {
	if s == MedianRank {
		return median(ranks)
	}
	var sum float64
	for _, r := range ranks {
		sum += r
	}
	return sum / float64(len(ranks))
}

// RankInterval is a method's mean and median rank over tasks (1 = best)
// with a bootstrap percentile interval [Lo, Hi] of the statistic Stat.
type RankInterval struct {
	Mean, Lo, Hi, Median float64
	Stat                 RankStat
}

// Point returns the statistic the interval is of: Mean or Median.
func (iv RankInterval) Point() float64 {
	if iv.Stat == MedianRank {
		return iv.Median
	}
	return iv.Mean
}

// Median returns the median of xs: the middle value of an odd count, the
// mean of the two middle values of an even count. xs is not changed.
// Errors: no value (ErrEmpty), NaN or ±Inf (ErrNotFinite).
func Median(xs []float64) (float64, error) {
	if len(xs) == 0 {
		return 0, klearn.Errorf(klearn.ErrEmpty, "stattest: median of no value")
	}
	for i, v := range xs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, klearn.Errorf(klearn.ErrNotFinite, "stattest: median: value %d = %g", i, v)
		}
	}
	return median(xs), nil
}

// median is Median of checked values.
func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MeanRanks returns each method's rank averaged over tasks. scores[t][m]
// holds the repetitions of method m on task t; on each task the methods are
// ranked by their mean over the repetitions, rank 1 the best (the highest
// when higherIsBetter, else the lowest), ties sharing their mean rank.
func MeanRanks(scores [][][]float64, higherIsBetter bool) ([]float64, error) {
	if err := checkScores(scores); err != nil {
		return nil, err
	}
	ranks := allRanks(scores, higherIsBetter)
	out := make([]float64, len(ranks))
	for m, rs := range ranks {
		out[m] = MeanRank.of(rs)
	}
	return out, nil
}

// BootstrapRanks returns each method's mean rank (as MeanRanks) with a
// percentile bootstrap interval of it at the given level (0.95 for 95 %):
// each of b resamples draws the tasks with replacement and, within each
// drawn task, the repetitions with replacement, the same repetitions for
// every method (they share their splits). The draws come from
// klearn.NewRand(seed), so the intervals repeat exactly under a seed.
// Errors: no task, no method, a method with no repetition or a different
// number of repetitions than the others on its task (ErrEmpty, ErrShape),
// NaN or ±Inf (ErrNotFinite), b < 100 or level outside (0, 1) (ErrParam).
func BootstrapRanks(scores [][][]float64, higherIsBetter bool, b int, level float64, seed uint64) ([]RankInterval, error) {
	return bootstrapRanks(scores, MeanRank, higherIsBetter, b, level, seed)
}

// BootstrapMedianRanks is BootstrapRanks with the interval taken of each
// method's median rank over the tasks (RankStat MedianRank): the same
// resamples, the same ranks per task, the same errors. The median of a
// resample takes few values (ranks and midpoints of two), so the interval's
// ends are such values, and the interval collapses to the point when every
// resample gives the same median.
func BootstrapMedianRanks(scores [][][]float64, higherIsBetter bool, b int, level float64, seed uint64) ([]RankInterval, error) {
	return bootstrapRanks(scores, MedianRank, higherIsBetter, b, level, seed)
}

// bootstrapRanks is BootstrapRanks of the statistic stat.
func bootstrapRanks(scores [][][]float64, stat RankStat, higherIsBetter bool, b int, level float64, seed uint64) ([]RankInterval, error) {
	if b < 100 || !(level > 0 && level < 1) {
		return nil, klearn.Errorf(klearn.ErrParam, "stattest: bootstrap of the %s rank: b = %d (want ≥ 100), level = %g", stat, b, level)
	}
	if err := checkScores(scores); err != nil {
		return nil, err
	}
	full := allRanks(scores, higherIsBetter)
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
		for m, rs := range taskRanks(scores, tasks, reps, higherIsBetter) {
			draws[m] = append(draws[m], stat.of(rs))
		}
	}
	out := make([]RankInterval, nm)
	for m := range out {
		sort.Float64s(draws[m])
		out[m] = RankInterval{Mean: MeanRank.of(full[m]), Median: MedianRank.of(full[m]), Stat: stat,
			Lo: quantile(draws[m], (1-level)/2), Hi: quantile(draws[m], 1-(1-level)/2)}
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

// taskRanks ranks the methods on the tasks tasks[i], using the
// repetitions reps[i] of each: out[m][i] is method m's rank on tasks[i].
func taskRanks(scores [][][]float64, tasks []int, reps [][]int, higherIsBetter bool) [][]float64 {
	nm := len(scores[0])
	out := make([][]float64, nm)
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
			out[m] = append(out[m], r)
		}
	}
	return out
}

// allRanks is taskRanks on every task with all its repetitions.
func allRanks(scores [][][]float64, higherIsBetter bool) [][]float64 {
	reps := make([][]int, len(scores))
	for t := range scores {
		reps[t] = identity(len(scores[t][0]))
	}
	return taskRanks(scores, identity(len(scores)), reps, higherIsBetter)
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
