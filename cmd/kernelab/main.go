// Command kernelab runs the papers' experiments as cached, resumable,
// shardable jobs (package repro/jobs).
//
//	kernelab run <paper>[/<table>]... | all [--shard i/N] [--workers k] [--mode full|quick|paper] [--results DIR] [--recompute] [--allow-stale-binary]
//	kernelab status [<paper>[/<table>]] [--mode full|quick|paper] [--results DIR] [--workers k] [--json]
//	kernelab list [<paper>[/<table>]] [--mode full|quick|paper] [--results DIR] [--json]
//	kernelab merge [--results DIR] SHARD_DIR...
//	kernelab help [<command>]
//
// The mode is full unless --mode says otherwise, as in the notebooks and
// make reports. run computes the jobs of every selection (all: the papers
// and the benchmark) in one pool, longest expected first, and sets a soft
// memory limit of 3/4 of the physical memory unless GOMEMLIMIT is set. Results go to $KERNELAB_RESULTS, else results/ at the
// repository root; KERNELAB_CACHE=off recomputes every job. run refuses
// to compute anything when the binary was built from other source than the
// one under the root (source.go: it would store the old code's results
// under the new code's keys). A bad argument exits with status 2, a failed
// command with status 1.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/demo"
	"github.com/kernelab/kernelab/repro/papers" // registers every paper's jobs
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := exitCode(run(ctx, os.Args[1:], os.Stdout, os.Stderr), os.Stderr)
	stop()
	os.Exit(code)
}

// command is one subcommand: its synopsis, what it does, and its flags.
type command struct {
	synopsis, doc string
	flags         []string
}

var commands = map[string]command{
	"run": {"run <paper>[/<table>]... | all [flags]",
		"Computes the jobs of papers (or of tables of them; all: the five papers and the benchmark, every job set a notebook renders) not yet in the results store, in one pool of --workers goroutines: those of unknown time first, then the longest expected (the status estimate), and those a paper marks to run alone last, one at a time. A shard is cut first, by job ID alone, then ordered. Prints progress and an ETA on stderr. Sets a soft memory limit of 3/4 of the physical memory unless GOMEMLIMIT is set. Refuses to run, naming the first differing file, when this binary was not built from the source under the root ($KERNELAB_ROOT): a record is keyed by the source on disk, so a stale binary would store wrong records under the new keys; rebuild it (go build ./cmd/kernelab). Warns when the binary's GOAMD64 level differs from the one make builds at on this machine (v3 where the CPU has its features): a record's key holds the build level, so make reports would not read that run's records.",
		[]string{"shard", "workers", "mode", "results", "recompute", "allow-stale-binary"}},
	"status": {"status [<paper>[/<table>]] [flags]",
		"Shows where the compute time goes, per paper, table and method: jobs done and missing under the current code, the time spent and left, and the wall time on --workers cores.",
		[]string{"mode", "results", "workers", "json"}},
	"list": {"list [<paper>[/<table>]] [flags]",
		"Prints each experiment (table) with its number of jobs, an estimated cost (the mean compute time of its jobs timed in the store, by this code or an earlier one, times its jobs) and the packages whose code keys its records.",
		[]string{"mode", "results", "json"}},
	"merge": {"merge [--results DIR] SHARD_DIR...",
		"Copies the records of shard stores into the results store after checking every one; a bad shard merges nothing.",
		[]string{"results"}},
	"help": {"help [<command>]", "Prints this help, or that of one command.", nil},
}

var order = []string{"run", "status", "list", "merge", "help"}

const intro = `kernelab runs the papers' experiments as cached, resumable, shardable jobs.

usage:
`

// usage writes the synopsis of every command.
func usage(w io.Writer) {
	fmt.Fprint(w, intro)
	for _, name := range order {
		fmt.Fprintf(w, "  kernelab %s\n", commands[name].synopsis)
	}
	fmt.Fprint(w, "\nkernelab help <command> describes one command and its flags. The mode is full unless --mode says otherwise.\n")
}

// usageError is a bad command line: main prints it with the usage of cmd
// ("" for the general usage) and exits with status 2.
type usageError struct{ cmd, msg string }

func (e *usageError) Error() string { return e.msg }

func badUsage(cmd, format string, args ...any) error {
	return &usageError{cmd, fmt.Sprintf(format, args...)}
}

// exitCode prints err and returns the exit status: 0 for nil, 2 with the
// usage for a bad command line, 1 otherwise.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "kernelab:", err)
	var ue *usageError
	if !errors.As(err, &ue) {
		return 1
	}
	fmt.Fprintln(stderr)
	if ue.cmd == "" {
		usage(stderr)
	} else {
		help(stderr, ue.cmd)
	}
	return 2
}

// options holds every flag; each command registers the ones it takes.
type options struct {
	shard, mode, results string
	workers              int
	recompute, json      bool
	allowStale           bool
}

func flagSet(cmd string, o *options) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, f := range commands[cmd].flags {
		switch f {
		case "shard":
			fs.StringVar(&o.shard, f, "0/1", "run shard i of N (i/N)")
		case "workers":
			fs.IntVar(&o.workers, f, 0, "goroutines (0: all cores)")
		case "mode":
			fs.StringVar(&o.mode, f, "full", "full, quick (the CI run) or paper (the printed protocol, where full mode scales it down)")
		case "results":
			fs.StringVar(&o.results, f, jobs.DefaultDir(), "results directory")
		case "recompute":
			fs.BoolVar(&o.recompute, f, false, "ignore stored records (as KERNELAB_CACHE=off)")
		case "json":
			fs.BoolVar(&o.json, f, false, "print JSON (for scripts) instead of a table")
		case "allow-stale-binary":
			fs.BoolVar(&o.allowStale, f, false, "experts only: run even though this binary was not built from the source under the root, with a warning (its records are keyed by the source on disk but computed by the binary's code)")
		}
	}
	return fs
}

// help writes the usage of one command with its flags.
func help(w io.Writer, cmd string) {
	c := commands[cmd]
	fmt.Fprintf(w, "usage: kernelab %s\n\n%s\n", c.synopsis, c.doc)
	if len(c.flags) > 0 {
		fs := flagSet(cmd, &options{})
		fs.SetOutput(w)
		fmt.Fprintln(w, "\nflags:")
		fs.PrintDefaults()
	}
}

// run executes one command line (without the program name).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return badUsage("", "no command")
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "-h", "-help", "--help":
		usage(stdout)
		return nil
	case "help":
		if len(args) == 0 {
			usage(stdout)
			return nil
		}
		if _, ok := commands[args[0]]; !ok || len(args) > 1 {
			return badUsage("", "help: unknown command %q", strings.Join(args, " "))
		}
		help(stdout, args[0])
		return nil
	}
	if _, ok := commands[cmd]; !ok {
		return badUsage("", "unknown command %q", cmd)
	}
	var o options
	fs := flagSet(cmd, &o)
	// Flags may follow positional arguments.
	var pos []string
	for {
		if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
			help(stdout, cmd)
			return nil
		} else if err != nil {
			return badUsage(cmd, "%s: %v", cmd, err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch o.mode {
	case "", "quick", "full", "paper":
	default:
		return badUsage(cmd, "%s: mode %q: want full, quick or paper", cmd, o.mode)
	}
	if o.workers < 0 {
		return badUsage(cmd, "%s: --workers %d: want 0 (all cores) or more", cmd, o.workers)
	}
	st := jobs.Store{Dir: o.results}
	if cmd != "merge" && st.Dir == "" {
		return badUsage(cmd, "%s: --results is empty", cmd)
	}
	switch cmd {
	case "run":
		if len(pos) == 0 {
			return badUsage(cmd, "run needs <paper>[/<table>]... or all")
		}
		i, n, err := jobs.ParseShard(o.shard)
		if err != nil {
			return badUsage(cmd, "%v", err)
		}
		exps, js, err := selectAll(pos, o.mode)
		if err != nil {
			return err
		}
		if js, err = jobs.Shard(js, i, n); err != nil {
			return err
		}
		if js, err = runOrder(st, js); err != nil {
			return err
		}
		// After runOrder, which read every job's key: the code digests
		// RunAll keys the records with are those, kept for the process,
		// of the source that checkSource finds equal to the binary's.
		if err := checkSource(binarySource, repo.Root(), o.allowStale, os.Getenv("KERNELAB_SUBMITTED"), stderr); err != nil {
			return err
		}
		meminfo, _ := os.ReadFile("/proc/meminfo")
		limit, note := memoryLimit(os.Getenv("GOMEMLIMIT"), meminfo)
		if limit > 0 {
			debug.SetMemoryLimit(limit)
		}
		fmt.Fprintln(stderr, note)
		if runtime.GOARCH == "amd64" {
			cpuinfo, _ := os.ReadFile("/proc/cpuinfo")
			env, set := os.LookupEnv("GOAMD64")
			if w := levelNote(builtLevel(), env, set, cpuinfo); w != "" {
				fmt.Fprintln(stderr, w)
			}
		}
		fmt.Fprintf(stderr, "kernelab: %s shard %d/%d: %d jobs into %s\n", strings.Join(pos, " "), i, n, len(js), st.Dir)
		sum, err := jobs.RunAll(ctx, exps, js, jobs.Options{Store: st, Workers: o.workers, Recompute: o.recompute, Progress: stderr})
		fmt.Fprintf(stdout, "computed %d, cached %d, failed %d\n", sum.Computed, sum.Cached, sum.Failed)
		return err
	case "status", "list":
		if len(pos) > 1 {
			return badUsage(cmd, "%s takes at most one <paper>[/<table>], got %d", cmd, len(pos))
		}
		sel := pos
		if len(pos) == 0 {
			sel = jobs.Papers()
		}
		if cmd == "status" {
			return status(stdout, st, sel, o.mode, o.workers, o.json)
		}
		var all []jobs.Status
		specs := map[string][]jobs.Job{}
		for _, s := range sel {
			_, js, err := selectJobs(s, o.mode)
			if err != nil {
				return err
			}
			sts, err := jobs.TableStatus(st, js, "")
			if err != nil {
				return err
			}
			all = append(all, sts...)
			for _, j := range js {
				specs[j.Paper+"/"+j.Table] = append(specs[j.Paper+"/"+j.Table], j)
			}
		}
		return list(stdout, st, all, specs, o.json)
	case "merge":
		if len(pos) == 0 {
			return badUsage(cmd, "merge needs shard directories")
		}
		if st.Dir == "" {
			return badUsage(cmd, "merge: --results is empty")
		}
		srcs := make([]jobs.Store, len(pos))
		for k, p := range pos {
			srcs[k] = jobs.Store{Dir: p}
		}
		n, err := st.Merge(srcs...)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "merged %d records into %s\n", n, st.Dir)
		return nil
	}
	return badUsage("", "unknown command %q", cmd)
}

// entry is one row of list: an experiment (a paper's table or figure).
type entry struct {
	Paper      string `json:"paper"`
	Experiment string `json:"experiment"`
	Jobs       int    `json:"jobs"`
	Done       int    `json:"done"`
	// EstimatedSeconds is the mean compute time (jobs.Record.Time: CPU
	// time, else wall time) of the experiment's jobs that have a timed
	// record in the store, under this code or an earlier one, times the
	// number of jobs; absent when none has. Timed counts those jobs.
	EstimatedSeconds *float64 `json:"estimated_seconds,omitempty"`
	Timed            int      `json:"timed"`
	// Code lists the packages whose code digests key the experiment's
	// records (jobs.Experiment.CodePackage), relative to the module: an
	// edit outside their import closure keeps the records.
	Code []string `json:"code"`
	// Specs are the experiment's jobs (paper, table, method, data set,
	// split and hyper-parameters).
	Specs []jobs.Job `json:"specs"`
}

// list prints the experiments as a table, or as JSON.
func list(w io.Writer, st jobs.Store, sts []jobs.Status, specs map[string][]jobs.Job, asJSON bool) error {
	rows := make([]entry, len(sts))
	times := map[string]map[string]float64{} // paper → job ID → seconds
	for k, t := range sts {
		js := specs[t.Paper+"/"+t.Table]
		rows[k] = entry{Paper: t.Paper, Experiment: t.Table, Jobs: len(js), Done: t.Done, Specs: js, Code: codePackages(js)}
		if _, ok := times[t.Paper]; !ok {
			var err error
			if times[t.Paper], err = pastSeconds(st, t.Paper); err != nil {
				return err
			}
		}
		sum := 0.0
		for _, j := range js {
			id, err := storedID(j) // as pastSeconds reads it back from a record
			if err != nil {
				return err
			}
			if sec, ok := times[t.Paper][id]; ok {
				sum += sec
				rows[k].Timed++
			}
		}
		if rows[k].Timed > 0 {
			est := sum / float64(rows[k].Timed) * float64(len(js))
			rows[k].EstimatedSeconds = &est
		}
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PAPER\tEXPERIMENT\tJOBS\tDONE\tEST. COST\tCODE")
	for _, r := range rows {
		cost := "unknown (no timed record)"
		if r.EstimatedSeconds != nil {
			cost = fmt.Sprintf("%s (from %d timed)", time.Duration(*r.EstimatedSeconds*float64(time.Second)).Round(time.Second), r.Timed)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", r.Paper, r.Experiment, r.Jobs, r.Done, cost, strings.Join(r.Code, ", "))
	}
	return tw.Flush()
}

// modulePrefix is the module's path and a slash, read from the package
// path of repro/jobs (that of jobs.Store, a type it defines).
var modulePrefix = strings.TrimSuffix(reflect.TypeFor[jobs.Store]().PkgPath(), "repro/jobs")

// codePackages lists, in job order, the distinct packages whose code
// digests key the records of js (jobs of one paper), relative to the
// module ("module" when one is keyed by the whole module).
func codePackages(js []jobs.Job) []string {
	var out []string
	if len(js) == 0 {
		return out
	}
	exp, ok := jobs.Lookup(js[0].Paper)
	for _, j := range js {
		pkg := "module"
		if ok {
			pkg = exp.CodePackage(j)
		}
		if rel, in := strings.CutPrefix(pkg, modulePrefix); in {
			pkg = rel
		}
		if !slices.Contains(out, pkg) {
			out = append(out, pkg)
		}
	}
	return out
}

// pastSeconds returns the compute time of every timed record of paper in
// the store (jobs.Record.Time: CPU time, else wall time), by job ID,
// whatever code computed it (the last file read wins).
func pastSeconds(st jobs.Store, paper string) (map[string]float64, error) {
	out := map[string]float64{}
	files, err := st.Files()
	if err != nil {
		return nil, err
	}
	for _, rel := range files {
		if !strings.HasPrefix(rel, paper+"/") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(st.Dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		var rec jobs.Record
		if err := json.Unmarshal(b, &rec); err != nil {
			return nil, fmt.Errorf("%s: %w", rel, err)
		}
		if rec.Time() <= 0 {
			continue
		}
		id, err := rec.Job.ID()
		if err != nil {
			return nil, err
		}
		out[id] = rec.Time()
	}
	return out, nil
}

// selectAll resolves the selections of run, each "<paper>[/<table>]" or
// "all" (every job set a notebook renders: the papers and the benchmark,
// papers.Names without the demo), to their experiments and jobs, each job
// once, in the order of the selections.
func selectAll(sels []string, mode string) ([]jobs.Experiment, []jobs.Job, error) {
	var expanded []string
	for _, s := range sels {
		if s == "all" {
			expanded = append(expanded, slices.DeleteFunc(slices.Clone(papers.Names), func(p string) bool { return p == demo.Paper })...)
		} else {
			expanded = append(expanded, s)
		}
	}
	var exps []jobs.Experiment
	var out []jobs.Job
	seen := map[string]bool{}
	for _, s := range expanded {
		exp, js, err := selectJobs(s, mode)
		if err != nil {
			return nil, nil, err
		}
		if !slices.ContainsFunc(exps, func(e jobs.Experiment) bool { return e.Paper == exp.Paper }) {
			exps = append(exps, exp)
		}
		for _, j := range js {
			id, err := j.ID()
			if err != nil {
				return nil, nil, err
			}
			if !seen[id] {
				seen[id] = true
				out = append(out, j)
			}
		}
	}
	return exps, out, nil
}

// runOrder returns js in the order run starts them (jobs.Order): each
// job's expected time is the one status gives it (jobTimes: its own stored
// time, else its method's mean), known or not.
func runOrder(st jobs.Store, js []jobs.Job) ([]jobs.Job, error) {
	sec := make([]float64, len(js))
	known := make([]bool, len(js))
	for _, idx := range groups(js, func(j jobs.Job) string { return j.Paper }) {
		pj := pick(js, idx)
		past, err := pastSeconds(st, pj[0].Paper)
		if err != nil {
			return nil, err
		}
		times, err := jobTimes(st, pj, past)
		if err != nil {
			return nil, err
		}
		for k, i := range idx {
			sec[i], known[i] = times[k].sec, !times[k].unknown
		}
	}
	return pick(js, jobs.Order(sec, known)), nil
}

// memoryLimit returns the soft memory limit of run (debug.SetMemoryLimit)
// and the line it prints: 3/4 of the physical memory, MemTotal of meminfo
// (the text of /proc/meminfo), so the heap of a large job is collected
// before it doubles past the memory. It is 0 when gomemlimit (the
// variable GOMEMLIMIT, which the Go runtime applies itself) is set, or
// when meminfo holds no total.
func memoryLimit(gomemlimit string, meminfo []byte) (int64, string) {
	if gomemlimit != "" {
		return 0, "kernelab: soft memory limit GOMEMLIMIT=" + gomemlimit
	}
	for _, line := range strings.Split(string(meminfo), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != "MemTotal:" || f[2] != "kB" {
			continue
		}
		kb, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || kb <= 0 || kb > math.MaxInt64/1024 {
			break
		}
		total := kb * 1024
		limit := total / 4 * 3
		return limit, fmt.Sprintf("kernelab: soft memory limit %.1f GiB, 3/4 of the %.1f GiB of memory (GOMEMLIMIT overrides)",
			float64(limit)/(1<<30), float64(total)/(1<<30))
	}
	return 0, "kernelab: no soft memory limit (the physical memory is unknown; GOMEMLIMIT sets one)"
}

// selectJobs resolves "<paper>[/<table>]" to its experiment and jobs.
func selectJobs(sel, mode string) (jobs.Experiment, []jobs.Job, error) {
	paper, table, _ := strings.Cut(sel, "/")
	exp, ok := jobs.Lookup(paper)
	if !ok {
		return exp, nil, fmt.Errorf("unknown paper %q (registered: %s)", paper, strings.Join(jobs.Papers(), ", "))
	}
	js, err := exp.Build(mode)
	if err != nil {
		return exp, nil, err
	}
	js = jobs.FilterTable(js, table)
	if len(js) == 0 {
		return exp, nil, fmt.Errorf("%s: no jobs in %s mode", sel, mode)
	}
	return exp, js, nil
}
