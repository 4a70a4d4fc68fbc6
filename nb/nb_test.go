package nb

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// capture replaces fatalf and out for one test and returns what they saw.
func capture(t *testing.T) (fatal *[]string, printed *[]string) {
	t.Helper()
	var f, p []string
	oldF, oldO := fatalf, out
	fatalf = func(format string, args ...any) { f = append(f, fmt.Sprintf(format, args...)) }
	out = func(s string) { p = append(p, s) }
	t.Cleanup(func() { fatalf, out = oldF, oldO })
	return &f, &p
}

func TestQuickAndPick(t *testing.T) {
	for _, tc := range []struct {
		env   string
		quick bool
	}{{"quick", true}, {"QUICK", true}, {" quick ", true}, {"full", false}, {"", false}, {"quickly", false}} {
		t.Setenv(ModeEnv, tc.env)
		if got := Quick(); got != tc.quick {
			t.Errorf("KERNELAB_MODE=%q: Quick() = %v, want %v", tc.env, got, tc.quick)
		}
		want := 30
		if tc.quick {
			want = 3
		}
		if got := Pick(3, 30); got != want {
			t.Errorf("KERNELAB_MODE=%q: Pick(3, 30) = %d, want %d", tc.env, got, want)
		}
		if m := Mode(); (m == "quick") != tc.quick {
			t.Errorf("KERNELAB_MODE=%q: Mode() = %q", tc.env, m)
		}
	}
	for env, want := range map[string]string{"paper": "paper", " Paper ": "paper", "full": "full", "": "full", "other": "full"} {
		t.Setenv(ModeEnv, env)
		if m := Mode(); m != want {
			t.Errorf("KERNELAB_MODE=%q: Mode() = %q, want %q", env, m, want)
		}
		if env == "paper" && Pick(3, 30) != 30 {
			t.Error("paper mode picks the quick value")
		}
	}
}

func TestCheck(t *testing.T) {
	fatal, printed := capture(t)
	Check(true, "alignment %.2f", 0.5)
	if len(*fatal) != 0 || len(*printed) != 1 || (*printed)[0] != "✓ alignment 0.50" {
		t.Fatalf("Check(true): fatal %q, printed %q", *fatal, *printed)
	}
	Check(false, "λ_min = %g ≥ 0", -1.0)
	if len(*fatal) != 1 || !strings.Contains((*fatal)[0], "CHECK FAILED: λ_min = -1 ≥ 0") {
		t.Fatalf("Check(false): fatal %q", *fatal)
	}
	if len(*printed) != 1 {
		t.Fatalf("Check(false) printed a tick: %q", *printed)
	}
}

func TestClose(t *testing.T) {
	for _, tc := range []struct {
		got, want, tol float64
		ok             bool
	}{
		{1.0, 1.0, 0, true},
		{1.05, 1.0, 0.1, true},
		{1.2, 1.0, 0.1, false},
		{1e-9, 0, 1e-8, true},      // absolute near zero
		{1010, 1000, 0.011, true},  // relative: 10 ≤ 0.011·1000
		{1020, 1000, 0.011, false}, // 20 > 11
		{math.NaN(), 1, 1, false},
		{math.Inf(1), math.Inf(1), 0, true},
		{math.Inf(1), 1, 1e9, false},
	} {
		if got := Close(tc.got, tc.want, tc.tol); got != tc.ok {
			t.Errorf("Close(%g, %g, %g) = %v, want %v", tc.got, tc.want, tc.tol, got, tc.ok)
		}
	}
	fatal, printed := capture(t)
	CheckClose("AUC", 0.91, 0.9, 0.02)
	CheckRange("accuracy", 0.5, 0.6, 1)
	if len(*printed) != 1 || len(*fatal) != 1 || !strings.Contains((*fatal)[0], "accuracy: got 0.5") {
		t.Fatalf("CheckClose/CheckRange: fatal %q, printed %q", *fatal, *printed)
	}
}

func TestMust(t *testing.T) {
	fatal, _ := capture(t)
	if v := Must(42, nil); v != 42 || len(*fatal) != 0 {
		t.Fatalf("Must(42, nil) = %d, fatal %q", v, *fatal)
	}
	Must(0, errors.New("boom"))
	a, b := Must2(1, "x", nil)
	if a != 1 || b != "x" {
		t.Fatalf("Must2 = %v, %v", a, b)
	}
	Must2(1, 2, errors.New("bang"))
	NoErr(nil)
	NoErr(errors.New("crash"))
	want := []string{"boom", "bang", "crash"}
	if len(*fatal) != len(want) {
		t.Fatalf("fatal calls %q, want %d", *fatal, len(want))
	}
	for i, w := range want {
		if !strings.Contains((*fatal)[i], w) {
			t.Errorf("fatal[%d] = %q, want it to contain %q", i, (*fatal)[i], w)
		}
	}
}

func TestTable(t *testing.T) {
	got := Table([]string{"kernel", "AUC"}, [][]string{{"RBF γ=1", "0.91"}, {"linear", "0.8"}})
	want := "kernel   AUC\n-------  ----\nRBF γ=1  0.91\nlinear   0.8\n"
	if got != want {
		t.Errorf("Table =\n%s\nwant\n%s", got, want)
	}
}
