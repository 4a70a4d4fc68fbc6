// Package repo locates the kernelab source tree at run time, for files that
// are built by `make data` or `make setup` and are not committed (the MNIST
// cache, the inlined ECharts library).
package repo

import (
	"os"
	"path/filepath"
	"runtime"
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
