package stattest

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestFriedmanDemsar reproduces the worked example of Demšar (2006),
// Section 3.2.2: four variants of C4.5 on 14 data sets with average ranks
// 3.143, 2.000, 2.893 and 1.964 give χ²_F = 9.28 and F_F = 3.69, F(3, 39)
// with critical value 2.85 at α = 0.05; the Nemenyi CD is 1.25 (q_0.05 =
// 2.569) and the Bonferroni–Dunn one 1.16 (not computed here).
func TestFriedmanDemsar(t *testing.T) {
	r, err := FriedmanFromRanks([]float64{3.143, 2.000, 2.893, 1.964}, 14)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.ChiSq-9.28) > 0.01 || math.Abs(r.F-3.69) > 0.01 || r.DF1 != 3 || r.DF2 != 39 {
		t.Errorf("χ²_F = %.3f, F_F = %.3f on (%g, %g); want 9.28, 3.69 on (3, 39)", r.ChiSq, r.F, r.DF1, r.DF2)
	}
	if !(r.PF < 0.05 && r.PF > 0.01) {
		t.Errorf("p(F_F) = %.4f; F_F = 3.69 > 2.85 = F_0.05(3, 39), so want 0.01 < p < 0.05", r.PF)
	}
	cd, err := NemenyiCD(4, 14, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(cd-1.25) > 0.005 {
		t.Errorf("Nemenyi CD = %.4f, want 1.25", cd)
	}
}

// TestStudentizedRange checks q_α = q/√2 against Demšar's Table 5(a)
// (two-tailed Nemenyi, α = 0.05 and 0.10, k = 2 … 10); for k = 2 the range
// of two normals is √2|Z|, so q/√2 is the normal quantile 1.960 exactly.
func TestStudentizedRange(t *testing.T) {
	want05 := []float64{1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164}
	want10 := []float64{1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920}
	for i := range want05 {
		k := i + 2
		for _, c := range []struct {
			p    float64
			want float64
		}{{0.95, want05[i]}, {0.90, want10[i]}} {
			q, err := StudentizedRangeQuantile(k, c.p)
			if err != nil {
				t.Fatal(err)
			}
			if got := q / math.Sqrt2; math.Abs(got-c.want) > 0.0015 {
				t.Errorf("k = %d, p = %g: q/√2 = %.4f, want %.3f", k, c.p, got, c.want)
			}
		}
	}
}

// TestFriedmanRanking checks the ranking of raw scores: rank 1 the best,
// ties sharing the mean rank, and the statistic against the closed form
// computed by hand for a 3×3 table.
func TestFriedmanRanking(t *testing.T) {
	// Higher is better. Ranks per row: (1, 2, 3), (1.5, 1.5, 3), (2, 1, 3).
	scores := [][]float64{{0.9, 0.8, 0.7}, {0.8, 0.8, 0.6}, {0.7, 0.9, 0.5}}
	in := [][]float64{append([]float64(nil), scores[0]...), append([]float64(nil), scores[1]...), append([]float64(nil), scores[2]...)}
	r, err := Friedman(scores, true)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{4.5 / 3, 4.5 / 3, 3}
	for j := range want {
		if math.Abs(r.Ranks[j]-want[j]) > 1e-12 {
			t.Errorf("rank %d = %g, want %g", j, r.Ranks[j], want[j])
		}
	}
	// χ² = 12·3/(3·4)·(1.5² + 1.5² + 3² − 3·16/4) = 3·(13.5 − 12) = 4.5.
	if math.Abs(r.ChiSq-4.5) > 1e-12 {
		t.Errorf("χ²_F = %g, want 4.5", r.ChiSq)
	}
	// F_F = 2·4.5/(3·2 − 4.5) = 6.
	if math.Abs(r.F-6) > 1e-12 {
		t.Errorf("F_F = %g, want 6", r.F)
	}
	lower, _ := Friedman(scores, false)
	if math.Abs(lower.Ranks[2]-1) > 1e-12 {
		t.Errorf("lower is better: rank of the lowest scores = %g, want 1", lower.Ranks[2])
	}
	for i := range in {
		for j := range in[i] {
			if in[i][j] != scores[i][j] {
				t.Fatal("Friedman modified its input")
			}
		}
	}
}

// TestHolmPairwise checks the z statistics and Holm's adjustment on
// Demšar's example: C4.5+cf (rank 1.964) against C4.5 (3.143) has z =
// 1.179/0.488 = 2.416, p = 0.0157, the smallest of the six p-values, so
// its adjusted p-value is 6·0.0157.
func TestHolmPairwise(t *testing.T) {
	ranks := []float64{3.143, 2.000, 2.893, 1.964}
	ps, err := HolmPairwise(ranks, 14, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 6 {
		t.Fatalf("%d pairs, want 6", len(ps))
	}
	var p03 PairwiseResult
	for _, p := range ps {
		if p.I == 0 && p.J == 3 {
			p03 = p
		}
		if p.PHolm < p.P {
			t.Errorf("pair (%d, %d): adjusted p %g below raw %g", p.I, p.J, p.PHolm, p.P)
		}
	}
	if math.Abs(p03.Z-2.416) > 0.005 || math.Abs(p03.P-0.0157) > 0.0005 || math.Abs(p03.PHolm-6*p03.P) > 1e-12 {
		t.Errorf("pair (0, 3): z = %.4f, p = %.4f, Holm %.4f; want 2.416, 0.0157, 6p", p03.Z, p03.P, p03.PHolm)
	}
	if p03.Rejected {
		t.Error("pair (0, 3) rejected at 0.05 after Holm (6·0.0157 = 0.094)")
	}
}

// TestFriedmanBadInput: too few data sets or methods, ragged rows and NaN
// are wrapped klearn errors.
func TestFriedmanBadInput(t *testing.T) {
	for name, c := range map[string]struct {
		err  error
		want error
	}{
		"one data set": {func() error { _, err := Friedman([][]float64{{1, 2}}, true); return err }(), klearn.ErrEmpty},
		"ragged":       {func() error { _, err := Friedman([][]float64{{1, 2}, {1}}, true); return err }(), klearn.ErrShape},
		"NaN":          {func() error { _, err := Friedman([][]float64{{1, 2}, {1, math.NaN()}}, true); return err }(), klearn.ErrNotFinite},
		"CD k = 1":     {func() error { _, err := NemenyiCD(1, 10, 0.05); return err }(), klearn.ErrParam},
		"Holm alpha":   {func() error { _, err := HolmPairwise([]float64{1, 2}, 5, 1); return err }(), klearn.ErrParam},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", name, c.err, c.want)
		}
	}
}
