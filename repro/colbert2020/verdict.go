package colbert2020

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro"
)

// ScalingDegrees are the degrees of Figure 3 and ScalingLs the library
// sizes of Figure 4, as in the paper.
var (
	ScalingDegrees = []int{1, 2, 3}
	ScalingLs      = []int{100, 200, 300}
)

// scalingMaxBasisBytes bounds the basis Grams of a timed [TK] fit: a
// degree-3 fit at 400 points needs 3.2 GB of them and takes a minute on
// the chunked path, so each degree runs the sizes whose basis fits in 1 GB.
const scalingMaxBasisBytes = 1 << 30

// ScalingSeries is one curve of Figures 3–4: the seconds of one fit per
// training size on one problem, for [TK] of one degree (Figure 3; C = 1,
// ε = 0) or [SimpleMKL TK] with one library size L (Figure 4; degree 1,
// C = 10, the random library included), with the fitted log–log exponent.
type ScalingSeries struct {
	Method   string // "TK" or "SimpleMKL TK"
	Problem  string // "circle" or "spiral"
	Degree   int    // TK's degree; 1 for SimpleMKL TK
	L        int    // SimpleMKL TK's library size; 0 for TK
	Sizes    []int
	Seconds  []float64
	Exponent float64
}

// Scaling is the time-scaling experiment of Figures 3–4: the series of
// both methods on the circle and the spiral.
type Scaling struct {
	Series []ScalingSeries
}

// scalingProblem returns m training points of the circle or the spiral.
func scalingProblem(problem string, m int, seed uint64) (*mat.Dense, []float64, error) {
	if problem == "spiral" {
		return scaledSpiral(m, 0, seed)
	}
	ds, err := datasets.Circle(m, 2, seed)
	if err != nil {
		return nil, nil, err
	}
	y, err := datasets.Binary(ds)
	return ds.X, y, err
}

// scalingRepeats is how many times RunScaling times a fit shorter than
// scalingShort; it keeps the median, so that one pause of the machine does
// not bend a series (the smallest fits take milliseconds). A longer fit is
// timed once: a pause is small beside it, and repeating it would cost the
// notebook's full run most of its margin.
const (
	scalingRepeats = 3
	scalingShort   = 0.5 // seconds
)

// medianSeconds returns the wall-clock time of f: of one run when it takes
// scalingShort or more, otherwise the median of scalingRepeats runs.
func medianSeconds(f func() error) (float64, error) {
	var t []float64
	for len(t) < scalingRepeats && (len(t) == 0 || t[0] < scalingShort) {
		t0 := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		t = append(t, time.Since(t0).Seconds())
	}
	slices.Sort(t)
	return t[len(t)/2], nil
}

// RunScaling times [TK] fits per degree of ScalingDegrees and [SimpleMKL
// TK] fits (the random library included) per L of ScalingLs at every size,
// on the circle (mlbench's generator) and the spiral (Lang & Witbrock's),
// keeping the median of scalingRepeats fits for the short ones
// (medianSeconds), and fits the log–log
// exponents. A degree skips the sizes whose basis Grams exceed
// scalingMaxBasisBytes.
func RunScaling(sizes []int, seed uint64) (*Scaling, error) {
	s := &Scaling{}
	for _, problem := range []string{"circle", "spiral"} {
		for _, d := range ScalingDegrees {
			q, err := kernel.TKSize(2, d)
			if err != nil {
				return nil, err
			}
			vars := float64(2*q) * float64(2*q+1) / 2
			ser := ScalingSeries{Method: "TK", Problem: problem, Degree: d}
			for _, m := range sizes {
				if 8*vars*float64(m)*float64(m) > scalingMaxBasisBytes {
					continue
				}
				X, y, err := scalingProblem(problem, m, seed)
				if err != nil {
					return nil, err
				}
				sec, err := medianSeconds(func() error {
					_, err := (tk.Learner{Degree: d, SVM: svm.Classifier{C: 1, NoBias: true}}).Fit(X, y)
					return err
				})
				if err != nil {
					return nil, err
				}
				ser.Sizes, ser.Seconds = append(ser.Sizes, m), append(ser.Seconds, sec)
			}
			ser.Exponent = logLogSlope(ser.Sizes, ser.Seconds)
			s.Series = append(s.Series, ser)
		}
		for _, L := range ScalingLs {
			ser := ScalingSeries{Method: "SimpleMKL TK", Problem: problem, Degree: LibraryDegree, L: L}
			for _, m := range sizes {
				X, y, err := scalingProblem(problem, m, seed)
				if err != nil {
					return nil, err
				}
				sec, err := medianSeconds(func() error {
					var lib gramLibrary
					if err := tkLibrary(X, X.Slice(0, 1, 0, 2).(*mat.Dense), L, seed, &lib); err != nil {
						return err
					}
					_, err := (mkl.SimpleMKL{C: 10}).FitGrams(lib.K, y)
					return err
				})
				if err != nil {
					return nil, err
				}
				ser.Sizes, ser.Seconds = append(ser.Sizes, m), append(ser.Seconds, sec)
			}
			ser.Exponent = logLogSlope(ser.Sizes, ser.Seconds)
			s.Series = append(s.Series, ser)
		}
	}
	return s, nil
}

// scalingClaim checks that every series of one method grows no faster
// than the paper's exponent plus 0.5.
func scalingClaim(s *Scaling, id, method, statement string, paper float64) repro.Claim {
	var parts []string
	holds, worst, n := true, 0.0, 0
	for _, ser := range s.Series {
		if ser.Method != method {
			continue
		}
		n++
		label := fmt.Sprintf("d = %d", ser.Degree)
		if ser.L > 0 {
			label = fmt.Sprintf("L = %d", ser.L)
		}
		parts = append(parts, fmt.Sprintf("%s %s: %.2f (m = %d–%d)", ser.Problem, label, ser.Exponent, ser.Sizes[0], ser.Sizes[len(ser.Sizes)-1]))
		if !(ser.Exponent <= paper+0.5) {
			holds = false
		}
		worst = max(worst, ser.Exponent)
	}
	if n == 0 {
		return repro.NotRunClaim(id, repro.Experiment, statement, "not run in this configuration")
	}
	return repro.CheckClaim(id, repro.Experiment, statement, fmt.Sprintf("exponent %.1f", paper),
		"exponents: "+strings.Join(parts, "; "),
		fmt.Sprintf("every exponent ≤ %.1f + 0.5", paper), holds,
		fmt.Sprintf("a series grows faster (largest exponent %.2f)", worst))
}

// logLogSlope is the least-squares slope of log t against log m.
func logLogSlope(m []int, t []float64) float64 {
	n := float64(len(m))
	var sx, sy, sxx, sxy float64
	for i := range m {
		x, y := math.Log(float64(m[i])), math.Log(max(t[i], 1e-9))
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	return (n*sxy - sx*sy) / (n*sxx - sx*sx)
}

// Results holds everything Verdict needs.
type Results struct {
	Mode    string
	Checks  []repro.Claim
	Table1  []Row
	Scaling *Scaling
	Figure6 []Surface
	Figure1 *Figure1
	Figure2 *Figure2
	// Ionosphere is the study of readings of [TK] on Ionosphere.
	Ionosphere []IonoHypothesis
	Curves     []*Curve
	// LiverSmall is the Liver curve at its smallest size with
	// Config.ChanceReps repetitions (ChanceClaim).
	LiverSmall *Curve
	Elapsed    time.Duration
}

// Table1Cells returns the paper-vs-ours accuracy cells of Table 1.
func Table1Cells(rows []Row) []repro.Cell {
	var cells []repro.Cell
	for _, r := range rows {
		for j := range Methods {
			if c, ok := r.cell(j); ok {
				cells = append(cells, c)
			}
		}
	}
	return cells
}

// cell returns the accuracy cell of method j on the row: the paper's mean
// ± std beside ours over the splits that ran it, with Tolerances.Accuracy;
// false when no split ran it.
func (r Row) cell(j int) (repro.Cell, bool) {
	acc := r.Acc(j)
	if len(acc) == 0 {
		return repro.Cell{}, false
	}
	v, _ := repro.Summarize(acc)
	return repro.Cell{Row: r.Data.Paper, Col: Methods[j], Paper: Table1Accuracy[indexOf(r.Data.Name)][j], Ours: v, Tol: Tolerances.Accuracy}, true
}

func indexOf(name string) int {
	for i, d := range DataSets {
		if d.Name == name {
			return i
		}
	}
	return -1
}

// Verdict computes the verdict table from res: the theorem checks, Table 1
// (accuracy cells), the statement that [TK] or [SimpleMKL TK] meets or
// exceeds [SimpleMKL] on every set (paired t-tests over the splits; a
// difference that is not significant at Tolerances.Alpha is a tie and
// counts as "met"), the speed of our [TK] against the paper's, and the
// scaling exponents of Figures 3 and 4, and Figures 1, 2, 5, 6 and 7.
func Verdict(res *Results) *repro.Report {
	r := &repro.Report{Paper: Paper, Mode: res.Mode, Elapsed: res.Elapsed}
	r.Add(res.Checks...)
	if len(res.Table1) == 0 {
		r.Add(repro.NotRunClaim("Table 1", repro.Experiment, "test-set accuracy of five methods on five UCI sets", "not run in this configuration"))
	} else {
		reason := "the data sets have one row fewer than printed; the C and ε grids and the random P^s are our choices, the SimpleMKL kernel list and its standardised inputs those of the SimpleMKL toolbox's example (the paper gives none of them)"
		switch res.Mode {
		case "quick":
			reason += "; quick mode: Liver alone, 2 splits, 120 training rows, coarse grids"
		case "full":
			f := Full()
			reason += fmt.Sprintf("; full mode: %d splits (the paper: 30; [Neural Net] all %d), whole training parts, ε = 0.1 for [TK] except on Liver and Ionosphere (ε by CV), C ∈ %v for the SimpleMKL columns, L = %d", f.Splits, f.allSplits(), f.CGrid, f.L)
		}
		r.Add(repro.TableClaim("Table 1", "test-set accuracy (%) of [TK], [SimpleMKL], [SimpleMKL TK], [SimpleMKL TK+], [Neural Net] (30 × 80/20 splits, C by 5-fold CV)",
			Table1Cells(res.Table1), reason))
		r.Add(statementClaim(res.Table1))
		r.Add(speedClaim(res.Table1))
	}
	if s := res.Scaling; s != nil {
		r.Add(scalingClaim(s, "Figure 3", "TK", "the time of SDP (24) grows no faster than m^2.6, the paper's exponent with MOSEK, within +0.5 (circle and spiral, d = 1–3; our projected gradient here)", PaperSDPExponent))
		r.Add(scalingClaim(s, "Figure 4", "SimpleMKL TK", "the time of SimpleMKL with L random TK kernels grows no faster than m^2.1, the paper's exponent, within +0.5 (circle and spiral, L = 100–300)", PaperSimpleMKLExponent))
	}
	r.Add(Figure6Claim(res.Figure6))
	r.Add(Figure6SizeClaim(res.Figure6, res.Curves))
	r.Add(Figure1Claims(res.Figure1)...)
	r.Add(CurveClaims(res.Curves)...)
	r.Add(ChanceClaim(res.Curves, res.LiverSmall))
	r.Add(SemilogGapClaim(res.Curves))
	r.Add(Figure2Claim(res.Figure2))
	r.Add(IonosphereClaim(res.Table1, res.Ionosphere))
	return r
}

// statementClaim checks "in all cases, either [TK] or [SimpleMKL TK] met or
// exceeded the accuracy of [SimpleMKL]" with paired t-tests over the splits.
func statementClaim(rows []Row) repro.Claim {
	k, n := 0, 0
	var parts []string
	for _, row := range rows {
		sm := row.Acc(MSimpleMKL)
		if len(sm) < 2 {
			continue
		}
		met := false
		var items []string
		smMean := math.NaN()
		for _, j := range []int{MTK, MSimpleMKLTK} {
			a := row.Acc(j)
			if len(a) != len(sm) {
				continue
			}
			c, err := repro.Compare(Methods[j], a, Methods[MSimpleMKL], sm, repro.PairedT, Tolerances.Alpha, true)
			if err != nil {
				continue
			}
			if c.Winner != repro.BWins {
				met = true
			}
			smMean = c.MeanB
			w := "tie"
			switch c.Winner {
			case repro.AWins:
				w = "better"
			case repro.BWins:
				w = "worse"
			}
			items = append(items, fmt.Sprintf("%s %.1f (%s, p = %.2g)", Methods[j], c.MeanA, w, c.P))
		}
		n++
		if met {
			k++
		}
		parts = append(parts, fmt.Sprintf("%s: SimpleMKL %.1f; %s", row.Data.Paper, smMean, strings.Join(items, ", ")))
	}
	cl := repro.CountClaim("Section 8", repro.Statement, "in all cases [TK] or [SimpleMKL TK] met or exceeded [SimpleMKL]",
		"all five data sets", fmt.Sprintf("paired t-test over the splits, α = %g; a tie counts as met", Tolerances.Alpha), k, n,
		"on some set both TK columns are significantly worse than SimpleMKL")
	cl.Ours = fmt.Sprintf("%d of %d sets — %s", k, n, strings.Join(parts, " | "))
	return cl
}

// speedClaim compares one fit of our [TK] at its chosen C and ε (basis
// Grams and SDP (24) on the whole training part) with Table 1's time of
// [TK] (MOSEK; hardware not stated). The paper does not say what its
// "time to compute" covers; we read it as one fit, because [Neural Net]
// has no C to cross-validate and takes 0.12–0.24 s, and because a CV of
// [TK] over C and ε is hundreds of SDP solves (5 folds × 7 C × 6 ε on our
// grids), which MOSEK could not do in Liver's 95.75 s when one solve of
// that size (LMI of order 277, 351 P-variables) takes seconds. Ours also
// gives the whole column with its CV. It is not a claim of the paper; the
// target is at least 10× less time than the paper's.
func speedClaim(rows []Row) repro.Claim {
	k, n := 0, 0
	var parts []string
	for _, row := range rows {
		t := row.FitTimes(MTK)
		if len(t) == 0 {
			continue
		}
		v, _ := repro.Summarize(t)
		cv, _ := repro.Summarize(row.Times(MTK))
		p := Table1Time[indexOf(row.Data.Name)][MTK]
		n++
		if v.Mean*10 <= p.Mean {
			k++
		}
		parts = append(parts, fmt.Sprintf("%s %.3g s vs %.4g s (with CV %.3g s)", row.Data.Paper, v.Mean, p.Mean, cv.Mean))
	}
	cl := repro.CountClaim("Table 1 (time)", repro.Target, "time of one [TK] fit (the paper: 6.7–1212 s with MOSEK, read as one fit)",
		"Table 1's TK times", "one fit of ours ≥ 10× faster on average (our target, not a claim of the paper)", k, n, "slower than a tenth of the paper's time")
	cl.Ours = strings.Join(parts, "; ")
	return cl
}

// RunChecks runs the numerical checks of the theorems.
func RunChecks(quick bool) ([]repro.Claim, error) {
	trials, m := 5, 200
	if quick {
		trials, m = 2, 60
	}
	var out []repro.Claim
	for _, f := range []func() (repro.Claim, error){
		CheckLanckrietSet,
		func() (repro.Claim, error) { return CheckProposition3(trials) },
		func() (repro.Claim, error) { return CheckLemma4(trials) },
		func() (repro.Claim, error) { return CheckLemma5(2 * trials) },
		CheckCorollary13,
		CheckTheorem6,
		func() (repro.Claim, error) {
			t, err := RunTiles(0)
			if err != nil {
				return repro.Claim{}, err
			}
			return TilesClaim(t), nil
		},
		func() (repro.Claim, error) { return CheckTheorem8(m) },
		func() (repro.Claim, error) { return CheckTheorem10(24, 10*trials) },
		CheckLemma11,
		CheckTheorem12,
		func() (repro.Claim, error) { c, _, err := CheckSDP24(); return c, err },
	} {
		c, err := f()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
