package stattest

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g (±%g)", what, got, want, tol)
	}
}

// tSurvival2 is P[T > t] for Student's t with 2 degrees of freedom, in
// closed form: ½(1 − t/√(t² + 2)).
func tSurvival2(t float64) float64 { return 0.5 * (1 - t/math.Sqrt(t*t+2)) }

// TestWelchByHand: SE, Welch–Satterthwaite df and t computed by hand for
// 10 ± 2 over 5 against 8 ± 3 over 10, and the p-value in closed form where
// df = 2 (two runs each, equal spread).
func TestWelchByHand(t *testing.T) {
	r, err := Welch(Summary{10, 2, 5}, Summary{8, 3, 10})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "SE", r.SE, math.Sqrt(1.7), 1e-12)
	near(t, "DF", r.DF, 2.89/0.25, 1e-12) // (0.8+0.9)² / (0.8²/4 + 0.9²/9)
	near(t, "T", r.T, 2/math.Sqrt(1.7), 1e-12)
	r, err = Welch(Summary{3, 1, 2}, Summary{1, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "DF (n = 2 each)", r.DF, 2, 1e-12)
	near(t, "P (df = 2)", r.P, 2*tSurvival2(2), 1e-9)
	// Swapping the samples flips the difference, not the p-value.
	s, _ := Welch(Summary{1, 1, 2}, Summary{3, 1, 2})
	if s.Diff != -r.Diff || math.Abs(s.P-r.P) > 1e-15 {
		t.Errorf("swapped: %+v vs %+v", s, r)
	}
	for _, bad := range []Summary{{math.NaN(), 1, 3}, {1, -1, 3}, {1, 1, 1}, {1, math.Inf(1), 3}} {
		if _, err := Welch(bad, Summary{0, 1, 5}); err == nil {
			t.Errorf("Welch(%v) accepted", bad)
		}
	}
}

// TestMinDetectable: (z_{0.975} + z_{0.8})·se for large df, and the closed
// form of Student's t quantile with 2 df, t_p = (2p − 1)/√(2p(1 − p)).
func TestMinDetectable(t *testing.T) {
	d, err := MinDetectable(1, 1e7, 0.05, 0.8)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "large df", d, 1.959963985+0.841621234, 1e-5)
	q := func(p float64) float64 { return (2*p - 1) / math.Sqrt(2*p*(1-p)) }
	d, _ = MinDetectable(0.5, 2, 0.05, 0.8)
	near(t, "df 2", d, 0.5*(q(0.975)+q(0.8)), 1e-9)
	for _, a := range [][4]float64{{1, 5, 0, 0.8}, {1, 5, 0.05, 1}, {-1, 5, 0.05, 0.8}, {1, 0, 0.05, 0.8}} {
		if _, err := MinDetectable(a[0], a[1], a[2], a[3]); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("MinDetectable%v: %v", a, err)
		}
	}
}

// TestPairedTClosedForm: three pairs give 2 df, whose tails are closed
// forms; the one-sided p-values are the tails and swap with the samples.
func TestPairedTClosedForm(t *testing.T) {
	a, b := []float64{3, 5, 4}, []float64{1, 2, 2} // d = 2, 3, 2: mean 7/3, sd 1/√3
	r, err := PairedT(a, b, TwoSided)
	if err != nil {
		t.Fatal(err)
	}
	wantT := (7.0 / 3) / (1 / math.Sqrt(3) / math.Sqrt(3))
	near(t, "t", r.Stat, wantT, 1e-12)
	near(t, "two-sided p", r.P, 2*tSurvival2(wantT), 1e-9)
	g, _ := PairedT(a, b, Greater)
	l, _ := PairedT(a, b, Less)
	near(t, "greater", g.P, tSurvival2(wantT), 1e-9)
	near(t, "less", l.P, 1-tSurvival2(wantT), 1e-9)
	sw, _ := PairedT(b, a, Greater)
	near(t, "swapped greater", sw.P, l.P, 1e-12)
	if r, _ := PairedT([]float64{1, 2}, []float64{1, 2}, Greater); r.P != 1 {
		t.Errorf("identical samples: p = %g", r.P)
	}
	if r, _ := PairedT([]float64{2, 3}, []float64{1, 2}, Less); r.P != 1 {
		t.Errorf("constant positive difference against Less: p = %g", r.P)
	}
	if _, err := PairedT([]float64{1}, []float64{2}, TwoSided); !errors.Is(err, klearn.ErrEmpty) {
		t.Error(err)
	}
	if _, err := PairedT(a, b, Alternative(7)); !errors.Is(err, klearn.ErrParam) {
		t.Error(err)
	}
}

// TestSignExact: 9 wins of 10 untied pairs: P[X ≥ 9] = 11/1024; the tie is
// dropped and never counts as a win.
func TestSignExact(t *testing.T) {
	a := []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 5}
	b := []float64{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 5}
	r, err := Sign(a, b, Greater)
	if err != nil {
		t.Fatal(err)
	}
	if r.Wins != 9 || r.Losses != 1 || r.Ties != 1 {
		t.Fatalf("%+v", r)
	}
	near(t, "greater", r.P, 11.0/1024, 1e-15)
	two, _ := Sign(a, b, TwoSided)
	near(t, "two-sided", two.P, 22.0/1024, 1e-15)
	less, _ := Sign(a, b, Less)
	near(t, "less", less.P, 1023.0/1024, 1e-12)
	ties, _ := Sign([]float64{1, 2}, []float64{1, 2}, Greater)
	if ties.P != 1 {
		t.Errorf("all ties: p = %g", ties.P)
	}
}

// TestWilcoxonEnumeration: the exact p-value equals the share of the 2^n
// sign flips of the differences whose W+ is at least as extreme, counted by
// brute force, with tied magnitudes and a zero difference.
func TestWilcoxonEnumeration(t *testing.T) {
	d := []float64{0.5, -1, 2, 2, 3.5, -0.25, 4, 1.5, 0}
	zero := make([]float64, len(d))
	for _, alt := range []Alternative{Greater, Less, TwoSided} {
		r, err := Wilcoxon(d, zero, alt)
		if err != nil {
			t.Fatal(err)
		}
		// Brute force over the 8 non-zero differences: ranks of |d| are
		// 2, 3, 6.5, 6.5, 7... computed here independently.
		nz := []float64{0.5, -1, 2, 2, 3.5, -0.25, 4, 1.5}
		rank := make([]float64, len(nz))
		for i := range nz {
			less, eq := 0, 0
			for j := range nz {
				switch {
				case math.Abs(nz[j]) < math.Abs(nz[i]):
					less++
				case math.Abs(nz[j]) == math.Abs(nz[i]):
					eq++
				}
			}
			rank[i] = float64(less) + float64(eq+1)/2
		}
		w := 0.0
		for i, x := range nz {
			if x > 0 {
				w += rank[i]
			}
		}
		var up, lo float64
		total := 1 << len(nz)
		for mask := 0; mask < total; mask++ {
			s := 0.0
			for i := range nz {
				if mask&(1<<i) != 0 {
					s += rank[i]
				}
			}
			if s >= w-1e-9 {
				up++
			}
			if s <= w+1e-9 {
				lo++
			}
		}
		want := map[Alternative]float64{Greater: up / float64(total), Less: lo / float64(total), TwoSided: math.Min(1, 2*math.Min(up, lo)/float64(total))}[alt]
		if r.Stat != w {
			t.Errorf("W+ = %g, want %g", r.Stat, w)
		}
		near(t, "Wilcoxon "+alt.String(), r.P, want, 1e-12)
	}
	// Five positive differences: 1/32.
	r, _ := Wilcoxon([]float64{1, 2, 3, 4, 5}, make([]float64, 5), Greater)
	near(t, "all positive", r.P, 1.0/32, 1e-15)
}

// TestTOSTIsTwoOneSidedTests: each half of TOST is a one-sided paired
// t-test with the margin moved into one sample; equivalence holds exactly
// when the (1 − 2α) interval of the mean difference lies inside ±margin.
func TestTOSTIsTwoOneSidedTests(t *testing.T) {
	a := []float64{0.81, 0.79, 0.83, 0.80, 0.82, 0.78, 0.80, 0.81}
	b := []float64{0.80, 0.80, 0.82, 0.81, 0.80, 0.79, 0.81, 0.80}
	const m = 0.02
	r, err := TOST(a, b, m)
	if err != nil {
		t.Fatal(err)
	}
	shift := func(x []float64, c float64) []float64 {
		y := make([]float64, len(x))
		for i := range x {
			y[i] = x[i] + c
		}
		return y
	}
	lo, _ := PairedT(shift(a, m), b, Greater)
	hi, _ := PairedT(shift(a, -m), b, Less)
	near(t, "PLower", r.PLower, lo.P, 1e-9)
	near(t, "PUpper", r.PUpper, hi.P, 1e-9)
	near(t, "P", r.P, math.Max(lo.P, hi.P), 1e-12)
	if !r.Equivalent(0.05) {
		t.Errorf("close samples not equivalent within ±%g: %+v", m, r)
	}
	// The same differences with a margin below the interval: not shown.
	if r2, _ := TOST(a, b, 0.001); r2.Equivalent(0.05) {
		t.Errorf("equivalence shown with a margin smaller than the noise: %+v", r2)
	}
	// Two pairs with the same spread cannot show equivalence: a low-powered
	// non-rejection of the difference certifies nothing.
	if r3, _ := TOST(a[:2], b[:2], m); r3.Equivalent(0.05) {
		t.Errorf("two pairs showed equivalence: %+v", r3)
	}
	// A mutated sample (a shifted by 3 margins) is not equivalent.
	if r4, _ := TOST(shift(a, 3*m), b, m); r4.Equivalent(0.05) {
		t.Errorf("shifted sample equivalent: %+v", r4)
	}
	if _, err := TOST(a, b, 0); !errors.Is(err, klearn.ErrParam) {
		t.Error(err)
	}
}

// TestKendallExact: a perfectly increasing sequence of n has one-sided
// p = 1/n!; the exact p-value equals the share of all orderings of y with
// S at least as large (brute force, n = 6).
func TestKendallExact(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	r, err := Kendall(x, []float64{2, 4, 5, 7, 9}, Greater)
	if err != nil || !r.Exact {
		t.Fatal(r, err)
	}
	near(t, "monotone", r.P, 1.0/120, 1e-15)
	near(t, "tau", r.Tau, 1, 1e-15)
	if d, _ := Kendall(x, []float64{9, 7, 5, 4, 2}, Greater); math.Abs(d.P-1) > 1e-12 {
		t.Errorf("decreasing sequence against Greater: p = %g", d.P)
	}
	// A zigzag has no trend, whatever its correlation-like swings.
	zz, _ := Kendall([]float64{1, 2, 3, 4, 5, 6, 7, 8}, []float64{0, 1, 0, 1, 0, 1, 0, 1}, Greater)
	if zz.P < 0.05 {
		t.Errorf("zigzag shows a trend: %+v", zz)
	}
	y := []float64{3, 1, 4, 6, 2, 5}
	xs := []float64{1, 2, 3, 4, 5, 6}
	r, _ = Kendall(xs, y, Greater)
	near(t, "enumerated", r.P, permutationP(xs, y), 1e-12)
}

// permutationP returns the share of the orderings of y whose Kendall S
// against x, counted here pair by pair, is at least that of y.
func permutationP(x, y []float64) float64 {
	score := func(y []float64) int {
		s := 0
		for i := range x {
			for j := i + 1; j < len(x); j++ {
				dx, dy := x[j]-x[i], y[j]-y[i]
				switch {
				case dx*dy > 0:
					s++
				case dx*dy < 0:
					s--
				}
			}
		}
		return s
	}
	s0, count := score(y), 0
	perms := permutations(y)
	for _, p := range perms {
		if score(p) >= s0 {
			count++
		}
	}
	return float64(count) / float64(len(perms))
}

// TestKendallTies: with tied x (repetitions at one grid point) the normal
// approximation is close to the permutation p-value counted by brute force.
func TestKendallTies(t *testing.T) {
	x := []float64{1, 1, 2, 2, 3, 3, 4, 4}
	y := []float64{0.2, 0.1, 0.3, 0.5, 0.4, 0.6, 0.6, 0.9}
	r, err := Kendall(x, y, Greater)
	if err != nil || r.Exact {
		t.Fatal(r, err)
	}
	near(t, "tied p", r.P, permutationP(x, y), 0.01)
	if flat, _ := Kendall([]float64{1, 1, 1}, []float64{1, 2, 3}, Greater); flat.P != 1 {
		t.Errorf("all x tied: p = %g", flat.P)
	}
}

func permutations(v []float64) [][]float64 {
	if len(v) <= 1 {
		return [][]float64{append([]float64(nil), v...)}
	}
	var out [][]float64
	for i := range v {
		rest := append(append([]float64(nil), v[:i]...), v[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]float64{v[i]}, p...))
		}
	}
	return out
}

// TestBootstrapRanks: ranks by hand; a method better on every task and
// repetition has the interval [1, 1]; methods of pure noise get wide
// intervals; the same seed repeats the intervals.
func TestBootstrapRanks(t *testing.T) {
	scores := [][][]float64{
		{{0.9, 0.91}, {0.8, 0.82}, {0.7, 0.69}},
		{{0.95, 0.9}, {0.6, 0.62}, {0.61, 0.65}},
	}
	m, err := MeanRanks(scores, true)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "rank A", m[0], 1, 0)
	near(t, "rank B", m[1], 2.5, 0) // 2 on task 0, 3 on task 1
	near(t, "rank C", m[2], 2.5, 0)
	iv, err := BootstrapRanks(scores, true, 500, 0.95, 1)
	if err != nil {
		t.Fatal(err)
	}
	if iv[0].Lo != 1 || iv[0].Hi != 1 {
		t.Errorf("dominant method: %+v", iv[0])
	}
	again, _ := BootstrapRanks(scores, true, 500, 0.95, 1)
	if again[1] != iv[1] {
		t.Errorf("not deterministic: %+v vs %+v", again[1], iv[1])
	}
	noise := noiseScores(7, 10, 4, 5)
	nv, _ := BootstrapRanks(noise, true, 500, 0.95, 2)
	for j, v := range nv {
		if v.Hi-v.Lo < 1 {
			t.Errorf("noise method %d has a narrow interval %+v", j, v)
		}
	}
	if _, err := BootstrapRanks([][][]float64{{{1}, {1, 2}}}, true, 500, 0.95, 1); !errors.Is(err, klearn.ErrShape) {
		t.Error(err)
	}
}

// TestBadInput: every test reports bad input as an error wrapping a klearn
// sentinel, and leaves its inputs unchanged.
func TestBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	one, two := []float64{1}, []float64{1, 2}
	errOf := func(_ any, err error) error { return err }
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"t lengths", errOf(PairedT(one, two, TwoSided)), klearn.ErrShape},
		{"t empty", errOf(PairedT(nil, nil, TwoSided)), klearn.ErrEmpty},
		{"t NaN", errOf(PairedT([]float64{1, nan}, two, Greater)), klearn.ErrNotFinite},
		{"sign Inf", errOf(Sign([]float64{inf}, one, Less)), klearn.ErrNotFinite},
		{"sign alternative", errOf(Sign(one, one, Alternative(-1))), klearn.ErrParam},
		{"wilcoxon lengths", errOf(Wilcoxon(one, two, TwoSided)), klearn.ErrShape},
		{"wilcoxon NaN", errOf(Wilcoxon([]float64{nan}, one, TwoSided)), klearn.ErrNotFinite},
		{"tost one pair", errOf(TOST(one, one, 1)), klearn.ErrEmpty},
		{"tost margin", errOf(TOST(two, two, math.NaN())), klearn.ErrParam},
		{"tost huge", errOf(TOST([]float64{math.MaxFloat64, 1}, []float64{-math.MaxFloat64, 0}, 1)), klearn.ErrNotFinite},
		{"kendall lengths", errOf(Kendall(one, two, Greater)), klearn.ErrShape},
		{"kendall short", errOf(Kendall(one, one, Greater)), klearn.ErrEmpty},
		{"kendall Inf", errOf(Kendall(two, []float64{1, inf}, Greater)), klearn.ErrNotFinite},
		{"welch Inf", errOf(Welch(Summary{inf, 1, 3}, Summary{0, 1, 3})), klearn.ErrNotFinite},
		{"ranks empty", errOf(MeanRanks(nil, true)), klearn.ErrEmpty},
		{"ranks NaN", errOf(MeanRanks([][][]float64{{{nan}, {1}}}, true)), klearn.ErrNotFinite},
		{"ranks methods", errOf(MeanRanks([][][]float64{{{1}, {1}}, {{1}}}, true)), klearn.ErrShape},
		{"bootstrap b", errOf(BootstrapRanks([][][]float64{{{1}, {2}}}, true, 10, 0.95, 1)), klearn.ErrParam},
		{"bootstrap level", errOf(BootstrapRanks([][][]float64{{{1}, {2}}}, true, 200, 1, 1)), klearn.ErrParam},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
	a, b := []float64{3, 1, 2}, []float64{1, 1, 0}
	if _, err := Kendall(a, b, Greater); err != nil {
		t.Fatal(err)
	}
	if _, err := Wilcoxon(a, b, Greater); err != nil {
		t.Fatal(err)
	}
	if a[0] != 3 || a[1] != 1 || b[2] != 0 {
		t.Errorf("inputs changed: %v %v", a, b)
	}
}
