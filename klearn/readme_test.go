package klearn_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestREADMEProgram checks that the program of the README's section "Use
// kernelab as a library" is Example_library: the same imports, and the same
// functions with the same bodies (main is Example_library; the example's
// "// Output:" comment is left out), so the README cannot drift from a
// program that compiles and runs.
func TestREADMEProgram(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)\n## Use kernelab as a library\n.*?```go\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no section \"Use kernelab as a library\" with a ```go block")
	}
	readmeSrc := m[1]
	exampleSrc, err := os.ReadFile("example_library_test.go")
	if err != nil {
		t.Fatal(err)
	}
	rImports, rFuncs := program(t, "README.md", readmeSrc)
	eImports, eFuncs := program(t, "example_library_test.go", exampleSrc)
	if !slices.Equal(rImports, eImports) {
		t.Errorf("imports differ:\nREADME  %v\nexample %v", rImports, eImports)
	}
	eFuncs["main"] = eFuncs["Example_library"]
	delete(eFuncs, "Example_library")
	for name, body := range rFuncs {
		if eFuncs[name] != body {
			t.Errorf("func %s differs:\nREADME:\n%s\nexample:\n%s", name, body, eFuncs[name])
		}
		delete(eFuncs, name)
	}
	for name := range eFuncs {
		t.Errorf("func %s of the example is not in the README", name)
	}
}

// program returns the import paths of a Go file and the text of each
// function (signature and body, "// Output:" comment lines dropped).
func program(t *testing.T, name string, src []byte) ([]string, map[string]string) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var imports []string
	for _, im := range f.Imports {
		imports = append(imports, im.Path.Value)
	}
	funcs := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		text := string(src[fset.Position(fd.Name.End()).Offset:fset.Position(fd.End()).Offset])
		if i := strings.Index(text, "\t// Output:"); i >= 0 {
			text = text[:i] + "}"
		}
		funcs[fd.Name.Name] = text
	}
	return imports, funcs
}
