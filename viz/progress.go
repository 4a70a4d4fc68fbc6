package viz

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress is a progress bar for long loops (CV folds, repetitions). In a
// notebook it updates one output in place (gonbui.UpdateHTML on a transient
// id); elsewhere it prints a plain line each time another Step percent is
// done. Add and Done are safe for concurrent use.
type Progress struct {
	mu      sync.Mutex
	title   string
	total   int
	done    int
	lastPct int
	start   time.Time
	id      string
	w       io.Writer
	nb      bool
	closed  bool
	// Step is the percentage between plain-text lines (default 10).
	Step int
}

var progressSeq struct {
	sync.Mutex
	n int
}

// NewProgress starts a progress bar for total steps. Outside a notebook lines
// go to os.Stderr.
func NewProgress(title string, total int) *Progress {
	return newProgress(title, total, os.Stderr, inNotebook())
}

// NewProgressTo is NewProgress writing plain lines to w (never the notebook).
func NewProgressTo(w io.Writer, title string, total int) *Progress {
	return newProgress(title, total, w, false)
}

func newProgress(title string, total int, w io.Writer, nb bool) *Progress {
	if total < 0 {
		total = 0
	}
	progressSeq.Lock()
	progressSeq.n++
	id := fmt.Sprintf("kl-progress-%d-%d", os.Getpid(), progressSeq.n)
	progressSeq.Unlock()
	p := &Progress{title: title, total: total, w: w, nb: nb, id: id, start: time.Now(), lastPct: -1, Step: 10}
	p.mu.Lock()
	p.emit(true)
	p.mu.Unlock()
	return p
}

// Add records n more finished steps.
func (p *Progress) Add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || n <= 0 {
		return
	}
	p.done = min(p.done+n, p.total)
	p.emit(false)
}

// Done marks the loop finished (100%) and prints the elapsed time. Calling it
// more than once is harmless.
func (p *Progress) Done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.done = p.total
	p.closed = true
	p.emit(true)
}

func (p *Progress) pct() int {
	if p.total == 0 {
		if p.closed {
			return 100
		}
		return 0
	}
	return 100 * p.done / p.total
}

// emit writes the state when the percentage moved enough (or force).
func (p *Progress) emit(force bool) {
	pct := p.pct()
	step := p.Step
	if p.nb {
		step = 1
	}
	if step < 1 {
		step = 1
	}
	if !force && pct/step == p.lastPct/step {
		return
	}
	p.lastPct = pct
	if p.nb {
		if p.closed {
			// Transient blocks live only during the kernel session: erase it
			// and keep one line of text, no bar, as a regular output that is
			// saved (the report shows how long the work took, not a widget).
			updateHTML(p.id, "")
			displayHTML(p.summary())
			syncDisplay()
			return
		}
		updateHTML(p.id, p.html(pct))
		return
	}
	if p.w == nil { // a zero Progress, not made by NewProgress: nowhere to print
		return
	}
	line := fmt.Sprintf("%s: %3d%% (%d/%d)", p.title, pct, p.done, p.total)
	if p.closed {
		line += fmt.Sprintf(" done in %s", time.Since(p.start).Round(time.Millisecond))
	}
	fmt.Fprintln(p.w, line)
}

// summary is the saved line of a finished bar: "title: 200 steps in 1.2s".
func (p *Progress) summary() string {
	return fmt.Sprintf(`<div style="font:12px sans-serif;color:#57606a;margin:2px 0">%s: %d steps in %s</div>`,
		escapeText(p.title), p.total, time.Since(p.start).Round(time.Millisecond))
}

func (p *Progress) html(pct int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<div style="font:13px sans-serif;margin:2px 0">%s `, escapeText(p.title))
	fmt.Fprintf(&b, `<span style="display:inline-block;width:240px;height:12px;border:1px solid #999;vertical-align:middle;background:#eee">`)
	fmt.Fprintf(&b, `<span style="display:block;width:%d%%;height:100%%;background:#4e79a7"></span></span>`, pct)
	fmt.Fprintf(&b, ` %d%% (%d/%d)`, pct, p.done, p.total)
	b.WriteString("</div>")
	return b.String()
}
