package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kernelab/kernelab"
	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/repro/jobs"
)

// TestMain runs the tests with, as the binary's source, the source on disk
// when they start rather than the one the test binary embeds: the commands
// the tests run then pass the check however the tree was edited since the
// test binary was built (another edit while they run would make them fail,
// as it should).
func TestMain(m *testing.M) {
	snap, err := snapshot(repo.Root())
	if err != nil {
		panic(err)
	}
	binarySource = snap
	os.Exit(m.Run())
}

// snapshot reads the files of the tree under root that the check compares
// (jobs.SourceFiles) into memory.
func snapshot(root string) (fstest.MapFS, error) {
	disk := os.DirFS(root)
	files, err := jobs.SourceFiles(disk)
	if err != nil {
		return nil, err
	}
	m := fstest.MapFS{}
	for _, rel := range files {
		b, err := fs.ReadFile(disk, rel)
		if err != nil {
			return nil, err
		}
		m[rel] = &fstest.MapFile{Data: b, Mode: 0o644}
	}
	return m, nil
}

// tinyTree writes a small module under a temporary directory: sources
// the check compares and files it must ignore.
func tinyTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod":                "module example.com/tiny\n\ngo 1.26\n",
		"go.sum":                "",
		"data/checksums.sha256": "0000  data/x.csv\n",
		"data/x.csv":            "1,2\n",
		"a.go":                  "package tiny\n\n// A is one.\nfunc A() int { return 1 }\n",
		"sub/b.go":              "package sub\n\nfunc B() int { return 2 }\n",
		"sub/b_test.go":         "package sub\n",
		"sub/c_amd64.s":         "TEXT ·C(SB),4,$0\n\tRET\n",
		"sub/testdata/t.go":     "package x\n",
		"build/gen.go":          "package gen\n",
		"results/r.go":          "package r\n",
		".hidden/h.go":          "package h\n",
	}
	for rel, src := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestSourceFiles(t *testing.T) {
	root := tinyTree(t)
	got, err := jobs.SourceFiles(os.DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a.go", "data/checksums.sha256", "go.mod", "go.sum", "sub/b.go", "sub/c_amd64.s"}
	if !slices.Equal(got, want) {
		t.Fatalf("jobs.SourceFiles = %v, want %v", got, want)
	}
}

// TestPinnedInputsCompared: an edit of any of jobs.PinnedInputs (every
// result's key reads them) makes the check refuse, naming the file.
func TestPinnedInputsCompared(t *testing.T) {
	for _, rel := range jobs.PinnedInputs() {
		root := tinyTree(t)
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("pinned\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		bin, err := snapshot(root)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("pinned, edited\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := checkSource(bin, root, false, "", &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), rel+" changed") {
			t.Errorf("pinned input %s edited: error %v, want a refusal naming it", rel, err)
		}
	}
}

// TestCheckSource: a binary whose source equals the disk passes; a
// changed, added or removed source file (or pinned input) makes the check
// refuse, naming the file; edits the keys ignore (a comment, a test, the
// skipped directories) pass; --allow-stale-binary passes with a warning.
func TestCheckSource(t *testing.T) {
	write := func(root, rel, src string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		edit func(root string)
		want string // "" passes
	}{
		{"same", func(string) {}, ""},
		{"comment edited", func(r string) {
			write(r, "a.go", "package tiny\n\n// A returns one, the first of them.\nfunc A() int {\n\treturn 1\n}\n")
		}, ""},
		{"test, testdata, build, results, hidden, data edited", func(r string) {
			write(r, "sub/b_test.go", "package sub\n\nfunc x() {}\n")
			write(r, "sub/testdata/t.go", "package y\n")
			write(r, "build/gen.go", "package gen2\n")
			write(r, "results/new.go", "package r\n")
			write(r, ".hidden/h2.go", "package h\n")
			write(r, "data/x.csv", "3,4\n")
		}, ""},
		{"changed", func(r string) { write(r, "sub/b.go", "package sub\n\nfunc B() int { return 3 }\n") }, "sub/b.go changed"},
		{"added", func(r string) { write(r, "sub/d.go", "package sub\n") }, "sub/d.go added on disk"},
		{"removed", func(r string) {
			if err := os.Remove(filepath.Join(r, "sub", "b.go")); err != nil {
				t.Fatal(err)
			}
		}, "sub/b.go removed from disk"},
		{"assembly changed", func(r string) { write(r, "sub/c_amd64.s", "TEXT ·C(SB),4,$8\n\tRET\n") }, "sub/c_amd64.s changed"},
		{"pinned input changed", func(r string) { write(r, "data/checksums.sha256", "1111  data/x.csv\n") }, "data/checksums.sha256 changed"},
		{"two changed", func(r string) {
			write(r, "a.go", "package tiny\n\nfunc A() int { return 2 }\n")
			write(r, "sub/b.go", "package sub\n\nfunc B() int { return 3 }\n")
		}, "a.go changed (and 1 more files)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := tinyTree(t)
			bin, err := snapshot(root) // the binary is built now
			if err != nil {
				t.Fatal(err)
			}
			tc.edit(root) // then the source is edited
			var stderr bytes.Buffer
			err = checkSource(bin, root, false, "", &stderr)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "rebuild") ||
				!strings.Contains(err.Error(), "the source changed since this binary was built") {
				t.Fatalf("error %v, want one naming %q and saying to rebuild", err, tc.want)
			}
			// Inside a Slurm job of scripts/slurm/submit.sh.
			err = checkSource(bin, root, false, "2026-12-01T03:00:00Z", &stderr)
			if err == nil || !strings.Contains(err.Error(), "the source changed since submission (2026-12-01T03:00:00Z)") ||
				!strings.Contains(err.Error(), "resubmit") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("in a submitted job: error %v", err)
			}
			// The override passes, loudly.
			if err := checkSource(bin, root, true, "", &stderr); err != nil {
				t.Fatalf("--allow-stale-binary: %v", err)
			}
			if w := stderr.String(); !strings.Contains(w, "WARNING: --allow-stale-binary") || !strings.Contains(w, tc.want) {
				t.Fatalf("--allow-stale-binary warned %q", w)
			}
		})
	}
	if err := checkSource(fstest.MapFS{}, t.TempDir(), false, "", &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "KERNELAB_ROOT") {
		t.Errorf("a root without source: %v", err)
	}
}

// TestRunRefusesStaleBinary: kernelab run refuses, before it computes or
// stores anything, when the binary's source is not the disk's, and
// --allow-stale-binary runs anyway with a warning.
func TestRunRefusesStaleBinary(t *testing.T) {
	defer func(fsys fs.FS) { binarySource = fsys }(binarySource)
	res := filepath.Join(t.TempDir(), "store")
	args := []string{"run", "demo", "--mode", "quick", "--results", res}

	// A tiny root edited after the binary was built: run names the file.
	t.Run("tiny root", func(t *testing.T) {
		root := tinyTree(t)
		bin, err := snapshot(root)
		if err != nil {
			t.Fatal(err)
		}
		binarySource = bin
		t.Setenv("KERNELAB_ROOT", root)
		if err := os.WriteFile(filepath.Join(root, "sub", "b.go"), []byte("package sub\n\nfunc B() int { return 3 }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		err = run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "refusing to compute") || !strings.Contains(err.Error(), "sub/b.go changed") {
			t.Fatalf("error %v, want a refusal naming sub/b.go", err)
		}
		if exitCode(err, &bytes.Buffer{}) != 1 {
			t.Errorf("exit status %d, want 1", exitCode(err, &bytes.Buffer{}))
		}
	})

	// The real root, and a binary built before a file of the demo was
	// added: nothing is stored; the override computes the jobs.
	bin, err := snapshot(repo.Root())
	if err != nil {
		t.Fatal(err)
	}
	delete(bin, "repro/jobs/demo/demo.go")
	if _, err := os.Stat(filepath.Join(repo.Root(), "repro", "jobs", "demo", "demo.go")); err != nil {
		t.Skip("no repro/jobs/demo/demo.go to leave out:", err)
	}
	binarySource = bin
	var out, stderr bytes.Buffer
	err = run(context.Background(), args, &out, &stderr)
	if err == nil || !strings.Contains(err.Error(), "repro/jobs/demo/demo.go added on disk") {
		t.Fatalf("error %v, want a refusal naming repro/jobs/demo/demo.go", err)
	}
	if _, err := os.Stat(res); !os.IsNotExist(err) {
		t.Errorf("a refused run made its store %s: %v", res, err)
	}
	err = run(context.Background(), append(args, "--allow-stale-binary"), &out, &stderr)
	if err != nil {
		t.Fatalf("--allow-stale-binary: %v", err)
	}
	if !strings.Contains(out.String(), "computed 24") || !strings.Contains(stderr.String(), "WARNING: --allow-stale-binary") {
		t.Errorf("--allow-stale-binary: stdout %q, stderr lacks the warning:\n%s", out.String(), stderr.String())
	}
}

// TestEmbeddedCoversModule: the go:embed patterns of the module root's
// source.go reach every file of the module the check compares, so a
// freshly built binary passes it (the contents are the build's; only the
// list of files is checked, which an edit elsewhere does not change), and
// every pinned input of the keys (jobs.PinnedInputs).
func TestEmbeddedCoversModule(t *testing.T) {
	emb, err := jobs.SourceFiles(kernelab.Source)
	if err != nil {
		t.Fatal(err)
	}
	disk, err := jobs.SourceFiles(os.DirFS(repo.Root()))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range disk {
		if !slices.Contains(emb, f) {
			t.Errorf("%s is not embedded: add a go:embed pattern for it to source.go at the module root", f)
		}
	}
	for _, f := range emb {
		if !slices.Contains(disk, f) {
			t.Errorf("%s is embedded but not on disk (removed since the test was built?)", f)
		}
	}
	for _, f := range jobs.PinnedInputs() {
		if _, err := fs.Stat(kernelab.Source, f); err != nil {
			t.Errorf("pinned input %s is not embedded: add it to the go:embed patterns of source.go at the module root", f)
		}
	}
}
