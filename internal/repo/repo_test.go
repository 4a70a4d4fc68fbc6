package repo

import (
	"os"
	"path/filepath"
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
