package modelsel_test

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// checkPartition fails unless train and test are sorted, disjoint and
// together cover exactly 0..n−1.
func checkPartition(t *testing.T, name string, n int, parts ...[]int) {
	t.Helper()
	seen := make([]int, n)
	for _, p := range parts {
		if !slices.IsSorted(p) {
			t.Fatalf("%s: indices not sorted", name)
		}
		for _, i := range p {
			if i < 0 || i >= n {
				t.Fatalf("%s: index %d out of range", name, i)
			}
			seen[i]++
		}
	}
	for i, c := range seen {
		if c != 1 {
			t.Fatalf("%s: index %d appears %d times", name, i, c)
		}
	}
}

func TestKFold(t *testing.T) {
	t.Parallel()
	n, k := 23, 5
	s, err := modelsel.KFold(n, k, 7)
	if err != nil || len(s) != k {
		t.Fatalf("KFold: %d splits, %v", len(s), err)
	}
	inTest := make([]int, n)
	for f, sp := range s {
		checkPartition(t, fmt.Sprintf("fold %d", f), n, sp.Train, sp.Test)
		// 23 = 5·4 + 3: the first three folds have 5 samples, the others 4.
		want := 4
		if f < 3 {
			want = 5
		}
		if len(sp.Test) != want {
			t.Errorf("fold %d has %d test samples, want %d", f, len(sp.Test), want)
		}
		for _, i := range sp.Test {
			inTest[i]++
		}
	}
	for i, c := range inTest {
		if c != 1 {
			t.Fatalf("sample %d is in %d test folds", i, c)
		}
	}
	s2, _ := modelsel.KFold(n, k, 7)
	s3, _ := modelsel.KFold(n, k, 8)
	if !slices.Equal(s[0].Test, s2[0].Test) {
		t.Fatalf("KFold not deterministic")
	}
	if slices.Equal(s[0].Test, s3[0].Test) && slices.Equal(s[1].Test, s3[1].Test) {
		t.Fatalf("KFold ignores the seed")
	}
	for _, c := range []struct{ n, k int }{{5, 1}, {5, 6}, {5, 0}} {
		klearntest.ExpectErrorIs(t, fmt.Sprintf("KFold(%d, %d)", c.n, c.k), klearn.ErrParam, func() error { _, err := modelsel.KFold(c.n, c.k, 1); return err })
	}
	klearntest.ExpectErrorIs(t, "KFold(0, 2)", klearn.ErrEmpty, func() error { _, err := modelsel.KFold(0, 2, 1); return err })
}

func labels(counts map[float64]int) []float64 {
	var y []float64
	for _, c := range []float64{-1, 1, 2} {
		for i := 0; i < counts[c]; i++ {
			y = append(y, c)
		}
	}
	// Interleave deterministically so classes are not contiguous.
	r := klearn.NewRand(99)
	r.Shuffle(len(y), func(a, b int) { y[a], y[b] = y[b], y[a] })
	return y
}

func TestStratifiedKFold(t *testing.T) {
	t.Parallel()
	y := labels(map[float64]int{-1: 17, 1: 9, 2: 5})
	n, k := len(y), 4
	s, err := modelsel.StratifiedKFold(y, k, 3)
	if err != nil {
		t.Fatal(err)
	}
	sizes := []int{}
	for f, sp := range s {
		checkPartition(t, fmt.Sprintf("fold %d", f), n, sp.Train, sp.Test)
		cnt := map[float64]int{}
		for _, i := range sp.Test {
			cnt[y[i]]++
		}
		// Balance: each class has ⌊n_c/k⌋ or ⌈n_c/k⌉ test samples per fold.
		for c, nc := range map[float64]int{-1: 17, 1: 9, 2: 5} {
			if cnt[c] < nc/k || cnt[c] > (nc+k-1)/k {
				t.Errorf("fold %d: class %v has %d test samples, want %d or %d", f, c, cnt[c], nc/k, (nc+k-1)/k)
			}
		}
		sizes = append(sizes, len(sp.Test))
	}
	if slices.Max(sizes)-slices.Min(sizes) > 1 {
		t.Errorf("fold sizes %v differ by more than one", sizes)
	}
	// A class smaller than k is an error (documented).
	klearntest.ExpectErrorIs(t, "stratum < k", klearn.ErrParam, func() error { _, err := modelsel.StratifiedKFold(y, 6, 1); return err })
	klearntest.ExpectErrorIs(t, "k < 2", klearn.ErrParam, func() error { _, err := modelsel.StratifiedKFold(y, 1, 1); return err })
	klearntest.ExpectErrorIs(t, "NaN", klearn.ErrNotFinite, func() error { _, err := modelsel.StratifiedKFold([]float64{1, math.NaN()}, 2, 1); return err })
	klearntest.ExpectErrorIs(t, "empty", klearn.ErrEmpty, func() error { _, err := modelsel.StratifiedKFold(nil, 2, 1); return err })
}

func TestRepeatedSplits(t *testing.T) {
	t.Parallel()
	s, err := modelsel.RepeatedSplits(31, 30, 0.5, 1)
	if err != nil || len(s) != 30 {
		t.Fatalf("RepeatedSplits: %d, %v", len(s), err)
	}
	for r, sp := range s {
		checkPartition(t, fmt.Sprintf("rep %d", r), 31, sp.Train, sp.Test)
		if len(sp.Test) != 16 { // ⌈0.5·31⌉
			t.Fatalf("rep %d: %d test samples, want 16", r, len(sp.Test))
		}
	}
	if slices.Equal(s[0].Test, s[1].Test) {
		t.Fatalf("repetitions are identical")
	}
	// 0.3·10 = 3.0000000000000004 in floating point: still 3 test samples.
	s, _ = modelsel.RepeatedSplits(10, 1, 0.3, 1)
	if len(s[0].Test) != 3 {
		t.Fatalf("⌈0.3·10⌉ gave %d", len(s[0].Test))
	}
	for _, f := range []float64{0, 1, -0.1, math.NaN()} {
		klearntest.ExpectErrorIs(t, fmt.Sprintf("testFrac %v", f), klearn.ErrParam, func() error { _, err := modelsel.RepeatedSplits(10, 2, f, 1); return err })
	}
	klearntest.ExpectErrorIs(t, "reps 0", klearn.ErrParam, func() error { _, err := modelsel.RepeatedSplits(10, 0, 0.5, 1); return err })
	klearntest.ExpectErrorIs(t, "n 1", klearn.ErrParam, func() error { _, err := modelsel.RepeatedSplits(1, 1, 0.5, 1); return err })

	y := labels(map[float64]int{-1: 20, 1: 7})
	ss, err := modelsel.StratifiedRepeatedSplits(y, 5, 0.2, 2)
	if err != nil {
		t.Fatal(err)
	}
	for r, sp := range ss {
		checkPartition(t, fmt.Sprintf("stratified rep %d", r), len(y), sp.Train, sp.Test)
		cnt := map[float64]int{}
		for _, i := range sp.Test {
			cnt[y[i]]++
		}
		// round(0.2·20) = 4, round(0.2·7) = 1.
		if cnt[-1] != 4 || cnt[1] != 1 {
			t.Fatalf("stratified rep %d: test counts %v, want 4 and 1", r, cnt)
		}
	}
	klearntest.ExpectErrorIs(t, "singleton class", klearn.ErrParam, func() error {
		_, err := modelsel.StratifiedRepeatedSplits([]float64{1, 1, -1}, 2, 0.5, 1)
		return err
	})
}

func TestTrainValTest(t *testing.T) {
	t.Parallel()
	s, err := modelsel.TrainValTest(50, 0.2, 0.3, 4)
	if err != nil {
		t.Fatal(err)
	}
	checkPartition(t, "TrainValTest", 50, s.Train, s.Val, s.Test)
	if len(s.Val) != 10 || len(s.Test) != 15 || len(s.Train) != 25 {
		t.Fatalf("sizes %d/%d/%d, want 25/10/15", len(s.Train), len(s.Val), len(s.Test))
	}
	klearntest.ExpectErrorIs(t, "fractions sum to 1", klearn.ErrParam, func() error { _, err := modelsel.TrainValTest(10, 0.5, 0.5, 1); return err })
}

func TestSlicing(t *testing.T) {
	t.Parallel()
	X := klearntest.RandMatrix(12, 3, -1, 1, 2)
	k := kernel.RBF{Gamma: 0.8}
	K, err := kernel.Gram(k, X)
	if err != nil {
		t.Fatal(err)
	}
	tr, te := []int{0, 2, 3, 7, 11}, []int{10, 1, 5}
	// Reference: recompute the kernel on the selected rows.
	Ktr, _ := kernel.Gram(k, must(klearn.Rows(X, tr)))
	Kte, _ := kernel.Cross(k, must(klearn.Rows(X, te)), must(klearn.Rows(X, tr)))
	sub := must(kernel.SubGram(K, tr))
	if !mat.EqualApprox(sub, Ktr, 1e-14) {
		t.Fatalf("SubGram differs from the recomputed Gram")
	}
	cross := must(kernel.CrossGram(K, te, tr))
	if !mat.EqualApprox(cross, Kte, 1e-14) {
		t.Fatalf("CrossGram differs from the recomputed cross kernel")
	}
	Ks := must(kernel.SubGrams([]*mat.SymDense{K, K}, tr))
	Kc := must(kernel.CrossGrams([]*mat.SymDense{K, K}, te, tr))
	if len(Ks) != 2 || !mat.Equal(Ks[1], sub) || len(Kc) != 2 || !mat.Equal(Kc[1], cross) {
		t.Fatalf("SubGrams/CrossGrams differ from SubGram/CrossGram")
	}
	// Slices are copies.
	sub.SetSym(0, 0, 99)
	if K.At(0, 0) == 99 {
		t.Fatalf("SubGram shares memory with K")
	}
	y := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	if got := must(klearn.Take(y, te)); !slices.Equal(got, []float64{10, 1, 5}) {
		t.Fatalf("Take = %v", got)
	}
	if r := must(klearn.Rows(klearntest.Generic(X), []int{4})); r.At(0, 2) != X.At(4, 2) {
		t.Fatalf("Rows on a generic matrix")
	}
	// Empty index sets give empty results, not errors.
	if r, err := klearn.Rows(X, nil); err != nil || !r.IsEmpty() {
		t.Fatalf("Rows of no index: %v, %v", r, err)
	}
	if g, err := kernel.SubGrams(nil, tr); err != nil || len(g) != 0 {
		t.Fatalf("SubGrams of no kernel: %v, %v", g, err)
	}
	inner := []modelsel.Split{{Train: []int{0, 2}, Test: []int{1}}}
	w := must(modelsel.Within([]int{5, 8, 9}, inner))
	if !slices.Equal(w[0].Train, []int{5, 9}) || !slices.Equal(w[0].Test, []int{8}) {
		t.Fatalf("Within = %+v", w)
	}
}

// TestSlicingBadIndices: every slicing helper refuses an index outside its
// matrix or vector, negative or too large, with ErrShape, a nil matrix with
// ErrEmpty, and a result too large to allocate with ErrParam.
func TestSlicingBadIndices(t *testing.T) {
	t.Parallel()
	K := klearntest.RandPSD(4, 2, 1)
	X := klearntest.RandMatrix(4, 2, -1, 1, 1)
	y := []float64{1, 2, 3, 4}
	ok := []int{0, 3}
	for _, bad := range [][]int{{0, 4}, {-1, 2}, {1 << 62}} {
		for name, call := range map[string]func() error{
			"SubGram":          func() error { return err1(kernel.SubGram(K, bad)) },
			"CrossGram rows":   func() error { return err1(kernel.CrossGram(K, bad, ok)) },
			"CrossGram cols":   func() error { return err1(kernel.CrossGram(K, ok, bad)) },
			"SubGrams":         func() error { return err1(kernel.SubGrams([]*mat.SymDense{K, K}, bad)) },
			"CrossGrams":       func() error { return err1(kernel.CrossGrams([]*mat.SymDense{K}, ok, bad)) },
			"SubGrams smaller": func() error { return err1(kernel.SubGrams([]*mat.SymDense{K, klearntest.RandPSD(2, 1, 2)}, ok)) },
			"Rows":             func() error { return err1(klearn.Rows(X, bad)) },
			"Rows generic":     func() error { return err1(klearn.Rows(klearntest.Generic(X), bad)) },
			"Take":             func() error { return err1(klearn.Take(y, bad)) },
			"Take nil y":       func() error { return err1(klearn.Take(nil, ok)) },
			"Within":           func() error { return err1(modelsel.Within(ok, []modelsel.Split{{Train: []int{0}, Test: bad}})) },
		} {
			klearntest.ExpectErrorIs(t, fmt.Sprintf("%s %v", name, bad), klearn.ErrShape, call)
		}
	}
	for name, call := range map[string]func() error{
		"SubGram nil":             func() error { return err1(kernel.SubGram(nil, ok)) },
		"CrossGram nil":           func() error { return err1(kernel.CrossGram(nil, ok, ok)) },
		"SubGrams nil kernel":     func() error { return err1(kernel.SubGrams([]*mat.SymDense{K, nil}, ok)) },
		"CrossGrams nil kernel":   func() error { return err1(kernel.CrossGrams([]*mat.SymDense{nil}, ok, ok)) },
		"Rows nil":                func() error { return err1(klearn.Rows(nil, ok)) },
		"Rows typed nil Dense":    func() error { return err1(klearn.Rows((*mat.Dense)(nil), ok)) },
		"Rows typed nil VecDense": func() error { return err1(klearn.Rows((*mat.VecDense)(nil), ok)) },
	} {
		klearntest.ExpectErrorIs(t, name, klearn.ErrEmpty, call)
	}
	// Repeated indices may ask for more than memory: 2²⁰ × 2²⁰ × 8 bytes.
	many := make([]int, 1<<20)
	klearntest.ExpectErrorIs(t, "SubGram huge", klearn.ErrParam, func() error { return err1(kernel.SubGram(K, many)) })
	klearntest.ExpectErrorIs(t, "CrossGrams huge", klearn.ErrParam, func() error {
		return err1(kernel.CrossGrams([]*mat.SymDense{K, K}, many, many[:1<<14]))
	})
	klearntest.ExpectErrorIs(t, "Rows huge", klearn.ErrParam, func() error {
		return err1(klearn.Rows(mat.NewDense(1, 1<<14, nil), many))
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func err1[T any](_ T, err error) error { return err }

func TestGrid(t *testing.T) {
	t.Parallel()
	g, err := modelsel.Grid(map[string][]float64{"gamma": {0.1, 1}, "C": {1, 10, 100}})
	if err != nil || len(g) != 6 {
		t.Fatalf("grid has %d points, want 6", len(g))
	}
	// Keys sorted (C before gamma), last key fastest.
	if g[0].String() != "C=1 gamma=0.1" || g[1].String() != "C=1 gamma=1" || g[5].String() != "C=100 gamma=1" {
		t.Fatalf("grid order: %v", g)
	}
	if g, err := modelsel.Grid(map[string][]float64{"a": {1}, "b": nil}); err != nil || len(g) != 0 {
		t.Fatalf("an empty axis must give an empty grid: %v, %v", g, err)
	}
	// 12 axes of 100 values: 10²⁴ candidates, refused before any allocation.
	huge := map[string][]float64{}
	for k := 0; k < 12; k++ {
		huge[fmt.Sprint("a", k)] = make([]float64, 100)
	}
	if _, err := modelsel.Grid(huge); !errors.Is(err, klearn.ErrParam) {
		t.Fatalf("a grid of 10²⁴ candidates: %v, want ErrParam", err)
	}
	if _, err := modelsel.Grid(map[string][]float64{"a": {1, math.NaN()}}); !errors.Is(err, klearn.ErrNotFinite) {
		t.Fatalf("a NaN value: %v, want ErrNotFinite", err)
	}
}

// krrSearch runs a KRR grid search over λ and γ on sliced Gram matrices.
func krrSearch(t *testing.T, workers int) *modelsel.SearchResult[modelsel.Params] {
	X := klearntest.RandMatrix(60, 2, -1, 1, 11)
	y := make([]float64, 60)
	for i := range y {
		y[i] = math.Sin(3*X.At(i, 0)) + 0.5*X.At(i, 1)
	}
	splits, err := modelsel.KFold(60, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	grid, err := modelsel.Grid(map[string][]float64{"lambda": {1e-3, 1e-1, 10}, "gamma": {0.1, 1, 10}})
	if err != nil {
		t.Fatal(err)
	}
	grams := map[float64]*mat.SymDense{}
	for _, g := range []float64{0.1, 1, 10} {
		grams[g], _ = kernel.Gram(kernel.RBF{Gamma: g}, X)
	}
	eval := func(p modelsel.Params, s modelsel.Split) (float64, error) {
		K := grams[p["gamma"]]
		m, err := krr.Regressor{Lambda: p["lambda"]}.FitGram(must(kernel.SubGram(K, s.Train)), must(klearn.Take(y, s.Train)))
		if err != nil {
			return 0, err
		}
		yh, err := m.PredictGram(must(kernel.CrossGram(K, s.Test, s.Train)))
		if err != nil {
			return 0, err
		}
		return metrics.RMSE(must(klearn.Take(y, s.Test)), yh)
	}
	res, err := modelsel.GridSearch(grid, splits, eval, modelsel.SearchOptions{Minimize: true, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestGridSearchDeterministic(t *testing.T) {
	// Not parallel: it changes GOMAXPROCS.
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	a := krrSearch(t, 0)
	runtime.GOMAXPROCS(2)
	b := krrSearch(t, 0)
	c := krrSearch(t, 7)
	for _, r := range []*modelsel.SearchResult[modelsel.Params]{b, c} {
		if r.Best != a.Best {
			t.Fatalf("best candidate %d vs %d", r.Best, a.Best)
		}
		for i := range a.Candidates {
			if !slices.Equal(a.Candidates[i].Scores, r.Candidates[i].Scores) || a.Candidates[i].Mean != r.Candidates[i].Mean {
				t.Fatalf("candidate %d differs across GOMAXPROCS/workers", i)
			}
		}
	}
	// The winner has the lowest mean RMSE, and mean ± std is metrics.MeanStd.
	for _, cr := range a.Candidates {
		if cr.Mean < a.Candidates[a.Best].Mean {
			t.Fatalf("candidate %v has a lower mean than the best", cr.Params)
		}
		m, s, _ := metrics.MeanStd(cr.Scores)
		if m != cr.Mean || s != cr.Std || len(cr.Scores) != 5 {
			t.Fatalf("mean ± std mismatch for %v", cr.Params)
		}
	}
	// Smooth target on 48 points: very strong smoothing (λ = 10, γ = 0.1) must lose.
	if p := a.BestParams(); p["lambda"] == 10 && p["gamma"] == 0.1 {
		t.Fatalf("grid search chose the most over-smoothed model")
	}
}

func TestGridSearchErrors(t *testing.T) {
	t.Parallel()
	splits := []modelsel.Split{{Train: []int{0}, Test: []int{1}}, {Train: []int{1}, Test: []int{0}}}
	errBoom := klearn.Errorf(klearn.ErrNotConverged, "boom")
	// Candidate 1 fails on split 1, candidate 2 scores NaN: neither can win;
	// closed-form scores for candidate c on split s: c + s.
	eval := func(c int, s modelsel.Split) (float64, error) {
		switch {
		case c == 1 && s.Train[0] == 1:
			return 0, errBoom
		case c == 2:
			return math.NaN(), nil
		}
		return float64(c + s.Train[0]), nil
	}
	res, err := modelsel.GridSearch([]int{0, 1, 2, 3}, splits, eval, modelsel.SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Best != 3 || res.Candidates[3].Mean != 3.5 || !klearntest.Close(res.Candidates[3].Std, math.Sqrt(0.5), 1e-15) {
		t.Fatalf("best %d, mean %v ± %v; want 3, 3.5 ± √½", res.Best, res.Candidates[3].Mean, res.Candidates[3].Std)
	}
	if !errors.Is(res.Candidates[1].Err, klearn.ErrNotConverged) || !errors.Is(res.Candidates[2].Err, klearn.ErrNotFinite) {
		t.Fatalf("errors not recorded: %v, %v", res.Candidates[1].Err, res.Candidates[2].Err)
	}
	klearntest.ExpectErrorIs(t, "all fail", klearn.ErrNotConverged, func() error {
		_, err := modelsel.GridSearch([]int{1}, splits, eval, modelsel.SearchOptions{})
		return err
	})
	klearntest.ExpectErrorIs(t, "no candidates", klearn.ErrEmpty, func() error {
		_, err := modelsel.GridSearch([]int{}, splits, eval, modelsel.SearchOptions{})
		return err
	})
	if p := klearntest.Safe(func() {
		modelsel.GridSearch([]int{0}, splits, func(int, modelsel.Split) (float64, error) { panic("x") }, modelsel.SearchOptions{Workers: 2})
	}); p == nil {
		t.Fatalf("a panic in eval was swallowed")
	}
}

func TestNestedCV(t *testing.T) {
	t.Parallel()
	y := labels(map[float64]int{-1: 30, 1: 30})
	X := mat.NewDense(60, 1, nil)
	for i := range y {
		X.Set(i, 0, y[i]+0.3*float64(i%7-3)) // separable by sign with margin 0.1
	}
	outer, err := modelsel.StratifiedKFold(y, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	inner := func(train []int, f int) ([]modelsel.Split, error) {
		s, err := modelsel.StratifiedKFold(must(klearn.Take(y, train)), 3, uint64(100+f))
		if err != nil {
			return nil, err
		}
		w, err := modelsel.Within(train, s)
		for _, sp := range w {
			// Inner splits must partition the outer training set.
			if len(sp.Train)+len(sp.Test) != len(train) {
				t.Errorf("inner split does not partition the outer training set")
			}
			for _, i := range append(slices.Clone(sp.Train), sp.Test...) {
				if _, ok := slices.BinarySearch(train, i); !ok {
					t.Errorf("inner index %d outside the outer training set", i)
				}
			}
		}
		return w, err
	}
	// A threshold classifier: candidates are thresholds; score = accuracy.
	eval := func(th float64, s modelsel.Split) (float64, error) {
		yh := make([]float64, len(s.Test))
		for a, i := range s.Test {
			yh[a] = -1
			if X.At(i, 0) > th {
				yh[a] = 1
			}
		}
		return metrics.Accuracy(must(klearn.Take(y, s.Test)), yh)
	}
	res, err := modelsel.NestedCV(outer, inner, []float64{-5, 0, 5}, eval, modelsel.SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The data are separated at 0 (|x| ≥ 0.1): threshold 0 has accuracy 1, the
	// others 0.5 per fold, so every outer fold must select 0 and score 1.
	for f, fo := range res.Folds {
		if fo.Params != 0 || fo.Score != 1 {
			t.Fatalf("outer fold %d selected %v with score %v", f, fo.Params, fo.Score)
		}
		if len(fo.Search.Candidates) != 3 {
			t.Fatalf("outer fold %d: inner search has %d candidates", f, len(fo.Search.Candidates))
		}
	}
	if res.Mean != 1 || res.Std != 0 || len(res.Scores) != 3 {
		t.Fatalf("nested CV %v ± %v", res.Mean, res.Std)
	}
	klearntest.ExpectErrorIs(t, "inner error", klearn.ErrParam, func() error {
		_, err := modelsel.NestedCV(outer, func(train []int, f int) ([]modelsel.Split, error) {
			return modelsel.KFold(len(train), 1, 1)
		}, []float64{0}, eval, modelsel.SearchOptions{})
		return err
	})
}
