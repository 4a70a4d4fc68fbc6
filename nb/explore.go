package nb

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/comms"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/viz"
)

// Explorations. A notebook lets its reader move a paper's central
// parameter and watch a chart follow:
//
//	nb.Explore("banana: the RBF SVM as γ and C move",
//		[]nb.Control{nb.LogSlider("γ", 0.01, 10, 0.25), nb.LogSlider("C", 0.1, 1000, 10)},
//		func(v []float64) (viz.Chart, error) { return surface(v[0], v[1]) })
//
// In JupyterLab (a live front end) the controls are GoNB widgets and the
// chart is redrawn in place on every change (debounced); the cell runs
// until the reader presses Done or leaves the controls alone for
// IdleTimeout. Everywhere else (nbconvert, quick mode, a plain program),
// and after Done, the output is the exploration's frames: the chart drawn
// at every combination of each control's frame positions, with sliders
// that switch between them in the page, so the exported report keeps a
// working slider with no kernel and no network.

// ExploreEnv forces the mode of explorations: "live" (a browser is
// expected) or "static". Unset, quick mode is static, and otherwise an
// exploration is live when a front end answers within handshakeWait.
const ExploreEnv = "KERNELAB_EXPLORE"

// sessionEnv is set in a Jupyter Server session's kernel to its notebook's
// path (SessionManager.get_kernel_env in jupyter_server), and GoNB passes
// its environment on to the cell's program. nbconvert and nbclient (make
// test, make reports) never set it: their kernel gets the environment of
// the command that runs them (which has it only if run from a notebook's
// cell).
const sessionEnv = "JPY_SESSION_NAME"

// IdleTimeout ends a live exploration that no control has moved for this
// long, so a notebook run with "Run all" is not held forever.
var IdleTimeout = 3 * time.Minute

// handshakeTimeout bounds the wait for a front end (GoNB's kernel waits 3 s
// for the browser's connection before it gives up). Where a browser is
// expected the wait is liveHandshakeTimeout: a browser on a busy machine
// can take longer than 5 s to install GoNB's connection, and the
// exploration then fell back to its frames (a CI run at a load of 4.5 did).
const (
	handshakeTimeout     = 5 * time.Second
	liveHandshakeTimeout = 30 * time.Second
)

// handshakeWait is the wait for a front end: longer where a browser is
// expected.
func handshakeWait() time.Duration {
	if browserExpected() {
		return liveHandshakeTimeout
	}
	return handshakeTimeout
}

// browserExpected reports whether a browser runs every cell: ExploreEnv is
// "live", or it is unset and the kernel belongs to a Jupyter Server
// session (sessionEnv set: JupyterLab or Notebook, make lab, the lab
// tests), which nbconvert's kernel never does.
func browserExpected() bool {
	switch exploreEnv() {
	case "live":
		return true
	case "static":
		return false
	}
	return os.Getenv(sessionEnv) != ""
}

// exploreEnv is ExploreEnv, trimmed, in lower case.
func exploreEnv() string {
	return strings.ToLower(strings.TrimSpace(os.Getenv(ExploreEnv)))
}

// reconnectEvery is how often frontEnd asks GoNB again for its connection
// to the page while no answer has come. GoNB's script in the page gives
// the kernel 500 ms to acknowledge the connection and otherwise closes it,
// and on a loaded machine the acknowledgement is sometimes lost (one
// exploration in 12–25 at a load of 2–7 on two cores: the kernel sends it
// before Jupyter Server has subscribed the new websocket); the kernel,
// having sent it, takes the connection as open. A program's comms request
// (comms.Start) makes the kernel check a connection silent for over 1 s
// with a heartbeat ping and, unanswered within 500 ms, install the script
// again (InstallWebSocket in GoNB's internal/comms), so 2 s lets a lost
// acknowledgement cost a few seconds instead of the whole wait.
const reconnectEvery = 2 * time.Second

// reconnect is what frontEnd calls every reconnectEvery: comms.Start where
// a browser is expected, else nothing, since without a page (nbconvert)
// every call would publish another copy of GoNB's script (19 KB) into
// the saved output, as the kernel's install never succeeds there.
func reconnect() func() {
	if browserExpected() {
		return comms.Start
	}
	return nil
}

// debounce is how long a live exploration waits after a move for the next
// one before it redraws.
const debounce = 60 * time.Millisecond

// maxFrames bounds the frames an exploration precomputes for its report.
const maxFrames = 64

// A Control is one input of an exploration: a slider over Values, or a
// select over Labels (Choice).
type Control struct {
	// Name labels the control ("γ", "degree").
	Name string
	// Values are the control's positions, in order.
	Values []float64
	// Labels are shown for each position (default: Values in %.3g).
	Labels []string
	// Default is the index of the starting position.
	Default int
	// Frames are the positions drawn for the report (default: all of
	// them up to 5, else 5 spread evenly, the default among them).
	Frames []int
	// choice marks a select rather than a slider.
	choice bool
}

// Slider is a control over steps evenly spaced values from lo to hi
// (three significant digits), the one nearest def replaced by def, where
// it starts.
func Slider(name string, lo, hi float64, steps int, def float64) Control {
	return spaced(name, lo, hi, steps, def, false)
}

// LogSlider is a control over steps log-spaced values from lo to hi (both
// positive; three significant digits), the one nearest def replaced by
// def, where it starts.
func LogSlider(name string, lo, hi float64, steps int, def float64) Control {
	return spaced(name, lo, hi, steps, def, true)
}

// IntSlider is a control over the integers lo … hi, starting at def.
func IntSlider(name string, lo, hi, def int) Control {
	c := Control{Name: name}
	for v := lo; v <= hi; v++ {
		c.Values = append(c.Values, float64(v))
		if v == def {
			c.Default = len(c.Values) - 1
		}
	}
	return c
}

// Choice is a select among options; its value is the option's index.
func Choice(name string, options []string, def int) Control {
	c := Control{Name: name, Labels: options, Default: def, choice: true}
	for i := range options {
		c.Values = append(c.Values, float64(i))
	}
	return c
}

func spaced(name string, lo, hi float64, steps int, def float64, log bool) Control {
	c := Control{Name: name}
	if steps < 2 || !(lo < hi) || (log && !(lo > 0)) || math.IsInf(hi-lo, 0) {
		c.Values = []float64{lo} // one position: refused by validate
		return c
	}
	for i := range steps {
		t := float64(i) / float64(steps-1)
		v := lo + t*(hi-lo)
		if log {
			v = lo * math.Pow(hi/lo, t)
		}
		c.Values = append(c.Values, roundSig(v, 3))
	}
	c.Default = nearest(c.Values, def, log)
	if def > lo && def < hi {
		c.Values[c.Default] = def // the default exactly (0.25, not 0.251)
	}
	return c
}

// roundSig rounds v to sig significant digits, so labels read 0.316, not
// 0.31622776601683794.
func roundSig(v float64, sig int) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', sig, 64), 64)
	return f
}

func nearest(vs []float64, x float64, log bool) int {
	best, d := 0, math.Inf(1)
	for i, v := range vs {
		e := math.Abs(v - x)
		if log && v > 0 && x > 0 {
			e = math.Abs(math.Log(v / x))
		}
		if e < d {
			best, d = i, e
		}
	}
	return best
}

// label is the text shown for position i.
func (c Control) label(i int) string {
	if i < len(c.Labels) {
		return c.Labels[i]
	}
	return strconv.FormatFloat(c.Values[i], 'g', 3, 64)
}

// frames returns the positions drawn for the report.
func (c Control) frames() []int {
	if len(c.Frames) > 0 {
		return c.Frames
	}
	n := len(c.Values)
	if n <= 5 {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	var out []int
	for k := range 5 {
		out = append(out, int(math.Round(float64(k)*float64(n-1)/4)))
	}
	// The default position is a frame: replace the nearest one.
	j := 0
	for k, p := range out {
		if abs(p-c.Default) < abs(out[j]-c.Default) {
			j = k
		}
	}
	out[j] = c.Default
	return out
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

func (c Control) validate() error {
	if strings.TrimSpace(c.Name) == "" {
		return klearn.Errorf(klearn.ErrParam, "nb: explore: a control has no name")
	}
	if len(c.Values) < 2 {
		return klearn.Errorf(klearn.ErrParam, "nb: explore: control %q has %d positions, want at least 2 (a slider needs lo < hi, positive for a log slider, and 2 or more steps)", c.Name, len(c.Values))
	}
	for _, v := range c.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return klearn.Errorf(klearn.ErrParam, "nb: explore: control %q has a non-finite value %g", c.Name, v)
		}
	}
	if len(c.Values) > seqBase {
		return klearn.Errorf(klearn.ErrParam, "nb: explore: control %q has %d positions, at most %d", c.Name, len(c.Values), seqBase)
	}
	if c.Default < 0 || c.Default >= len(c.Values) {
		return klearn.Errorf(klearn.ErrParam, "nb: explore: control %q: default position %d outside [0, %d)", c.Name, c.Default, len(c.Values))
	}
	if len(c.Labels) > 0 && len(c.Labels) != len(c.Values) {
		return klearn.Errorf(klearn.ErrParam, "nb: explore: control %q has %d labels for %d positions", c.Name, len(c.Labels), len(c.Values))
	}
	seen := map[int]bool{}
	for _, p := range c.Frames {
		if p < 0 || p >= len(c.Values) || seen[p] {
			return klearn.Errorf(klearn.ErrParam, "nb: explore: control %q: frame position %d repeated or outside [0, %d)", c.Name, p, len(c.Values))
		}
		seen[p] = true
	}
	return nil
}

// An Exploration is a chart drawn from the values of its controls.
type Exploration struct {
	Title    string
	Controls []Control
	// Draw returns the chart for one value per control, in order.
	Draw func(values []float64) (viz.Chart, error)
}

func (e *Exploration) validate() error {
	if e == nil || e.Draw == nil {
		return klearn.Errorf(klearn.ErrParam, "nb: explore: no draw function")
	}
	if len(e.Controls) == 0 {
		return klearn.Errorf(klearn.ErrParam, "nb: explore %q: no controls", e.Title)
	}
	n := 1
	for _, c := range e.Controls {
		if err := c.validate(); err != nil {
			return err
		}
		n *= len(c.frames())
	}
	if n > maxFrames {
		return klearn.Errorf(klearn.ErrParam, "nb: explore %q: %d frames, more than %d (give the controls fewer Frames)", e.Title, n, maxFrames)
	}
	return nil
}

// values returns the control values at positions pos.
func (e *Exploration) values(pos []int) []float64 {
	v := make([]float64, len(pos))
	for i, p := range pos {
		v[i] = e.Controls[i].Values[p]
	}
	return v
}

// caption is the line of current values above the chart: "γ = 0.25 · C = 10".
func (e *Exploration) caption(pos []int) string {
	parts := make([]string, len(pos))
	for i, p := range pos {
		parts[i] = e.Controls[i].Name + " = " + e.Controls[i].label(p)
	}
	return strings.Join(parts, " · ")
}

// render draws the chart at positions pos as inline SVG, after viz's
// figure check (so a defective frame fails the cell as a shown figure
// would).
func (e *Exploration) render(pos []int) (string, error) {
	c, err := e.Draw(e.values(pos))
	if err != nil {
		return "", fmt.Errorf("nb: explore %q at %s: %w", e.Title, e.caption(pos), err)
	}
	if c == nil {
		return "", klearn.Errorf(klearn.ErrParam, "nb: explore %q at %s: draw returned no chart", e.Title, e.caption(pos))
	}
	if err := viz.CheckFigure(c); err != nil {
		return "", fmt.Errorf("nb: explore %q at %s: %w", e.Title, e.caption(pos), err)
	}
	svg, err := c.SVG()
	if err != nil {
		return "", fmt.Errorf("nb: explore %q at %s: %w", e.Title, e.caption(pos), err)
	}
	s := string(svg)
	if strings.HasPrefix(s, "<?xml") {
		if i := strings.Index(s, "?>"); i >= 0 {
			s = strings.TrimLeft(s[i+2:], "\r\n")
		}
	}
	return s, nil
}

// FramesHTML renders the exploration for a page with no kernel: one frame
// per combination of the controls' frame positions (the first control
// varying slowest), a range input per control switching between them and
// the current values beside it. The element is div.kl-explore; its frames
// are div.kl-frame, all but the shown one hidden. `nbtool check-reports`
// moves its sliders in Chromium.
func (e *Exploration) FramesHTML() (string, error) {
	if err := e.validate(); err != nil {
		return "", err
	}
	fr := make([][]int, len(e.Controls))
	for i, c := range e.Controls {
		fr[i] = c.frames()
	}
	var frames []string
	pos := make([]int, len(fr))
	var walk func(i int) error
	walk = func(i int) error {
		if i == len(fr) {
			svg, err := e.render(pos)
			frames = append(frames, svg)
			return err
		}
		for _, p := range fr[i] {
			pos[i] = p
			if err := walk(i + 1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(0); err != nil {
		return "", err
	}
	h := sha256.New()
	for _, f := range frames {
		h.Write([]byte(f))
	}
	id := "kl-explore-" + hex.EncodeToString(h.Sum(nil)[:6])

	var b strings.Builder
	fmt.Fprintf(&b, `<div class="kl-explore" id="%s" style="font:13px sans-serif">`, id)
	fmt.Fprintf(&b, `<div style="font-weight:bold;margin:4px 0">%s</div>`, html.EscapeString(e.Title))
	start := make([]int, len(fr)) // index into each control's frames
	for i, c := range e.Controls {
		labels := make([]string, len(fr[i]))
		for k, p := range fr[i] {
			labels[k] = c.label(p)
			if p == c.Default {
				start[i] = k
			}
		}
		lj, _ := json.Marshal(labels)
		fmt.Fprintf(&b, `<label style="display:inline-block;margin:2px 16px 2px 0">%s `+
			`<input type="range" class="kl-explore-input" min="0" max="%d" step="1" value="%d" data-labels="%s" style="vertical-align:middle">`+
			` <output>%s</output></label>`,
			html.EscapeString(c.Name), len(fr[i])-1, start[i], html.EscapeString(string(lj)), html.EscapeString(labels[start[i]]))
	}
	shown := 0
	for i := range fr {
		shown = shown*len(fr[i]) + start[i]
	}
	for k, f := range frames {
		hidden := " hidden"
		if k == shown {
			hidden = ""
		}
		fmt.Fprintf(&b, `<div class="kl-frame" data-frame="%d"%s>%s</div>`, k, hidden, f)
	}
	// The frame index is the mixed-radix number of the inputs' positions.
	fmt.Fprintf(&b, `<script>(function(){
var root = document.getElementById(%q); if (!root) { return; }
var ins = root.querySelectorAll('input.kl-explore-input'), frames = root.querySelectorAll('div.kl-frame');
function show(){
  var k = 0;
  for (var i = 0; i < ins.length; i++) {
    var n = +ins[i].max + 1, p = +ins[i].value;
    k = k * n + p;
    ins[i].parentElement.querySelector('output').textContent = JSON.parse(ins[i].getAttribute('data-labels'))[p];
  }
  for (var j = 0; j < frames.length; j++) { frames[j].hidden = (j !== k); }
}
for (var i = 0; i < ins.length; i++) { ins[i].addEventListener('input', show); }
show();
})();</script></div>`, id)
	return b.String(), nil
}

// Explore shows an exploration (see Exploration): live controls in a
// live front end, else its frames. Any error stops the cell.
func Explore(title string, controls []Control, draw func(values []float64) (viz.Chart, error)) {
	e := &Exploration{Title: title, Controls: controls, Draw: draw}
	NoErr(e.Show())
}

// Show displays the exploration: live while a front end answers (until
// Done or IdleTimeout), then (or at once, headless) its frames.
func (e *Exploration) Show() error {
	if err := e.validate(); err != nil {
		return err
	}
	if inNotebook() && liveWanted() && frontEnd() {
		if err := e.live(); err != nil {
			return err
		}
	}
	page, err := e.FramesHTML()
	if err != nil {
		return err
	}
	if !inNotebook() {
		n := strings.Count(page, `class="kl-frame"`)
		stdout(fmt.Sprintf("%s: %d frames (%s)\n", e.Title, n, e.caption(e.defaults())))
		return nil
	}
	HTML(page)
	return nil
}

func (e *Exploration) defaults() []int {
	pos := make([]int, len(e.Controls))
	for i, c := range e.Controls {
		pos[i] = c.Default
	}
	return pos
}

// liveWanted reads ExploreEnv: "static" never, "live" always, unset not in
// quick mode (for CI), even in a Jupyter Server session.
func liveWanted() bool {
	switch exploreEnv() {
	case "static":
		return false
	case "live":
		return true
	}
	return !Quick()
}

// frontEnd reports whether a browser runs this cell's output: a script
// sent to it answers on a comms address within handshakeWait (under
// nbconvert nothing runs it). The script polls every 100 ms for GoNB's
// connection for as long as the kernel waits, and answers on each new one
// it sees, as GoNB replaces a connection that failed (reconnectEvery).
var frontEnd = func() bool {
	wait := handshakeWait()
	addr := "/kl/hello/" + gonbui.UniqueID()
	ch := comms.Listen[int](addr)
	defer ch.Close()
	dom.TransientJavascript(fmt.Sprintf(`(function(){ var t = 0, last; (function f(){
  var c = globalThis.gonb_comm;
  if (c && c !== last) { last = c; c.send(%q, 1); }
  if (t++ < %d) { setTimeout(f, 100); }
})(); })();`, addr, int(wait/(100*time.Millisecond))))
	return handshake(ch.C, wait, reconnectEvery, reconnect())
}

// handshake reports whether a value comes on answer within wait, calling
// again (unless nil) every `every` meanwhile.
func handshake(answer <-chan int, wait, every time.Duration, again func()) bool {
	timeout := time.NewTimer(wait)
	defer timeout.Stop()
	var tick <-chan time.Time
	if again != nil {
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-answer:
			return true
		case <-timeout.C:
			return false
		case <-tick:
			again()
		}
	}
}

// seqBase separates a control's position from its sequence number in the
// values the browser sends (sequencedJS): seq·seqBase + position.
const seqBase = 1 << 16

// sequencedJS numbers the moves of the widget htmlID in the browser and
// sends each as seq·seqBase + position to addr. GoNB hands every incoming
// value to its listeners on a goroutine of its own, so two values sent in
// quick succession (the last steps of a drag) can reach the program in
// either order; the widget's own address carries no order, and a chart
// could stay one step short of its slider. The numbers let the program
// keep only the newest move (sequence.accept).
func sequencedJS(htmlID, addr string) string {
	return fmt.Sprintf(`(() => {
  const comm = globalThis?.gonb_comm, el = document.getElementById(%q);
  if (!comm || !el) { console.error("kernelab: exploration control %%s not connected", %q); return; }
  let seq = 0;
  const send = () => comm.send(%q, ++seq * %d + Number(el.value));
  el.addEventListener("input", send);
  el.addEventListener("change", send);
})();`, htmlID, htmlID, addr, seqBase)
}

// sequence keeps the newest of a control's numbered moves.
type sequence struct{ last int }

// accept decodes v = seq·seqBase + position and reports the position if
// seq is newer than every move accepted before; a move that arrives after
// a newer one, or a malformed value, is dropped.
func (f *sequence) accept(v int) (int, bool) {
	seq, p := v/seqBase, v%seqBase
	if v < 0 || seq <= f.last {
		return 0, false
	}
	f.last = seq
	return p, true
}

// live runs the exploration with GoNB widgets until Done or IdleTimeout,
// then clears its transient output.
func (e *Exploration) live() error {
	uid := gonbui.UniqueID()
	panelID, chartID, divID := "kl_panel_"+uid, "kl_chart_"+uid, "kl-controls-"+uid
	gonbui.UpdateHTML(panelID, fmt.Sprintf(`<div id="%s" class="kl-live-controls" style="font:13px sans-serif"><b>%s</b><br></div>`, divID, html.EscapeString(e.Title)))
	defer gonbui.UpdateHTML(panelID, "")
	defer gonbui.UpdateHTML(chartID, "")

	pos := e.defaults()
	type move struct{ i, p int }
	moves := make(chan move, 16)
	for i, c := range e.Controls {
		dom.Append(divID, fmt.Sprintf(`<span style="margin-left:8px">%s </span>`, html.EscapeString(c.Name)))
		var htmlID string
		if c.choice {
			htmlID = widgets.Select(c.Labels).SetDefault(c.Default).AppendTo(divID).Done().HtmlId()
		} else {
			htmlID = widgets.Slider(0, len(c.Values)-1, c.Default).AppendTo(divID).Done().HtmlId()
		}
		addr := fmt.Sprintf("/kernelab/explore/%s/%d", uid, i)
		ch := comms.Listen[int](addr)
		defer ch.Close()
		dom.TransientJavascript(sequencedJS(htmlID, addr))
		go func(i int, ch *comms.AddressChan[int]) {
			var f sequence
			for v := range ch.C {
				if p, ok := f.accept(v); ok {
					moves <- move{i, p}
				}
			}
		}(i, ch)
	}
	done := widgets.Button("Done").AppendTo(divID).Done().Listen()

	draw := func() error {
		start := time.Now()
		svg, err := e.render(pos)
		if err != nil {
			return err
		}
		gonbui.UpdateHTML(chartID, fmt.Sprintf(`<div class="kl-live" data-values="%s"><div class="kl-live-values">%s <span style="color:#888">(%.0f ms)</span></div>%s</div>`,
			html.EscapeString(e.caption(pos)), html.EscapeString(e.caption(pos)), 1000*time.Since(start).Seconds(), svg))
		return nil
	}
	if err := draw(); err != nil {
		return err
	}
	idle := time.NewTimer(IdleTimeout)
	defer idle.Stop()
	for {
		select {
		case <-done.C:
			return nil
		case <-idle.C:
			return nil
		case m := <-moves:
			// Debounce: take every move that arrives within the pause.
			for pending := true; pending; {
				if m.p >= 0 && m.p < len(e.Controls[m.i].Values) {
					pos[m.i] = m.p
				}
				select {
				case m = <-moves:
				case <-time.After(debounce):
					pending = false
				}
			}
			idle.Reset(IdleTimeout)
			if err := draw(); err != nil {
				return err
			}
		}
	}
}
