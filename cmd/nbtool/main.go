// Command nbtool is kernelab's pure-Go notebook harness, used by the Makefile.
//
//	nbtool lint FILE.ipynb...         lint committed notebooks (rules below)
//	nbtool check FILE.ipynb|FILE.html...
//	                                  check executed notebooks: no error output, every code
//	                                  cell executed, every `// expect:` output present, no
//	                                  network scripts; HTML reports: self-contained
//	nbtool clear FILE.ipynb...        clear outputs and execution counts, assign missing cell ids,
//	                                  upgrade to nbformat 4.5 (rewrites files that change)
//	nbtool fmt FILE.ipynb...          same as clear
//	nbtool fmt -check FILE.ipynb...   fail if clear would change a file
//	nbtool finalize -mathjax LIB.js FILE.html...
//	                                  make exported reports render offline anywhere: drop
//	                                  RequireJS, inline MathJax 3 (rewrites the files)
//	nbtool check-reports [-notebooks DIR] [-shots DIR] REPORT.html...
//	                                  open each exported report, copied to a fresh folder, in
//	                                  headless Chromium with no network and check what a reader
//	                                  sees: every figure passes viz's figure probe (legends off
//	                                  the data, data inside the plot areas, no overlapping texts,
//	                                  rasters stretched PNG), interactive charts drawn, math
//	                                  typeset, the verdict table first, the first experiment in
//	                                  the first quarter of the page, no progress bars, no hidden
//	                                  input shown, tables within the page width, no tables
//	                                  printed as text, no walls of checks
//	nbtool index -status FILE -notebooks DIR -out reports/index.html
//	                                  write the reports index from the runner's status file,
//	                                  with each report's verdict counts (read from the executed
//	                                  notebooks beside the status file) and the compute time of
//	                                  its experiments (the results store's records)
//	nbtool kernelenv KERNEL.json K=V...
//	                                  set environment entries of a Jupyter kernel spec
//	nbtool stamp inputs -notebook NB -mode M [-tool K=V]... [-skip DIR]... -o FILE
//	nbtool stamp write -notebook NB -mode M ... -before FILE -seconds N STAMP OUTPUT...
//	nbtool stamp check -notebook NB -mode M ... STAMP OUTPUT...
//	                                  let scripts/run-notebooks.sh reuse a passed run when
//	                                  nothing it depends on changed: `inputs` lists them
//	                                  (repository files but the other notebooks, data,
//	                                  inlined JavaScript, kernel, KERNELAB_*, GO*, go env,
//	                                  mode, tools) before a run; `write` stamps the passed
//	                                  run if they are unchanged after it; `check` exits 0
//	                                  when the stamp's inputs and outputs are as they were,
//	                                  else 1 saying what changed (see stamp.go)
//
// Lint rules: kernelspec gonb; nbformat 4, minor ≥ 5; every cell has a unique id;
// no committed outputs or execution counts; the first code cell begins with
// %noautoget; a seed is declared (const seed); no shell lines (!); no http(s) URLs
// in code; `// expect:` directives name known kinds (text, html, svg, png, markdown,
// any; kind*N for at least N outputs). See notebooks/README.md.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/kernelab/kernelab/cmd/nbtool/internal/notebook"
	"github.com/kernelab/kernelab/repro/jobs"
	_ "github.com/kernelab/kernelab/repro/papers" // the papers' jobs, for their compute time
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	args := os.Args[2:]
	switch os.Args[1] {
	case "lint":
		err = perFile(args, lintFile)
	case "check":
		err = perFile(args, checkFile)
	case "clear", "fmt":
		err = fmtCmd(args)
	case "finalize":
		err = finalizeCmd(args)
	case "check-reports":
		err = checkReportsCmd(args)
	case "index":
		err = indexCmd(args)
	case "kernelenv":
		err = kernelEnv(args)
	case "stamp":
		err = stampCmd(args)
	case "-h", "-help", "--help", "help":
		usage()
	default:
		fmt.Fprintf(os.Stderr, "nbtool: unknown command %q\n", os.Args[1])
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "nbtool:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: nbtool lint|check|check-reports|clear|fmt [-check]|finalize|index|kernelenv|stamp ... (see `go doc ./cmd/nbtool`)")
	os.Exit(2)
}

// perFile runs f on every file and fails if any file has problems.
func perFile(files []string, f func(string) ([]notebook.Problem, error)) error {
	if len(files) == 0 {
		return fmt.Errorf("no files given")
	}
	bad := 0
	for _, path := range files {
		ps, err := f(path)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
			bad++
			continue
		}
		for _, p := range ps {
			fmt.Fprintf(os.Stderr, "%s: %s\n", path, p)
		}
		if len(ps) > 0 {
			bad++
		} else {
			fmt.Printf("ok  %s\n", path)
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d files have problems", bad, len(files))
	}
	return nil
}

func lintFile(path string) ([]notebook.Problem, error) {
	nb, err := notebook.Read(path)
	if err != nil {
		return nil, err
	}
	ps := notebook.Lint(nb)
	name := filepath.Base(path)
	if !validName(name) {
		ps = append(ps, notebook.Problem{Cell: -1, Msg: "file name must be NN-shortname.ipynb (two digits, a dash, lower-case letters, digits or dashes)"})
	}
	return ps, nil
}

// validName reports whether name is NN-shortname.ipynb.
func validName(name string) bool {
	base, ok := strings.CutSuffix(name, ".ipynb")
	if !ok || len(base) < 4 || base[2] != '-' {
		return false
	}
	for i, r := range base {
		switch {
		case i < 2:
			if r < '0' || r > '9' {
				return false
			}
		case i == 2:
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
		default:
			return false
		}
	}
	return true
}

func checkFile(path string) ([]notebook.Problem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".html") {
		return notebook.CheckHTML(data), nil
	}
	nb, err := notebook.Parse(data)
	if err != nil {
		return nil, err
	}
	return notebook.Check(nb), nil
}

func fmtCmd(args []string) error {
	fs := flag.NewFlagSet("fmt", flag.ExitOnError)
	check := fs.Bool("check", false, "only report files that would change")
	fs.Parse(args)
	if fs.NArg() == 0 {
		return fmt.Errorf("no files given")
	}
	changed := 0
	for _, path := range fs.Args() {
		nb, err := notebook.Read(path)
		if err != nil {
			return err
		}
		orig, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if _, err := notebook.Clear(nb); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		out, err := nb.Marshal()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if bytes.Equal(out, orig) {
			continue
		}
		changed++
		if *check {
			fmt.Fprintf(os.Stderr, "%s: not formatted (run `go run ./cmd/nbtool fmt %s`)\n", path, path)
			continue
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return err
		}
		fmt.Printf("formatted %s\n", path)
	}
	if *check && changed > 0 {
		return fmt.Errorf("%d files not formatted", changed)
	}
	return nil
}

func indexCmd(args []string) error {
	fs := flag.NewFlagSet("index", flag.ExitOnError)
	status := fs.String("status", "", "tab-separated status file written by scripts/run-notebooks.sh")
	nbDir := fs.String("notebooks", "notebooks", "folder of the source notebooks (for titles)")
	out := fs.String("out", "reports/index.html", "index file to write; reports are looked up beside it")
	fs.Parse(args)
	if *status == "" {
		return fmt.Errorf("index: -status is required")
	}
	f, err := os.Open(*status)
	if err != nil {
		return err
	}
	runs, err := notebook.ReadStatus(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", *status, err)
	}
	dir := filepath.Dir(*out)
	for i := range runs {
		if nb, err := notebook.Read(filepath.Join(*nbDir, runs[i].Name+".ipynb")); err == nil {
			runs[i].Title = nb.Title()
		}
		if _, err := os.Stat(filepath.Join(dir, runs[i].Name+".html")); err == nil {
			runs[i].Report = runs[i].Name + ".html"
		}
		if nb, err := notebook.Read(filepath.Join(filepath.Dir(*status), runs[i].Name+".ipynb")); err == nil {
			runs[i].Verdict, runs[i].HasVerdict = nb.Verdict()
		}
		if err := computeTime(&runs[i]); err != nil {
			return fmt.Errorf("index: %s: %w", runs[i].Name, err)
		}
	}
	// The rows of notebooks this run did not execute stay, from the runs
	// the index recorded beside itself, while their reports are there.
	record := strings.TrimSuffix(*out, filepath.Ext(*out)) + ".json"
	var earlier []notebook.Run
	if b, err := os.ReadFile(record); err == nil {
		if err := json.Unmarshal(b, &earlier); err != nil {
			fmt.Fprintf(os.Stderr, "index: %s unreadable, earlier rows dropped: %v\n", record, err)
			earlier = nil
		}
	}
	runs = notebook.MergeRuns(runs, earlier, func(r notebook.Run) bool {
		_, err := os.Stat(filepath.Join(dir, r.Name+".html"))
		return err == nil
	})
	var buf bytes.Buffer
	info := notebook.IndexInfo{Generated: time.Now(), GoVersion: runtime.Version(), Runs: runs}
	if err := notebook.WriteIndex(&buf, info); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	rec, err := json.MarshalIndent(runs, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(record, rec, 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d notebooks, %d failed)\n", *out, len(runs), info.Failed())
	return nil
}

// computeTime sets the job counts and compute time of a notebook's
// experiments from the results store (jobs.DefaultDir): the paper is the
// notebook's name without its number ("03-argyriou2006" → argyriou2006);
// a notebook without registered experiments keeps zeros.
func computeTime(r *notebook.Run) error {
	_, paper, ok := strings.Cut(r.Name, "-")
	if !ok {
		return nil
	}
	exp, ok := jobs.Lookup(paper)
	if !ok {
		return nil
	}
	js, err := exp.Build(r.Mode)
	if err != nil {
		return err
	}
	sts, err := jobs.TableStatus(jobs.Store{Dir: jobs.DefaultDir()}, js, "")
	if err != nil {
		return err
	}
	r.Jobs = len(js)
	for _, st := range sts {
		r.Done += st.Done
		r.Timed += st.Timed
		r.Compute += st.Seconds
	}
	return nil
}

func finalizeCmd(args []string) error {
	fs := flag.NewFlagSet("finalize", flag.ExitOnError)
	lib := fs.String("mathjax", "build/mathjax/tex-svg-full.js", "MathJax 3 es5/tex-svg-full.js to inline (scripts/fetch-js.sh)")
	fs.Parse(args)
	js, err := os.ReadFile(*lib)
	if err != nil {
		return fmt.Errorf("finalize: %w (run scripts/fetch-js.sh)", err)
	}
	for _, f := range fs.Args() {
		if err := rewrite(f, func(page []byte) ([]byte, error) { return notebook.FinalizeHTML(page, js) }); err != nil {
			return err
		}
	}
	return nil
}

// rewrite replaces the file at path by edit of its contents; an error of
// edit is reported with the path.
func rewrite(path string, edit func([]byte) ([]byte, error)) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := edit(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, out, 0o644)
}

func kernelEnv(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("kernelenv: usage: nbtool kernelenv KERNEL.json KEY=VALUE...")
	}
	path := args[0]
	env := map[string]string{}
	for _, kv := range args[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return fmt.Errorf("kernelenv: %q is not KEY=VALUE", kv)
		}
		env[k] = v
	}
	return rewrite(path, func(data []byte) ([]byte, error) { return notebook.SetKernelEnv(data, env) })
}
