package modelsel

import (
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
)

// Split is one train/test partition of sample indices, klearn.Split: the
// type lives in klearn so that a learner can fit on one side of a split
// without importing modelsel.
type Split = klearn.Split

// TVT is a train/validation/test partition of sample indices.
type TVT struct{ Train, Val, Test []int }

func perm(n int, seed uint64) []int {
	return klearn.NewRand(seed).Perm(n)
}

func sorted(v []int) []int {
	out := append([]int(nil), v...)
	slices.Sort(out)
	return out
}

// foldsOf turns an ordering of indices and a fold assignment into splits.
func foldsOf(order []int, fold []int, k int) []Split {
	tests := make([][]int, k)
	for p, i := range order {
		tests[fold[p]] = append(tests[fold[p]], i)
	}
	out := make([]Split, k)
	for f := 0; f < k; f++ {
		var train []int
		for g := 0; g < k; g++ {
			if g != f {
				train = append(train, tests[g]...)
			}
		}
		out[f] = Split{Train: sorted(train), Test: sorted(tests[f])}
	}
	return out
}

// KFold partitions a random permutation of 0..n−1 into k folds and returns the
// k splits (fold f as the test set, the rest as training). The first n mod k
// folds have one sample more, as in scikit-learn's KFold. Errors: n < 1
// (ErrEmpty), k < 2 or k > n (ErrParam: a fold would be empty).
func KFold(n, k int, seed uint64) ([]Split, error) {
	if n < 1 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: KFold of %d samples", n)
	}
	if k < 2 || k > n {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: KFold k = %d, want 2 ≤ k ≤ n = %d", k, n)
	}
	if err := klearn.CheckAlloc("modelsel: KFold's index lists", 8, n, k+1); err != nil {
		return nil, err
	}
	order := perm(n, seed)
	fold := make([]int, n)
	size, rem, p := n/k, n%k, 0
	for f := 0; f < k; f++ {
		m := size
		if f < rem {
			m++
		}
		for j := 0; j < m; j++ {
			fold[p] = f
			p++
		}
	}
	return foldsOf(order, fold, k), nil
}

// strata groups sample indices by label value (in increasing label order).
func strata(y []float64) ([][]int, error) {
	if err := klearn.CheckVector("y", y); err != nil {
		return nil, err
	}
	classes := klearn.Classes(y)
	pos := make(map[float64]int, len(classes))
	for i, c := range classes {
		pos[c] = i
	}
	out := make([][]int, len(classes))
	for i, v := range y {
		out[pos[v]] = append(out[pos[v]], i)
	}
	return out, nil
}

// StratifiedKFold returns k splits whose test folds keep the class
// proportions of y: the indices of each class are shuffled and dealt to the
// folds in turn, continuing the rotation from class to class, so every fold
// holds ⌊n_c/k⌋ or ⌈n_c/k⌉ samples of each class c and fold sizes differ by
// at most one. y may hold any finite labels (regression targets are treated
// as classes). Errors: empty or non-finite y, k < 2 or k > n (ErrParam), and
// a class with fewer than k samples (ErrParam), since some test fold would
// then miss that class; scikit-learn only warns in that case.
func StratifiedKFold(y []float64, k int, seed uint64) ([]Split, error) {
	st, err := strata(y)
	if err != nil {
		return nil, err
	}
	n := len(y)
	if k < 2 || k > n {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: StratifiedKFold k = %d, want 2 ≤ k ≤ n = %d", k, n)
	}
	for c, idx := range st {
		if len(idx) < k {
			return nil, klearn.Errorf(klearn.ErrParam, "modelsel: class %d has %d samples, fewer than k = %d folds", c, len(idx), k)
		}
	}
	r := klearn.NewRand(seed)
	order := make([]int, 0, n)
	fold := make([]int, 0, n)
	p := 0
	for _, idx := range st {
		sh := append([]int(nil), idx...)
		r.Shuffle(len(sh), func(a, b int) { sh[a], sh[b] = sh[b], sh[a] })
		for _, i := range sh {
			order = append(order, i)
			fold = append(fold, p%k)
			p++
		}
	}
	return foldsOf(order, fold, k), nil
}

// nTest returns ⌈testFrac·n⌉ (scikit-learn's ShuffleSplit rule), guarding
// against round-off such as 0.3·10 = 3.0000000000000004.
func nTest(n int, testFrac float64) int {
	return int(math.Ceil(testFrac*float64(n) - 1e-9))
}

func checkFrac(name string, f float64) error {
	if math.IsNaN(f) || f <= 0 || f >= 1 {
		return klearn.Errorf(klearn.ErrParam, "modelsel: %s = %v, want 0 < %s < 1", name, f, name)
	}
	return nil
}

// RepeatedSplits returns reps independent random train/test splits of n
// samples with ⌈testFrac·n⌉ test samples each, e.g. the 30 × 50/50 splits of
// (Cortes et al. 2009, §5) or 30 × 80/20 of Colbert & Peet (2020). Split r is drawn
// from one generator seeded by seed, in order. Errors: n < 1, reps < 1,
// testFrac ∉ (0, 1), or a split with an empty side (ErrParam).
func RepeatedSplits(n, reps int, testFrac float64, seed uint64) ([]Split, error) {
	if n < 1 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: RepeatedSplits of %d samples", n)
	}
	if reps < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: reps = %d, want ≥ 1", reps)
	}
	if err := klearn.CheckAlloc("modelsel: RepeatedSplits' index lists", 8, n, reps); err != nil {
		return nil, err
	}
	if err := checkFrac("testFrac", testFrac); err != nil {
		return nil, err
	}
	m := nTest(n, testFrac)
	if m < 1 || m >= n {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: %d samples with testFrac %v leave an empty side", n, testFrac)
	}
	r := klearn.NewRand(seed)
	out := make([]Split, reps)
	for s := range out {
		p := r.Perm(n)
		out[s] = Split{Train: sorted(p[m:]), Test: sorted(p[:m])}
	}
	return out, nil
}

// StratifiedRepeatedSplits is RepeatedSplits with class proportions kept:
// class c contributes round(testFrac·n_c) test samples, clamped to
// [1, n_c − 1] so that every class appears on both sides. Errors as for
// RepeatedSplits, plus a class with fewer than 2 samples (ErrParam).
func StratifiedRepeatedSplits(y []float64, reps int, testFrac float64, seed uint64) ([]Split, error) {
	st, err := strata(y)
	if err != nil {
		return nil, err
	}
	if reps < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: reps = %d, want ≥ 1", reps)
	}
	if err := klearn.CheckAlloc("modelsel: StratifiedRepeatedSplits' index lists", 8, len(y), reps); err != nil {
		return nil, err
	}
	if err := checkFrac("testFrac", testFrac); err != nil {
		return nil, err
	}
	mt := make([]int, len(st))
	for c, idx := range st {
		if len(idx) < 2 {
			return nil, klearn.Errorf(klearn.ErrParam, "modelsel: class %d has %d sample(s); need 2 to split", c, len(idx))
		}
		m := int(math.Round(testFrac * float64(len(idx))))
		mt[c] = min(max(m, 1), len(idx)-1)
	}
	r := klearn.NewRand(seed)
	out := make([]Split, reps)
	for s := range out {
		var train, test []int
		for c, idx := range st {
			p := r.Perm(len(idx))
			for j, q := range p {
				if j < mt[c] {
					test = append(test, idx[q])
				} else {
					train = append(train, idx[q])
				}
			}
		}
		out[s] = Split{Train: sorted(train), Test: sorted(test)}
	}
	return out, nil
}

// TrainValTest returns one random partition of n samples into training,
// validation (⌈valFrac·n⌉) and test (⌈testFrac·n⌉) sets, the fixed protocol
// of Afkanpour et al. (2013, §5). Errors: fractions outside (0, 1),
// valFrac + testFrac ≥ 1, or any empty part (ErrParam).
func TrainValTest(n int, valFrac, testFrac float64, seed uint64) (TVT, error) {
	if n < 1 {
		return TVT{}, klearn.Errorf(klearn.ErrEmpty, "modelsel: TrainValTest of %d samples", n)
	}
	if err := klearn.CheckAlloc("modelsel: TrainValTest's index lists", 8, n, 2); err != nil {
		return TVT{}, err
	}
	if err := checkFrac("valFrac", valFrac); err != nil {
		return TVT{}, err
	}
	if err := checkFrac("testFrac", testFrac); err != nil {
		return TVT{}, err
	}
	nv, nt := nTest(n, valFrac), nTest(n, testFrac)
	if nv < 1 || nt < 1 || nv+nt >= n {
		return TVT{}, klearn.Errorf(klearn.ErrParam, "modelsel: %d samples with valFrac %v and testFrac %v leave an empty part", n, valFrac, testFrac)
	}
	p := perm(n, seed)
	return TVT{Train: sorted(p[nv+nt:]), Val: sorted(p[:nv]), Test: sorted(p[nv : nv+nt])}, nil
}

// Within maps splits computed on a subset back to global indices: when
// inner was computed on the len(subset) samples subset[0], subset[1], …,
// Within returns the same splits with position p replaced by subset[p]. Use it
// for the inner splits of nested cross-validation. Errors: a position
// outside [0, len(subset)) (ErrShape, naming the split and the position).
func Within(subset []int, inner []Split) ([]Split, error) {
	for s, sp := range inner {
		for _, part := range [2][]int{sp.Train, sp.Test} {
			if p := klearn.BadIndex(len(subset), part); p >= 0 {
				return nil, klearn.Errorf(klearn.ErrShape, "modelsel: Within: split %d: position %d out of range [0, %d) of the subset", s, part[p], len(subset))
			}
		}
	}
	out := make([]Split, len(inner))
	for s, sp := range inner {
		out[s] = Split{Train: at(subset, sp.Train), Test: at(subset, sp.Test)}
	}
	return out, nil
}

// at returns subset[p] for every position p of pos, sorted.
func at(subset, pos []int) []int {
	out := make([]int, len(pos))
	for i, p := range pos {
		out[i] = subset[p]
	}
	slices.Sort(out)
	return out
}
