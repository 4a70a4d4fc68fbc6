// Command kernelab runs the papers' experiments as cached, resumable,
// shardable jobs (package repro/jobs).
//
//	kernelab run <paper>[/<table>] [--shard i/N] [--workers k] [--mode quick|full|paper] [--results DIR] [--recompute]
//	kernelab status [<paper>[/<table>]] [--mode quick|full|paper] [--results DIR]
//	kernelab merge --results DIR SHARD_DIR...
//	kernelab list [<paper>[/<table>]] [--mode quick|full|paper]
//
// Results go to $KERNELAB_RESULTS, else results/ at the repository root;
// KERNELAB_CACHE=off recomputes every job.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	_ "github.com/kernelab/kernelab/repro/afkanpour2013"
	_ "github.com/kernelab/kernelab/repro/argyriou2006"
	_ "github.com/kernelab/kernelab/repro/bench"
	_ "github.com/kernelab/kernelab/repro/colbert2020"
	_ "github.com/kernelab/kernelab/repro/cortes2009"
	_ "github.com/kernelab/kernelab/repro/donini2017"
	"github.com/kernelab/kernelab/repro/jobs"
	_ "github.com/kernelab/kernelab/repro/jobs/demo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "kernelab:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  kernelab run <paper>[/<table>] [--shard i/N] [--workers k] [--mode quick|full|paper] [--results DIR] [--recompute]
  kernelab status [<paper>[/<table>]] [--mode quick|full|paper] [--results DIR]
  kernelab merge [--results DIR] SHARD_DIR...
  kernelab list [<paper>[/<table>]] [--mode quick|full|paper]`

var errUsage = errors.New(usage)

// run executes one command line (without the program name).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errUsage
	}
	cmd, args := args[0], args[1:]
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	shard := fs.String("shard", "0/1", "run shard i of N (i/N)")
	workers := fs.Int("workers", 0, "goroutines (0: all cores)")
	mode := fs.String("mode", "quick", "quick, full, or paper (the printed protocol, where a paper package scales full mode down)")
	results := fs.String("results", jobs.DefaultDir(), "results directory")
	recompute := fs.Bool("recompute", false, "ignore stored records (as KERNELAB_CACHE=off)")
	// Flags may follow positional arguments.
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	st := jobs.Store{Dir: *results}
	switch cmd {
	case "run":
		if len(pos) != 1 {
			return fmt.Errorf("run needs one <paper>[/<table>]\n%s", usage)
		}
		exp, js, err := selectJobs(pos[0], *mode)
		if err != nil {
			return err
		}
		i, n, err := jobs.ParseShard(*shard)
		if err != nil {
			return err
		}
		if js, err = jobs.Shard(js, i, n); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "kernelab: %s shard %d/%d: %d jobs into %s\n", pos[0], i, n, len(js), st.Dir)
		sum, err := jobs.Run(ctx, exp, js, jobs.Options{Store: st, Workers: *workers, Recompute: *recompute, Progress: stderr})
		fmt.Fprintf(stdout, "computed %d, cached %d, failed %d\n", sum.Computed, sum.Cached, sum.Failed)
		return err
	case "status", "list":
		var sel []string
		if len(pos) > 1 {
			return errUsage
		} else if len(pos) == 1 {
			sel = pos
		} else {
			sel = jobs.Papers()
		}
		for _, s := range sel {
			_, js, err := selectJobs(s, *mode)
			if err != nil {
				return err
			}
			if cmd == "list" {
				for _, j := range js {
					fmt.Fprintln(stdout, j.Name(), paramString(j))
				}
				continue
			}
			sts, err := jobs.TableStatus(st, js, "")
			if err != nil {
				return err
			}
			for _, t := range sts {
				fmt.Fprintf(stdout, "%s/%s\tdone %d\tpending %d\tfailed %d\tcomputed in %.1f s (%d of the done jobs timed)\n", t.Paper, t.Table, t.Done, t.Pending, t.Failed, t.Seconds, t.Timed)
			}
		}
		return nil
	case "merge":
		if len(pos) == 0 {
			return fmt.Errorf("merge needs shard directories\n%s", usage)
		}
		srcs := make([]jobs.Store, len(pos))
		for k, p := range pos {
			srcs[k] = jobs.Store{Dir: p}
		}
		n, err := st.Merge(srcs...)
		fmt.Fprintf(stdout, "merged %d records into %s\n", n, st.Dir)
		return err
	}
	return fmt.Errorf("unknown command %q\n%s", cmd, usage)
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
		return exp, nil, fmt.Errorf("%s: no jobs", sel)
	}
	return exp, js, nil
}

func paramString(j jobs.Job) string {
	b, err := j.Spec()
	if err != nil {
		return err.Error()
	}
	return string(b)
}
