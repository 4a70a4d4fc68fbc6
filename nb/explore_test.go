package nb

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/viz"
)

// slope draws y = a·x + b for the values (a, b) it is given, and records
// them.
func slope(seen *[][]float64) func(v []float64) (viz.Chart, error) {
	return func(v []float64) (viz.Chart, error) {
		*seen = append(*seen, append([]float64(nil), v...))
		b := 0.0
		if len(v) > 1 {
			b = v[1]
		}
		x := []float64{0, 1, 2}
		return &viz.Line{Title: "y = a x + b", XLabel: "x", YLabel: "y", YMin: -1, YMax: 30,
			Series: []viz.Series{{Name: "line", X: x, Y: []float64{b, v[0] + b, 2*v[0] + b}}}}, nil
	}
}

func TestControls(t *testing.T) {
	s := LogSlider("γ", 0.01, 10, 31, 0.25)
	if len(s.Values) != 31 || s.Values[0] != 0.01 || s.Values[30] != 10 {
		t.Fatalf("log slider values %v", s.Values)
	}
	for i := 1; i < len(s.Values); i++ {
		if r := s.Values[i] / s.Values[i-1]; math.Abs(r-math.Pow(10, 0.1)) > 0.01 {
			t.Fatalf("log slider steps not geometric: %v / %v", s.Values[i], s.Values[i-1])
		}
	}
	if d := s.Values[s.Default]; d != 0.25 {
		t.Errorf("default %v, want the position nearest 0.25", d)
	}
	if fr := s.frames(); len(fr) != 5 || fr[0] != 0 || fr[4] != 30 || !slices.Contains(fr, s.Default) {
		t.Errorf("frames %v: want 5 from the first to the last position, the default among them", fr)
	}
	l := Slider("a", 0, 1, 5, 0.5)
	if want := []float64{0, 0.25, 0.5, 0.75, 1}; !slices.Equal(l.Values, want) || l.Default != 2 {
		t.Errorf("linear slider %v default %d", l.Values, l.Default)
	}
	if c := IntSlider("degree", 1, 4, 3); !slices.Equal(c.Values, []float64{1, 2, 3, 4}) || c.Default != 2 || c.label(2) != "3" {
		t.Errorf("int slider %+v", c)
	}
	if c := Choice("data", []string{"circle", "spiral"}, 1); c.Default != 1 || c.label(1) != "spiral" || !c.choice {
		t.Errorf("choice %+v", c)
	}
}

// The frames are the chart at every combination of the controls' frame
// positions, the first control slowest; the default combination shows.
func TestFramesHTML(t *testing.T) {
	var seen [][]float64
	e := &Exploration{Title: "lines", Controls: []Control{Slider("a", 1, 5, 5, 2), Choice("b", []string{"0", "10"}, 1)}, Draw: slope(&seen)}
	h, err := e.FramesHTML()
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 10 {
		t.Fatalf("drawn %d times, want 5 × 2", len(seen))
	}
	if !slices.Equal(seen[0], []float64{1, 0}) || !slices.Equal(seen[1], []float64{1, 1}) || !slices.Equal(seen[9], []float64{5, 1}) {
		t.Errorf("drawing order %v", seen)
	}
	if n := strings.Count(h, `class="kl-frame"`); n != 10 {
		t.Errorf("%d frames", n)
	}
	shown := regexp.MustCompile(`<div class="kl-frame" data-frame="(\d+)">`).FindAllStringSubmatch(h, -1)
	// Default a = 2 (position 1), b = "10" (position 1): frame 1·2 + 1 = 3.
	if len(shown) != 1 || shown[0][1] != "3" {
		t.Errorf("shown frames %v, want only frame 3", shown)
	}
	if strings.Count(h, `<input type="range" class="kl-explore-input"`) != 2 || !strings.Contains(h, `max="4"`) || !strings.Contains(h, `max="1"`) {
		t.Error("want a range input per control over its frames")
	}
	if !strings.Contains(h, "<output>2</output>") || !strings.Contains(h, "<output>10</output>") {
		t.Error("the default values are not shown")
	}
	if strings.Contains(h, "<?xml") || strings.Count(h, "<svg") != 10 {
		t.Error("frames are not inline SVG")
	}
	h2, _ := (&Exploration{Title: "lines", Controls: e.Controls, Draw: slope(&seen)}).FramesHTML()
	if h2 != h {
		t.Error("frames are not deterministic")
	}
}

func TestExplorationBadInput(t *testing.T) {
	var seen [][]float64
	draw := slope(&seen)
	fails := errors.New("no fit")
	for name, e := range map[string]*Exploration{
		"nil draw":           {Title: "x", Controls: []Control{Slider("a", 0, 1, 3, 0)}},
		"no controls":        {Title: "x", Draw: draw},
		"empty slider":       {Title: "x", Controls: []Control{Slider("a", 1, 0, 3, 0)}, Draw: draw},
		"log of zero":        {Title: "x", Controls: []Control{LogSlider("a", 0, 1, 3, 0)}, Draw: draw},
		"no name":            {Title: "x", Controls: []Control{Slider("", 0, 1, 3, 0)}, Draw: draw},
		"NaN":                {Title: "x", Controls: []Control{{Name: "a", Values: []float64{0, math.NaN()}}}, Draw: draw},
		"bad default":        {Title: "x", Controls: []Control{{Name: "a", Values: []float64{0, 1}, Default: 2}}, Draw: draw},
		"bad frame":          {Title: "x", Controls: []Control{{Name: "a", Values: []float64{0, 1}, Frames: []int{0, 0}}}, Draw: draw},
		"labels mismatch":    {Title: "x", Controls: []Control{{Name: "a", Values: []float64{0, 1}, Labels: []string{"a"}}}, Draw: draw},
		"too many frames":    {Title: "x", Controls: []Control{Slider("a", 0, 1, 5, 0), Slider("b", 0, 1, 5, 0), Slider("c", 0, 1, 5, 0)}, Draw: draw},
		"too many positions": {Title: "x", Controls: []Control{{Name: "a", Values: make([]float64, seqBase+1), Frames: []int{0}}}, Draw: draw},
	} {
		if _, err := e.FramesHTML(); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("%s: err = %v, want ErrParam", name, err)
		}
	}
	e := &Exploration{Title: "x", Controls: []Control{Slider("a", 0, 1, 3, 0)}, Draw: func([]float64) (viz.Chart, error) { return nil, fails }}
	if _, err := e.FramesHTML(); !errors.Is(err, fails) {
		t.Errorf("a draw error is lost: %v", err)
	}
	e.Draw = func([]float64) (viz.Chart, error) { return nil, nil }
	if _, err := e.FramesHTML(); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("no chart: %v", err)
	}
}

// GoNB delivers each value on a goroutine of its own, so the last two
// moves of a drag can arrive swapped (a CI run under load showed the chart
// one step short of the slider's end). The numbered moves keep the newest.
func TestSequence(t *testing.T) {
	var f sequence
	var got []int
	// The drag 14 → 30 sent as moves 1…4; move 3 (position 29) arrives
	// after move 4 (position 30), and a malformed value comes last.
	for _, v := range []int{1*seqBase + 14, 2*seqBase + 20, 4*seqBase + 30, 3*seqBase + 29, 4*seqBase + 30, -1} {
		if p, ok := f.accept(v); ok {
			got = append(got, p)
		}
	}
	if want := []int{14, 20, 30}; !slices.Equal(got, want) {
		t.Errorf("accepted %v, want %v (the newest move last, stale and repeated ones dropped)", got, want)
	}
	js := sequencedJS("gonb_slider_1", "/kernelab/explore/u/0")
	for _, want := range []string{`getElementById("gonb_slider_1")`, `comm.send("/kernelab/explore/u/0", ++seq * 65536 + Number(el.value))`, `"input"`, `"change"`} {
		if !strings.Contains(js, want) {
			t.Errorf("the browser side lacks %s:\n%s", want, js)
		}
	}
}

// Outside a notebook Explore prints one line and returns; quick mode never
// waits for a front end.
func TestExploreHeadless(t *testing.T) {
	fatal, _ := capture(t)
	var printed []string
	oldOut, oldFE := stdout, frontEnd
	stdout = func(s string) { printed = append(printed, s) }
	asked := false
	frontEnd = func() bool { asked = true; return false }
	t.Cleanup(func() { stdout, frontEnd = oldOut, oldFE })
	t.Setenv(ModeEnv, "quick")
	var seen [][]float64
	Explore("lines", []Control{Slider("a", 1, 5, 5, 2)}, slope(&seen))
	if len(*fatal) != 0 || len(printed) != 1 || !strings.Contains(printed[0], "lines: 5 frames (a = 2)") {
		t.Errorf("printed %q, failures %q", printed, *fatal)
	}
	if asked {
		t.Error("looked for a front end outside a notebook")
	}
	Explore("bad", nil, slope(&seen))
	if len(*fatal) != 1 {
		t.Errorf("a bad exploration did not stop the cell: %q", *fatal)
	}
	t.Setenv(ExploreEnv, "static")
	if liveWanted() {
		t.Error("KERNELAB_EXPLORE=static wants live")
	}
	t.Setenv(ExploreEnv, "live")
	if !liveWanted() {
		t.Error("KERNELAB_EXPLORE=live in quick mode is not live")
	}
	t.Setenv(ExploreEnv, "")
	if liveWanted() {
		t.Error("quick mode wants live")
	}
}

// TestBrowserExpected: a browser is expected under ExploreEnv "live" and,
// with ExploreEnv unset, in a Jupyter Server session (sessionEnv); only
// then does frontEnd wait longer and ask GoNB again for its connection.
// Quick mode stays static unless ExploreEnv is "live".
func TestBrowserExpected(t *testing.T) {
	for _, tc := range []struct {
		explore, session string
		browser          bool
	}{
		{"live", "", true},
		{" LIVE ", "", true},
		{"live", "notebooks/00-tour.ipynb", true},
		{"static", "", false},
		{"static", "notebooks/00-tour.ipynb", false},
		{"", "notebooks/00-tour.ipynb", true}, // JupyterLab
		{"", "", false},                       // nbconvert, a plain program
	} {
		t.Setenv(ExploreEnv, tc.explore)
		t.Setenv(sessionEnv, tc.session)
		name := fmt.Sprintf("%s=%q %s=%q", ExploreEnv, tc.explore, sessionEnv, tc.session)
		if got := browserExpected(); got != tc.browser {
			t.Errorf("%s: browserExpected() = %v, want %v", name, got, tc.browser)
		}
		wait := handshakeTimeout
		if tc.browser {
			wait = liveHandshakeTimeout
		}
		if got := handshakeWait(); got != wait {
			t.Errorf("%s: wait %v, want %v", name, got, wait)
		}
		if got := reconnect() != nil; got != tc.browser {
			t.Errorf("%s: reconnects %v, want %v (without a browser each would copy GoNB's script into the saved notebook)", name, got, tc.browser)
		}
		forced := strings.ToLower(strings.TrimSpace(tc.explore))
		for _, mode := range []string{"", "quick"} {
			t.Setenv(ModeEnv, mode)
			want := forced == "live" || forced == "" && mode == ""
			if got := liveWanted(); got != want {
				t.Errorf("%s %s=%q: liveWanted() = %v, want %v", name, ModeEnv, mode, got, want)
			}
		}
	}
	if liveHandshakeTimeout <= handshakeTimeout {
		t.Errorf("live wait %v is not longer than %v", liveHandshakeTimeout, handshakeTimeout)
	}
}

// TestHandshake: frontEnd asks GoNB again for its connection every
// reconnectEvery (only where a browser is expected: TestBrowserExpected)
// until the page answers or the wait ends.
func TestHandshake(t *testing.T) {
	answer := make(chan int, 1)
	calls := 0
	again := func() {
		if calls++; calls == 3 {
			answer <- 1
		}
	}
	if !handshake(answer, time.Minute, time.Millisecond, again) || calls < 3 {
		t.Errorf("answered after the third reconnect: got %d reconnects", calls)
	}
	calls = 0
	if handshake(make(chan int), 200*time.Millisecond, 10*time.Millisecond, again) || calls < 2 {
		t.Errorf("no answer: want false after several reconnects, got %d", calls)
	}
	if handshake(make(chan int), 20*time.Millisecond, time.Millisecond, nil) {
		t.Error("no answer and no reconnect: want false")
	}
	if reconnectEvery <= 1500*time.Millisecond || reconnectEvery >= handshakeTimeout {
		t.Errorf("reconnectEvery %v: want over GoNB's 1 s of silence and 500 ms ack wait, and under the %v wait", reconnectEvery, handshakeTimeout)
	}
}
