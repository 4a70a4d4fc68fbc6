package jobs

import (
	"context"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/internal/repo"
)

// WriteTree returns a function writing files under root (exported to
// the external tests of the package).
func WriteTree(t *testing.T, root string) func(rel, s string) {
	return func(rel, s string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A paper registered by Register is keyed by the closure of the package
// defining its Run; an unregistered paper's (nb.Cached's "notebooks") by
// the whole module.
func TestPaperCode(t *testing.T) {
	Register("digest-test", func(string) ([]Job, error) { return nil, nil }, func(_ context.Context, _ Job) (any, error) { return nil, nil })
	t.Cleanup(func() { regMu.Lock(); delete(registry, "digest-test"); regMu.Unlock() })
	own, err := jobCode(Job{Paper: "digest-test", Table: "any"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := CodeDigest(repo.Root(), "github.com/kernelab/kernelab/repro/jobs")
	if err != nil {
		t.Fatal(err)
	}
	if own != want {
		t.Fatal("a registered paper is not keyed by its package's closure")
	}
	whole, err := jobCode(Job{Paper: "no-such-paper"})
	if err != nil {
		t.Fatal(err)
	}
	if mod, _ := CodeDigest(repo.Root(), ""); whole != mod || whole == own {
		t.Fatal("an unregistered paper is not keyed by the whole module")
	}
}

// The record of a job of a kind is keyed by the closure of the package
// defining the kind's Run: two kinds of one paper in two packages get two
// codes, and an edit outside a kind's closure keeps its records while one
// inside it (in the package or in one it imports) invalidates them. The
// module is a temporary one (KERNELAB_ROOT): x imports nothing, y imports
// z, and report imports both, as a paper's report imports its protocol.
func TestKindCode(t *testing.T) {
	root := t.TempDir()
	write := WriteTree(t, root)
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("x/x.go", "package x\n\nvar X = 1\n")
	write("y/y.go", "package y\n\nimport \"example.com/m/z\"\n\nvar Y = z.Z\n")
	write("z/z.go", "package z\n\nvar Z = 2\n")
	write("report/r.go", "package report\n\nimport (\n\t\"example.com/m/x\"\n\t\"example.com/m/y\"\n)\n\nvar R = x.X + y.Y\n")
	t.Setenv("KERNELAB_ROOT", root)
	forget := func() { digestMu.Lock(); clear(digests); digestMu.Unlock() }
	forget()
	t.Cleanup(forget)
	const paper = "kindcode-test"
	regMu.Lock()
	registry[paper] = Experiment{Paper: paper, pkg: "example.com/m/report", kinds: []KindCode{
		{Table: "fit", Run: "example.com/m/x"},
		{Table: "curve", Method: "a", Run: "example.com/m/y"},
		{Table: "check", Run: "example.com/m/report"},
	}}
	regMu.Unlock()
	t.Cleanup(func() { regMu.Lock(); delete(registry, paper); regMu.Unlock() })

	fit := Job{Paper: paper, Table: "fit", Method: "m"}
	curve := Job{Paper: paper, Table: "curve", Method: "a"}
	check := Job{Paper: paper, Table: "check"}
	other := Job{Paper: paper, Table: "curve", Method: "b"} // of no kind: keyed by the package of Jobs
	js := []Job{fit, curve, check, other}
	for pkg, j := range map[string]Job{"x": fit, "y": curve, "report": check} {
		got, err := jobCode(j)
		if err != nil {
			t.Fatal(err)
		}
		want, err := CodeDigest(root, "example.com/m/"+pkg)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: not keyed by the digest of %s, the package of its kind's Run", j.Name(), pkg)
		}
	}
	if a, _ := jobCode(fit); a == mustCode(t, curve) {
		t.Fatal("two kinds in two packages share one code")
	}
	if mustCode(t, other) != mustCode(t, check) {
		t.Fatal("a job of no kind is not keyed by the package of Jobs")
	}

	st := Store{Dir: t.TempDir()}
	for _, j := range js {
		if _, err := Memo(st, j, new(int), func() (any, error) { return 1, nil }); err != nil {
			t.Fatal(err)
		}
	}
	// stored reports, after an edit of rel, which of js still read their
	// records, through Load and through TableStatus.
	stored := func(rel, src string) []bool {
		t.Helper()
		write(rel, src)
		forget()
		var out []bool
		for _, j := range js {
			ok, err := Load(st, j, new(int))
			if err != nil {
				t.Fatal(err)
			}
			sts, err := TableStatus(st, []Job{j}, "")
			if err != nil {
				t.Fatal(err)
			}
			if (sts[0].Done == 1) != ok {
				t.Fatalf("%s: Load and TableStatus disagree", j.Name())
			}
			out = append(out, ok)
		}
		return out
	}
	report := "package report\n\nimport (\n\t\"example.com/m/x\"\n\t\"example.com/m/y\"\n)\n\nvar R = x.X * y.Y\n"
	for _, c := range []struct {
		rel, src string
		want     []bool // fit, curve, check, other
	}{
		// A comment counts for nothing.
		{"x/x.go", "package x\n\n// X is one.\nvar X = 1\n", []bool{true, true, true, true}},
		// The report: its check kind and the jobs keyed by the package of Jobs.
		{"report/r.go", report, []bool{true, true, false, false}},
		// z, imported by y and so by report, not by x.
		{"z/z.go", "package z\n\nvar Z = 3\n", []bool{true, false, false, false}},
		// x, which y does not import.
		{"x/x.go", "package x\n\nvar X = 4\n", []bool{false, true, false, false}},
	} {
		if got := stored(c.rel, c.src); !slices.Equal(got, c.want) {
			t.Errorf("after an edit of %s, records read %v; want %v (fit, curve, check, other)", c.rel, got, c.want)
		}
		for _, j := range js { // store again under the new code
			if _, err := Memo(st, j, new(int), func() (any, error) { return 1, nil }); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func mustCode(t *testing.T, j Job) string {
	t.Helper()
	c, err := jobCode(j)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The closure read from import clauses holds every package of the module
// that `go list -deps` says a paper package is built from.
func TestClosureCoversGoList(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	root := repo.Root()
	mod, err := modulePath(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, paper := range []string{"cortes2009", "donini2017", "argyriou2006", "colbert2020", "afkanpour2013", "jobs/demo"} {
		pkg := mod + "/repro/" + paper
		files, err := closureFiles(root, pkg)
		if err != nil {
			t.Fatal(err)
		}
		dirs := map[string]bool{}
		for _, f := range files {
			dirs[path.Dir(f)] = true
		}
		cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		n := 0
		for _, dep := range strings.Fields(string(out)) {
			if rel, ok := strings.CutPrefix(dep, mod+"/"); ok {
				n++
				if !dirs[rel] {
					t.Errorf("%s: go list has %s, the digest's closure does not", paper, rel)
				}
			}
		}
		if n < 3 || len(dirs) < n {
			t.Errorf("%s: %d module packages from go list, %d directories in the closure", paper, n, len(dirs))
		}
		t.Logf("%s: %d module packages (go list), %d directories, %d files in the digest", paper, n, len(dirs), len(files))
	}
}
