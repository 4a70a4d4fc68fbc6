package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/kernelab/kernelab/repro/jobs"
)

// statusRow is where the compute time of one method of a table goes (Method
// set), or of a whole table (Method empty, Table set), paper (Table empty)
// or selection (Paper "total").
type statusRow struct {
	Paper  string `json:"paper"`
	Table  string `json:"table,omitempty"`
	Method string `json:"method,omitempty"`
	Jobs   int    `json:"jobs"`
	Done   int    `json:"done"`
	// Missing counts the jobs without a record under the current code;
	// Failed counts those of them whose last run failed.
	Missing int `json:"missing"`
	Failed  int `json:"failed"`
	// Seconds sums the compute time of the done jobs (Timed of them carry
	// one): a job's CPU time where its record has it (CPUTimed of them,
	// written by kernelab run), else its wall time on one worker, which
	// grows with the machine's load (jobs.Record.Time).
	Seconds  float64 `json:"seconds"`
	Timed    int     `json:"timed"`
	CPUTimed int     `json:"cpu_timed"`
	// LeftSeconds estimates the compute time of the missing jobs, each at
	// the mean time (as Seconds counts it) of its method's timed jobs (done
	// now, or by an earlier code); Unknown counts the missing jobs no such
	// mean covers.
	LeftSeconds float64 `json:"left_seconds"`
	Unknown     int     `json:"unknown"`
	// WallSeconds estimates the wall time of all jobs, done and missing, on
	// Cores workers: each table's jobs go in order to the first free
	// worker (as jobs.MemoAll runs them), tables one after another. Jobs of
	// unknown time count as 0. (kernelab run all keeps every core busy
	// across tables and papers: its wall time is nearer the sum over Cores.)
	WallSeconds float64 `json:"wall_seconds"`
	Cores       int     `json:"cores"`
	// RunSeconds, in the row of a paper and in the total, estimates the
	// wall time of kernelab run over its missing jobs on Cores workers
	// (runWall): one pool across tables and papers. 0 in the other rows.
	RunSeconds float64 `json:"run_seconds,omitempty"`
}

// jobTime is one job's compute time and how it is known.
type jobTime struct {
	sec                 float64
	done, failed        bool
	timed, cpu, unknown bool
}

// status prints, per paper, table and method, the done and missing jobs,
// the compute time spent and left, and the wall time on cores workers.
func status(w io.Writer, st jobs.Store, sel []string, mode string, cores int, asJSON bool) error {
	if cores <= 0 {
		cores = runtime.NumCPU()
	}
	var rows []statusRow
	total := statusRow{Paper: "total", Cores: cores}
	var all []jobTime // of every selected job, for runWall
	var alone []bool
	for _, s := range sel {
		exp, js, err := selectJobs(s, mode)
		if err != nil {
			return err
		}
		past, err := pastSeconds(st, js[0].Paper)
		if err != nil {
			return err
		}
		times, err := jobTimes(st, js, past)
		if err != nil {
			return err
		}
		paper := statusRow{Paper: js[0].Paper, Cores: cores}
		al := make([]bool, len(js))
		for i, j := range js {
			al[i] = exp.Alone != nil && exp.Alone(j)
		}
		all, alone = append(all, times...), append(alone, al...)
		for _, t := range groups(js, func(j jobs.Job) string { return j.Table }) {
			table := tally(statusRow{Paper: paper.Paper, Table: js[t[0]].Table, Cores: cores}, t, times)
			rows = append(rows, table)
			for _, m := range groups(pick(js, t), func(j jobs.Job) string { return j.Method }) {
				idx := make([]int, len(m))
				for k, i := range m {
					idx[k] = t[i]
				}
				rows = append(rows, tally(statusRow{Paper: paper.Paper, Table: table.Table, Method: js[idx[0]].Method, Cores: cores}, idx, times))
			}
			paper = add(paper, table)
		}
		paper.RunSeconds = runWall(times, al, cores)
		rows = append(rows, paper)
		total = add(total, paper)
	}
	total.RunSeconds = runWall(all, alone, cores)
	if len(sel) > 1 {
		rows = append(rows, total)
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "PAPER\tTABLE\tMETHOD\tJOBS\tDONE\tMISSING\tFAILED\tCOMPUTED\tLEFT (EST.)\tWALL ON %d CORES\t\n", cores)
	for _, r := range rows {
		table, method := r.Table, r.Method
		switch {
		case r.Paper == "total" || r.Table == "":
			table, method = "all", ""
		case method == "":
			method = "all"
		}
		left := dur(r.LeftSeconds)
		if r.Unknown > 0 {
			left += fmt.Sprintf(" + %d unknown", r.Unknown)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t\n", r.Paper, table, method, r.Jobs, r.Done, r.Missing, r.Failed,
			dur(r.Seconds), left, dur(r.WallSeconds))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	nAlone := 0
	for i, t := range all {
		if alone[i] && !t.done {
			nAlone++
		}
	}
	fmt.Fprintf(w, "\nkernelab run of the %d missing jobs on %d cores: about %s (one pool, longest first; %d of unknown time count as 0; %d run alone, after the others).\n",
		total.Missing, cores, dur(total.RunSeconds), total.Unknown, nAlone)
	fmt.Fprintf(w, "COMPUTED sums the done jobs' compute times (%d of %d timed, %d of them by CPU time, the others by wall time). LEFT gives each missing job its method's mean time.\n",
		total.Timed, total.Done, total.CPUTimed)
	return nil
}

// dur formats seconds to 10 ms under 10 s, 100 ms under a minute, whole seconds above.
func dur(sec float64) string {
	d := time.Duration(sec * float64(time.Second))
	switch {
	case d < 10*time.Second:
		return d.Round(10 * time.Millisecond).String()
	case d < time.Minute:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// jobTimes looks up each job of js (of one paper) in the store under the
// current code, with its compute time (CPU time where the record has it,
// else wall time), and gives the missing ones the mean time of their
// method's timed jobs, from this code's records, else from past (earlier
// code's, by job ID).
func jobTimes(st jobs.Store, js []jobs.Job, past map[string]float64) ([]jobTime, error) {
	out := make([]jobTime, len(js))
	type mean struct {
		sum float64
		n   int
	}
	now, before := map[string]*mean{}, map[string]*mean{}
	key := func(j jobs.Job) string { return j.Table + "\x00" + j.Method }
	acc := func(m map[string]*mean, k string, sec float64) {
		if m[k] == nil {
			m[k] = &mean{}
		}
		m[k].sum += sec
		m[k].n++
	}
	for i, j := range js {
		s, err := jobs.TableStatus(st, js[i:i+1], "")
		if err != nil {
			return nil, err
		}
		t := &out[i]
		t.done, t.failed = s[0].Done == 1, s[0].Failed == 1
		switch {
		case s[0].CPUTimed == 1:
			t.sec, t.timed, t.cpu = s[0].CPUSeconds, true, true
		case s[0].Timed == 1:
			t.sec, t.timed = s[0].Seconds, true
		}
		if t.timed {
			acc(now, key(j), t.sec)
		}
		id, err := storedID(j)
		if err != nil {
			return nil, err
		}
		if sec, ok := past[id]; ok {
			acc(before, key(j), sec)
		}
	}
	for i, j := range js {
		t := &out[i]
		if t.done {
			continue
		}
		if m := now[key(j)]; m != nil {
			t.sec = m.sum / float64(m.n)
		} else if m := before[key(j)]; m != nil {
			t.sec = m.sum / float64(m.n)
		} else {
			t.unknown = true
		}
	}
	return out, nil
}

// storedID is the ID of j as read back from a record: a struct in Params
// comes back as a map with sorted keys, so the ID of the job as built can
// differ from that of its record (which pastSeconds uses).
func storedID(j jobs.Job) (string, error) {
	b, err := j.Spec()
	if err != nil {
		return "", err
	}
	var back jobs.Job
	if err := json.Unmarshal(b, &back); err != nil {
		return "", fmt.Errorf("%s: %w", j.Name(), err)
	}
	return back.ID()
}

// tally fills r from the jobs idx (indices into times, in run order).
func tally(r statusRow, idx []int, times []jobTime) statusRow {
	free := make([]float64, r.Cores) // when each worker is next free
	for _, i := range idx {
		t := times[i]
		r.Jobs++
		switch {
		case t.done:
			r.Done++
			r.Seconds += t.sec
			if t.timed {
				r.Timed++
			}
			if t.cpu {
				r.CPUTimed++
			}
		case t.unknown:
			r.Missing++
			r.Unknown++
		default:
			r.Missing++
			r.LeftSeconds += t.sec
		}
		if t.failed {
			r.Failed++
		}
		assign(free, t.sec)
	}
	r.WallSeconds = slices.Max(free)
	return r
}

// assign adds sec to the first worker of free (when each is next free)
// that is free first.
func assign(free []float64, sec float64) {
	k := 0
	for c := range free {
		if free[c] < free[k] {
			k = c
		}
	}
	free[k] += sec
}

// runWall estimates the wall time of kernelab run over the missing jobs
// of times on cores workers: the jobs not alone in run's order
// (jobs.Order) each to the first free worker, then those alone[i], one
// after another. A job of unknown time counts as 0.
func runWall(times []jobTime, alone []bool, cores int) float64 {
	var idx []int
	var sec []float64
	var known []bool
	for i, t := range times {
		if !t.done {
			idx = append(idx, i)
			sec = append(sec, t.sec)
			known = append(known, !t.unknown)
		}
	}
	free := make([]float64, cores)
	after := 0.0
	for _, k := range jobs.Order(sec, known) {
		if alone[idx[k]] {
			after += sec[k]
		} else {
			assign(free, sec[k])
		}
	}
	return slices.Max(free) + after
}

// add sums the counts and times of b into a.
func add(a, b statusRow) statusRow {
	a.Jobs += b.Jobs
	a.Done += b.Done
	a.Missing += b.Missing
	a.Failed += b.Failed
	a.Seconds += b.Seconds
	a.Timed += b.Timed
	a.CPUTimed += b.CPUTimed
	a.LeftSeconds += b.LeftSeconds
	a.Unknown += b.Unknown
	a.WallSeconds += b.WallSeconds
	return a
}

// groups returns the indices of js grouped by name, groups in order of
// first appearance.
func groups(js []jobs.Job, name func(jobs.Job) string) [][]int {
	var out [][]int
	at := map[string]int{}
	for i, j := range js {
		k, ok := at[name(j)]
		if !ok {
			k = len(out)
			at[name(j)] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], i)
	}
	return out
}

func pick(js []jobs.Job, idx []int) []jobs.Job {
	out := make([]jobs.Job, len(idx))
	for k, i := range idx {
		out[k] = js[i]
	}
	return out
}
