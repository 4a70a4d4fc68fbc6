package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/kernelab/kernelab/cmd/nbtool/internal/notebook"
	"github.com/kernelab/kernelab/viz"
)

// reportProbe runs after the page's scripts (MathJax, ECharts) and records
// what a reader of an exported report meets, in a JSON script element #kl-report-probe
// (JSON, read by parseReportProbe): the headings with their page position
// and whether their section shows results, where the verdict table sits
// among the outputs, the text of every shown code input, TeX left untypeset,
// progress bars, tables and text wider than their column, and the visible
// text outputs (for table dumps and walls of checks).
var reportProbe = viz.ProbeScript("kl-report-probe", `
  function y(el){ return el.getBoundingClientRect().top + window.scrollY; }
  function visible(el){ return !el.closest('details') && el.getClientRects().length > 0; }
  var r = {headings: [], verdict: -1, firstOutput: '', outputs: 0, inputs: [], tex: [], math: 0, mathErrors: 0,
           progress: [], wide: [], texts: [], images: [], height: 0, explorations: []};
  var section = null, cells = document.querySelectorAll('div.jp-Cell');
  for (var i = 0; i < cells.length; i++) {
    var c = cells[i];
    var hs = c.classList.contains('jp-MarkdownCell') ? c.querySelectorAll('h1, h2') : [];
    for (var k = 0; k < hs.length; k++) {
      section = {text: hs[k].textContent.replace(/¶$/, '').trim(), level: +hs[k].tagName[1], y: y(hs[k]), results: false, verdict: false};
      r.headings.push(section);
    }
    var outs = c.querySelectorAll('.jp-OutputArea-output');
    for (var k = 0; k < outs.length; k++) {
      var o = outs[k];
      var txt = o.textContent.trim(), media = o.querySelector('svg, img, canvas, table');
      // Empty outputs (an erased progress bar) and the one-line summary a
      // finished progress bar leaves ("experiments: 21 steps in 8m49s") do
      // not count as outputs.
      if (!media && (txt === '' || /^[^\n]{1,100}: \d+ steps in \S+$/.test(txt))) { continue; }
      var isVerdict = !!o.querySelector('.kernelab-verdict');
      if (r.verdict < 0) {
        if (isVerdict) { r.verdict = r.outputs; }
        else if (r.firstOutput === '') { r.firstOutput = o.textContent.trim().slice(0, 80); }
      }
      r.outputs++;
      if (section) { if (isVerdict) { section.verdict = true; } else { section.results = true; } }
    }
    var ins = c.querySelectorAll('.jp-InputArea-editor');
    for (var k = 0; k < ins.length; k++) { r.inputs.push(ins[k].textContent); }
  }
  // TeX outside MathJax's output.
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, null);
  var texRe = /\$[^$\s][^$]*\$|\\(frac|sum|mathbf|mathcal|lambda|top|operatorname|begin|left|right|sqrt|langle|rangle)\b/;
  for (var n = walker.nextNode(); n; n = walker.nextNode()) {
    var p = n.parentElement;
    if (!p || p.closest('script, style, pre, code, mjx-container, .jp-InputArea')) { continue; }
    var m = texRe.exec(n.textContent);
    if (m) { r.tex.push(n.textContent.slice(Math.max(0, m.index - 20), m.index + 40)); }
  }
  r.math = document.querySelectorAll('mjx-container').length;
  r.mathErrors = document.querySelectorAll('mjx-merror, [data-mjx-error]').length;
  // Progress bars: the live bar of viz.Progress, or a plain percentage line.
  var all = document.querySelectorAll('.jp-OutputArea-output span[style*="width:240px"], .jp-OutputArea-output progress');
  for (var k = 0; k < all.length; k++) { r.progress.push(all[k].parentElement.textContent.trim().slice(0, 80)); }
  var pres = document.querySelectorAll('.jp-OutputArea-output pre');
  for (var k = 0; k < pres.length; k++) {
    var t = pres[k].textContent;
    if (/^.{0,80}:\s+\d{1,3}% \(\d+\/\d+\)/m.test(t)) { r.progress.push(t.match(/^.{0,80}:\s+\d{1,3}% \(\d+\/\d+\)/m)[0]); }
    if (visible(pres[k])) { r.texts.push(t); }
  }
  // Tables and text that do not fit their column.
  var wides = document.querySelectorAll('.jp-OutputArea-output table, .jp-OutputArea-output pre, .jp-RenderedMarkdown table, .jp-InputArea-editor');
  for (var k = 0; k < wides.length; k++) {
    var w = wides[k], sw = w.scrollWidth, cw = w.clientWidth, pw = w.parentElement.clientWidth;
    if (sw > cw + 1 || w.getBoundingClientRect().width > pw + 1) {
      var tag = w.classList.contains('jp-InputArea-editor') ? 'code' : w.tagName.toLowerCase();
      var long = '';
      w.textContent.split('\n').forEach(function(l){ if (l.length > long.length) { long = l; } });
      r.wide.push({tag: tag, text: long.trim().slice(0, 60), width: sw, column: Math.min(cw, pw)});
    }
  }
  var imgs = document.querySelectorAll('.jp-OutputArea-output img');
  for (var k = 0; k < imgs.length; k++) { r.images.push({natural: imgs[k].naturalWidth, width: imgs[k].getBoundingClientRect().width}); }
  r.height = Math.max(document.documentElement.scrollHeight, document.body.scrollHeight);
  // Explorations (nb.Explore's frames): move every slider to another
  // position and record whether one frame shows, with other content than
  // before, and its value label changed; then move it back.
  var xs = document.querySelectorAll('div.kl-explore');
  for (var k = 0; k < xs.length; k++) {
    var x = xs[k], ins = x.querySelectorAll('input.kl-explore-input'), frames = x.querySelectorAll('div.kl-frame');
    var e = {id: x.id, frames: frames.length, sliders: ins.length, problems: []};
    function shown(){
      var v = [];
      for (var j = 0; j < frames.length; j++) { if (!frames[j].hidden && frames[j].getClientRects().length > 0) { v.push(j); } }
      return v;
    }
    for (var s = 0; s < ins.length; s++) {
      var inp = ins[s], before = shown(), out0 = inp.parentElement.querySelector('output').textContent;
      var html0 = before.length === 1 ? frames[before[0]].innerHTML : '';
      var from = +inp.value, to = (from === +inp.max) ? 0 : +inp.max;
      inp.value = String(to);
      inp.dispatchEvent(new Event('input', {bubbles: true}));
      var after = shown(), out1 = inp.parentElement.querySelector('output').textContent;
      if (before.length !== 1 || after.length !== 1) { e.problems.push('slider ' + (s+1) + ': ' + before.length + ' then ' + after.length + ' frames shown, want 1'); continue; }
      var f = frames[after[0]], b = f.getBoundingClientRect();
      if (after[0] === before[0] || f.innerHTML === html0) { e.problems.push('slider ' + (s+1) + ': the chart did not change'); }
      if (out1 === out0) { e.problems.push('slider ' + (s+1) + ': the value shown did not change (' + out0 + ')'); }
      if (!f.querySelector('svg') || b.width < 50 || b.height < 50) { e.problems.push('slider ' + (s+1) + ': the frame shown has no chart'); }
      // Back to where it was: the page ends as it began (the screenshot
      // checks use the figure boxes measured before).
      inp.value = String(from);
      inp.dispatchEvent(new Event('input', {bubbles: true}));
      if (shown().join() !== before.join()) { e.problems.push('slider ' + (s+1) + ': moving it back does not restore the chart'); }
    }
    r.explorations.push(e);
  }
  return r;
`)

// reportFacts is what reportProbe found.
type reportFacts struct {
	Headings []struct {
		Text    string  `json:"text"`
		Level   int     `json:"level"`
		Y       float64 `json:"y"`
		Results bool    `json:"results"`
		Verdict bool    `json:"verdict"`
	} `json:"headings"`
	// Verdict is the index of the verdict table among the non-empty
	// outputs (-1: none); FirstOutput is the start of the first output
	// before it.
	Verdict     int      `json:"verdict"`
	FirstOutput string   `json:"firstOutput"`
	Outputs     int      `json:"outputs"`
	Inputs      []string `json:"inputs"`
	TeX         []string `json:"tex"`
	Math        int      `json:"math"`
	MathErrors  int      `json:"mathErrors"`
	Progress    []string `json:"progress"`
	Wide        []struct {
		Tag    string  `json:"tag"`
		Text   string  `json:"text"`
		Width  float64 `json:"width"`
		Column float64 `json:"column"`
	} `json:"wide"`
	Texts  []string `json:"texts"`
	Images []struct {
		Natural int     `json:"natural"`
		Width   float64 `json:"width"`
	} `json:"images"`
	Height float64 `json:"height"`
	// Explorations are nb.Explore's outputs, each slider moved once.
	Explorations []struct {
		ID       string   `json:"id"`
		Frames   int      `json:"frames"`
		Sliders  int      `json:"sliders"`
		Problems []string `json:"problems"`
	} `json:"explorations"`
}

func parseReportProbe(dom []byte) (*reportFacts, error) {
	var f reportFacts
	if err := viz.ReadProbe(dom, "kl-report-probe", &f); err != nil {
		return nil, err
	}
	return &f, nil
}

// reportOptions configures checkReport.
type reportOptions struct {
	browser   string
	notebooks string // folder of the source notebooks (cell tags); "" to skip
	shots     string // folder for screenshots of the figures; "" for none
	width     int    // window width, CSS px
	// explore requires at least one exploration (nb.Explore) in the page.
	explore bool
}

// Limits of the report checks.
const (
	// firstExperimentShare: the first section with results starts within
	// this share of the page height.
	firstExperimentShare = 0.25
	// maxCheckLines: more visible ✓/✗ lines than this in one text output
	// is a wall of checks (collapse it: nb.Details, one line per statement).
	maxCheckLines = 6
	// minChartInk: a drawn ECharts chart has axes, labels and data.
	minChartInk = 2000
	// maxBlank: share of a raster's box left blank (letterboxed).
	maxBlank = 0.1
	// maxShotHeight bounds the screenshot window (CSS px).
	maxShotHeight = 60000
)

// checkReportsCmd is `nbtool check-reports [-notebooks DIR] [-shots DIR] REPORT.html...`.
func checkReportsCmd(args []string) error {
	fs := flag.NewFlagSet("check-reports", flag.ExitOnError)
	nbDir := fs.String("notebooks", "notebooks", "folder of the source notebooks, for their cell tags (\"\" to skip the tag checks)")
	shots := fs.String("shots", "", "write a screenshot of every figure here (NAME-figN.png)")
	width := fs.Int("width", 1200, "browser window width in CSS pixels")
	explore := fs.Bool("explore", true, "require at least one exploration (nb.Explore) with working sliders")
	fs.Parse(args)
	bin, err := viz.FindChromium()
	if err != nil {
		return fmt.Errorf("check-reports: %w", err)
	}
	if *shots != "" {
		if err := os.MkdirAll(*shots, 0o755); err != nil {
			return err
		}
	}
	opt := reportOptions{browser: bin, notebooks: *nbDir, shots: *shots, width: *width, explore: *explore}
	return perFile(fs.Args(), func(path string) ([]notebook.Problem, error) {
		start := time.Now()
		ps, figs, err := checkReport(path, opt)
		if err == nil {
			fmt.Printf("     %s: %d figures, %s\n", filepath.Base(path), figs, time.Since(start).Round(100*time.Millisecond))
		}
		return ps, err
	})
}

// checkReport copies the report at path into a fresh folder, opens it there
// in headless Chromium with no network and returns what a reader would find
// wrong, and the number of figures probed.
func checkReport(path string, opt reportOptions) ([]notebook.Problem, int, error) {
	page, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	var ps []notebook.Problem
	add := func(format string, a ...any) {
		ps = append(ps, notebook.Problem{Cell: -1, Msg: fmt.Sprintf(format, a...)})
	}
	ps = append(ps, notebook.CheckHTML(page)...)

	dir, err := os.MkdirTemp("", "kl-report-*")
	if err != nil {
		return nil, 0, err
	}
	defer os.RemoveAll(dir)
	i := bytes.LastIndex(bytes.ToLower(page), []byte("</body>"))
	if i < 0 {
		return nil, 0, fmt.Errorf("no </body> in the page")
	}
	probed := append(append(append([]byte{}, page[:i]...), viz.FigureProbe+reportProbe...), page[i:]...)
	copied := filepath.Join(dir, "copied", filepath.Base(path))
	if err := os.MkdirAll(filepath.Dir(copied), 0o755); err != nil {
		return nil, 0, err
	}
	if err := os.WriteFile(copied, probed, 0o644); err != nil {
		return nil, 0, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := viz.BrowserArgs(filepath.Join(dir, "profile"), opt.width, 1600, 20000)
	dom, err := exec.CommandContext(ctx, opt.browser, append(args, "--dump-dom", "file://"+copied)...).Output()
	if err != nil {
		return nil, 0, fmt.Errorf("chromium --dump-dom: %w", err)
	}
	probe, err := viz.ParseProbe(dom)
	if err != nil {
		return nil, 0, err
	}
	facts, err := parseReportProbe(dom)
	if err != nil {
		return nil, 0, err
	}
	if opt.notebooks != "" {
		src := filepath.Join(opt.notebooks, strings.TrimSuffix(filepath.Base(path), ".html")+".ipynb")
		if nb, err := notebook.Read(src); err == nil {
			ps = append(ps, hiddenInputProblems(nb, facts.Inputs, facts.Verdict >= 0)...)
		} else if !os.IsNotExist(err) {
			return nil, 0, err
		}
	}
	ps = append(ps, factProblems(facts)...)
	if opt.explore && len(facts.Explorations) == 0 {
		add("no exploration: a notebook shows at least one nb.Explore, whose sliders work in the report")
	}

	// Figures: the probe's findings, charts drawn, rasters painted.
	for k, f := range probe.Figures {
		for _, p := range f.Problems {
			add("figure %d %q: %s", k+1, f.Title, p)
		}
		if !f.Viz {
			add("figure %d %q: not drawn by viz (no plot areas or legends to check)", k+1, f.Title)
		}
	}
	for _, c := range probe.Charts {
		if c.Ink < minChartInk {
			add("interactive chart %s not drawn (%d inked pixels)", c.ID, c.Ink)
		}
		if c.Spill > 0 {
			add("interactive chart %s: error bands spill below the plot (%d pixels)", c.ID, c.Spill)
		}
	}
	if bytes.Contains(dom, []byte(">viz: ECharts library not loaded</div>")) {
		add("an interactive chart reports a missing ECharts library")
	}
	for k, im := range facts.Images {
		if im.Natural == 0 {
			add("image %d does not decode", k+1)
		}
	}
	if len(probe.Figures) > 0 && (opt.shots != "" || hasImages(probe)) {
		sps, err := screenshotChecks(ctx, path, copied, probe, opt, dir)
		if err != nil {
			return nil, 0, err
		}
		ps = append(ps, sps...)
	}
	return ps, len(probe.Figures), nil
}

func hasImages(p *viz.ProbeResult) bool {
	for _, f := range p.Figures {
		if len(f.Images) > 0 {
			return true
		}
	}
	return false
}

// screenshotChecks screenshots the whole page and checks that every raster
// of every figure is painted across its box; with opt.shots it saves each
// figure's part of the screenshot.
func screenshotChecks(ctx context.Context, path, copied string, probe *viz.ProbeResult, opt reportOptions, dir string) ([]notebook.Problem, error) {
	var ps []notebook.Problem
	h := int(probe.Height) + 10
	if h > maxShotHeight {
		ps = append(ps, notebook.Problem{Cell: -1, Msg: fmt.Sprintf("page %d px high: figures below %d px not screenshot", h, maxShotHeight)})
		h = maxShotHeight
	}
	shot := filepath.Join(dir, "shot.png")
	args := viz.BrowserArgs(filepath.Join(dir, "profile"), opt.width, h, 20000)
	if out, err := exec.CommandContext(ctx, opt.browser, append(args, "--screenshot="+shot, "file://"+copied)...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("chromium --screenshot: %w\n%s", err, out)
	}
	b, err := os.ReadFile(shot)
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("screenshot: %w", err)
	}
	sub, _ := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	name := strings.TrimSuffix(filepath.Base(path), ".html")
	for k, f := range probe.Figures {
		if f.Box[3] > float64(h) {
			continue
		}
		for j, r := range f.Images {
			if bl := viz.BlankFraction(img, r); bl > maxBlank {
				ps = append(ps, notebook.Problem{Cell: -1, Msg: fmt.Sprintf("figure %d %q: raster %d is %.0f%% blank page (letterboxed, not stretched)", k+1, f.Title, j, 100*bl)})
			}
		}
		if opt.shots != "" && sub != nil {
			var buf bytes.Buffer
			r := image.Rect(int(f.Box[0]), int(f.Box[1]), int(f.Box[2])+1, int(f.Box[3])+1)
			if err := png.Encode(&buf, sub.SubImage(r)); err != nil {
				return nil, err
			}
			if err := os.WriteFile(filepath.Join(opt.shots, fmt.Sprintf("%s-fig%02d.png", name, k+1)), buf.Bytes(), 0o644); err != nil {
				return nil, err
			}
		}
	}
	return ps, nil
}

// factProblems turns the report probe's findings into problems.
func factProblems(f *reportFacts) []notebook.Problem {
	var ps []notebook.Problem
	add := func(format string, a ...any) {
		ps = append(ps, notebook.Problem{Cell: -1, Msg: fmt.Sprintf(format, a...)})
	}
	for _, t := range f.TeX {
		add("TeX left untypeset: %q", t)
	}
	if f.MathErrors > 0 {
		add("%d formulas failed to typeset", f.MathErrors)
	}
	for _, p := range f.Progress {
		add("progress bar left in the report: %q", p)
	}
	for _, w := range f.Wide {
		add("%s wider than its column (%.0f > %.0f px): %q", w.Tag, w.Width, w.Column, w.Text)
	}
	if f.Verdict > 0 {
		add("the verdict table is output %d; the report must start with it (first output: %q)", f.Verdict+1, f.FirstOutput)
	}
	if f.Height > 0 {
		found := false
		for _, h := range f.Headings {
			if h.Level != 2 || !h.Results || h.Verdict {
				continue
			}
			found = true
			if share := h.Y / f.Height; share > firstExperimentShare {
				add("the first experiment, %q, starts at %.1f%% of the page (%.0f of %.0f px; want ≤ %.0f%%)", h.Text, 100*share, h.Y, f.Height, 100*firstExperimentShare)
			}
			break
		}
		if !found && f.Outputs > 0 {
			add("no section heading (##) above the results")
		}
	}
	for _, e := range f.Explorations {
		if e.Sliders == 0 || e.Frames < 2 {
			add("exploration %s: %d sliders over %d frames", e.ID, e.Sliders, e.Frames)
		}
		for _, p := range e.Problems {
			add("exploration %s: %s", e.ID, p)
		}
	}
	for _, t := range f.Texts {
		if n := checkLines(t); n > maxCheckLines {
			add("a wall of %d checks: %q (collapse it with nb.Details, one line per statement)", n, firstLine(t))
		}
		if tableDump(t) {
			add("a table printed as text: %q (show an HTML table: viz.CompareTable or nb.Markdown)", firstLine(t))
		}
	}
	return ps
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if r := []rune(s); len(r) > 70 {
		s = string(r[:70]) + "…"
	}
	return s
}

// checkLines counts the lines of s that start with a check mark.
func checkLines(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "✓") || strings.HasPrefix(l, "✗") {
			n++
		}
	}
	return n
}

var (
	ruleLine = regexp.MustCompile(`^\s*-{3,}(\s+-{3,})+\s*$`)
	gapRe    = regexp.MustCompile(`\S {2,}\S`)
)

// tableDump reports whether the text s holds a table laid out with spaces:
// a rule of dashes under a header (nb.Table), or three or more consecutive
// lines with two or more gaps of at least two spaces at the same columns.
func tableDump(s string) bool {
	lines := strings.Split(s, "\n")
	run := 0
	var prev []int
	for _, l := range lines {
		if ruleLine.MatchString(l) {
			return true
		}
		var cols []int
		for _, m := range gapRe.FindAllStringIndex(l, -1) {
			cols = append(cols, len([]rune(l[:m[1]-1])))
		}
		if len(cols) >= 2 && sameCols(cols, prev) {
			run++
		} else if len(cols) >= 2 {
			run = 1
		} else {
			run = 0
		}
		if run >= 3 {
			return true
		}
		prev = cols
	}
	return false
}

// sameCols reports whether two lines' column starts (rune offsets after a
// gap) share at least two positions.
func sameCols(a, b []int) bool {
	n := 0
	for _, x := range a {
		for _, y := range b {
			if x == y {
				n++
			}
		}
	}
	return n >= 2
}

// hiddenInputProblems checks the cell tags against the shown inputs: a cell
// tagged hide-input or remove-cell shows no code; the set-up cell (the first
// code cell) is tagged so; in a reproduction notebook (one with a verdict)
// every helper cell, declarations without output, is too.
func hiddenInputProblems(nb *notebook.Notebook, inputs []string, repro bool) []notebook.Problem {
	var ps []notebook.Problem
	shown := map[string]bool{}
	for _, in := range inputs {
		shown[normSpace(in)] = true
	}
	first := true
	for i, c := range nb.Cells() {
		if c.Type() != "code" {
			continue
		}
		src := c.Source()
		hidden := false
		for _, t := range cellTags(c) {
			if t == "hide-input" || t == "remove-cell" {
				hidden = true
			}
		}
		isShown := shown[normSpace(src)]
		switch {
		case hidden && isShown:
			ps = append(ps, notebook.Problem{Cell: i, Msg: "tagged hide-input but its code is shown (the exporter ignored the tag)"})
		case !hidden && first:
			ps = append(ps, notebook.Problem{Cell: i, Msg: "the set-up cell is not tagged hide-input"})
		case !hidden && repro && helperCell(src):
			ps = append(ps, notebook.Problem{Cell: i, Msg: "a helper cell (declarations only) is not tagged hide-input: " + firstLine(src)})
		}
		first = false
	}
	return ps
}

func cellTags(c notebook.Cell) []string {
	md, _ := c["metadata"].(map[string]any)
	ts, _ := md["tags"].([]any)
	var out []string
	for _, t := range ts {
		if s, ok := t.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// helperCell reports whether a code cell only declares (no %% block, no
// `// expect:` output).
func helperCell(src string) bool {
	for _, l := range strings.Split(src, "\n") {
		l = strings.TrimSpace(l)
		if l == "%%" || strings.HasPrefix(l, "%% ") || strings.HasPrefix(l, "// expect:") {
			return false
		}
	}
	return strings.TrimSpace(src) != ""
}

func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }
