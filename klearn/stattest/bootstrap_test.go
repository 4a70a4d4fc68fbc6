package stattest

import (
	"errors"
	"math"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestMedian: odd and even counts by hand (the even count's median is the
// mean of the two middle values), the input left unsorted.
func TestMedian(t *testing.T) {
	xs := []float64{3, 1, 2}
	m, err := Median(xs)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "odd", m, 2, 0)
	m, _ = Median([]float64{4, 1, 3, 1.5})
	near(t, "even", m, 2.25, 0) // (1.5 + 3) / 2
	if xs[0] != 3 || xs[1] != 1 {
		t.Errorf("input sorted: %v", xs)
	}
	if _, err := Median(nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Error(err)
	}
	if _, err := Median([]float64{1, math.NaN()}); !errors.Is(err, klearn.ErrNotFinite) {
		t.Error(err)
	}
}

// TestMedianRanksCollapse: one order on every task and repetition (A
// best, B and C tied) gives every resample the same medians, so each
// interval is the point: 1, 2.5, 2.5.
func TestMedianRanksCollapse(t *testing.T) {
	task := [][]float64{{0.9, 0.8, 0.95}, {0.5, 0.4, 0.3}, {0.5, 0.4, 0.3}}
	scores := [][][]float64{task, task, task, task}
	iv, err := BootstrapMedianRanks(scores, true, 300, 0.95, 3)
	if err != nil {
		t.Fatal(err)
	}
	for m, want := range []float64{1, 2.5, 2.5} {
		v := iv[m]
		if v.Stat != MedianRank || v.Point() != want || v.Lo != want || v.Hi != want || v.Mean != want {
			t.Errorf("method %d: %+v, want all %g", m, v, want)
		}
	}
}

// TestMedianRanksTwoTasks: two tasks, one repetition, ranks (1, 3),
// (2, 1), (3, 2). The four equally likely resamples of the tasks give
// method A the median 1 (¼), 2 (½: the mean of 1 and 3) and 3 (¼), so the
// 30 % and 70 % quantiles are 2 and the 20 % and 80 % ones are 1 and 3.
func TestMedianRanksTwoTasks(t *testing.T) {
	scores := [][][]float64{
		{{3}, {2}, {1}},
		{{1}, {3}, {2}},
	}
	mid, err := BootstrapMedianRanks(scores, true, 4000, 0.4, 5)
	if err != nil {
		t.Fatal(err)
	}
	wide, _ := BootstrapMedianRanks(scores, true, 4000, 0.6, 5)
	for m, r := range [][2]float64{{1, 3}, {1, 2}, {2, 3}} {
		c := (r[0] + r[1]) / 2
		if mid[m].Median != c || mid[m].Lo != c || mid[m].Hi != c {
			t.Errorf("method %d, 40 %%: %+v, want [%g, %g]", m, mid[m], c, c)
		}
		if wide[m].Lo != r[0] || wide[m].Hi != r[1] {
			t.Errorf("method %d, 60 %%: %+v, want [%g, %g]", m, wide[m], r[0], r[1])
		}
	}
}

// TestMedianRanksThreeTasks: A ranks 1, 1, 3 on three tasks of one
// repetition (lower is better). Its median is 1, its mean 5/3; a resample
// has median 3 when it draws the third task at least twice, 7 of 27
// times. So the 30–70 % interval of the median is [1, 1], while the mean's
// is not (a median computed as a mean fails here).
func TestMedianRanksThreeTasks(t *testing.T) {
	scores := [][][]float64{
		{{1}, {2}, {3}},
		{{1}, {3}, {2}},
		{{3}, {1}, {2}},
	}
	iv, err := BootstrapMedianRanks(scores, false, 4000, 0.4, 8)
	if err != nil {
		t.Fatal(err)
	}
	a := iv[0]
	near(t, "median", a.Median, 1, 0)
	near(t, "mean", a.Mean, 5.0/3, 1e-15)
	if a.Lo != 1 || a.Hi != 1 {
		t.Errorf("median interval %+v, want [1, 1]", a)
	}
	wide, _ := BootstrapMedianRanks(scores, false, 4000, 0.6, 8)
	if wide[0].Lo != 1 || wide[0].Hi != 3 {
		t.Errorf("60 %% interval %+v, want [1, 3] (3 in 7/27 of the resamples)", wide[0])
	}
	mean, _ := BootstrapRanks(scores, false, 4000, 0.4, 8)
	if mean[0].Stat != MeanRank || mean[0].Lo == 1 && mean[0].Hi == 1 {
		t.Errorf("mean interval %+v: the mean of a resample is 1 only in 8/27 of them", mean[0])
	}
}

// TestMedianRanksSeed: the same seed repeats the intervals under one and
// four threads; another seed draws other resamples; the scores are not
// changed.
func TestMedianRanksSeed(t *testing.T) {
	noise := noiseScores(9, 9, 4, 3)
	first := noise[0][0][0]
	prev := runtime.GOMAXPROCS(1)
	one, err := BootstrapMedianRanks(noise, true, 500, 0.9, 4)
	runtime.GOMAXPROCS(4)
	four, _ := BootstrapMedianRanks(noise, true, 500, 0.9, 4)
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := BootstrapMedianRanks(noise, true, 500, 0.9, 5)
	same := true
	for m := range one {
		if one[m] != four[m] {
			t.Errorf("method %d: %+v under 1 thread, %+v under 4", m, one[m], four[m])
		}
		same = same && one[m] == other[m]
	}
	if same {
		t.Error("seeds 4 and 5 give the same intervals")
	}
	if noise[0][0][0] != first {
		t.Error("scores changed")
	}
}

// TestMedianRanksBadInput: the errors of BootstrapRanks, naming the
// median.
func TestMedianRanksBadInput(t *testing.T) {
	ok := [][][]float64{{{1}, {2}}}
	errOf := func(_ any, err error) error { return err }
	for _, c := range []struct {
		name      string
		err, want error
	}{
		{"b", errOf(BootstrapMedianRanks(ok, true, 99, 0.95, 1)), klearn.ErrParam},
		{"level", errOf(BootstrapMedianRanks(ok, true, 200, 0, 1)), klearn.ErrParam},
		{"level NaN", errOf(BootstrapMedianRanks(ok, true, 200, math.NaN(), 1)), klearn.ErrParam},
		{"no task", errOf(BootstrapMedianRanks(nil, true, 200, 0.95, 1)), klearn.ErrEmpty},
		{"no repetition", errOf(BootstrapMedianRanks([][][]float64{{{}, {}}}, true, 200, 0.95, 1)), klearn.ErrEmpty},
		{"repetitions", errOf(BootstrapMedianRanks([][][]float64{{{1}, {1, 2}}}, true, 200, 0.95, 1)), klearn.ErrShape},
		{"methods", errOf(BootstrapMedianRanks([][][]float64{{{1}, {2}}, {{1}}}, true, 200, 0.95, 1)), klearn.ErrShape},
		{"Inf", errOf(BootstrapMedianRanks([][][]float64{{{1}, {math.Inf(-1)}}}, true, 200, 0.95, 1)), klearn.ErrNotFinite},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
}

// noiseScores draws uniform scores: tasks × methods × reps, the methods
// alike.
func noiseScores(seed uint64, tasks, methods, reps int) [][][]float64 {
	rng := klearn.NewRand(seed)
	out := make([][][]float64, tasks)
	for i := range out {
		out[i] = make([][]float64, methods)
		for j := range out[i] {
			for k := 0; k < reps; k++ {
				out[i][j] = append(out[i][j], rng.Float64())
			}
		}
	}
	return out
}
