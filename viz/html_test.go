package viz

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// requireLib skips (or fails under KERNELAB_REQUIRE_BROWSER=1) when the
// ECharts library has not been fetched.
func requireLib(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(EChartsPath()); err != nil {
		msg := "ECharts library missing at " + EChartsPath() + ": run `make setup` (scripts/fetch-echarts.sh)"
		if os.Getenv("KERNELAB_REQUIRE_BROWSER") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

var remoteSrc = regexp.MustCompile(`(?i)<script[^>]*\ssrc\s*=\s*["']?(https?:)?//`)

func TestHTMLSelfContained(t *testing.T) {
	requireLib(t)
	for _, tc := range interactiveCharts() {
		h, err := tc.c.HTML()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if remoteSrc.Match(h) {
			t.Errorf("%s: HTML loads a remote script", tc.name)
		}
		if n := bytes.Count(h, []byte("data-kl-echarts=")); n != 1 {
			t.Errorf("%s: library inlined %d times, want 1", tc.name, n)
		}
		// The shield: the library runs with define/exports/module undefined,
		// and only when window.echarts is not yet there.
		for _, want := range []string{"(function(define, exports, module){", "if (window.echarts) { return; }", "}).call(window);"} {
			if !bytes.Contains(h, []byte(want)) {
				t.Errorf("%s: HTML lacks %q", tc.name, want)
			}
		}
		// No </script> inside the inlined code other than the closing tags:
		// two script elements (library, chart).
		if n := bytes.Count(h, []byte("</script>")); n != 2 {
			t.Errorf("%s: %d </script> tags, want 2", tc.name, n)
		}
	}
	p := examplePage()
	h, err := p.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if remoteSrc.Match(h) || bytes.Contains(h, []byte("http://")) && remoteSrc.Match(h) {
		t.Error("page loads a remote script")
	}
	if n := bytes.Count(h, []byte("data-kl-echarts=")); n != 1 {
		t.Errorf("page inlines the library %d times, want 1", n)
	}
}

func TestMissingLibrary(t *testing.T) {
	t.Setenv("KERNELAB_ECHARTS", filepath.Join(t.TempDir(), "nope.js"))
	_, err := exampleBar().HTML()
	if !errors.Is(err, klearn.ErrMissingData) || !strings.Contains(err.Error(), "make setup") {
		t.Fatalf("error %v should wrap ErrMissingData and tell the user to run make setup", err)
	}
	if _, err := examplePage().HTML(); !errors.Is(err, klearn.ErrMissingData) {
		t.Fatalf("page error %v", err)
	}
}

func TestScriptSafe(t *testing.T) {
	t.Parallel()
	l := exampleLine(Linear, false)
	l.Title = "</script><script>alert(1)</script>"
	e, err := l.echart()
	if err != nil {
		t.Fatal(err)
	}
	f := e.fragment()
	if strings.Count(f, "</script>") != 1 {
		t.Fatalf("title closed the script element early:\n%s", f)
	}
}

func TestChartIDs(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for _, tc := range interactiveCharts() {
		e, err := tc.c.(echarter).echart()
		if err != nil {
			t.Fatal(err)
		}
		e2, _ := tc.c.(echarter).echart()
		if e.id() != e2.id() {
			t.Errorf("%s: id not deterministic", tc.name)
		}
		if other, dup := seen[e.id()]; dup {
			t.Errorf("%s and %s share id %s", tc.name, other, e.id())
		}
		seen[e.id()] = tc.name
	}
}

func examplePage() *Page {
	p := NewPage("viz: every chart kind")
	p.Heading("Static (gonum/plot)")
	for _, tc := range staticCharts() {
		p.Static(tc.c)
	}
	p.Heading("Interactive (ECharts)")
	for _, tc := range interactiveCharts() {
		p.Interactive(tc.c)
	}
	p.Heading("Table")
	p.Table(exampleTable())
	p.Text("End of report.")
	return p
}
