package repro

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kernelab/kernelab/klearn"
)

// Rule names the test a Criterion decides its claims by; each has one
// constructor here.
type Rule string

const (
	// CellRule: a table's cells against the paper's by Cell.Verdict
	// (Welch's test with the power to see δ, or a declared tolerance when
	// the paper prints no spread); Claim.DecideCells.
	CellRule Rule = "cells"
	// CheckRule: an exact check of a stated result within a declared
	// tolerance (Check, CorrectedCheck).
	CheckRule Rule = "check"
	// BetterRule: "A better than B", a one-sided paired test; a tie is
	// never support (Better).
	BetterRule Rule = "better"
	// EqualRule: "A essentially equal to B", TOST within ±Margin (Equal).
	EqualRule Rule = "equal"
	// NoWorseRule: "A never degrades B", non-inferiority within Margin
	// (NoWorse).
	NoWorseRule Rule = "no worse"
	// TrendRule: "grows (falls) with x", Kendall's rank trend test (Trend).
	TrendRule Rule = "trend"
	// RankRule: ranks against bootstrap intervals of ours (Rank).
	RankRule Rule = "rank"
	// ClearlyBetterRule: "A clearly better than B", superiority by the
	// margin Delta (ClearlyBetter).
	ClearlyBetterRule Rule = "better by δ"
)

// Criterion is one pre-registered decision rule: declared in the paper's
// criteria table before any result is read, it names the claims it
// decides, its test, level, difference that matters, margin or tolerance,
// and why. A criterion written after its result was seen is PostHoc.
type Criterion struct {
	ID string `json:"id"`
	// Claims are the IDs of the claims (rows) it decides.
	Claims []string `json:"claims"`
	Rule   Rule     `json:"rule"`
	// Test is the paired test of a BetterRule criterion.
	Test Test `json:"test,omitzero"`
	// Alpha is the level of its tests; 0 means the standard Alpha.
	Alpha float64 `json:"alpha,omitempty"`
	// Delta is the difference that matters (cells, better, rank); 0 when
	// it is set per cell, as Reason says (e.g. AdjacentGap of the row).
	Delta float64 `json:"delta,omitempty"`
	// Margin is the equivalence or non-inferiority margin (equal, no worse).
	Margin float64 `json:"margin,omitempty"`
	// Tol is the tolerance of a check, or of cells whose paper number has
	// no printed spread.
	Tol Tolerance `json:"tol,omitzero"`
	// PostHoc marks a criterion written after the result it concerns was
	// seen: its rows are shown as post hoc and explain nothing.
	PostHoc bool `json:"postHoc,omitempty"`
	// Changed, if not empty, says when and from what a pre-registered
	// criterion was changed after results it decides had been seen (e.g.
	// "2026-11-29, after the full run at f8121d8: from X to Y"). Its rows
	// stay counted, and the report counts and shows them apart from the
	// criteria unchanged since the results.
	Changed string `json:"changed,omitempty"`
	// Reason says why this test, δ, margin or tolerance.
	Reason string `json:"reason"`
	// Commit is the commit at which the criterion last changed (set by
	// Report.StampCriteria, "uncommitted" for a change not committed yet).
	Commit string `json:"commit,omitempty"`
}

// Level returns Alpha, or the standard Alpha when it is 0.
func (c Criterion) Level() float64 {
	if c.Alpha == 0 {
		return Alpha
	}
	return c.Alpha
}

// Criteria is a paper's table of pre-registered criteria.
type Criteria []Criterion

// For returns the criterion that decides claim id.
func (cs Criteria) For(id string) (Criterion, bool) {
	for _, c := range cs {
		for _, cl := range c.Claims {
			if cl == id {
				return c, true
			}
		}
	}
	return Criterion{}, false
}

// Get returns the criterion with the given ID, for the verdict code that
// reads its Delta, Margin or Tol.
func (cs Criteria) Get(id string) (Criterion, bool) {
	for _, c := range cs {
		if c.ID == id {
			return c, true
		}
	}
	return Criterion{}, false
}

// Check reports, as an ErrParam error, a criterion without ID, rule or
// reason, an ID used twice, a claim decided by two criteria, an alpha
// outside (0, 0.5), and, when r is not nil, a claim of r that was run but
// is decided by no criterion, a criterion naming no claim of r, or a
// claim of r whose Concerns names no claim of r.
func (cs Criteria) Check(r *Report) error {
	var errs []string
	ids := map[string]bool{}
	decided := map[string]string{}
	for _, c := range cs {
		if c.ID == "" || c.Rule == "" || c.Reason == "" || len(c.Claims) == 0 {
			errs = append(errs, fmt.Sprintf("criterion %q lacks an ID, a rule, a reason or claims", c.ID))
		}
		if ids[c.ID] {
			errs = append(errs, fmt.Sprintf("criterion %q declared twice", c.ID))
		}
		ids[c.ID] = true
		if c.Alpha != 0 && !(c.Alpha > 0 && c.Alpha < 0.5) {
			errs = append(errs, fmt.Sprintf("criterion %q: alpha %g", c.ID, c.Alpha))
		}
		for _, cl := range c.Claims {
			if o, ok := decided[cl]; ok {
				errs = append(errs, fmt.Sprintf("claim %q decided by %q and %q", cl, o, c.ID))
			}
			decided[cl] = c.ID
		}
	}
	if r != nil {
		seen := map[string]bool{}
		for _, cl := range r.Claims {
			seen[cl.ID] = true
			if _, ok := decided[cl.ID]; !ok && cl.Outcome != NotRun {
				errs = append(errs, fmt.Sprintf("claim %q is decided by no criterion", cl.ID))
			}
		}
		for cl, c := range decided {
			if !seen[cl] {
				errs = append(errs, fmt.Sprintf("criterion %q names claim %q, which the report lacks", c, cl))
			}
		}
		for _, cl := range r.Claims {
			if cl.Concerns != "" && !seen[cl.Concerns] {
				errs = append(errs, fmt.Sprintf("claim %q concerns claim %q, which the report lacks", cl.ID, cl.Concerns))
			}
		}
	}
	if len(errs) > 0 {
		return klearn.Errorf(klearn.ErrParam, "repro: criteria: %s", strings.Join(errs, "; "))
	}
	return nil
}

// settings reads a criterion's numbers in one line: "α 0.05, δ 0.02".
func (c Criterion) settings() string {
	parts := []string{fmt.Sprintf("α %g", c.Level())}
	if c.Rule == BetterRule {
		parts = append(parts, "one-sided "+c.Test.String())
	}
	if c.Delta > 0 {
		parts = append(parts, fmt.Sprintf("δ %g", c.Delta))
	}
	if c.Margin > 0 {
		parts = append(parts, fmt.Sprintf("margin %g", c.Margin))
	}
	if c.Tol != (Tolerance{}) {
		parts = append(parts, "tolerance "+c.Tol.String())
	}
	if c.Rule == CellRule || c.Rule == BetterRule {
		parts = append(parts, fmt.Sprintf("power %g", Power))
	}
	return strings.Join(parts, ", ")
}

func (c Criterion) registered() string {
	switch {
	case c.PostHoc:
		return "post hoc"
	case c.Changed != "":
		return "changed after results: " + c.Changed
	}
	return "pre-registered"
}

func (c Criterion) commit() string {
	if c.Commit == "" {
		return "unknown"
	}
	return c.Commit
}

// criteriaHeader is the header of the criteria table.
var criteriaHeader = []string{"criterion", "claims", "rule", "settings", "registered", "last changed", "reason"}

func (c Criterion) row() []string {
	return []string{c.ID, strings.Join(c.Claims, "; "), string(c.Rule), c.settings(), c.registered(), c.commit(), c.Reason}
}

// Markdown returns the criteria as a Markdown table under a heading line,
// with note (how the commits were found).
func (cs Criteria) Markdown(note string) string {
	var b strings.Builder
	b.WriteString("**Criteria, declared before the results shown** " + note + "\n\n")
	b.WriteString("| " + strings.Join(criteriaHeader, " | ") + " |\n|" + strings.Repeat("---|", len(criteriaHeader)) + "\n")
	esc := strings.NewReplacer("|", "\\|", "\n", " ")
	for _, c := range cs {
		row := c.row()
		for i := range row {
			row[i] = esc.Replace(row[i])
		}
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	return b.String()
}

// HTML returns the criteria as an HTML table with inline styles, folded
// under a summary line (how many criteria, how many changed after their
// results) that opens it, so the verdict table above stays in view.
func (cs Criteria) HTML(note string) string {
	var b strings.Builder
	e := html.EscapeString
	changed := 0
	for _, c := range cs {
		if c.Changed != "" && !c.PostHoc {
			changed++
		}
	}
	fmt.Fprintf(&b, `<details class="kernelab-criteria-box" style="margin-top:10px"><summary><b>Criteria, declared before the results shown</b>: %d, %d changed after their results were seen (click to open)</summary>`, len(cs), changed)
	fmt.Fprintf(&b, `<p>%s</p>`, e(note))
	b.WriteString(`<table class="kernelab-criteria" style="border-collapse:collapse;width:100%;font-size:12px"><thead><tr>`)
	for _, h := range criteriaHeader {
		fmt.Fprintf(&b, `<th style="text-align:left;border-bottom:2px solid #444;padding:2px 6px">%s</th>`, h)
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, c := range cs {
		b.WriteString(`<tr>`)
		for _, f := range c.row() {
			fmt.Fprintf(&b, `<td style="border-bottom:1px solid #ddd;padding:2px 6px;vertical-align:top;text-align:left">%s</td>`, e(f))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table></details>`)
	return b.String()
}

// Text returns the criteria as plain text, one line each.
func (cs Criteria) Text(note string) string {
	var b strings.Builder
	b.WriteString("Criteria, declared before the results shown " + note + "\n")
	for _, c := range cs {
		fmt.Fprintf(&b, "%s [%s] %s: %s; %s, last changed %s: %s\n", c.ID, strings.Join(c.Claims, "; "), c.Rule, c.settings(), c.registered(), c.commit(), c.Reason)
	}
	return b.String()
}

// StampCriteria sets each criterion's Commit to the last commit that
// changed its literal in CriteriaFile or the declaration of a
// package-level const, var or func the literal references, transitively,
// within the package of CriteriaFile (criterionDeps), by git blame of the
// working tree (run from the current directory, inside the repository):
// "uncommitted" for lines changed since the last commit. CriteriaNote
// says how the commits were found and when CriteriaFile was first
// committed, or why the commits are unknown: no CriteriaFile, not a git
// checkout, no git, or a shallow clone (whose oldest commit stands for
// every earlier change). A criterion whose literal is not found keeps an
// empty Commit ("unknown").
func (r *Report) StampCriteria() {
	if r == nil || len(r.Criteria) == 0 {
		return
	}
	note, commits := criteriaCommits(r.CriteriaFile, r.Criteria)
	r.CriteriaNote = note
	for i := range r.Criteria {
		r.Criteria[i].Commit = commits[r.Criteria[i].ID]
	}
}

func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// uncommitted is the Commit of a criterion with a line changed since the
// last commit.
const uncommitted = "uncommitted"

// criteriaCommits returns the note and, per criterion ID, the last commit
// that changed its lines (criterionDeps) in the package of file (relative
// to the repository root).
func criteriaCommits(file string, cs Criteria) (string, map[string]string) {
	if file == "" {
		return "(commits unknown: the report names no criteria file)", nil
	}
	top, err := git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		return "(commits unknown: not run in a git checkout)", nil
	}
	root := strings.TrimSpace(string(top))
	deps, err := criterionDeps(root, file, cs)
	if err != nil {
		return fmt.Sprintf("(commits unknown: %v)", err), nil
	}
	type blamed struct {
		byLine map[int]string
		when   map[string]int64
		err    error
	}
	blames := map[string]blamed{}
	blameOf := func(f string) blamed {
		b, ok := blames[f]
		if !ok {
			out, err := git(root, "blame", "--porcelain", "--", f)
			b.err = err
			if err == nil {
				b.byLine, b.when = parseBlame(out)
			}
			blames[f] = b
		}
		return b
	}
	if b := blameOf(file); b.err != nil {
		return fmt.Sprintf("(commits unknown: %v)", b.err), nil
	}
	out := map[string]string{}
	for id, spans := range deps {
		// latest: the commits of the latest committer time (several when
		// committed in one second).
		latest, bestT, dirty := map[string]bool{}, int64(-1), false
	spans:
		for _, sp := range spans {
			b := blameOf(sp.file)
			if b.err != nil {
				// A referenced file git does not track yet.
				dirty = true
				break
			}
			for l := sp.from; l <= sp.to; l++ {
				sha := b.byLine[l]
				if strings.Trim(sha, "0") == "" {
					dirty = true
					break spans
				}
				switch t := b.when[sha]; {
				case t > bestT:
					latest, bestT = map[string]bool{sha: true}, t
				case t == bestT:
					latest[sha] = true
				}
			}
		}
		switch {
		case dirty:
			out[id] = uncommitted
		case len(latest) > 0:
			out[id] = newest(root, latest)
		}
	}
	head, _ := git(root, "rev-parse", "--short=9", "HEAD")
	at := strings.TrimSpace(string(head))
	what := fmt.Sprintf("each criterion's literal in %s and the declarations in %s it references", file, filepath.ToSlash(filepath.Dir(file)))
	note := fmt.Sprintf("(last change of %s: git blame at %s.%s)", what, at, firstAdded(root, file))
	if sh, err := git(root, "rev-parse", "--is-shallow-repository"); err == nil && strings.TrimSpace(string(sh)) == "true" {
		note = fmt.Sprintf("(shallow clone: a criterion dated at the clone's oldest commit may have changed earlier; last change of %s at %s)", what, at)
	}
	return note, out
}

// newest returns, abbreviated, the commit of shas (full hashes) that
// comes first in git's topological order (a descendant of the others):
// the latest change when several were committed in the same second.
func newest(root string, shas map[string]bool) string {
	list := slices.Sorted(maps.Keys(shas))
	best := list[0]
	if len(list) > 1 {
		if out, err := git(root, append([]string{"rev-list", "--topo-order", "--max-count=1"}, list...)...); err == nil {
			best = strings.TrimSpace(string(out))
		}
	}
	return best[:min(9, len(best))]
}

// firstAdded says at which commit, and on which day, file was first
// committed (git log --diff-filter=A --follow), and that earlier runs
// under older, looser rules preceded it: "declared before the results"
// means before the results shown. It is empty when git cannot tell.
func firstAdded(root, file string) string {
	out, err := git(root, "log", "--diff-filter=A", "--follow", "--format=%H %cs", "--", file)
	lines := strings.Fields(strings.TrimSpace(string(out)))
	if err != nil || len(lines) < 2 {
		return ""
	}
	sha, day := lines[len(lines)-2], lines[len(lines)-1]
	return fmt.Sprintf(" The criteria file was first committed at %s on %s. Earlier runs under older, looser rules preceded it, so the criteria were declared before the results shown here, not before every result.",
		sha[:min(9, len(sha))], day)
}

// parseBlame reads git blame --porcelain: the commit of each final line
// (1-based) and the committer time of each commit.
func parseBlame(b []byte) (map[int]string, map[string]int64) {
	byLine, when := map[int]string{}, map[string]int64{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	var cur string
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "\t") {
			continue
		}
		f := strings.Fields(line)
		if len(f) >= 3 && len(f[0]) == 40 {
			if n, err := strconv.Atoi(f[2]); err == nil {
				cur = f[0]
				byLine[n] = cur
				continue
			}
		}
		if len(f) == 2 && f[0] == "committer-time" {
			t, _ := strconv.ParseInt(f[1], 10, 64)
			when[cur] = t
		}
	}
	return byLine, when
}

// span is a range of lines (1-based, inclusive) of a file relative to
// the repository root.
type span struct {
	file     string
	from, to int
}

// decl is a package-level const, var or func declaration: its lines and
// the node whose identifiers it references.
type decl struct {
	span
	node ast.Node
}

// criterionDeps parses the non-test Go files of file's package (file
// relative to root) and returns, per criterion ID, the lines its change
// is read from: its composite literal in file (the one with the field
// ID: "<id>") and the declarations of the package-level consts, vars and
// funcs the literal references, then those they reference, and so on. A
// declaration that holds criterion literals (the table itself) is not
// followed, nor are identifiers after a dot (another package's, or a
// field or method) or the keys of keyed literals (field names).
func criterionDeps(root, file string, cs Criteria) (map[string][]span, error) {
	dir := filepath.Dir(file)
	names, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	want := map[string]bool{}
	for _, c := range cs {
		want[c.ID] = true
	}
	decls := map[string]decl{}
	lits := map[string]*ast.CompositeLit{}
	parsed := false
	for _, abs := range names {
		if strings.HasSuffix(abs, "_test.go") {
			continue
		}
		rel := filepath.ToSlash(filepath.Join(dir, filepath.Base(abs)))
		f, err := parser.ParseFile(fset, abs, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", rel, err)
		}
		parsed = parsed || rel == filepath.ToSlash(file)
		at := func(n ast.Node) span {
			return span{rel, fset.Position(n.Pos()).Line, fset.Position(n.End()).Line}
		}
		for _, d := range f.Decls {
			// found: d holds criterion literals (the table itself).
			found := rel == filepath.ToSlash(file) && criterionLits(d, want, lits)
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && !found {
					decls[d.Name.Name] = decl{at(d), d}
				}
			case *ast.GenDecl:
				if d.Tok != token.CONST && d.Tok != token.VAR {
					continue
				}
				for _, sp := range d.Specs {
					vs := sp.(*ast.ValueSpec)
					if found && criterionLits(vs, want, map[string]*ast.CompositeLit{}) {
						continue
					}
					for _, n := range vs.Names {
						decls[n.Name] = decl{at(vs), vs}
					}
				}
			}
		}
	}
	if !parsed {
		return nil, fmt.Errorf("%s: no such Go file", file)
	}
	out := map[string][]span{}
	for id, lit := range lits {
		spans := []span{{filepath.ToSlash(file), fset.Position(lit.Pos()).Line, fset.Position(lit.End()).Line}}
		seen := map[string]bool{}
		todo := []ast.Node{lit}
		for len(todo) > 0 {
			n := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, name := range references(n) {
				d, ok := decls[name]
				if !ok || seen[name] {
					continue
				}
				seen[name] = true
				spans = append(spans, d.span)
				todo = append(todo, d.node)
			}
		}
		out[id] = spans
	}
	return out, nil
}

// criterionLits adds to lits the criterion literals in n (composite
// literals with the field ID: "<id>", id wanted) and reports whether it
// found any.
func criterionLits(n ast.Node, want map[string]bool, lits map[string]*ast.CompositeLit) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != "ID" {
				continue
			}
			if v, ok := kv.Value.(*ast.BasicLit); ok && v.Kind == token.STRING {
				if id, err := strconv.Unquote(v.Value); err == nil && want[id] {
					lits[id], found = lit, true
				}
			}
		}
		return true
	})
	return found
}

// references returns the identifiers n uses that may name package-level
// declarations: not those after a dot, nor the keys of keyed literals.
func references(n ast.Node) []string {
	var out []string
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, visit)
			return false
		case *ast.KeyValueExpr:
			if _, ok := n.Key.(*ast.Ident); !ok {
				ast.Inspect(n.Key, visit)
			}
			ast.Inspect(n.Value, visit)
			return false
		case *ast.Ident:
			out = append(out, n.Name)
		}
		return true
	}
	ast.Inspect(n, visit)
	return out
}
