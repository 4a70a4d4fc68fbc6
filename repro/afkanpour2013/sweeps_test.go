package afkanpour2013

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
)

// partOf is the part named name of claim c (nil when absent).
func partOf(c repro.Claim, name string) *repro.Part {
	for i := range c.Parts {
		if c.Parts[i].Name == name {
			return &c.Parts[i]
		}
	}
	return nil
}

// TestCappedFitsFlagged: SVM fits excluded from the choice of C for
// stopping at SMO's iteration cap (protocol.Sweep) are counted in the
// rows of the sine problem that read the results: the H1 cell, CA's and
// the three-frequency SVM's sweeps in "Figure 1(b) CA, CR", CA's and each
// finite-set method's in "Figure 1(b) discrete"; a method without excluded
// fits is not flagged, and the outcomes are those without the counts.
func TestCappedFitsFlagged(t *testing.T) {
	res := &Results{Mode: "full", Train: 500, Val: 500, Test: 1000}
	craftedFigure1(res, 8)
	clean := byID(Verdict(res))
	res.H1Sweeps = make([]protocol.Sweep, len(H1Sets))
	for i := range res.H1Sweeps {
		res.H1Sweeps[i].Fits = 21
	}
	res.H1Sweeps[5].Excluded = 1
	res.Sweeps = make([][]protocol.Sweep, len(Methods))
	for m, name := range Methods {
		for range 8 {
			s := protocol.Sweep{Fits: 21}
			if name == "CR" {
				s.Fits = 0
			}
			res.Sweeps[m] = append(res.Sweeps[m], s)
		}
	}
	res.Sweeps[0][3].Excluded = 1                               // CA
	res.Sweeps[5][1].Excluded, res.Sweeps[5][2].Excluded = 3, 1 // DU
	res.OracleSweeps = make([]protocol.Sweep, 8)
	for d := range res.OracleSweeps {
		res.OracleSweeps[d].Fits = 21
	}
	res.OracleSweeps[6].Excluded = 2
	c := byID(Verdict(res))
	for id, cl := range clean {
		if c[id].Outcome != cl.Outcome {
			t.Errorf("%s: %v with the counts, %v without", id, c[id].Outcome, cl.Outcome)
		}
	}
	h1 := c["H1 table"].Ours
	if !strings.Contains(h1, "flag: {√12, √60}: 1 of 21 fits capped, excluded (SMO's iteration cap)") || strings.Count(h1, "fits capped") != 1 {
		t.Errorf("H1 table: %q", h1)
	}
	ca := "CA: 1 of 168 fits capped, excluded (SMO's iteration cap, on 1 of 8 draws)"
	oracle := "three-frequency SVM: 2 of 168 fits capped, excluded (SMO's iteration cap, on 1 of 8 draws)"
	du := "DU: 4 of 168 fits capped, excluded (SMO's iteration cap, on 2 of 8 draws)"
	for _, w := range []struct {
		id, part string
		want     []string
	}{
		{"Figure 1(b) CA, CR", "CA", []string{ca, oracle}},
		{"Figure 1(b) CA, CR", "CR", []string{oracle}},
		{"Figure 1(b) discrete", "DA", []string{ca}},
		{"Figure 1(b) discrete", "DU", []string{ca, du}},
	} {
		p := partOf(c[w.id], w.part)
		if p == nil {
			t.Fatalf("%s: no part %s", w.id, w.part)
		}
		for _, s := range w.want {
			if !strings.Contains(p.Detail, s) {
				t.Errorf("%s part %s: %q lacks %q", w.id, w.part, p.Detail, s)
			}
		}
		if n := strings.Count(p.Detail, "fits capped"); n != len(w.want) {
			t.Errorf("%s part %s: %d flags of capped fits, want %d: %q", w.id, w.part, n, len(w.want), p.Detail)
		}
		if q := partOf(clean[w.id], w.part); strings.Contains(q.Detail, "fits capped") {
			t.Errorf("%s part %s flagged without counts: %q", w.id, w.part, q.Detail)
		}
	}
}

// TestTaskCapsFlagged: in the task rows, the runs of CR and CR (DC) whose
// chosen model stopped at Greedy's step cap (for CR (DC) also a step 2
// not certified), the SVM fits excluded at SMO's cap, CR's μ fits and
// CA-nD's λ models left out at their caps are counted in the parts that
// read those runs (Table 2 continuous, Table 2 time, the CR (DC) rows,
// Figure 2), over the runs each part pairs; a part that reads a run
// stopped at its cap is undecided (capRule), every other part (those
// whose fits left out did not make the number) keeps its outcome.
func TestTaskCapsFlagged(t *testing.T) {
	build := func(flag bool) *Results {
		res := craftedTasks()
		for _, task := range []string{"A-B", "O-Q"} {
			for rep := 0; rep < 3; rep++ {
				for i, m := range append(append([]string(nil), TaskMethods...), protocol.MethodCRDC) {
					res.Tasks = append(res.Tasks, protocol.TaskRecord{Table: protocol.JobLetter, Task: task, Method: m, Rep: rep,
						TaskResult: protocol.TaskResult{Error: 5 + float64(i) + 0.1*float64(rep), Alignment: 0.3, Seconds: 1 + float64(i) + 0.01*float64(rep), Stages: 4}})
				}
			}
		}
		for i := range res.Tasks {
			r := &res.Tasks[i]
			if r.Method != "CR" && r.Method != protocol.MethodCRDC {
				r.Fits = 7
			}
			if !flag {
				continue
			}
			switch {
			case (r.Method == "CR" || r.Method == protocol.MethodCRDC) && r.Task == "A-B" && r.Rep == 0:
				r.Capped = true
			case r.Method == "CR" && r.Table == protocol.JobMNIST && r.Task == "3-8" && r.Rep < 2:
				r.Capped = true
			case r.Method == "CA-1D" && r.Table == protocol.JobMNIST && r.Task == "3-8" && r.Rep == 4:
				r.Capped = true // at CA's stage cap T
			case r.Method == "DU" && r.Table == protocol.JobMNIST && r.Task == "3-8" && r.Rep == 0:
				r.Excluded = 2
			case r.Method == "DU" && r.Table == protocol.JobFigure2 && r.Rep == 1:
				r.Excluded = 1
			case r.Method == "CR" && r.Table == protocol.JobLetter && r.Task == "O-Q" && r.Rep == 1:
				r.Fits, r.Excluded = 7, 3 // μ fits at the step cap, left out: the chosen one converged
			case r.Method == "CA-nD" && r.Table == protocol.JobFigure2 && r.Rep == 0:
				r.LambdaExcluded = 2 // λ models at the stage cap, left out
			case r.Method == "CA-nD" && r.Table == protocol.JobFigure2 && r.Rep == 2 && r.Task == "γ=40":
				r.Capped = true // its model or its CA-1D start at T
			case r.Method == protocol.MethodCRDC && r.Task == "O-Q" && r.Rep == 2:
				r.Fits, r.Excluded = 7, 2 // μ fits stopped short (a step 2 not certified), left out
			}
		}
		return res
	}
	clean, c := byID(Verdict(build(false))), byID(Verdict(build(true)))
	hits := 0
	for id, cl := range clean {
		for k, p := range c[id].Parts {
			want := cl.Parts[k].Outcome
			if (strings.Contains(p.Detail, "-step cap") || strings.Contains(p.Detail, "-stage cap")) && want != repro.NotRun {
				want = repro.Undecided
				hits++
			}
			if p.Outcome != want {
				t.Errorf("%s part %s: %v with the counts, want %v (%v without)", id, p.Name, p.Outcome, want, cl.Parts[k].Outcome)
			}
		}
		for _, p := range cl.Parts {
			if strings.Contains(p.Detail, "flag:") && strings.Contains(p.Detail, "cap") {
				t.Errorf("%s part %s flagged without caps: %q", id, p.Name, p.Detail)
			}
		}
	}
	if hits == 0 {
		t.Error("no part read a capped run: the case does not test the rule")
	}
	step := func(m string, k, n int) string {
		if m == protocol.MethodCRDC {
			return fmt.Sprintf("%s stopped at the %d-step cap, not by the test of Eq. (10), or with a step 2 not certified, in %d of %d runs", m, continuous.DefaultMaxSteps, k, n)
		}
		return fmt.Sprintf("%s stopped at the %d-step cap, not by the test of Eq. (10), in %d of %d runs", m, continuous.DefaultMaxSteps, k, n)
	}

	for _, w := range []struct {
		id, part string
		want     []string
	}{
		// MNIST: 3 tasks × 5 repetitions; Letter: 2 tasks × 3.
		{"Table 2 continuous", "MNIST: CR vs DU", []string{step("CR", 2, 15), "DU: 2 of 105 fits capped, excluded (SMO's iteration cap, on 1 of 15 runs)"}},
		{"Table 2 continuous", "MNIST: CA-1D vs DA", []string{"CA-1D stopped at the 50-stage cap T, not by its gain test θ, in 1 of 15 runs"}},
		{"Table 2 continuous", "Letter: CR vs D1", []string{step("CR", 1, 6), "CR: 3 of 7 fits capped, excluded (fits of the μ grid at Greedy's step cap, on 1 of 6 runs)"}},
		{"Figure 2 CA-nD", "CA-nD vs CA-1D", []string{"CA-nD: 2 models of the λ grid at the stage cap T, excluded from the choice of λ (on 1 of 5 runs)",
			"CA-nD stopped at the 50-stage cap T (itself or the CA-1D run its start comes from), not by its gain test θ, in 1 of 5 runs"}},
		{"CR DC vs rest", "DU vs CR (DC)", []string{step("CR (DC)", 1, 6), "CR (DC): 2 of 7 fits capped, excluded (fits of the μ grid at Greedy's step cap or with a step 2 not certified, on 1 of 6 runs)"}},
		{"Table 2 time", "MNIST: DU faster than CR", []string{step("CR", 2, 15), "DU: 2 of 105 fits capped"}},
		{"Table 2 time", "Letter: CA-1D faster than CR", []string{step("CR", 1, 6)}},
		{"CR DC time", "CR (DC) vs CR", []string{step("CR (DC)", 1, 6), step("CR", 1, 6)}},
		{"CR DC time", "about 3 × faster than CR", []string{step("CR (DC)", 1, 6), step("CR", 1, 6)}},
		{"Figure 2 1-D", "DU", []string{"DU: 2 of 70 fits capped, excluded (SMO's iteration cap, on 2 of 10 runs)"}},
		// A rank compares every method's errors on the task: DU's rank reads
		// CR's and CA-1D's capped runs too.
		{"Table 2 ranks", "MNIST DU", []string{"DU: 2 of 105 fits capped, excluded",
			"the ranks read CR, stopped at the 50-step cap, not by the test of Eq. (10), in 2 of 15 runs",
			"the ranks read CA-1D, stopped at the 50-stage cap T, not by its gain test θ, in 1 of 15 runs"}},
		{"Table 2 ranks", "MNIST CR", []string{step("CR", 2, 15), "the ranks read CA-1D, stopped at the 50-stage cap T"}},
	} {
		p := partOf(c[w.id], w.part)
		if p == nil {
			t.Errorf("%s: no part %q", w.id, w.part)
			continue
		}
		for _, s := range w.want {
			if !strings.Contains(p.Detail, s) {
				t.Errorf("%s part %s: %q lacks %q", w.id, w.part, p.Detail, s)
			}
		}
		if len(w.want) == 0 && strings.Contains(p.Detail, "flag:") {
			t.Errorf("%s part %s flagged: %q", w.id, w.part, p.Detail)
		}
	}
}

// TestSweepsReachVerdict: the counts of excluded fits that the H1 and
// Figure 1(b) jobs record (protocol.H1Result, protocol.MethodResult) reach
// Results through Run and the detail of the rows through Verdict (the
// jobs stubbed: H1 row {√12, √60} with one of its two fits excluded on
// draw 0, the three-frequency SVM and DU with one on draw 1).
func TestSweepsReachVerdict(t *testing.T) {
	t.Setenv("KERNELAB_RESULTS", t.TempDir())
	cfg := Config{Mode: "quick", Train: 60, Val: 60, Test: 120, Cs: []float64{0.1, 10}, Mus: []float64{1e-2}, Seed: 5, Draws: 2}
	old := computeJob
	t.Cleanup(func() { computeJob = old })
	computeJob = func(_ context.Context, j jobs.Job) (any, error) {
		switch j.Table {
		case protocol.JobChecks:
			return []repro.Claim{}, nil
		case protocol.JobH1:
			var r int
			if err := j.Param("row", &r); err != nil {
				return nil, err
			}
			h := protocol.H1Result{Error: 20 + float64(r), Chosen: 0.1, Sweep: protocol.Sweep{Fits: 2}}
			if (r == 5 && j.Split == 0) || (r == len(H1Sets)-1 && j.Split == 1) {
				h.Excluded = 1
			}
			return h, nil
		case protocol.JobFigure1:
			m := protocol.MethodResult{Error: 10 + float64(j.Split), Chosen: 0.1, Sweep: protocol.Sweep{Fits: 2}}
			switch j.Method {
			case "CR":
				m.Sweep = protocol.Sweep{}
			case "CA":
				m.Atoms = []protocol.Atom{{Weight: 1, Sigma: 1.4}}
			case "DU":
				if j.Split == 1 {
					m.Excluded = 1
				}
			}
			return m, nil
		}
		return nil, fmt.Errorf("unexpected job %s", j.Name())
	}
	res, err := Run(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.H1Sweeps) != len(H1Sets) || res.H1Sweeps[5] != (protocol.Sweep{Fits: 2, Excluded: 1}) || len(res.OracleSweeps) != 2 || res.OracleSweeps[1].Excluded != 1 ||
		len(res.Sweeps) != len(Methods) || res.Sweeps[5][1].Excluded != 1 || res.Sweeps[1][0] != (protocol.Sweep{}) {
		t.Fatalf("counts not in the results: H1 %v, oracle %v, methods %v", res.H1Sweeps, res.OracleSweeps, res.Sweeps)
	}
	c := byID(Verdict(res))
	if h := c["H1 table"].Ours; !strings.Contains(h, "{√12, √60}: 1 of 2 fits capped, excluded") {
		t.Errorf("H1 table: %q", h)
	}
	if p := partOf(c["Figure 1(b) CA, CR"], "CR"); p == nil || !strings.Contains(p.Detail, "three-frequency SVM: 1 of 4 fits capped, excluded (SMO's iteration cap, on 1 of 2 draws)") {
		t.Errorf("Figure 1(b) CA, CR: %+v", p)
	}
	if p := partOf(c["Figure 1(b) discrete"], "DU"); p == nil || !strings.Contains(p.Detail, "DU: 1 of 4 fits capped, excluded (SMO's iteration cap, on 1 of 2 draws)") {
		t.Errorf("Figure 1(b) discrete: %+v", p)
	}
}

// TestSweepFlagCause: the flag of D1, D2 and DA names both solvers a fit
// of theirs can stop short in; the others name SMO's cap.
func TestSweepFlagCause(t *testing.T) {
	ss := []protocol.Sweep{{Fits: 7, Excluded: 2}}
	if got := sweepFlag("D1", ss, "run"); !strings.Contains(got, "D1: 2 of 7 fits capped, excluded (SMO's iteration cap or ℓp-norm MKL's cap of θ updates)") {
		t.Errorf("D1 flag %q", got)
	}
	if got := sweepFlag("DA", ss, "run"); !strings.Contains(got, "DA: 2 of 7 fits capped, excluded (SMO's iteration cap or alignf's QP short of its optimum)") {
		t.Errorf("DA flag %q", got)
	}
	if got := sweepFlag("DU", ss, "run"); !strings.Contains(got, "DU: 2 of 7 fits capped, excluded (SMO's iteration cap)") {
		t.Errorf("DU flag %q", got)
	}
}
