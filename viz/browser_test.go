package viz

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// browser prepares a browser test: it skips in -short mode, needs the
// ECharts library (requireLib) and a headless browser (chromium), and
// returns the browser and a temporary directory.
func browser(t *testing.T) (bin, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	requireLib(t)
	return chromium(t), t.TempDir()
}

// chromium finds a headless browser, or skips (fails under
// KERNELAB_REQUIRE_BROWSER=1).
func chromium(t *testing.T) string {
	t.Helper()
	p, err := FindChromium()
	if err == nil {
		return p
	}
	msg := err.Error() + "; browser test skipped"
	if os.Getenv("KERNELAB_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// inkProbe runs after the charts were drawn: it counts the non-background
// pixels of each ECharts canvas and records the count on the chart div, and
// records whether the fake AMD loader was ever called.
const inkProbe = `<script>
(function(){
  var divs = document.querySelectorAll('div.kl-chart');
  for (var i = 0; i < divs.length; i++) {
    var cv = divs[i].querySelector('canvas'), ink = -1;
    if (cv) {
      var d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      ink = 0;
      for (var k = 0; k < d.length; k += 4) {
        if (d[k+3] > 0 && (d[k] < 240 || d[k+1] < 240 || d[k+2] < 240)) { ink++; }
      }
    }
    divs[i].setAttribute('data-ink', String(ink));
  }
  document.body.setAttribute('data-amd-used', String(!!window.__amdUsed));
})();
</script>`

// fakeRequireJS mimics the RequireJS that Jupyter's HTML export loads: a
// global define with define.amd, which would capture an unshielded UMD
// bundle so window.echarts stays undefined.
const fakeRequireJS = `<script>window.define = function(){ window.__amdUsed = true; }; window.define.amd = {};</script>`

// TestBrowser opens a page with every chart kind in headless Chromium with
// no network and checks the DOM after the scripts ran: an ECharts canvas with
// drawn pixels in every interactive chart, every static SVG present, and
// RequireJS shielding effective.
func TestBrowser(t *testing.T) {
	bin, dir := browser(t)

	page := NewPage("browser test")
	page.RawHTML(fakeRequireJS)
	for _, tc := range staticCharts() {
		page.Static(tc.c)
	}
	for _, tc := range interactiveCharts() {
		page.Interactive(tc.c)
	}
	page.Table(exampleTable())
	// The same chart twice: both copies must be drawn.
	page.Interactive(exampleBar())
	page.RawHTML(inkProbe)
	h, err := page.HTML()
	if err != nil {
		t.Fatal(err)
	}
	// Move the fake loader before the inlined library (which is in <head>).
	hs := strings.Replace(string(h), fakeRequireJS+"\n", "", 1)
	hs = strings.Replace(hs, "<head>\n", "<head>\n"+fakeRequireJS+"\n", 1)
	path := filepath.Join(dir, "page.html")
	if err := os.WriteFile(path, []byte(hs), 0o644); err != nil {
		t.Fatal(err)
	}
	writeArtifact(t, "page.html", []byte(hs))

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		// No network: every host resolves nowhere.
		"--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
		"--user-data-dir=" + filepath.Join(dir, "profile"),
		"--virtual-time-budget=5000", "--window-size=1200,2000",
	}
	dom, err := exec.CommandContext(ctx, bin, append(args, "--dump-dom", "file://"+path)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	ds := string(dom)
	writeArtifact(t, "page.dom.html", dom)

	if !strings.Contains(ds, `data-amd-used="false"`) {
		t.Errorf("the fake RequireJS define was called or the probe did not run (RequireJS shielding broken)")
	}
	divRe := regexp.MustCompile(`<div class="kl-chart" id="([^"]+)"[^>]*data-ink="(-?\d+)"[^>]*>(.*?)</div>`)
	m := divRe.FindAllStringSubmatch(ds, -1)
	want := len(interactiveCharts()) + 1
	if len(m) != want {
		t.Fatalf("found %d probed chart divs, want %d", len(m), want)
	}
	for _, d := range m {
		ink, _ := strconv.Atoi(d[2])
		if !strings.Contains(d[3], "<canvas") {
			t.Errorf("chart %s has no canvas: %.200s", d[1], d[3])
		}
		// A drawn chart has axes, labels and data: thousands of pixels.
		if ink < 2000 {
			t.Errorf("chart %s looks empty: %d inked pixels", d[1], ink)
		}
	}
	if n := strings.Count(ds, `<div class="kl-svg">`); n != len(staticCharts()) {
		t.Errorf("%d static SVG blocks, want %d", n, len(staticCharts()))
	}
	if n := strings.Count(ds, "<svg"); n < len(staticCharts()) {
		t.Errorf("%d <svg> elements, want ≥ %d", n, len(staticCharts()))
	}
	if strings.Contains(ds, ">viz: ECharts library not loaded</div>") {
		t.Error("a chart reported a missing ECharts library")
	}

	// A screenshot, for looking at by eye (VIZ_ARTIFACTS) and as a check
	// that the page renders to a non-trivial image.
	shot := filepath.Join(dir, "shot.png")
	if out, err := exec.CommandContext(ctx, bin, append(args, "--screenshot="+shot, "file://"+path)...).CombinedOutput(); err != nil {
		t.Fatalf("chromium --screenshot: %v\n%s", err, out)
	}
	b, err := os.ReadFile(shot)
	if err != nil || len(b) < 20000 {
		t.Fatalf("screenshot missing or tiny (%d bytes): %v", len(b), err)
	}
	writeArtifact(t, "page.png", b)
}
