package main

// Stamps let scripts/run-notebooks.sh reuse an executed notebook, its HTML
// report and its check results when nothing the run depends on has changed.
//
// A stamp is written only after a run that passed, and only when the inputs
// read after the run equal those read before it (an edit during the run
// leaves no stamp). Its inputs are deliberately broad, so that a stale
// report is impossible rather than unlikely:
//
//   - every file of the repository that git sees (tracked, or untracked and
//     not ignored: Go sources, go.mod, go.sum, the committed data sets, the
//     scripts that run and check the notebooks, nbtool itself, docs), except
//     the other notebooks; by path and SHA-256 of the contents;
//   - the downloaded data (data/cache or $KERNELAB_DATA, $KERNELAB_MNIST_DIR),
//     the inlined JavaScript (build/echarts or $KERNELAB_ECHARTS,
//     build/mathjax), the gonb kernel spec and the gonb and goimports
//     binaries under bin/, by contents;
//   - the run mode, every KERNELAB_* variable except KERNELAB_CACHE (which
//     bypasses stamps altogether), every GO* and CGO_* variable, `go env`
//     (the toolchain, GOAMD64, GOFLAGS, …), and the tool versions the runner
//     passes with -tool (Jupyter and its packages, Chromium).
//
// Reuse also needs every output the stamp records (executed notebook, check
// output, HTML report, report check) to be present with the recorded
// SHA-256 at the paths the runner asks for now.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/kernelab/kernelab/klearn/datasets"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kernelab/kernelab/internal/repo"
)

// stampVersion changes whenever the meaning of a stamp's inputs changes.
const stampVersion = 1

// stampFile is the JSON file kept beside an executed notebook (NAME.stamp).
type stampFile struct {
	Version  int               `json:"version"`
	Notebook string            `json:"notebook"`
	Executed time.Time         `json:"executed"`
	Seconds  int               `json:"seconds"`
	Inputs   map[string]string `json:"inputs"`
	Outputs  map[string]string `json:"outputs"`
}

// stampConfig says what a notebook run depends on.
type stampConfig struct {
	root     string            // repository root
	notebook string            // the source notebook
	mode     string            // quick, full or paper
	tools    map[string]string // name → version, from the runner
	skip     []string          // absolute folders whose files are outputs, not inputs
	environ  []string          // the environment (os.Environ())
	goEnv    func(dir string) (map[string]string, error)
}

// stampCmd is `nbtool stamp inputs|check|write ...`.
func stampCmd(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("stamp: usage: nbtool stamp inputs|check|write [flags] ...")
	}
	sub := args[0]
	fs := flag.NewFlagSet("stamp "+sub, flag.ExitOnError)
	root := fs.String("root", envOr("KERNELAB_ROOT", "."), "repository root")
	nbPath := fs.String("notebook", "", "the source notebook (required)")
	mode := fs.String("mode", "", "run mode: quick, full or paper (required)")
	tools := map[string]string{}
	fs.Func("tool", "NAME=VERSION of a tool the run depends on (repeatable)", func(s string) error {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return fmt.Errorf("%q is not NAME=VERSION", s)
		}
		tools[k] = v
		return nil
	})
	var skip []string
	fs.Func("skip", "a folder whose files are not inputs (the run's outputs; repeatable)", func(s string) error {
		abs, err := filepath.Abs(s)
		skip = append(skip, abs)
		return err
	})
	out := fs.String("o", "", "inputs: the file to write")
	before := fs.String("before", "", "write: the inputs file written before the run")
	seconds := fs.Int("seconds", 0, "write: the run time")
	fs.Parse(args[1:])
	if *nbPath == "" || *mode == "" {
		return fmt.Errorf("stamp %s: -notebook and -mode are required", sub)
	}
	cfg := stampConfig{root: *root, notebook: *nbPath, mode: *mode, tools: tools, skip: skip, environ: os.Environ(), goEnv: goEnvJSON}
	switch sub {
	case "inputs":
		if *out == "" || fs.NArg() != 0 {
			return fmt.Errorf("stamp inputs: usage: nbtool stamp inputs [flags] -o FILE")
		}
		in, err := stampInputs(cfg)
		if err != nil {
			return err
		}
		return writeJSONAtomic(*out, in)
	case "check":
		if fs.NArg() < 1 {
			return fmt.Errorf("stamp check: usage: nbtool stamp check [flags] STAMP OUTPUT...")
		}
		st, err := stampReusable(cfg, fs.Arg(0), fs.Args()[1:])
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		fmt.Printf("unchanged since its run of %s (%d s)\n", st.Executed.UTC().Format("2006-01-02 15:04 MST"), st.Seconds)
		return nil
	case "write":
		if *before == "" || fs.NArg() < 2 {
			return fmt.Errorf("stamp write: usage: nbtool stamp write [flags] -before FILE STAMP OUTPUT...")
		}
		return stampWrite(cfg, *before, *seconds, fs.Arg(0), fs.Args()[1:])
	}
	return fmt.Errorf("stamp: unknown subcommand %q (want inputs, check or write)", sub)
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// goEnvJSON returns `go env -json`, run in dir, without GOGCCFLAGS (which names a fresh
// temporary directory on every call) and the telemetry settings.
func goEnvJSON(dir string) (map[string]string, error) {
	cmd := exec.Command("go", "env", "-json")
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("stamp: go env: %w", err)
	}
	m := map[string]string{}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("stamp: go env: %w", err)
	}
	for _, k := range []string{"GOGCCFLAGS", "GOTELEMETRY", "GOTELEMETRYDIR"} {
		delete(m, k)
	}
	return m, nil
}

// stampInputs lists everything a run of cfg.notebook depends on: key →
// SHA-256 (files) or value (mode, environment, tools).
func stampInputs(cfg stampConfig) (map[string]string, error) {
	root, err := filepath.Abs(cfg.root)
	if err != nil {
		return nil, err
	}
	nbAbs, err := filepath.Abs(cfg.notebook)
	if err != nil {
		return nil, err
	}
	in := map[string]string{
		"stamp:version": fmt.Sprint(stampVersion),
		"run:mode":      cfg.mode,
	}
	files, err := repoFiles(root)
	if err != nil {
		return nil, err
	}
	nbDir := filepath.Join(root, "notebooks")
	for _, rel := range files {
		abs := filepath.Join(root, rel)
		// The other notebooks are not inputs of this one, nor are outputs.
		if filepath.Dir(abs) == nbDir && strings.HasSuffix(rel, ".ipynb") && abs != nbAbs || under(abs, cfg.skip) {
			continue
		}
		if err := addRepoFile(in, "file:"+rel, abs); err != nil {
			return nil, err
		}
	}
	// The last commit of the papers' report packages (their criteria
	// tables and the declarations these reference): a report prints it
	// beside each criterion (repro.Report.StampCriteria), so committing
	// one of their files executes the notebooks again though no file
	// changed.
	if out, err := exec.Command("git", "-C", root, "log", "-1", "--format=%H", "--",
		":(glob)repro/*/*.go", ":(exclude,glob)repro/*/*_test.go").Output(); err == nil {
		in["git:criteria"] = strings.TrimSpace(string(out))
	}
	// The notebook itself, also when it lives outside the repository.
	if err := addFile(in, "notebook:"+filepath.Base(nbAbs), nbAbs); err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, kv := range cfg.environ {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
		if k == "KERNELAB_CACHE" {
			continue // off bypasses stamps; any other value reads the store
		}
		if strings.HasPrefix(k, "KERNELAB_") || strings.HasPrefix(k, "GO") || strings.HasPrefix(k, "CGO_") {
			in["env:"+k] = v
		}
	}
	// Files outside git's view that notebooks read or reports inline.
	extra := []string{
		firstNonEmpty(env["KERNELAB_DATA"], datasets.CacheDir()), // MNIST, where `make data` puts it
		firstNonEmpty(env["KERNELAB_ECHARTS"], filepath.Join(root, "build", "echarts")),
		filepath.Join(root, "build", "mathjax"),
		filepath.Join(firstNonEmpty(env["JUPYTER_DATA_DIR"], filepath.Join(root, "build", "jupyter")), "kernels", "gonb"),
		filepath.Join(root, "bin", "gonb"),
		filepath.Join(root, "bin", "goimports"),
	}
	if d := env["KERNELAB_MNIST_DIR"]; d != "" {
		extra = append(extra, d)
	}
	for _, p := range extra {
		if err := addTree(in, root, p); err != nil {
			return nil, err
		}
	}
	if cfg.goEnv != nil {
		ge, err := cfg.goEnv(root)
		if err != nil {
			return nil, err
		}
		for k, v := range ge {
			in["goenv:"+k] = v
		}
	}
	for k, v := range cfg.tools {
		in["tool:"+k] = v
	}
	return in, nil
}

// under reports whether path is inside one of the folders dirs.
func under(path string, dirs []string) bool {
	for _, d := range dirs {
		if rel, err := filepath.Rel(d, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// repoFiles lists the files git sees under root (tracked, and untracked
// but not ignored), relative to root. Without git it walks root, skipping
// hidden directories and the ignored build, output and results folders.
func repoFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if b, err := cmd.Output(); err == nil {
		var files []string
		seen := map[string]bool{}
		for _, f := range strings.Split(string(b), "\x00") {
			if f != "" && !seen[f] {
				seen[f] = true
				files = append(files, filepath.FromSlash(f))
			}
		}
		sort.Strings(files)
		return files, nil
	}
	skip := func(rel, _ string) bool {
		return rel == "build" || rel == "bin" || rel == "reports" || rel == "data/cache" || strings.HasPrefix(rel, "results")
	}
	files, err := repo.Walk(root, skip, nil)
	if err != nil {
		return nil, fmt.Errorf("stamp: %w", err)
	}
	for i, f := range files {
		files[i] = filepath.FromSlash(f)
	}
	return files, nil
}

// addFile records the SHA-256 of the file at path under key; a missing
// file is recorded as missing (a file git lists may be deleted).
func addFile(in map[string]string, key, path string) error {
	sum, err := fileSHA256(path)
	if errors.Is(err, fs.ErrNotExist) {
		in[key] = "missing"
		return nil
	}
	if err != nil {
		return fmt.Errorf("stamp: %w", err)
	}
	in[key] = sum
	return nil
}

// addRepoFile records a file git lists as git stores it: a symbolic link
// by its target (git's blob of a link is the target path), so an
// untracked link to a directory, which git lists as a file, is an input
// like any other link and not a read error; any other file by its
// SHA-256 (addFile).
func addRepoFile(in map[string]string, key, path string) error {
	st, err := os.Lstat(path)
	if err == nil && st.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(path)
		if err != nil {
			return fmt.Errorf("stamp: %w", err)
		}
		in[key] = "symlink:" + filepath.ToSlash(target)
		return nil
	}
	return addFile(in, key, path)
}

// addTree records the file at p, or every file under the directory p,
// named relative to root when inside it.
func addTree(in map[string]string, root, p string) error {
	name := func(path string) string {
		if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return path
	}
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		in["extra:"+name(p)] = "missing"
		return nil
	}
	if err != nil {
		return fmt.Errorf("stamp: %w", err)
	}
	if !st.IsDir() {
		return addFile(in, "extra:"+name(p), p)
	}
	n := 0
	err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		n++
		return addFile(in, "extra:"+name(path), path)
	})
	if err != nil {
		return fmt.Errorf("stamp: %w", err)
	}
	if n == 0 {
		in["extra:"+name(p)] = "empty"
	}
	return nil
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// diffInputs describes how now differs from was, naming at most a few keys.
func diffInputs(was, now map[string]string) string {
	var changed []string
	for k, v := range now {
		if w, ok := was[k]; !ok {
			changed = append(changed, k+" (new)")
		} else if w != v {
			changed = append(changed, k)
		}
	}
	for k := range was {
		if _, ok := now[k]; !ok {
			changed = append(changed, k+" (gone)")
		}
	}
	if len(changed) == 0 {
		return ""
	}
	sort.Strings(changed)
	const show = 4
	s := strings.Join(changed[:min(show, len(changed))], ", ")
	if len(changed) > show {
		s += fmt.Sprintf(" and %d more", len(changed)-show)
	}
	return s
}

// stampReusable returns the stamp at path when its run can stand for a new
// one: same inputs now, and the outputs at the paths asked for are the ones
// it recorded. Otherwise the error says why not.
func stampReusable(cfg stampConfig, path string, outputs []string) (*stampFile, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no earlier run")
	}
	if err != nil {
		return nil, err
	}
	var st stampFile
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("unreadable stamp %s: %v", path, err)
	}
	if st.Version != stampVersion {
		return nil, fmt.Errorf("stamp of another nbtool version")
	}
	now, err := stampInputs(cfg)
	if err != nil {
		return nil, err
	}
	if d := diffInputs(st.Inputs, now); d != "" {
		return nil, fmt.Errorf("changed: %s", d)
	}
	if len(outputs) != len(st.Outputs) {
		return nil, fmt.Errorf("the earlier run recorded other outputs")
	}
	for _, o := range outputs {
		abs, err := filepath.Abs(o)
		if err != nil {
			return nil, err
		}
		want, ok := st.Outputs[abs]
		if !ok {
			return nil, fmt.Errorf("the earlier run did not write %s", o)
		}
		got, err := fileSHA256(abs)
		if err != nil {
			return nil, fmt.Errorf("output %s: %v", o, err)
		}
		if got != want {
			return nil, fmt.Errorf("output %s changed since the run", o)
		}
	}
	return &st, nil
}

// stampWrite writes the stamp of a passed run whose inputs, read before it,
// are in the file before: it reads them again and refuses when anything
// changed during the run.
func stampWrite(cfg stampConfig, before string, seconds int, path string, outputs []string) error {
	b, err := os.ReadFile(before)
	if err != nil {
		return fmt.Errorf("stamp write: %w", err)
	}
	var was map[string]string
	if err := json.Unmarshal(b, &was); err != nil {
		return fmt.Errorf("stamp write: %s: %w", before, err)
	}
	now, err := stampInputs(cfg)
	if err != nil {
		return err
	}
	if d := diffInputs(was, now); d != "" {
		return fmt.Errorf("stamp write: not stamped, inputs changed during the run: %s", d)
	}
	nbAbs, _ := filepath.Abs(cfg.notebook)
	st := stampFile{Version: stampVersion, Notebook: nbAbs, Executed: time.Now().UTC().Truncate(time.Second),
		Seconds: seconds, Inputs: now, Outputs: map[string]string{}}
	for _, o := range outputs {
		abs, err := filepath.Abs(o)
		if err != nil {
			return err
		}
		sum, err := fileSHA256(abs)
		if err != nil {
			return fmt.Errorf("stamp write: output %w", err)
		}
		st.Outputs[abs] = sum
	}
	return writeJSONAtomic(path, st)
}

// writeJSONAtomic writes v as indented JSON to path through a temporary
// file in the same folder, so a killed run leaves no half-written file.
func writeJSONAtomic(path string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
