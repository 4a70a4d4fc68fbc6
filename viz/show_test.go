package viz

import (
	"strings"
	"testing"
)

// stubDisplay pretends to run in a notebook and records nothing by default;
// tests replace the display functions they observe. Not parallel-safe.
func stubDisplay(t *testing.T) func() {
	t.Helper()
	nb, dh, ds, dp, uh, sy := inNotebook, displayHTML, displaySVG, displayPNG, updateHTML, syncDisplay
	libShownMu.Lock()
	shown := libShown
	libShown = false
	libShownMu.Unlock()
	inNotebook = func() bool { return true }
	displayHTML = func(string) {}
	displaySVG = func(string) {}
	displayPNG = func([]byte) {}
	updateHTML = func(string, string) {}
	syncDisplay = func() {}
	return func() {
		inNotebook, displayHTML, displaySVG, displayPNG, updateHTML, syncDisplay = nb, dh, ds, dp, uh, sy
		libShownMu.Lock()
		libShown = shown
		libShownMu.Unlock()
	}
}

func TestShowOutsideNotebook(t *testing.T) {
	// Outside GoNB Show is a no-op returning nil, even for bad charts.
	if inNotebook() {
		t.Skip("running under GoNB")
	}
	for _, c := range []Chart{exampleBar(), &Line{}, exampleGrid()} {
		if err := c.Show(); err != nil {
			t.Errorf("%T.Show() = %v outside a notebook", c, err)
		}
	}
}

func TestShowNotebook(t *testing.T) {
	requireLib(t)
	restore := stubDisplay(t)
	defer restore()
	var htmls, svgs []string
	syncs := 0
	displayHTML = func(h string) { htmls = append(htmls, h) }
	displaySVG = func(s string) { svgs = append(svgs, s) }
	syncDisplay = func() { syncs++ }

	b := exampleBar()
	b.Interactive = true
	if err := b.Show(); err != nil {
		t.Fatal(err)
	}
	if err := exampleScatter().Show(); err != nil { // static
		t.Fatal(err)
	}
	s := exampleScatter()
	s.Interactive = true
	if err := s.Show(); err != nil {
		t.Fatal(err)
	}
	if len(htmls) != 2 || len(svgs) != 1 || syncs != 3 {
		t.Fatalf("%d HTML, %d SVG outputs, %d syncs; want 2, 1, 3", len(htmls), len(svgs), syncs)
	}
	// The library travels with the first interactive chart only.
	if !strings.Contains(htmls[0], "data-kl-echarts=") || strings.Contains(htmls[1], "data-kl-echarts=") {
		t.Error("library should be inlined in the first interactive output only")
	}
	if strings.HasPrefix(svgs[0], "<?xml") || !strings.Contains(svgs[0], "<svg") {
		t.Errorf("SVG output starts %.40q", svgs[0])
	}
	if err := (&Line{Interactive: true}).Show(); err == nil {
		t.Error("bad chart: Show returned nil in a notebook")
	}
}
