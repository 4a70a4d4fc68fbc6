package papers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/papers"
)

// cheapKinds names, per paper, the tables of the report's own check kinds:
// their Run may sit in the report package, so every report edit
// recomputes them, which is the point. Each is cheap (its full-mode
// compute at most about two minutes); the reason gives its cost.
var cheapKinds = map[string]map[string]string{
	"cortes2009": {
		"Propositions": "checks of Section 2 and Propositions 1–4 on one 25-point problem, the same in every mode: 9 s (kernelab run cortes2009 -mode quick, 2026-11-29)",
	},
	"colbert2020": {
		"Checks": "numerical checks of Section 2.1, Proposition 3, Lemmas 4–5, Corollary 13, Theorems 6, 8, 10, 12, the tiles, Lemma 11 and SDP (24): RunChecks(false) 0.9 s (go test, 2026-11-29)",
	},
	"afkanpour2013": {
		"Checks": "checks of Eq. (3), Propositions 1–2, Lemma 3 and the Dirichlet kernel's PSD remark on 30 random points, the same in every mode: 7 s on the loaded machine (kernelab run afkanpour2013 -mode quick, 2026-11-29)",
	},
	"donini2017": {
		"Checks": "checks of Table 1, Theorems 1–4, Propositions 1–2, Eq. (12) and EasyMKL's max–min relaxation on Ionosphere and Heart: full mode 10 s on a loaded machine (go test, 2026-11-29)",
	},
}

// importsRunner lists the job sets whose kinds may still reach repro/jobs
// (the runner: Run, MemoAll, the store), so that a scheduling change
// recomputes them. A paper's protocol imports repro/jobs/spec, the
// contract, instead; a paper is taken off as its protocol switches, so the
// list ends with the demo alone.
var importsRunner = map[string]string{
	"demo": "registers itself with jobs.Register, in the package that computes it (a few seconds)",
}

// whole lists the job sets that have no report package to keep apart:
// their kinds are keyed by their one package.
var whole = map[string]string{
	"bench": "the benchmark decides no claim: one package computes its table and draws it",
}

// The records of a paper's kinds are keyed by the code of the package
// that defines each kind's Run (jobs.Experiment.CodePackage). That
// package, the paper's protocol, must reach only klearn, internal, data and
// repro/jobs/spec: never repro, viz, nb, the paper's report package or
// the runner repro/jobs (but for importsRunner), whose edits would then
// recompute the experiments. Only the report's cheap
// check kinds (cheapKinds) may sit in the report. A paper's Prepare runs
// before every job, so its package must be in the closure of every
// kind's Run, which the key covers.
func TestKindsKeyedByProtocol(t *testing.T) {
	root := repo.Root()
	const module = "github.com/kernelab/kernelab"
	for _, p := range papers.Names {
		t.Run(p, func(t *testing.T) {
			if why, ok := whole[p]; ok {
				t.Skip(why)
			}
			e, _ := jobs.Lookup(p)
			kinds, err := kindsOf(e)
			if err != nil {
				t.Fatal(err)
			}
			report := module + "/repro/" + p
			if p == "demo" {
				report = "" // the demo job set has no report
			}
			cheap := cheapKinds[p]
			_, runner := importsRunner[p]
			var bad []string
			usesRunner := false
			for _, k := range kinds {
				_, isCheap := cheap[k.Table]
				if isCheap && k.Run == report {
					continue
				}
				v, err := kindViolations(root, module, k, report, runner)
				if err != nil {
					t.Fatal(err)
				}
				bad = append(bad, v...)
				strict, err := kindViolations(root, module, k, report, false)
				if err != nil {
					t.Fatal(err)
				}
				usesRunner = usesRunner || len(strict) > len(v)
			}
			if runner && !usesRunner {
				t.Errorf("%s reaches no runner: take it off importsRunner", p)
			}
			for table := range cheap {
				if !slices.ContainsFunc(kinds, func(k jobs.KindCode) bool { return k.Table == table }) {
					t.Errorf("cheapKinds names %q, a table of no kind of %s", table, p)
				}
			}
			for _, b := range bad {
				t.Error(b)
			}
		})
	}
}

// kindsOf returns e's kinds, or for a job set registered by jobs.Register
// (no kinds) one per table of its quick jobs, keyed by the package of its
// Run.
func kindsOf(e jobs.Experiment) ([]jobs.KindCode, error) {
	if ks := e.Kinds(); len(ks) > 0 {
		return ks, nil
	}
	js, err := e.Build("quick")
	if err != nil {
		return nil, err
	}
	var out []jobs.KindCode
	for _, j := range js {
		k := jobs.KindCode{Table: j.Table, Run: e.CodePackage(j)}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out, nil
}

// kindViolations lists what is wrong with the code of kind k of a paper
// whose report package is report ("" for none), in the module under root
// (module is its path): the package of k.Run must be of the module, and
// its closure must hold only that package (and those under it), klearn,
// internal, data and repro/jobs/spec (and repro/jobs if runner); the
// package of k.Prepare, if any, must be in that closure.
func kindViolations(root, module string, k jobs.KindCode, report string, runner bool) ([]string, error) {
	name := fmt.Sprintf("kind %q (Run in %s)", k.Table+slashIf(k.Method), k.Run)
	if k.Run != module && !strings.HasPrefix(k.Run, module+"/") {
		return []string{name + ": Run is not defined in a package of the module, so its records are keyed by the whole module"}, nil
	}
	if _, err := os.Stat(filepath.Join(root, strings.TrimPrefix(k.Run, module+"/"))); err != nil {
		return []string{name + ": Run's package has no directory of its own"}, nil
	}
	deps, err := jobs.Closure(root, k.Run)
	if err != nil {
		return nil, err
	}
	allowed := func(pkg string) bool {
		if pkg == k.Run || strings.HasPrefix(pkg, k.Run+"/") || pkg == module+"/repro/jobs/spec" || (runner && pkg == module+"/repro/jobs") {
			return true
		}
		for _, dir := range []string{"klearn", "internal", "data"} {
			if pkg == module+"/"+dir || strings.HasPrefix(pkg, module+"/"+dir+"/") {
				return true
			}
		}
		return false
	}
	var out []string
	for _, d := range deps {
		switch {
		case d == report:
			out = append(out, name+": its closure holds the report package "+d)
		case !allowed(d):
			out = append(out, name+": its closure holds "+d)
		}
	}
	if k.Prepare != "" && !slices.Contains(deps, k.Prepare) {
		out = append(out, name+": Prepare is defined in "+k.Prepare+", outside the closure that keys the kind")
	}
	return out, nil
}

func slashIf(method string) string {
	if method == "" {
		return ""
	}
	return "/" + method
}

// kindViolations accepts a protocol package that reaches klearn, internal,
// data and repro/jobs/spec only, and names every other package of a
// closure: the report, repro, viz, nb, the runner repro/jobs unless
// allowed, and a Prepare outside the closure.
func TestKindViolations(t *testing.T) {
	root := t.TempDir()
	const mod = "example.com/m"
	for rel, src := range map[string]string{
		"go.mod":                    "module example.com/m\n",
		"klearn/k.go":               "package klearn\n",
		"klearn/svm/s.go":           "package svm\n\nimport _ \"example.com/m/internal/linalg\"\n",
		"internal/linalg/l.go":      "package linalg\n",
		"data/d.go":                 "package data\n",
		"repro/jobs/j.go":           "package jobs\n\nimport _ \"example.com/m/repro/jobs/spec\"\n",
		"repro/jobs/spec/s.go":      "package spec\n\nimport _ \"example.com/m/klearn\"\n",
		"repro/r.go":                "package repro\n",
		"viz/v.go":                  "package viz\n\nimport _ \"example.com/m/repro\"\n",
		"repro/p/p.go":              "package p\n\nimport (\n\t_ \"example.com/m/repro/p/protocol\"\n\t_ \"example.com/m/viz\"\n)\n",
		"repro/p/protocol/pr.go":    "package protocol\n\nimport (\n\t_ \"example.com/m/klearn/svm\"\n\t_ \"example.com/m/data\"\n\t_ \"example.com/m/repro/jobs/spec\"\n\t_ \"example.com/m/repro/p/protocol/sub\"\n)\n",
		"repro/p/protocol/sub/s.go": "package sub\n\nimport _ \"example.com/m/klearn\"\n",
		"repro/q/protocol/q.go":     "package protocol\n\nimport _ \"example.com/m/viz\"\n",
		"repro/r/protocol/r.go":     "package protocol\n\nimport _ \"example.com/m/repro/r\"\n",
		"repro/r/r.go":              "package r\n",
		"repro/s/protocol/s.go":     "package protocol\n\nimport _ \"example.com/m/repro/jobs\"\n",
	} {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		k      jobs.KindCode
		report string
		runner bool     // repro/jobs allowed
		want   []string // a substring of each violation, in order
	}{
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/p/protocol", Prepare: mod + "/repro/p/protocol"}, mod + "/repro/p", false, nil},
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/p/protocol", Prepare: mod + "/repro/p"}, mod + "/repro/p", false,
			[]string{"Prepare is defined in example.com/m/repro/p,"}},
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/p"}, mod + "/repro/p", false,
			[]string{"report package example.com/m/repro/p", "holds example.com/m/viz", "holds example.com/m/repro"}},
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/q/protocol"}, mod + "/repro/q", false,
			[]string{"holds example.com/m/viz", "holds example.com/m/repro"}},
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/r/protocol"}, mod + "/repro/r", false,
			[]string{"report package example.com/m/repro/r"}},
		// The runner: a violation unless allowed.
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/s/protocol"}, mod + "/repro/s", false, []string{"holds example.com/m/repro/jobs"}},
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/s/protocol"}, mod + "/repro/s", true, nil},
		{jobs.KindCode{Table: "fit", Run: "strings"}, mod + "/repro/p", false, []string{"not defined in a package of the module"}},
		{jobs.KindCode{Table: "fit", Run: mod + "/repro/p_test"}, mod + "/repro/p", false, []string{"no directory"}},
	} {
		got, err := kindViolations(root, mod, c.k, c.report, c.runner)
		if err != nil {
			t.Fatal(err)
		}
		ok := len(got) == len(c.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.Contains(got[i], c.want[i])
		}
		if !ok {
			t.Errorf("%+v: violations\n%s\nwant ones with %q", c.k, strings.Join(got, "\n"), c.want)
		}
	}
}
