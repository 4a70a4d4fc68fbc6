// Package repo locates the kernelab source tree at run time, for files that
// are built by `make data` or `make setup` and are not committed (the MNIST
// cache, the inlined ECharts library).
package repo

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Root returns the repository root: $KERNELAB_ROOT when set, otherwise the
// directory this file was compiled from, two levels up. The second works for
// notebooks and tests built from a checkout, which is how kernelab is used.
func Root() string {
	if r := os.Getenv("KERNELAB_ROOT"); r != "" {
		return r
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "."
	}
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// Path joins elem onto Root.
func Path(elem ...string) string {
	return filepath.Join(append([]string{Root()}, elem...)...)
}

// Walk lists the files under root as slash-separated paths relative to
// root, in lexical order, without descending into hidden directories or
// into the directories for which skip (given the relative path and the
// name) is true; keep, given a file's relative path and name, filters the
// files (nil keeps every one).
func Walk(root string, skip, keep func(rel, name string) bool) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || (skip != nil && skip(rel, d.Name()))) {
				return filepath.SkipDir
			}
			return nil
		}
		if keep == nil || keep(rel, d.Name()) {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("repo: listing %s: %w", root, err)
	}
	return files, nil
}
