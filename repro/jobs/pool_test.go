package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro/jobs"
)

func TestOrder(t *testing.T) {
	for name, tc := range map[string]struct {
		sec   []float64
		known []bool
		want  []int
	}{
		"empty":           {nil, nil, []int{}},
		"longest first":   {[]float64{1, 3, 2}, []bool{true, true, true}, []int{1, 2, 0}},
		"unknown first":   {[]float64{5, 0, 9, 0}, []bool{true, false, true, false}, []int{1, 3, 2, 0}},
		"ties keep order": {[]float64{2, 2, 7, 2}, []bool{true, true, true, true}, []int{2, 0, 1, 3}},
		"all unknown":     {[]float64{0, 0, 0}, []bool{false, false, false}, []int{0, 1, 2}},
	} {
		t.Run(name, func(t *testing.T) {
			if got := jobs.Order(tc.sec, tc.known); !slices.Equal(got, tc.want) {
				t.Errorf("Order(%v, %v) = %v, want %v", tc.sec, tc.known, got, tc.want)
			}
		})
	}
}

// pool is a set of papers whose jobs count their runs and the jobs running
// beside them.
type pool struct {
	mu       sync.Mutex
	runs     map[string]int // job ID → runs
	running  int
	aloneRan bool // a job marked alone has started
	bad      []string
}

func (p *pool) experiment(paper string, alone func(jobs.Job) bool) jobs.Experiment {
	return jobs.Experiment{Paper: paper, Alone: alone, Run: func(_ context.Context, j jobs.Job) (any, error) {
		id, err := j.ID()
		if err != nil {
			return nil, err
		}
		isAlone := alone != nil && alone(j)
		p.mu.Lock()
		p.runs[id]++
		p.running++
		switch {
		case isAlone && p.running != 1:
			p.bad = append(p.bad, fmt.Sprintf("%s ran beside %d other jobs", j.Name(), p.running-1))
		case !isAlone && p.aloneRan:
			p.bad = append(p.bad, fmt.Sprintf("%s started after a job marked alone", j.Name()))
		}
		p.aloneRan = p.aloneRan || isAlone
		p.mu.Unlock()
		time.Sleep(time.Millisecond)
		p.mu.Lock()
		p.running--
		p.mu.Unlock()
		return map[string]string{"job": j.Name()}, nil
	}}
}

// poolJobs returns n jobs of each paper.
func poolJobs(n int, papers ...string) []jobs.Job {
	var js []jobs.Job
	for _, p := range papers {
		for i := range n {
			js = append(js, jobs.Job{Paper: p, Table: fmt.Sprintf("T%d", i%3), Method: "m", Data: "d", Split: i})
		}
	}
	return js
}

// TestRunAll: the jobs of several papers run in one pool, each exactly
// once, also when cut into shards; the jobs marked alone run after the
// others with none beside them; a second run reads every record back.
func TestRunAll(t *testing.T) {
	js := poolJobs(12, "pa", "pb", "pc")
	for _, n := range []int{1, 3} {
		p := &pool{runs: map[string]int{}}
		exps := []jobs.Experiment{
			p.experiment("pa", nil),
			p.experiment("pb", func(j jobs.Job) bool { return j.Table == "T1" }),
			p.experiment("pc", func(jobs.Job) bool { return true }),
		}
		for i := range n {
			sh, err := jobs.Shard(js, i, n)
			if err != nil {
				t.Fatal(err)
			}
			p.aloneRan = false
			st := jobs.Store{Dir: t.TempDir()}
			sum, err := jobs.RunAll(context.Background(), exps, sh, jobs.Options{Store: st, Code: "c", Workers: 3})
			if err != nil || sum.Computed != len(sh) {
				t.Fatalf("shard %d/%d: %+v, %v", i, n, sum, err)
			}
			again, err := jobs.RunAll(context.Background(), exps, sh, jobs.Options{Store: st, Code: "c", Workers: 3})
			if err != nil || again.Cached != len(sh) {
				t.Fatalf("shard %d/%d again: %+v, %v", i, n, again, err)
			}
		}
		if len(p.runs) != len(js) {
			t.Errorf("%d shards: %d distinct jobs ran, want %d", n, len(p.runs), len(js))
		}
		for id, c := range p.runs {
			if c != 1 {
				t.Errorf("%d shards: job %s ran %d times", n, id, c)
			}
		}
		for _, b := range p.bad {
			t.Errorf("%d shards: %s", n, b)
		}
	}
	st := jobs.Store{Dir: t.TempDir()}
	p := &pool{runs: map[string]int{}}
	if _, err := jobs.RunAll(context.Background(), []jobs.Experiment{p.experiment("pa", nil)}, js, jobs.Options{Store: st, Code: "c"}); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("a job of a paper not given: %v, want ErrParam", err)
	}
	two := []jobs.Experiment{p.experiment("pa", nil), p.experiment("pa", nil)}
	if _, err := jobs.RunAll(context.Background(), two, js[:1], jobs.Options{Store: st, Code: "c"}); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("a paper given twice: %v, want ErrParam", err)
	}
	if len(p.runs) != 0 {
		t.Errorf("refused runs ran %d jobs", len(p.runs))
	}
}

// spin does a fixed amount of arithmetic on each of g goroutines and
// waits for them: the CPU time it costs grows with g, its caller's own
// thread does none of the work.
func spin(g int) float64 {
	var wg sync.WaitGroup
	out := make([]float64, g)
	for k := range g {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 1.0
			for i := range 40_000_000 {
				x = x*1.0000001 + float64(i&7)*1e-9
			}
			out[k] = x
		}()
	}
	wg.Wait()
	return out[0]
}

// TestCPUSeconds: RunAll and MemoAll record each job's CPU time beside
// its wall time. A job that sleeps costs less CPU time than one that
// computes, and one whose work runs on two goroutines beside its own
// (which only waits) costs more than one that does half of it: the measure
// counts every thread of the job, not the one that called it.
func TestCPUSeconds(t *testing.T) {
	work := map[string]func() any{
		"sleep": func() any { time.Sleep(50 * time.Millisecond); return 0 },
		"one":   func() any { return spin(1) },
		"two":   func() any { return spin(2) },
	}
	runJob := func(_ context.Context, j jobs.Job) (any, error) { return work[j.Method](), nil }
	var js []jobs.Job
	for _, m := range []string{"sleep", "one", "two"} {
		js = append(js, jobs.Job{Paper: "cpu", Table: "T", Method: m})
	}
	for name, compute := range map[string]func(st jobs.Store) (string, error){
		"RunAll": func(st jobs.Store) (string, error) {
			_, err := jobs.Run(context.Background(), jobs.Experiment{Paper: "cpu", Run: runJob}, js, jobs.Options{Store: st, Code: "c", Workers: 1})
			return "c", err
		},
		"MemoAll": func(st jobs.Store) (string, error) {
			_, err := jobs.MemoAll(context.Background(), st, js, 1, runJob, nil)
			return "", err
		},
	} {
		t.Run(name, func(t *testing.T) {
			st := jobs.Store{Dir: t.TempDir()}
			code, err := compute(st)
			if err != nil {
				t.Fatal(err)
			}
			sts, err := jobs.TableStatus(st, js, code)
			if err != nil || sts[0].CPUTimed != 3 {
				t.Fatalf("TableStatus %+v, %v: want 3 jobs with a CPU time", sts, err)
			}
			cpu := map[string]float64{}
			sum := 0.0
			for _, j := range js {
				s, err := jobs.TableStatus(st, []jobs.Job{j}, code)
				if err != nil {
					t.Fatal(err)
				}
				if s[0].Seconds <= 0 || s[0].CPUSeconds <= 0 {
					t.Errorf("%s: wall %v s, CPU %v s: want both positive", j.Method, s[0].Seconds, s[0].CPUSeconds)
				}
				cpu[j.Method] = s[0].CPUSeconds
				sum += s[0].CPUSeconds
			}
			if !(cpu["sleep"] < cpu["one"] && cpu["one"] < cpu["two"]) {
				t.Errorf("CPU seconds %v: want sleep < one < two", cpu)
			}
			if sts[0].CPUSeconds != sum {
				t.Errorf("TableStatus sums %v s of CPU time, the jobs %v", sts[0].CPUSeconds, sum)
			}
		})
	}
	rec := jobs.Record{Seconds: 2, CPUSeconds: 3}
	if rec.Time() != 3 {
		t.Errorf("Time of %+v = %v, want the CPU time", rec, rec.Time())
	}
}

// TestOldRecords: a record written before CPUSeconds was kept still reads,
// with its wall time as its Time; a record whose CPU time is not a
// non-negative number is corrupt.
func TestOldRecords(t *testing.T) {
	st := jobs.Store{Dir: t.TempDir()}
	j := jobs.Job{Paper: "old", Table: "T", Method: "m"}
	k, err := jobs.Key(j, "c")
	if err != nil {
		t.Fatal(err)
	}
	write := func(extra string) {
		t.Helper()
		b := fmt.Sprintf(`{"key": %q, "job": {"paper": "old", "table": "T", "method": "m", "data": "", "split": 0}, "result": {"x": 1}, "seconds": 2.5%s}`, k, extra)
		if err := os.MkdirAll(filepath.Join(st.Dir, "old"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(st.Dir, "old", k+".json"), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("")
	rec, ok, err := st.Get("old", k)
	if err != nil || !ok || rec.Seconds != 2.5 || rec.CPUSeconds != 0 || rec.Time() != 2.5 {
		t.Fatalf("old record: %+v, %v, %v", rec, ok, err)
	}
	var v map[string]int
	if ok, err := jobs.Load(st, jobs.Job{Paper: "old"}, &v); err != nil || ok {
		t.Fatalf("Load of a missing job: %v, %v", ok, err)
	}
	for _, bad := range []string{`, "cpu_seconds": -1`, `, "cpu_seconds": "x"`} {
		write(bad)
		if _, _, err := st.Get("old", k); !errors.Is(err, jobs.ErrCorrupt) {
			t.Errorf("record with %s: %v, want ErrCorrupt", bad, err)
		}
	}
	a, _ := json.Marshal(jobs.Record{Key: k, Job: j, Result: json.RawMessage(`1`), Seconds: 1, CPUSeconds: 2})
	b, _ := json.Marshal(jobs.Record{Key: k, Job: j, Result: json.RawMessage(`1`), Seconds: 3})
	if !jobs.SameRecord(a, b) {
		t.Error("records differing only in their times are not the same record")
	}
}

func TestRunAlone(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("RunAlone of an unregistered paper did not panic")
		}
	}()
	jobs.RunAlone("no such paper", func(jobs.Job) bool { return true })
}
