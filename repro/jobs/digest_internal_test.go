package jobs

import (
	"context"
	"os/exec"
	"path"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/internal/repo"
)

func TestFuncPackage(t *testing.T) {
	type T struct{}
	closure := func() {}
	for _, c := range []struct {
		f    any
		want string
	}{
		{Shard, "github.com/kernelab/kernelab/repro/jobs"},
		{closure, "github.com/kernelab/kernelab/repro/jobs"},
		{strings.Cut, "strings"},
		{(*strings.Builder).Len, "strings"},
		{nil, ""},
		{T{}, ""},
	} {
		if got := funcPackage(c.f); got != c.want {
			t.Errorf("funcPackage(%T) = %q, want %q", c.f, got, c.want)
		}
	}
}

// A registered paper's records are keyed by its package's closure; an
// unregistered paper's (nb.Cached's "notebooks") by the whole module.
func TestPaperCode(t *testing.T) {
	Register("digest-test", func(string) ([]Job, error) { return nil, nil }, func(_ context.Context, _ Job) (any, error) { return nil, nil })
	t.Cleanup(func() { regMu.Lock(); delete(registry, "digest-test"); regMu.Unlock() })
	own, err := paperCode("digest-test")
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
	whole, err := paperCode("no-such-paper")
	if err != nil {
		t.Fatal(err)
	}
	if mod, _ := CodeDigest(repo.Root(), ""); whole != mod || whole == own {
		t.Fatal("an unregistered paper is not keyed by the whole module")
	}
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
