package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// stampRepo writes a small source tree (no git: the walk fallback lists it)
// and returns its root and a stamp configuration for notebooks/01-a.ipynb.
func stampRepo(t *testing.T) (string, stampConfig) {
	t.Helper()
	root := t.TempDir()
	for path, body := range map[string]string{
		"go.mod":                                 "module example.com/x\n",
		"go.sum":                                 "",
		"pkg/p.go":                               "package pkg\n\nconst N = 1\n",
		"data/set.csv":                           "1,2\n",
		"notebooks/01-a.ipynb":                   `{"cells":[{"cell_type":"markdown","source":["# A"]}]}`,
		"notebooks/02-b.ipynb":                   `{"cells":[]}`,
		"notebooks/README.md":                    "notebooks\n",
		"data/cache/mnist/train":                 "pixels",
		"build/out/01-a.ipynb":                   "executed",
		"build/echarts/e.js":                     "echarts",
		"build/mathjax/m.js":                     "mathjax",
		"bin/gonb":                               "gonb",
		"bin/goimports":                          "goimports",
		"build/jupyter/kernels/gonb/kernel.json": `{"argv":["gonb"]}`,
	} {
		writeFile(t, filepath.Join(root, path), body)
	}
	cfg := stampConfig{
		root: root, notebook: filepath.Join(root, "notebooks", "01-a.ipynb"), mode: "quick",
		tools: map[string]string{"jupyter": "nbconvert 6.5.3"},
		skip:  []string{filepath.Join(root, "reports")},
		// MNIST is read from KERNELAB_DATA (else the user's cache, as datasets.CacheDir).
		environ: []string{"KERNELAB_ROOT=" + root, "KERNELAB_DATA=" + filepath.Join(root, "data", "cache"),
			"GOAMD64=v3", "HOME=/home/x", "KERNELAB_CACHE=on"},
		goEnv: func(string) (map[string]string, error) {
			return map[string]string{"GOVERSION": "go1.26.8"}, nil
		},
	}
	return root, cfg
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustInputs(t *testing.T, cfg stampConfig) map[string]string {
	t.Helper()
	in, err := stampInputs(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestStampInputs checks what does and does not enter a notebook's inputs:
// each change below must (or must not) show up in diffInputs.
func TestStampInputs(t *testing.T) {
	_, cfg := stampRepo(t)
	base := mustInputs(t, cfg)
	if d := diffInputs(base, mustInputs(t, cfg)); d != "" {
		t.Fatalf("inputs differ between two reads of an unchanged tree: %s", d)
	}
	for _, key := range []string{"file:pkg/p.go", "file:go.sum", "file:data/set.csv", "file:notebooks/01-a.ipynb",
		"extra:data/cache/mnist/train", "extra:build/echarts/e.js", "extra:build/mathjax/m.js", "extra:bin/gonb",
		"extra:build/jupyter/kernels/gonb/kernel.json", "env:GOAMD64", "env:KERNELAB_ROOT", "goenv:GOVERSION",
		"tool:jupyter", "run:mode"} {
		if _, ok := base[key]; !ok {
			t.Errorf("inputs lack %s", key)
		}
	}
	for _, key := range []string{"file:notebooks/02-b.ipynb", "file:build/out/01-a.ipynb", "env:HOME", "env:KERNELAB_CACHE"} {
		if _, ok := base[key]; ok {
			t.Errorf("inputs hold %s", key)
		}
	}

	changes := []struct {
		name string
		do   func(t *testing.T, root string, c *stampConfig)
		want string // a key diffInputs must name; "" for no change
	}{
		{"Go source edited", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "pkg/p.go"), "package pkg\n\nconst N = 2\n")
		}, "file:pkg/p.go"},
		{"Go file added", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "pkg/q.go"), "package pkg\n")
		}, "file:pkg/q.go (new)"},
		{"prose of the notebook", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, c.notebook, `{"cells":[{"cell_type":"markdown","source":["# A, revised"]}]}`)
		}, "file:notebooks/01-a.ipynb"},
		{"committed data", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "data/set.csv"), "1,3\n")
		}, "file:data/set.csv"},
		{"downloaded data", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "data/cache/mnist/train"), "other")
		}, "extra:data/cache/mnist/train"},
		{"MathJax", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "build/mathjax/m.js"), "v4")
		}, "extra:build/mathjax/m.js"},
		{"gonb binary", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "bin/gonb"), "gonb 2")
		}, "extra:bin/gonb"},
		{"mode", func(t *testing.T, root string, c *stampConfig) { c.mode = "full" }, "run:mode"},
		{"KERNELAB variable", func(t *testing.T, root string, c *stampConfig) {
			c.environ = append(c.environ, "KERNELAB_REPORT_CHECK=warn")
		}, "env:KERNELAB_REPORT_CHECK (new)"},
		{"GOAMD64", func(t *testing.T, root string, c *stampConfig) { c.environ = append(c.environ, "GOAMD64=v1") }, "env:GOAMD64"},
		{"tool version", func(t *testing.T, root string, c *stampConfig) {
			c.tools = map[string]string{"jupyter": "nbconvert 7.0"}
		}, "tool:jupyter"},
		{"go env", func(t *testing.T, root string, c *stampConfig) {
			c.goEnv = func(string) (map[string]string, error) { return map[string]string{"GOVERSION": "go1.27"}, nil }
		}, "goenv:GOVERSION"},
		{"KERNELAB_DATA elsewhere", func(t *testing.T, root string, c *stampConfig) {
			d := t.TempDir()
			writeFile(t, filepath.Join(d, "mnist/train"), "pixels")
			c.environ = append(c.environ, "KERNELAB_DATA="+d)
		}, "extra:data/cache/mnist/train (gone)"},
		// Not inputs of notebook 01: another notebook, the outputs, KERNELAB_CACHE, unrelated variables.
		{"another notebook", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "notebooks/02-b.ipynb"), `{"cells":[1]}`)
		}, ""},
		{"outputs", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "build/out/01-a.ipynb"), "again")
		}, ""},
		{"skipped folder", func(t *testing.T, root string, c *stampConfig) {
			writeFile(t, filepath.Join(root, "reports/01-a.html"), "html")
		}, ""},
		{"KERNELAB_CACHE", func(t *testing.T, root string, c *stampConfig) { c.environ = append(c.environ, "KERNELAB_CACHE=off") }, ""},
		{"HOME", func(t *testing.T, root string, c *stampConfig) { c.environ = append(c.environ, "HOME=/elsewhere") }, ""},
	}
	for _, ch := range changes {
		t.Run(ch.name, func(t *testing.T) {
			root, c := stampRepo(t)
			was := mustInputs(t, c)
			ch.do(t, root, &c)
			d := diffInputs(was, mustInputs(t, c))
			switch {
			case ch.want == "" && d != "":
				t.Errorf("inputs changed: %s", d)
			case ch.want != "" && !strings.Contains(d, ch.want):
				t.Errorf("diff %q does not name %s", d, ch.want)
			}
		})
	}
}

// TestStampReuse walks the runner's protocol: inputs before the run, stamp
// after it, then check; reuse only while inputs and outputs are unchanged.
func TestStampReuse(t *testing.T) {
	root, cfg := stampRepo(t)
	out := filepath.Join(root, "build", "out")
	outputs := []string{filepath.Join(out, "01-a.ipynb"), filepath.Join(root, "reports", "01-a.html")}
	writeFile(t, outputs[1], "<html>")
	stamp := filepath.Join(out, "01-a.stamp")
	before := filepath.Join(out, "01-a.inputs")

	if _, err := stampReusable(cfg, stamp, outputs); err == nil || err.Error() != "no earlier run" {
		t.Fatalf("no stamp yet: err = %v, want no earlier run", err)
	}
	in := mustInputs(t, cfg)
	if err := writeJSONAtomic(before, in); err != nil {
		t.Fatal(err)
	}
	if err := stampWrite(cfg, before, 42, stamp, outputs); err != nil {
		t.Fatal(err)
	}
	st, err := stampReusable(cfg, stamp, outputs)
	if err != nil {
		t.Fatalf("unchanged run not reusable: %v", err)
	}
	if st.Seconds != 42 {
		t.Errorf("stamp seconds = %d, want 42", st.Seconds)
	}

	// Outputs asked for elsewhere, missing or edited: not reusable.
	if _, err := stampReusable(cfg, stamp, outputs[:1]); err == nil {
		t.Error("reused with fewer outputs than recorded")
	}
	if _, err := stampReusable(cfg, stamp, []string{outputs[0], filepath.Join(root, "elsewhere", "01-a.html")}); err == nil {
		t.Error("reused with the report asked for in another folder")
	}
	writeFile(t, outputs[1], "<html> edited")
	if _, err := stampReusable(cfg, stamp, outputs); err == nil || !strings.Contains(err.Error(), "changed since the run") {
		t.Errorf("edited report: err = %v", err)
	}
	writeFile(t, outputs[1], "<html>")
	if _, err := stampReusable(cfg, stamp, outputs); err != nil {
		t.Errorf("restored report: %v", err)
	}
	os.Remove(outputs[0])
	if _, err := stampReusable(cfg, stamp, outputs); err == nil {
		t.Error("reused with the executed notebook missing")
	}
	writeFile(t, outputs[0], "executed")

	// A Go edit makes the stamp stale, and the check names the file.
	writeFile(t, filepath.Join(root, "pkg/p.go"), "package pkg\n\nconst N = 3\n")
	if _, err := stampReusable(cfg, stamp, outputs); err == nil || !strings.Contains(err.Error(), "file:pkg/p.go") {
		t.Errorf("after a Go edit: err = %v", err)
	}

	// Inputs that change during a run leave no stamp: the inputs file was
	// written before the edit above.
	os.Remove(stamp)
	if err := stampWrite(cfg, before, 1, stamp, outputs); err == nil || !strings.Contains(err.Error(), "changed during the run") {
		t.Errorf("stamp written although inputs changed during the run: %v", err)
	}
	if _, err := os.Stat(stamp); err == nil {
		t.Error("a stamp file exists after a refused write")
	}

	// A stamp of another version is not trusted.
	in = mustInputs(t, cfg)
	if err := writeJSONAtomic(before, in); err != nil {
		t.Fatal(err)
	}
	if err := stampWrite(cfg, before, 1, stamp, outputs); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(stamp)
	writeFile(t, stamp, strings.Replace(string(b), `"version": 1`, `"version": 0`, 1))
	if _, err := stampReusable(cfg, stamp, outputs); err == nil {
		t.Error("reused a stamp of another version")
	}
}

// TestRepoFilesGit checks the listing of a git checkout: tracked files and
// untracked ones that are not ignored, never ignored ones.
func TestRepoFilesGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	for path, body := range map[string]string{
		".gitignore":     "/build/\n*.out\n",
		"a.go":           "package a\n",
		"new.go":         "package a\n",
		"build/x.ipynb":  "{}",
		"bench.out":      "ns/op",
		"sub/data.csv":   "1\n",
		"sub/deleted.go": "package sub\n",
	} {
		writeFile(t, filepath.Join(root, path), body)
	}
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".gitignore", "a.go", "sub/data.csv", "sub/deleted.go")
	os.Remove(filepath.Join(root, "sub/deleted.go"))
	files, err := repoFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(files, " ")
	if want := ".gitignore a.go new.go sub/data.csv sub/deleted.go"; got != want {
		t.Errorf("repoFiles = %q, want %q", got, want)
	}
	_, cfg := stampRepo(t)
	cfg.root = root
	cfg.notebook = filepath.Join(root, "a.go")
	in := mustInputs(t, cfg)
	if in["file:sub/deleted.go"] != "missing" {
		t.Errorf("a tracked file deleted from the work tree: %q, want missing", in["file:sub/deleted.go"])
	}
}

// TestRepoFilesSymlinkedStore: with the project's own .gitignore, a
// results store, reports and build directory that are symbolic links to
// directories elsewhere (a bigger disk, a shared store) are ignored like
// the directories themselves, so the stamp neither lists them nor fails
// reading a directory as a file.
func TestRepoFilesSymlinkedStore(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	ignore, err := os.ReadFile(filepath.Join("..", "..", ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	root, elsewhere := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(root, ".gitignore"), string(ignore))
	writeFile(t, filepath.Join(root, "a.go"), "package a\n")
	for _, name := range []string{"results", "reports", "build", "results.shards"} {
		writeFile(t, filepath.Join(elsewhere, name, "x.json"), "{}")
		if err := os.Symlink(filepath.Join(elsewhere, name), filepath.Join(root, name)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	cmd := exec.Command("git", "init", "-q")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	files, err := repoFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(files, " "), ".gitignore a.go"; got != want {
		t.Errorf("repoFiles = %q, want %q", got, want)
	}
	_, cfg := stampRepo(t)
	cfg.root = root
	cfg.notebook = filepath.Join(root, "a.go")
	if _, err := stampInputs(cfg); err != nil {
		t.Errorf("stampInputs with symlinked output directories: %v", err)
	}
}

// TestStampInputsSymlinkedDirectory: an untracked, unignored symbolic link
// to a directory (git lists it as a file) is recorded by its target, and
// moving the link changes the inputs; reading it as a file failed with
// "is a directory" and left the run unstamped.
func TestStampInputsSymlinkedDirectory(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root, elsewhere := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(root, "a.go"), "package a\n")
	for _, d := range []string{"one", "two"} {
		writeFile(t, filepath.Join(elsewhere, d, "x.txt"), d)
	}
	link := filepath.Join(root, "scratch")
	if err := os.Symlink(filepath.Join(elsewhere, "one"), link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	cmd := exec.Command("git", "init", "-q")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	_, cfg := stampRepo(t)
	cfg.root = root
	cfg.notebook = filepath.Join(root, "a.go")
	first, err := stampInputs(cfg)
	if err != nil {
		t.Fatalf("stampInputs with a symlinked directory: %v", err)
	}
	if got, want := first["file:scratch"], "symlink:"+filepath.ToSlash(filepath.Join(elsewhere, "one")); got != want {
		t.Errorf("input of the link = %q, want %q", got, want)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(elsewhere, "two"), link); err != nil {
		t.Fatal(err)
	}
	second, err := stampInputs(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if first["file:scratch"] == second["file:scratch"] {
		t.Errorf("moving the link left its input at %q", second["file:scratch"])
	}
}

func TestUnder(t *testing.T) {
	dirs := []string{"/w/build/t", "/w/reports"}
	for path, want := range map[string]bool{
		"/w/build/t/00.ipynb":   true,
		"/w/build/t":            true,
		"/w/reports/x/y.html":   true,
		"/w/build/tt/00.ipynb":  false,
		"/w/build/00.ipynb":     false,
		"/w/reports..x/y.html":  false,
		"/w/notebooks/00.ipynb": false,
	} {
		if got := under(path, dirs); got != want {
			t.Errorf("under(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestStampCriteriaCommit: committing a file of a paper's report package
// (its criteria, or a declaration they reference) changes the inputs even
// when its content returns to an earlier one, since the report shows the
// commit of each criterion's last change; committing a test file does not.
func TestStampCriteriaCommit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root, cfg := stampRepo(t)
	git := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	files := []string{"criteria.go", "paper.go", "p_test.go"}
	for _, f := range files {
		writeFile(t, filepath.Join(root, "repro", "p", f), "package p // v1\n")
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "one")
	for _, f := range files {
		before := mustInputs(t, cfg)
		path := filepath.Join(root, "repro", "p", f)
		writeFile(t, path, "package p // v2\n")
		git("commit", "-qam", "two "+f)
		writeFile(t, path, "package p // v1\n")
		git("commit", "-qam", "three "+f)
		d := diffInputs(before, mustInputs(t, cfg))
		if test := strings.HasSuffix(f, "_test.go"); strings.Contains(d, "git:criteria") == test {
			t.Errorf("%s: commits changed the inputs by %q", f, d)
		}
	}
}
