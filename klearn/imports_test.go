package klearn_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsStayInKlearn: no Go file under klearn, test files included,
// imports a package of the module outside klearn, internal and data (the
// embedded data sets), so `go test ./klearn/...` builds the library alone.
func TestImportsStayInKlearn(t *testing.T) {
	const module = "github.com/kernelab/kernelab/"
	allowed := []string{module + "klearn", module + "internal/", module + "data"}
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if !strings.HasPrefix(path, module) {
				continue
			}
			ok := false
			for _, a := range allowed {
				ok = ok || path == a || strings.HasPrefix(path, a+"/") || (strings.HasSuffix(a, "/") && strings.HasPrefix(path, a))
			}
			if !ok {
				t.Errorf("klearn/%s imports %s", filepath.ToSlash(p), path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
