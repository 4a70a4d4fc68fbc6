package repo

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// modPkg is what a package of the module declares: its exported
// identifiers, and per type the methods and fields.
type modPkg struct {
	names   map[string]bool
	members map[string]map[string]bool // type → method or field names
}

// qualified matches pkg.Name and pkg.Type.Member in prose.
var qualified = regexp.MustCompile(`\b([a-z][a-z0-9]*)\.([A-Z][A-Za-z0-9_]*)(?:\.([A-Z][A-Za-z0-9_]*))?`)

// TestDocReferences reads every comment of the module's non-test Go files
// and every Markdown manual (README, docs/, BENCHMARKS.md, the notebooks'
// Markdown cells) and checks each reference of the form pkg.Name or pkg.Type.Member to a
// package of the module: the package must declare Name, and Type must have
// the method or field Member. A renamed or removed API thus cannot leave a
// doc comment pointing at nothing.
func TestDocReferences(t *testing.T) {
	root := Root()
	files, err := Walk(root, func(rel, name string) bool {
		return name == "testdata" || name == "build" || name == "bin" || name == "results" || name == "node_modules"
	}, func(_, name string) bool {
		return strings.HasSuffix(name, ".go")
	})
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	pkgs := map[string]*modPkg{} // by package name; ambiguous names are skipped
	ambiguous := map[string]bool{}
	dirName := map[string]string{}
	parsed := map[string]*ast.File{}
	for _, rel := range files {
		f, err := parser.ParseFile(fset, filepath.Join(root, rel), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		// Test files declare the benchmarks and examples the manuals
		// name; their comments are not documentation.
		name, dir := strings.TrimSuffix(f.Name.Name, "_test"), path.Dir(rel)
		if !strings.HasSuffix(rel, "_test.go") {
			parsed[rel] = f
		}
		if name == "main" {
			continue
		}
		if d, ok := dirName[name]; ok && d != dir {
			ambiguous[name] = true
		}
		dirName[name] = dir
		p := pkgs[name]
		if p == nil {
			p = &modPkg{names: map[string]bool{}, members: map[string]map[string]bool{}}
			pkgs[name] = p
		}
		member := func(typ, m string) {
			if p.members[typ] == nil {
				p.members[typ] = map[string]bool{}
			}
			p.members[typ][m] = true
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					p.names[d.Name.Name] = true
					continue
				}
				typ := d.Recv.List[0].Type
				for {
					switch x := typ.(type) {
					case *ast.StarExpr:
						typ = x.X
						continue
					case *ast.IndexExpr:
						typ = x.X
						continue
					case *ast.IndexListExpr:
						typ = x.X
						continue
					}
					break
				}
				if id, ok := typ.(*ast.Ident); ok {
					member(id.Name, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						p.names[s.Name.Name] = true
						addFields(s, func(m string) { member(s.Name.Name, m) })
					case *ast.ValueSpec:
						for _, n := range s.Names {
							p.names[n.Name] = true
						}
					}
				}
			}
		}
	}
	var bad []string
	checked := 0
	check := func(rel, text string) {
		for _, m := range qualified.FindAllStringSubmatch(text, -1) {
			p := pkgs[m[1]]
			if p == nil || ambiguous[m[1]] {
				continue // not a package of the module (or a variable's field: x.Name)
			}
			checked++
			switch {
			case !p.names[m[2]] && p.members[m[2]] == nil:
				bad = append(bad, rel+": "+m[0]+" ("+m[1]+" declares no "+m[2]+")")
			case m[3] != "" && p.members[m[2]] != nil && !p.members[m[2]][m[3]]:
				bad = append(bad, rel+": "+m[0]+" ("+m[2]+" has no "+m[3]+")")
			}
		}
	}
	for _, rel := range sortedKeys(parsed) {
		for _, cg := range parsed[rel].Comments {
			check(rel, cg.Text())
		}
	}
	// The manuals: README, docs/ and each package's BENCHMARKS.md.
	mds, err := Walk(root, func(rel, name string) bool {
		return name == "build" || name == "node_modules" || name == "results" || name == "reports"
	}, func(_, name string) bool { return strings.HasSuffix(name, ".md") })
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range mds {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		check(rel, string(b))
	}
	// The notebooks' prose (their code is compiled when they run).
	nbs, err := Walk(filepath.Join(root, "notebooks"), nil, func(_, name string) bool { return strings.HasSuffix(name, ".ipynb") })
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range nbs {
		b, err := os.ReadFile(filepath.Join(root, "notebooks", rel))
		if err != nil {
			t.Fatal(err)
		}
		var nb struct {
			Cells []struct {
				Type   string          `json:"cell_type"`
				Source json.RawMessage `json:"source"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(b, &nb); err != nil {
			t.Fatalf("notebooks/%s: %v", rel, err)
		}
		for _, c := range nb.Cells {
			if c.Type != "markdown" {
				continue
			}
			var text string
			var lines []string
			if json.Unmarshal(c.Source, &text) != nil && json.Unmarshal(c.Source, &lines) == nil {
				text = strings.Join(lines, "")
			}
			check("notebooks/"+rel, text)
		}
	}
	if checked < 100 {
		t.Errorf("only %d references checked: the scan reads too little", checked)
	}
	t.Logf("%d references to %d packages checked", checked, len(pkgs))
	if len(bad) > 0 {
		t.Errorf("%d doc references to nothing:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}

// addFields calls f with the names of a struct type's fields, embedded
// types included.
func addFields(s *ast.TypeSpec, f func(string)) {
	st, ok := s.Type.(*ast.StructType)
	if !ok {
		if it, ok := s.Type.(*ast.InterfaceType); ok {
			for _, m := range it.Methods.List {
				for _, n := range m.Names {
					f(n.Name)
				}
			}
		}
		return
	}
	for _, fd := range st.Fields.List {
		if len(fd.Names) == 0 {
			typ := fd.Type
			if se, ok := typ.(*ast.StarExpr); ok {
				typ = se.X
			}
			switch x := typ.(type) {
			case *ast.Ident:
				f(x.Name)
			case *ast.SelectorExpr:
				f(x.Sel.Name)
			}
			continue
		}
		for _, n := range fd.Names {
			f(n.Name)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
