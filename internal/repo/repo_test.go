package repo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRootFindsGoMod(t *testing.T) {
	t.Setenv("KERNELAB_ROOT", "")
	if _, err := os.Stat(filepath.Join(Root(), "go.mod")); err != nil {
		t.Fatalf("Root() = %q has no go.mod: %v", Root(), err)
	}
}

func TestRootFromEnv(t *testing.T) {
	t.Setenv("KERNELAB_ROOT", "/some/where")
	if got, want := Path("data", "cache"), filepath.Join("/some/where", "data", "cache"); got != want {
		t.Errorf("Path = %q, want %q", got, want)
	}
}

func TestWalk(t *testing.T) {
	root := t.TempDir()
	for _, rel := range []string{"b/x.go", "a/y.s", "a/z.txt", ".git/config", "a/.hidden/h.go", "build/out.go", "top.go"} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	skip := func(rel, _ string) bool { return rel == "build" }
	got, err := Walk(root, skip, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "a/y.s a/z.txt b/x.go top.go"; strings.Join(got, " ") != want {
		t.Fatalf("Walk = %v, want %s", got, want)
	}
	code := func(_, name string) bool { return filepath.Ext(name) != ".txt" }
	if got, _ := Walk(root, nil, code); strings.Join(got, " ") != "a/y.s b/x.go build/out.go top.go" {
		t.Fatalf("Walk with keep = %v", got)
	}
	if _, err := Walk(filepath.Join(root, "missing"), nil, nil); err == nil {
		t.Fatal("a missing root accepted")
	}
}
