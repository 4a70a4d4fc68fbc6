// Package nb holds the small helpers every kernelab notebook uses: the run
// mode (quick for CI, full for reports), loud numerical checks, error
// unwrapping for short cells, a paper opened with its results computed once
// and cached (Open, Cached), rich output: the paper's verdict table
// (ShowReport), Markdown with LaTeX math, collapsed details; and
// explorations (Explore): a chart the reader moves with sliders, live in
// JupyterLab and as precomputed frames in a report.
//
// A notebook's setup cell reads
//
//	%noautoget
//	import (
//		"github.com/kernelab/kernelab/nb"
//		...
//	)
//
//	const seed = 2009
//
// and later cells write
//
//	K := nb.Must(kernel.Gram(kernel.RBF{Gamma: 0.5}, X))
//	nb.Check(minEig > -1e-10, "Gram matrix is PSD: λ_min = %.3g", minEig)
//	reps := nb.Pick(3, 30) // 3 repetitions in quick mode, 30 in full mode
//
// A reproduction notebook opens its paper's study (repro/<paper>.Study)
// once in its setup cell; its experiments run once, in the first cell that
// needs them, and every later cell reads them stored (Open, Cached):
//
//	var paper = nb.Open(cortes2009.Study, func(c *cortes2009.Config) { c.Seed = seed })
//
//	nb.ShowReport(paper.Verdict())
//	c := paper.Claim("Figure 1")
//
// Cell tags shape the HTML report: "hide-input" shows a cell's output only
// (set-up cells), "remove-cell" drops the cell.
//
// Check and Must stop the cell program with log.Fatalf on failure, which
// makes GoNB report an error and `make test` / `make reports` fail; nothing
// in this package panics or exits silently.
package nb

import (
	"fmt"
	"log"
	"math"
	"os"
	"strings"
	"time"
)

// ModeEnv is the environment variable that selects the run mode.
// KERNELAB_MODE=quick shrinks repetitions and sizes for CI (`make test`);
// KERNELAB_MODE=paper runs the paper's protocol at its printed scale where a
// notebook's package scales its full mode down to fit one machine (run it
// on a cluster first: docs/cluster.md); anything else, or unset, is full
// mode (`make reports`).
const ModeEnv = "KERNELAB_MODE"

// Quick reports whether notebooks run in quick mode (KERNELAB_MODE=quick).
func Quick() bool {
	return strings.EqualFold(strings.TrimSpace(os.Getenv(ModeEnv)), "quick")
}

// Mode returns "quick", "paper" or "full".
func Mode() string {
	switch m := strings.ToLower(strings.TrimSpace(os.Getenv(ModeEnv))); m {
	case "quick", "paper":
		return m
	}
	return "full"
}

// Pick returns quick in quick mode and full otherwise (paper mode too):
// reps := nb.Pick(3, 30).
func Pick[T any](quick, full T) T {
	if Quick() {
		return quick
	}
	return full
}

// fatalf is log.Fatalf, replaceable in tests.
var fatalf = log.Fatalf

// out is where Check writes its "✓" lines, replaceable in tests.
var out = func(s string) { fmt.Println(s) }

// Check prints "✓ <message>" when cond holds and otherwise stops the cell
// program with log.Fatalf("✗ CHECK FAILED: <message>"), so that a numerical
// claim that does not hold fails the notebook run loudly.
func Check(cond bool, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if !cond {
		fatalf("✗ CHECK FAILED: %s", msg)
		return
	}
	out("✓ " + msg)
}

// Close reports whether got and want agree to within tol, absolutely or
// relatively: |got − want| ≤ tol·max(1, |want|). NaN never agrees.
func Close(got, want, tol float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return false
	}
	if math.IsInf(got, 0) || math.IsInf(want, 0) {
		return got == want
	}
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

// CheckClose is Check(Close(got, want, tol), ...) with the numbers in the
// message: "✓ what: got 0.8123, want 0.8100 ± 0.02".
func CheckClose(what string, got, want, tol float64) {
	Check(Close(got, want, tol), "%s: got %.6g, want %.6g ± %.3g", what, got, want, tol)
}

// CheckRange is Check(lo ≤ got ≤ hi, ...) with the numbers in the message.
func CheckRange(what string, got, lo, hi float64) {
	Check(got >= lo && got <= hi, "%s: got %.6g, want in [%.6g, %.6g]", what, got, lo, hi)
}

// Must returns v, or stops the cell program with log.Fatalf when err is not nil.
func Must[T any](v T, err error) T {
	if err != nil {
		fatalf("✗ unexpected error: %v", err)
	}
	return v
}

// Must2 is Must for functions returning two values and an error.
func Must2[T, U any](v T, w U, err error) (T, U) {
	if err != nil {
		fatalf("✗ unexpected error: %v", err)
	}
	return v, w
}

// NoErr stops the cell program with log.Fatalf when err is not nil.
func NoErr(err error) {
	if err != nil {
		fatalf("✗ unexpected error: %v", err)
	}
}

// Timed runs f and returns how long it took, for the "run time" lines of
// the experiment cells.
func Timed(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}

// Table formats a plain-text table with aligned columns, the header
// separated by a rule. It returns the text; print it with fmt.Print.
func Table(header []string, rows [][]string) string {
	w := make([]int, len(header))
	for i, h := range header {
		w[i] = runeLen(h)
	}
	for _, r := range rows {
		for i, c := range r {
			if i >= len(w) {
				w = append(w, 0)
			}
			if n := runeLen(c); n > w[i] {
				w[i] = n
			}
		}
	}
	var b strings.Builder
	line := func(cells []string) {
		for i := range w {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c)
			if i < len(w)-1 {
				b.WriteString(strings.Repeat(" ", w[i]-runeLen(c)))
			}
		}
		b.WriteString("\n")
	}
	line(header)
	rule := make([]string, len(w))
	for i := range w {
		rule[i] = strings.Repeat("-", w[i])
	}
	line(rule)
	for _, r := range rows {
		line(r)
	}
	return b.String()
}

func runeLen(s string) int { return len([]rune(s)) }
