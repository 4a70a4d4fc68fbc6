package jobs

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/kernelab/kernelab/internal/repo"
)

// pinnedInputs are the files outside the Go source that every result
// depends on: the module's requirements and the pinned digests of the data
// (data/checksums.sha256 lists every committed data set, verified by `make
// data`; scripts/data/mnist.sh pins MNIST's package and file digests). A
// changed data set therefore changes every key.
var pinnedInputs = []string{"go.mod", "go.sum", "data/checksums.sha256", "scripts/data/mnist.sh"}

// PinnedInputs returns (a copy of) the files outside the Go source that
// CodeDigest reads whenever they exist, relative to the module root: the
// list a check of the source a binary embeds against the disk must cover
// too (cmd/kernelab).
func PinnedInputs() []string { return slices.Clone(pinnedInputs) }

// pinnedIn lists the pinnedInputs present in fsys (a module tree).
func pinnedIn(fsys fs.FS) []string {
	var out []string
	for _, rel := range pinnedInputs {
		if _, err := fs.Stat(fsys, rel); err == nil {
			out = append(out, rel)
		}
	}
	return out
}

// CodeDigest returns the digest of the code under root (a module root) that
// computes the results of the package pkg, an import path of that module:
// the non-test .go and .s files of pkg and of every package of the module
// it imports, directly or not, by relative path and contents (of a .go
// file its tokens and directives, goTokens: comments do not count), with the
// pinnedInputs and the build (BuildTag). Every file of a package counts,
// whatever its build constraints, so a digest never misses the variant a
// build uses. pkg "" takes every package of the module (the files
// SourceFiles lists: all .go and .s files outside tests, testdata,
// build/, bin/, results/, node_modules and hidden directories): the
// digest of code the caller cannot name.
//
// The build counts because GOAMD64=v3 fuses multiply-adds that a v1 build
// rounds twice, and another Go release may compile the same source to other
// last bits.
func CodeDigest(root, pkg string) (string, error) {
	var files []string
	var err error
	if pkg == "" {
		files, err = moduleFiles(os.DirFS(root))
	} else {
		files, err = closureFiles(root, pkg)
	}
	if err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", fmt.Errorf("jobs: code digest: no Go source under %s (set KERNELAB_ROOT)", root)
	}
	files = append(files, pinnedIn(os.DirFS(root))...)
	sort.Strings(files)
	h := sha256.New()
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return "", fmt.Errorf("jobs: code digest: %w", err)
		}
		if strings.HasSuffix(rel, ".go") {
			b = goTokens(b)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", rel, len(b))
		h.Write(b)
	}
	fmt.Fprintf(h, "build\x00%s\x00", BuildTag())
	return hex.EncodeToString(h.Sum(nil)), nil
}

// goTokens returns what of a Go file can change the program: its tokens
// (each with its literal; a semicolon, written or inserted at a line's
// end, as ";" unless a ) or } follows, where it is optional) and its
// directive comments (//go:build, //go:embed, //go:linkname and the like,
// // +build, //line), one per line. Other comments are left out, so an edit
// of a doc comment (a measured cost, a citation) keeps every stored
// result, while any edit of the code, its layout aside, changes the digest.
// A file that does not scan is taken whole.
func goTokens(src []byte) []byte {
	var out []byte
	var sc scanner.Scanner
	fset := token.NewFileSet()
	bad := false
	sc.Init(fset.AddFile("", -1, len(src)), src, func(token.Position, string) { bad = true }, scanner.ScanComments)
	semi := false // a semicolon held back: one before ) or } is optional
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		switch {
		case tok == token.COMMENT:
			if !strings.HasPrefix(lit, "//go:") && !strings.HasPrefix(lit, "//line ") && !strings.HasPrefix(lit, "// +build") {
				continue
			}
		case tok == token.SEMICOLON:
			semi = true
			continue
		case lit == "":
			lit = tok.String()
		}
		if semi && tok != token.RBRACE && tok != token.RPAREN {
			out = append(out, ";\n"...)
		}
		semi = false
		out = append(out, lit...)
		out = append(out, '\n')
	}
	if bad {
		return src
	}
	return out
}

// isSource reports whether a file name is code a build compiles: .go files
// other than tests, and assembly.
func isSource(name string) bool {
	return (strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")) || strings.HasSuffix(name, ".s")
}

// SourceFiles lists, sorted and slash-separated, the files of fsys (a
// module tree) that CodeDigest with package "" reads: every source file
// (isSource) outside hidden directories, testdata, build/, bin/, results/
// and node_modules, and the PinnedInputs present. Every package's import
// closure is a subset, so two trees equal in these files give every
// package the same digest: cmd/kernelab compares the tree its binary
// embeds with the disk's by this list. A fsys without a root directory
// lists nothing.
func SourceFiles(fsys fs.FS) ([]string, error) {
	files, err := moduleFiles(fsys)
	if err != nil {
		return nil, err
	}
	files = append(files, pinnedIn(fsys)...)
	slices.Sort(files)
	return files, nil
}

// moduleFiles lists every source file of the module tree fsys, in lexical
// order, slash-separated, skipping the directories skipDir names.
func moduleFiles(fsys fs.FS) ([]string, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil && p == "." && errors.Is(err, fs.ErrNotExist):
			return nil
		case err != nil:
			return err
		case d.IsDir() && p != "." && skipDir(d.Name()):
			return fs.SkipDir
		case !d.IsDir() && isSource(d.Name()):
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: code digest: %w", err)
	}
	return files, nil
}

// skipDir reports whether the module-wide digest skips a directory of
// this name: hidden ones (.git and the like), test data, and the build,
// binary and results trees (node_modules: the browser tests' packages).
func skipDir(name string) bool {
	switch name {
	case "testdata", "build", "bin", "results", "node_modules":
		return true
	}
	return strings.HasPrefix(name, ".")
}

// Closure returns the import paths of pkg and of every package of the
// module under root that it imports, directly or not, read from the import
// clauses of every source file (all build variants): the packages whose
// code CodeDigest(root, pkg) covers, pkg first, then in order of discovery.
func Closure(root, pkg string) ([]string, error) {
	mod, err := modulePath(root)
	if err != nil {
		return nil, err
	}
	dirs, _, err := closure(root, mod, pkg)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = path.Join(mod, d)
	}
	return out, nil
}

// closureFiles lists the source files of pkg and of the module's packages
// it imports, directly or not (closure).
func closureFiles(root, pkg string) ([]string, error) {
	mod, err := modulePath(root)
	if err != nil {
		return nil, err
	}
	_, files, err := closure(root, mod, pkg)
	return files, err
}

// closure returns the directories (relative to root, the module mod's)
// of pkg and of the module's packages it imports, directly or not, and
// their source files, read from the import clauses of every source file.
func closure(root, mod, pkg string) (dirs, files []string, err error) {
	dirOf := func(path string) (string, bool) {
		if path == mod {
			return ".", true
		}
		rel, ok := strings.CutPrefix(path, mod+"/")
		return rel, ok
	}
	start, ok := dirOf(pkg)
	if !ok {
		return nil, nil, fmt.Errorf("jobs: code digest: package %s is not in module %s", pkg, mod)
	}
	seen := map[string]bool{start: true}
	dirs = []string{start}
	fset := token.NewFileSet()
	for next := 0; next < len(dirs); next++ {
		dir := dirs[next]
		ents, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			return nil, nil, fmt.Errorf("jobs: code digest of %s: %w", pkg, err)
		}
		n := len(files)
		for _, e := range ents {
			if e.IsDir() || !isSource(e.Name()) {
				continue
			}
			rel := filepath.ToSlash(filepath.Join(dir, e.Name()))
			files = append(files, rel)
			if !strings.HasSuffix(rel, ".go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(root, rel), nil, parser.ImportsOnly)
			if err != nil {
				return nil, nil, fmt.Errorf("jobs: code digest of %s: %w", pkg, err)
			}
			for _, im := range f.Imports {
				path, err := strconv.Unquote(im.Path.Value)
				if err != nil {
					return nil, nil, fmt.Errorf("jobs: code digest of %s: %s: import %s: %w", pkg, rel, im.Path.Value, err)
				}
				if d, ok := dirOf(path); ok && !seen[d] {
					seen[d] = true
					dirs = append(dirs, d)
				}
			}
		}
		if len(files) == n {
			return nil, nil, fmt.Errorf("jobs: code digest of %s: no source in %s", pkg, dir)
		}
	}
	return dirs, files, nil
}

// modulePath reads the module path from root's go.mod.
func modulePath(root string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("jobs: code digest: %w", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			if p := strings.Trim(strings.TrimSpace(rest), `"`); p != "" {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("jobs: code digest: no module line in %s", filepath.Join(root, "go.mod"))
}

// BuildTag names the build of the running binary as far as it can change a
// result's bits: the Go release, GOARCH and its micro-architecture level
// (GOAMD64 and the like, from the binary's build information; "default"
// when the binary records none).
func BuildTag() string {
	level := "default"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GO"+strings.ToUpper(runtime.GOARCH) {
				level = s.Value
			}
		}
	}
	return runtime.Version() + " " + runtime.GOARCH + " " + level
}

var (
	digestMu sync.Mutex
	digests  = map[string]string{} // package ("" = module) → digest under repo.Root()
)

// codeOf returns the code digest of the package pkg ("" = the module)
// under repo.Root(), computed once per process.
func codeOf(pkg string) (string, error) {
	digestMu.Lock()
	defer digestMu.Unlock()
	if d, ok := digests[pkg]; ok {
		return d, nil
	}
	d, err := CodeDigest(repo.Root(), pkg)
	if err != nil {
		return "", err
	}
	digests[pkg] = d
	return d, nil
}

// jobCode returns the code digest of j's record: that of the package
// exp.CodePackage(j) names for a registered paper, the module's for a job
// of a paper no package registered (nb.Cached's "notebooks").
func jobCode(j Job) (string, error) {
	exp, ok := Lookup(j.Paper)
	if !ok {
		return codeOf("")
	}
	return packageCode(exp.CodePackage(j))
}

// packageCode returns the code digest of the package pkg, or the module's
// when pkg is not a package of the module with a directory of its own (a
// test's function: an external test package path/to/pkg_test has none).
func packageCode(pkg string) (string, error) {
	if mod, err := modulePath(repo.Root()); err != nil || (pkg != mod && !strings.HasPrefix(pkg, mod+"/")) {
		pkg = ""
	} else if _, err := os.Stat(filepath.Join(repo.Root(), strings.TrimPrefix(strings.TrimPrefix(pkg, mod), "/"))); err != nil {
		pkg = ""
	}
	return codeOf(pkg)
}
