package notebook

import (
	"fmt"
	"regexp"
	"strings"
)

// Problem is one finding of Lint, Check or CheckHTML.
type Problem struct {
	Cell int    // 0-based cell index, or -1 for the whole document
	ID   string // cell id, when known
	Msg  string
}

func (p Problem) String() string {
	if p.Cell < 0 {
		return p.Msg
	}
	if p.ID != "" {
		return fmt.Sprintf("cell %d (id %s): %s", p.Cell+1, p.ID, p.Msg)
	}
	return fmt.Sprintf("cell %d: %s", p.Cell+1, p.Msg)
}

var (
	// seedConst matches `const seed = ...` and `const seed uint64 = ...`.
	seedConst = regexp.MustCompile(`(?m)^\s*const\s+seed\b`)
	// constBlock matches a `const ( ... )` block; seedInBlock a seed entry in it.
	constBlock  = regexp.MustCompile(`(?s)\bconst\s*\((.*?)\)`)
	seedInBlock = regexp.MustCompile(`(?m)^\s*seed\b[^=\n]*=`)
	// urlRe finds http(s) URLs.
	urlRe = regexp.MustCompile(`(?i)\bhttps?://`)
	// expectRe matches an expected-output directive line in a code cell.
	expectRe = regexp.MustCompile(`^\s*//\s*expect:\s*(.*?)\s*$`)
	// kindRe is one expected output: a kind, optionally "*N" for at least N outputs.
	kindRe = regexp.MustCompile(`^([a-z]+)(?:\*([1-9][0-9]*))?$`)
)

// Kinds lists the output kinds a `// expect:` directive may name.
var Kinds = []string{"text", "html", "svg", "png", "markdown", "any"}

// Expectation is one parsed `// expect:` entry: at least Count outputs of Kind.
type Expectation struct {
	Kind  string
	Count int
}

// Expectations parses the `// expect: kind[*N], ...` lines of a code cell.
// Unknown kinds and malformed entries are returned as errors.
func Expectations(source string) ([]Expectation, []string) {
	var exps []Expectation
	var errs []string
	for _, line := range strings.Split(source, "\n") {
		m := expectRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if m[1] == "" {
			errs = append(errs, "empty // expect: directive")
			continue
		}
		for _, item := range strings.Split(m[1], ",") {
			item = strings.TrimSpace(item)
			km := kindRe.FindStringSubmatch(item)
			if km == nil || !knownKind(km[1]) {
				errs = append(errs, fmt.Sprintf("// expect: unknown output kind %q (use %s, optionally kind*N)", item, strings.Join(Kinds, ", ")))
				continue
			}
			n := 1
			if km[2] != "" {
				fmt.Sscan(km[2], &n)
			}
			exps = append(exps, Expectation{Kind: km[1], Count: n})
		}
	}
	return exps, errs
}

func knownKind(k string) bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

// MaxCodeLines is the longest code cell Lint accepts.
const MaxCodeLines = 60

// Lint checks a notebook as committed, before execution:
//   - metadata.kernelspec.name is "gonb"; nbformat 4 with nbformat_minor ≥ 5;
//   - every cell has a valid, unique id;
//   - no outputs and no execution counts are committed;
//   - the first code cell begins with %noautoget;
//   - a seed is declared (`const seed ...` or `seed = ...` in a const block);
//   - no shell cells or lines (`!` or `!*` in GoNB);
//   - no http(s) URL in code (data come from the datasets package, no network);
//   - every `// expect:` directive names known output kinds;
//   - no code cell longer than MaxCodeLines lines (a longer computation
//     belongs in the paper's package, tested, and the cell calls it);
//   - no control character but newline and tab in any cell (a script that
//     writes \arg or \varphi in a string where \a and \v are escapes
//     leaves BEL or VT in the LaTeX, which MathJax drops silently).
func Lint(nb *Notebook) []Problem {
	var ps []Problem
	doc := func(format string, args ...any) {
		ps = append(ps, Problem{Cell: -1, Msg: fmt.Sprintf(format, args...)})
	}
	if k := nb.KernelName(); k != "gonb" {
		doc("metadata.kernelspec.name is %q, want \"gonb\"", k)
	}
	major, ok1 := intField(nb.Doc, "nbformat")
	minor, ok2 := intField(nb.Doc, "nbformat_minor")
	if !ok1 || !ok2 || major != 4 || minor < 5 {
		doc("nbformat %v.%v, want 4.5 or later (cell ids); run `go run ./cmd/nbtool fmt FILE`", nb.Doc["nbformat"], nb.Doc["nbformat_minor"])
	}
	cells := nb.Cells()
	if len(cells) == 0 {
		doc("notebook has no cells")
	}
	seen := map[string]int{}
	firstCode := true
	seed := false
	for i, c := range cells {
		id := c.ID()
		add := func(format string, args ...any) {
			ps = append(ps, Problem{Cell: i, ID: id, Msg: fmt.Sprintf(format, args...)})
		}
		switch {
		case id == "":
			add("no cell id; run `go run ./cmd/nbtool fmt FILE`")
		case !validID.MatchString(id):
			add("invalid cell id %q", id)
		default:
			if j, dup := seen[id]; dup {
				add("duplicate cell id %q (also cell %d)", id, j+1)
			}
			seen[id] = i
		}
		switch c.Type() {
		case "markdown", "raw":
		case "code":
		default:
			add("unknown cell type %q", c.Type())
		}
		for n, line := range strings.Split(c.Source(), "\n") {
			if k := strings.IndexFunc(line, isControl); k >= 0 {
				add("line %d has control character %U at byte %d (an unescaped backslash sequence such as \\a or \\v?)", n+1, []rune(line[k:])[0], k)
			}
		}
		if c.Type() != "code" {
			continue
		}
		src := c.Source()
		if n := strings.Count(strings.TrimRight(src, "\n"), "\n") + 1; n > MaxCodeLines {
			add("code cell of %d lines, over %d: move the computation into the paper's package and call it", n, MaxCodeLines)
		}
		if len(c.Outputs()) > 0 {
			add("committed outputs; clear them with `go run ./cmd/nbtool clear FILE`")
		}
		if c.Executed() {
			add("committed execution_count; clear it with `go run ./cmd/nbtool clear FILE`")
		}
		if firstCode {
			firstCode = false
			if first := firstLine(src); first != "%noautoget" {
				add("the first code cell must begin with %%noautoget (GoNB would `go get` @latest), found %q", first)
			}
		}
		if seedConst.MatchString(src) {
			seed = true
		}
		for _, blk := range constBlock.FindAllStringSubmatch(src, -1) {
			if seedInBlock.MatchString(blk[1]) {
				seed = true
			}
		}
		for n, line := range strings.Split(src, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "!") {
				add("line %d is a shell command (%q): notebooks have no shell cells", n+1, strings.TrimSpace(line))
			}
			if urlRe.MatchString(line) {
				add("line %d has an http(s) URL: no network in notebooks (put references in Markdown)", n+1)
			}
		}
		if _, errs := Expectations(src); len(errs) > 0 {
			for _, e := range errs {
				add("%s", e)
			}
		}
	}
	if len(cells) > 0 && firstCode {
		doc("notebook has no code cell")
	}
	if !seed {
		doc("no seed declared: add `const seed = ...` to the setup cell")
	}
	return ps
}

// firstLine returns the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(line); t != "" {
			return t
		}
	}
	return ""
}

// isControl reports a C0 control character or DEL other than tab.
func isControl(r rune) bool { return (r < 0x20 && r != '\t') || r == 0x7f }
