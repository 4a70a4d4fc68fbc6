package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidName(t *testing.T) {
	for name, want := range map[string]bool{
		"00-tour.ipynb":         true,
		"01-cortes2009.ipynb":   true,
		"06-compare-all.ipynb":  true,
		"1-tour.ipynb":          false,
		"01_tour.ipynb":         false,
		"01-Tour.ipynb":         false,
		"01-tour.json":          false,
		"ab-tour.ipynb":         false,
		"01-.ipynb":             false,
		"01-tour copy.ipynb":    false,
		"01-tour.ipynb.ipynb":   false,
		"01-donini2017-b.ipynb": true,
	} {
		if got := validName(name); got != want {
			t.Errorf("validName(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestCommittedNotebooks runs the lint and format checks of `make test` on
// the repository's notebooks, so `go test ./...` alone catches a notebook
// committed with outputs or without cell ids.
func TestCommittedNotebooks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "notebooks", "*.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no notebooks")
	}
	for _, f := range files {
		ps, err := lintFile(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
		for _, p := range ps {
			t.Errorf("%s: %s", f, p)
		}
	}
}

func TestKernelEnv(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kernel.json")
	if err := os.WriteFile(path, []byte(`{"argv":["gonb"],"env":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := kernelEnv([]string{path, "PATH=/a:/b", "X=1=2"}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"PATH":"/a:/b"`) || !strings.Contains(string(data), `"X":"1=2"`) {
		t.Errorf("kernel.json = %s", data)
	}
	if err := kernelEnv([]string{path, "novalue"}); err == nil {
		t.Error("kernelenv accepted an entry without =")
	}
}
