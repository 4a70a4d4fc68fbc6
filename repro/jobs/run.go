package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/kernelab/kernelab/internal/cputime"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
)

// Options of Run.
type Options struct {
	Store   Store
	Workers int // ≤ 0: all cores
	// Recompute ignores stored records (also set by KERNELAB_CACHE=off).
	Recompute bool
	// Code overrides the code digest (tests); "" means, for each job, that
	// of the package exp.CodePackage names (CodeDigest).
	Code     string
	Progress io.Writer // nil: no progress lines
}

// Summary counts what Run did.
type Summary struct{ Computed, Cached, Failed int }

// Run is RunAll over the jobs of one experiment: every job of js must be
// of exp.Paper.
func Run(ctx context.Context, exp Experiment, js []Job, opts Options) (Summary, error) {
	for _, j := range js {
		if j.Paper != exp.Paper {
			return Summary{}, fmt.Errorf("jobs: job %s is not of paper %s", j.Name(), exp.Paper)
		}
	}
	return RunAll(ctx, []Experiment{exp}, js, opts)
}

// RunAll computes the jobs of js not yet in the store, each with the
// experiment of exps of its paper, in one pool of up to opts.Workers
// goroutines that starts them in the order of js (Order puts the longest
// first). The jobs an experiment marks Alone run after the others, one at
// a time, with no other job beside them. Each record is written as its job
// finishes (so a killed run resumes where it stopped), with its wall time
// and its CPU time (Record). A failed job is marked in the store and
// counted; RunAll returns an error naming the first failure after all jobs
// ran.
func RunAll(ctx context.Context, exps []Experiment, js []Job, opts Options) (Summary, error) {
	recompute := opts.Recompute || os.Getenv("KERNELAB_CACHE") == "off"
	byPaper := map[string]Experiment{}
	for _, e := range exps {
		if _, dup := byPaper[e.Paper]; dup {
			return Summary{}, klearn.Errorf(klearn.ErrParam, "jobs: paper %s given twice", e.Paper)
		}
		byPaper[e.Paper] = e
	}
	keys := make([]string, len(js))
	var shared, alone []int
	for i, j := range js {
		exp, ok := byPaper[j.Paper]
		if !ok {
			return Summary{}, klearn.Errorf(klearn.ErrParam, "jobs: job %s: no experiment of paper %s given", j.Name(), j.Paper)
		}
		code := opts.Code
		if code == "" {
			var err error
			if code, err = packageCode(exp.CodePackage(j)); err != nil {
				return Summary{}, err
			}
		}
		k, err := Key(j, code)
		if err != nil {
			return Summary{}, err
		}
		keys[i] = k
		if exp.Alone != nil && exp.Alone(j) {
			alone = append(alone, i)
		} else {
			shared = append(shared, i)
		}
	}
	var (
		mu    sync.Mutex
		sum   Summary
		first error
		done  int
		start = time.Now()
		cpu   = newCPUMeter()
	)
	report := func(name string) {
		done++
		if opts.Progress == nil {
			return
		}
		el := time.Since(start)
		eta := time.Duration(float64(el) / float64(done) * float64(len(js)-done)).Round(time.Second)
		fmt.Fprintf(opts.Progress, "[%d/%d] %s  elapsed %s  ETA %s\n", done, len(js), name, el.Round(time.Second), eta)
	}
	one := func(i int) {
		j, key := js[i], keys[i]
		if !recompute {
			if _, ok, err := opts.Store.Get(j.Paper, key); err == nil && ok {
				mu.Lock()
				sum.Cached++
				report(j.Name() + " (cached)")
				mu.Unlock()
				return
			}
		}
		if ctx.Err() != nil {
			// Interrupted: the job stays pending (no failure mark).
			mu.Lock()
			if first == nil {
				first = fmt.Errorf("jobs: %w", ctx.Err())
			}
			mu.Unlock()
			return
		}
		rec, err := timedRecord(j, key, cpu, i, func() (any, error) { return byPaper[j.Paper].Run(ctx, j) })
		if ctx.Err() != nil && err != nil {
			mu.Lock()
			if first == nil {
				first = fmt.Errorf("jobs: %s: %w", j.Name(), err)
			}
			mu.Unlock()
			return
		}
		if err == nil {
			err = opts.Store.Put(rec)
		} else if perr := opts.Store.PutFailed(j.Paper, key, err); perr != nil {
			err = fmt.Errorf("%w (and %v)", err, perr)
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			sum.Failed++
			if first == nil {
				first = fmt.Errorf("jobs: %s: %w", j.Name(), err)
			}
			report(j.Name() + " FAILED")
			return
		}
		sum.Computed++
		report(j.Name())
	}
	parallel.ForWorkers(opts.Workers, len(shared), func(_, k int) { one(shared[k]) })
	parallel.ForWorkers(1, len(alone), func(_, k int) { one(alone[k]) })
	return sum, first
}

// Order returns the indices of jobs whose expected times are sec in the
// order RunAll should start them, longest expected first: first the jobs
// of unknown time (known[i] false; they may be long), then the others by
// decreasing sec[i]; ties keep their order. The order depends on the estimates only,
// so a shard (Shard, which does not) is cut first and then ordered.
func Order(sec []float64, known []bool) []int {
	idx := make([]int, len(sec))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		i, k := idx[a], idx[b]
		if known[i] != known[k] {
			return !known[i]
		}
		return sec[i] > sec[k]
	})
	return idx
}

// cpuMeter apportions the process's CPU time (user and system, all
// threads: cputime.Process) among the jobs RunAll or MemoAll runs: at each
// start or end of a job, the CPU time the process used since the last one is split
// equally among the jobs that were running.
type cpuMeter struct {
	mu      sync.Mutex
	ok      bool
	last    float64          // process CPU seconds at the last start or end
	running map[int]*float64 // job index → its CPU seconds so far
}

func newCPUMeter() *cpuMeter {
	return &cpuMeter{ok: cputime.Measured, last: cputime.Process().Seconds(), running: map[int]*float64{}}
}

// tick splits the CPU time since the last tick among the running jobs.
func (m *cpuMeter) tick() {
	if !m.ok {
		return
	}
	now := cputime.Process().Seconds()
	if n := len(m.running); n > 0 {
		share := (now - m.last) / float64(n)
		for _, c := range m.running {
			*c += share
		}
	}
	m.last = now
}

// start notes that job i starts.
func (m *cpuMeter) start(i int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tick()
	m.running[i] = new(float64)
}

// stop notes that job i ended and returns its CPU seconds (0 when the
// process's CPU time cannot be read).
func (m *cpuMeter) stop(i int) float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tick()
	c := *m.running[i]
	delete(m.running, i)
	if !m.ok || c < 0 {
		return 0
	}
	return c
}

// Status of one table: records present, missing, failed under the current
// code, and the compute time of the present ones: wall time (Seconds,
// summed over the Timed records that carry it) and CPU time (CPUSeconds,
// over the CPUTimed records that carry it).
type Status struct {
	Paper, Table          string
	Done, Pending, Failed int
	Seconds               float64
	Timed                 int
	CPUSeconds            float64
	CPUTimed              int
}

// TableStatus counts, per table in job order, the jobs whose record is in
// the store, those marked failed, and the rest (pending), under code (""
// means each job's own digest, that of its kind's package, as Run and
// Load key them).
func TableStatus(st Store, js []Job, code string) ([]Status, error) {
	var out []Status
	idx := map[string]int{}
	for _, j := range js {
		c := code
		if c == "" {
			var err error
			if c, err = jobCode(j); err != nil {
				return nil, err
			}
		}
		k, err := Key(j, c)
		if err != nil {
			return nil, err
		}
		id := j.Paper + "\x00" + j.Table
		i, ok := idx[id]
		if !ok {
			i = len(out)
			idx[id] = i
			out = append(out, Status{Paper: j.Paper, Table: j.Table})
		}
		if rec, ok, err := st.Get(j.Paper, k); err != nil {
			return nil, err
		} else if ok {
			out[i].Done++
			if rec.Seconds > 0 {
				out[i].Seconds += rec.Seconds
				out[i].Timed++
			}
			if rec.CPUSeconds > 0 {
				out[i].CPUSeconds += rec.CPUSeconds
				out[i].CPUTimed++
			}
		} else if _, f := st.Failed(j.Paper, k); f {
			out[i].Failed++
		} else {
			out[i].Pending++
		}
	}
	return out, nil
}

// Load returns the stored result of j under the current code, decoded into
// v; ok is false when the job has not been run.
func Load(st Store, j Job, v any) (ok bool, err error) {
	rec, _, ok, err := lookup(st, j)
	if err != nil || !ok {
		return false, err
	}
	if err := json.Unmarshal(rec.Result, v); err != nil {
		return false, fmt.Errorf("jobs: %s: %w", j.Name(), err)
	}
	return true, nil
}

// Memo decodes into v the stored result of j under the current code, or,
// when there is none, runs compute, stores its result and decodes that
// stored form into v, so a first run and every later one see the same
// value (what survives a JSON round trip). cached reports a store hit. A
// compute error is returned wrapped and nothing is stored.
func Memo(st Store, j Job, v any, compute func() (any, error)) (cached bool, err error) {
	return memo(st, j, v, compute, newCPUMeter(), 0)
}

// memo is Memo with the CPU meter of the jobs computed beside j (i is j's
// index among them), so a record's CPU time is j's share (Record).
func memo(st Store, j Job, v any, compute func() (any, error), cpu *cpuMeter, i int) (cached bool, err error) {
	if compute == nil {
		return false, klearn.Errorf(klearn.ErrParam, "jobs: Memo of %s without a compute function", j.Name())
	}
	rec, k, ok, err := lookup(st, j)
	if err != nil {
		return false, err
	}
	if !ok {
		if rec, err = timedRecord(j, k, cpu, i, compute); err != nil {
			return false, fmt.Errorf("jobs: %s: %w", j.Name(), err)
		}
		if err := st.Put(rec); err != nil {
			return false, err
		}
	}
	if err := json.Unmarshal(rec.Result, v); err != nil {
		return false, fmt.Errorf("jobs: %s: %w", j.Name(), err)
	}
	return ok, nil
}

// timedRecord runs compute as job i of cpu and returns j's record under
// key: the JSON of its result, its wall time and its share of the
// process's CPU time (Record). A compute error is returned as is, an
// error of the result's JSON as "result: …".
func timedRecord(j Job, key string, cpu *cpuMeter, i int, compute func() (any, error)) (Record, error) {
	t0 := time.Now()
	cpu.start(i)
	res, err := compute()
	cpuSecs := cpu.stop(i)
	secs := time.Since(t0).Seconds()
	if err != nil {
		return Record{}, err
	}
	b, err := json.Marshal(res)
	if err != nil {
		return Record{}, fmt.Errorf("result: %w", err)
	}
	return Record{Key: key, Job: j, Result: b, Seconds: secs, CPUSeconds: cpuSecs}, nil
}

// lookup returns the stored record of j under the current code and its key.
func lookup(st Store, j Job) (rec Record, key string, ok bool, err error) {
	code, err := jobCode(j)
	if err != nil {
		return Record{}, "", false, err
	}
	key, err = Key(j, code)
	if err != nil {
		return Record{}, "", false, err
	}
	rec, ok, err = st.Get(j.Paper, key)
	return rec, key, ok, err
}

// ProgressEnv names the environment variable that asks MemoAll for
// progress lines: when it names a file, MemoAll appends to it a line as
// each job starts and ends its computation (done / total, the job, its
// time, an estimate of the time left), and a summary at the end. Jobs read
// from the store only count. scripts/run-notebooks.sh sets it and prints
// the file as it grows, since a notebook cell shows nothing before it
// ends. The lines are a best-effort side channel: a file that cannot be
// written is ignored.
const ProgressEnv = "KERNELAB_PROGRESS"

// MemoAll is Memo over a list: it returns the stored result of each job of
// js under the current code, computing each missing one with run (and
// storing it as it finishes, so an interrupted call resumes) on up to
// workers goroutines (≤ 0: all cores). Results are in the order of js,
// whatever the number of workers. progress, if not nil, is called after
// each job under a lock with the count of jobs ended, the total, the job
// and whether its record was read from the store (see also ProgressEnv). The results are compact
// JSON, byte-identical whether computed or read back. After all jobs have
// ended, the error of the first failed job in list order is returned.
// Once ctx is done, jobs not yet started are skipped and ctx's error is
// returned.
func MemoAll(ctx context.Context, st Store, js []Job, workers int, run func(context.Context, Job) (any, error),
	progress func(done, total int, j Job, cached bool)) ([]json.RawMessage, error) {
	if run == nil {
		return nil, fmt.Errorf("jobs: MemoAll needs a run function")
	}
	raw := make([]json.RawMessage, len(js))
	errs := make([]error, len(js))
	var mu sync.Mutex
	done := 0
	pf := newProgressFile(os.Getenv(ProgressEnv), js)
	defer pf.end()
	cpu := newCPUMeter()
	parallel.ForWorkers(workers, len(js), func(_, i int) {
		if ctx.Err() != nil {
			errs[i] = fmt.Errorf("jobs: %s: %w", js[i].Name(), ctx.Err())
			return
		}
		var cached bool
		var r json.RawMessage
		cached, errs[i] = memo(st, js[i], &r, func() (any, error) {
			t0 := pf.begin(js[i])
			v, err := run(ctx, js[i])
			pf.finish(js[i], t0, err)
			return v, err
		}, cpu, i)
		if cached {
			pf.cached()
		}
		if errs[i] == nil {
			// Compact, so a computed and a stored (indented) record give the same bytes.
			var b bytes.Buffer
			if errs[i] = json.Compact(&b, r); errs[i] == nil {
				raw[i] = b.Bytes()
			}
		}
		mu.Lock()
		defer mu.Unlock()
		done++
		if progress != nil {
			progress(done, len(js), js[i], cached)
		}
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return raw, nil
}

// progressFile appends MemoAll's progress lines to a file (ProgressEnv);
// the zero path writes nothing.
type progressFile struct {
	path  string
	mu    sync.Mutex
	label string
	total int
	start time.Time
	// ended counts the jobs ended: computed (failed ones included) or
	// read from the store.
	ended, computed, failed, read int
}

func newProgressFile(path string, js []Job) *progressFile {
	p := &progressFile{path: path, total: len(js), start: time.Now()}
	if path == "" || len(js) == 0 {
		p.path = ""
		return p
	}
	p.label = js[0].Paper
	p.line(fmt.Sprintf("%s: %d jobs, each read from the results store or computed", p.label, len(js)))
	return p
}

// line appends s and a newline to the file.
func (p *progressFile) line(s string) {
	f, err := os.OpenFile(p.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintln(f, s)
	f.Close()
}

// begin notes that the computation of j starts and returns the time.
func (p *progressFile) begin(j Job) time.Time {
	if p.path != "" {
		p.mu.Lock()
		p.line(fmt.Sprintf("%s [%d/%d] computing %s", p.label, p.ended, p.total, j.Name()))
		p.mu.Unlock()
	}
	return time.Now()
}

// finish notes the end of j's computation, begun at t0, with its error.
func (p *progressFile) finish(j Job, t0 time.Time, err error) {
	if p.path == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended++
	p.computed++
	status := fmt.Sprintf("done in %s", round(time.Since(t0)))
	if err != nil {
		p.failed++
		status = "FAILED: " + err.Error()
	}
	el := time.Since(p.start)
	left := time.Duration(float64(el) / float64(p.ended) * float64(p.total-p.ended))
	p.line(fmt.Sprintf("%s [%d/%d] %s %s · elapsed %s · about %s left", p.label, p.ended, p.total, j.Name(), status, round(el), round(left)))
}

// cached counts a job read from the store.
func (p *progressFile) cached() {
	p.mu.Lock()
	p.ended++
	p.read++
	p.mu.Unlock()
}

// end writes the summary.
func (p *progressFile) end() {
	if p.path == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.line(fmt.Sprintf("%s: %d of %d jobs ended in %s: %d computed (%d failed), %d read from the store",
		p.label, p.ended, p.total, round(time.Since(p.start)), p.computed, p.failed, p.read))
}

func round(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
