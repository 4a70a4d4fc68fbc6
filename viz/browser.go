package viz

import (
	"encoding/json"
	"fmt"
	"image"
	"math"
	"os/exec"
	"regexp"

	"github.com/kernelab/kernelab/klearn"
)

// Browser checks of figures. A page (a viz Page, an exported notebook
// report) that ends with FigureProbe is opened in headless Chromium
// (FindChromium, BrowserArgs: no network); the probe measures every static
// figure with the browser's own geometry and leaves its findings in the
// DOM, which ParseProbe reads back from `chromium --dump-dom`. The viz
// browser tests and `nbtool check-reports` share it.

// FigureProbe is a script to append at the end of a page's body. After
// layout it checks every static figure (every top-level inline <svg> that
// is not MathJax's) as a reader sees it:
//   - no legend box (g.kl-legend) covers plotted data (g.kl-data): points of
//     the legend box are tested with isPointInFill / isPointInStroke on
//     every data element;
//   - every data element lies inside the plot area (g.kl-area) of its panel
//     (markers may overhang by their half size);
//   - no two unrotated texts overlap, and none runs outside the figure;
//   - every raster image is stretched to its box (preserveAspectRatio
//     none) and holds PNG;
//
// and for every ECharts chart (div.kl-chart) it counts the drawn pixels of
// its canvas (ink) and the band tints spilled below its grid (spill). It
// writes its findings as JSON into a JSON script element #kl-figure-probe (ParseProbe)
// with the page boxes of the figures and of their rasters, for a pixel check
// on a screenshot (BlankFraction).
const FigureProbe = `<script>
(function(){
 function probe(){
  function box(el){ var r = el.getBoundingClientRect(); return {x0:r.left, y0:r.top, x1:r.right, y1:r.bottom}; }
  function pageBox(el){ var b = box(el); return [b.x0 + window.scrollX, b.y0 + window.scrollY, b.x1 + window.scrollX, b.y1 + window.scrollY]; }
  function inter(a, b, d){ return a.x0+d < b.x1 && b.x0+d < a.x1 && a.y0+d < b.y1 && b.y0+d < a.y1; }
  var result = {figures: [], charts: [], height: 0, width: 0};
  var svgs = document.querySelectorAll('svg');
  for (var i = 0; i < svgs.length; i++) {
    var svg = svgs[i];
    if (svg.parentElement.closest('svg') || svg.closest('mjx-container') || (svg.id || '').indexOf('MJX') === 0) { continue; }
    var sb0 = box(svg);
    if (sb0.x1 - sb0.x0 < 1 || sb0.y1 - sb0.y0 < 1) { continue; }
    var probs = [], imgs = [];
    var data = svg.querySelectorAll('g.kl-data path');
    // Legends off the data.
    var legends = svg.querySelectorAll('g.kl-legend');
    for (var l = 0; l < legends.length; l++) {
      var frame = legends[l].querySelector('path'), hit = null;
      if (!frame) { continue; }
      var lb = box(frame), near = [];
      // Only the data elements whose boxes meet the legend's can cover it.
      for (var k = 0; k < data.length; k++) {
        if (inter(box(data[k]), lb, -1)) { near.push(data[k]); }
      }
      for (var y = lb.y0 + 1.5; y < lb.y1 - 1 && !hit && near.length; y += 2) {
        for (var x = lb.x0 + 1.5; x < lb.x1 - 1 && !hit; x += 2) {
          for (var k = 0; k < near.length; k++) {
            var el = near[k];
            var p = new DOMPoint(x, y).matrixTransform(el.getScreenCTM().inverse());
            var st = getComputedStyle(el);
            if ((st.fill !== 'none' && st.fillOpacity !== '0' && el.isPointInFill(p)) || (st.stroke !== 'none' && el.isPointInStroke(p))) {
              hit = [x, y]; break;
            }
          }
        }
      }
      if (hit) { probs.push('legend ' + l + ' covers data at ' + hit[0].toFixed(0) + ',' + hit[1].toFixed(0)); }
    }
    // Data inside the plot area of its panel.
    var panels = svg.querySelectorAll('g.kl-panel');
    for (var q = 0; q < panels.length; q++) {
      var area = panels[q].querySelector('g.kl-area path');
      if (!area) { probs.push('panel ' + q + ' has no plot area'); continue; }
      var ab = box(area);
      var els = panels[q].querySelectorAll('g.kl-data path, g.kl-data image');
      for (var k = 0; k < els.length; k++) {
        var b = box(els[k]), w = b.x1 - b.x0, h = b.y1 - b.y0;
        var tol = (w <= 21 && h <= 21) ? Math.max(w, h) / 2 + 1 : 1;
        if (b.x0 < ab.x0 - tol || b.x1 > ab.x1 + tol || b.y0 < ab.y0 - tol || b.y1 > ab.y1 + tol) {
          probs.push('panel ' + q + ': data element ' + k + ' [' + [b.x0, b.y0, b.x1, b.y1].map(function(v){return v.toFixed(1);}) + '] outside the plot area [' + [ab.x0, ab.y0, ab.x1, ab.y1].map(function(v){return v.toFixed(1);}) + ']');
          break;
        }
      }
    }
    // Unrotated texts do not overlap.
    var texts = [], all = svg.querySelectorAll('text'), title = '', top = Infinity;
    for (var k = 0; k < all.length; k++) {
      var t = all[k].textContent.trim();
      if (t === '') { continue; }
      var tb = box(all[k]);
      if (tb.y0 < top - 0.5) { top = tb.y0; title = t; }
      if (!all[k].closest('g[transform^="rotate"]')) { texts.push({t: all[k].textContent, b: tb}); }
    }
    for (var a = 0; a < texts.length; a++) {
      var tb = texts[a].b;
      if (tb.x0 < sb0.x0 - 1 || tb.x1 > sb0.x1 + 1 || tb.y0 < sb0.y0 - 1 || tb.y1 > sb0.y1 + 1) {
        probs.push('text "' + texts[a].t + '" runs outside the figure');
      }
      for (var c = a + 1; c < texts.length; c++) {
        if (inter(texts[a].b, texts[c].b, 1)) { probs.push('texts "' + texts[a].t + '" and "' + texts[c].t + '" overlap'); }
      }
    }
    // Rasters fill their boxes.
    var ims = svg.querySelectorAll('image');
    for (var k = 0; k < ims.length; k++) {
      var im = ims[k], href = im.getAttribute('xlink:href') || im.getAttribute('href') || '';
      if (im.getAttribute('preserveAspectRatio') !== 'none') { probs.push('image ' + k + ' keeps its aspect ratio'); }
      if (href.indexOf('data:image/png;base64,iVBOR') !== 0) { probs.push('image ' + k + ' is not labelled PNG'); }
      imgs.push(pageBox(im));
    }
    result.figures.push({title: title, viz: panels.length > 0, box: pageBox(svg), problems: probs, images: imgs});
  }
  // ECharts: drawn pixels, and the ±Err bands of a zoomed line chart stay
  // inside the grid.
  var ecs = document.querySelectorAll('div.kl-chart');
  for (var i = 0; i < ecs.length; i++) {
    var inst = window.echarts && window.echarts.getInstanceByDom(ecs[i]), out = -1, ink = -1;
    var cv = ecs[i].querySelector('canvas');
    if (cv) {
      var d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      ink = 0;
      for (var k = 0; k < d.length; k += 4) {
        if (d[k+3] > 0 && (d[k] < 240 || d[k+1] < 240 || d[k+2] < 240)) { ink++; }
      }
    }
    if (inst && cv) {
      var grid = inst.getModel().getComponent('grid').coordinateSystem.getRect();
      var ctx = cv.getContext('2d'), sx = cv.width / ecs[i].clientWidth;
      out = 0;
      // Rows between the grid's bottom and the x-axis labels: band tints
      // (light orange or light blue) there would be a spill.
      var y0 = Math.ceil((grid.y + grid.height + 2) * sx), y1 = Math.floor((grid.y + grid.height + 6) * sx);
      var d = ctx.getImageData(Math.ceil(grid.x * sx), y0, Math.floor(grid.width * sx), Math.max(1, y1 - y0)).data;
      for (var k = 0; k < d.length; k += 4) {
        var r = d[k], g = d[k+1], b = d[k+2];
        if (d[k+3] > 0 && r < 250 && ((r > 230 && r - b > 25) || (b > 200 && b - r > 15))) { out++; }
      }
    }
    result.charts.push({id: ecs[i].id, ink: ink, spill: out, box: pageBox(ecs[i])});
  }
  var de = document.documentElement;
  result.height = Math.max(de.scrollHeight, document.body.scrollHeight);
  result.width = Math.max(de.scrollWidth, document.body.scrollWidth);
  var out = document.createElement('script');
  out.type = 'application/json';
  out.id = 'kl-figure-probe';
  out.textContent = JSON.stringify(result).replace(/</g, '\\u003c');
  document.body.appendChild(out);
 }
 // After the page's load and MathJax's first typesetting, which move things.
 function go(){
  if (window.MathJax && window.MathJax.startup && window.MathJax.startup.promise) {
    window.MathJax.startup.promise.then(function(){ setTimeout(probe, 0); });
  } else { setTimeout(probe, 0); }
 }
 if (document.readyState === 'complete') { go(); } else { window.addEventListener('load', go); }
})();
</script>`

// ProbeResult is what FigureProbe found on a page. Boxes are
// [x0, y0, x1, y1] in CSS pixels of the page (not of the window).
type ProbeResult struct {
	Figures []ProbedFigure `json:"figures"`
	Charts  []ProbedChart  `json:"charts"`
	// Height and Width are the page's scroll size.
	Height float64 `json:"height"`
	Width  float64 `json:"width"`
}

// ProbedFigure is one static figure (an inline SVG) in document order.
type ProbedFigure struct {
	// Title is the top-most text of the figure (its title, when it has one).
	Title string `json:"title"`
	// Viz reports whether the figure was drawn by this package (it has
	// g.kl-panel groups, so legends and plot areas were checked).
	Viz      bool         `json:"viz"`
	Box      [4]float64   `json:"box"`
	Problems []string     `json:"problems"`
	Images   [][4]float64 `json:"images"`
}

// ProbedChart is one ECharts chart (div.kl-chart).
type ProbedChart struct {
	ID  string `json:"id"`
	Ink int    `json:"ink"` // non-background canvas pixels; -1: no canvas
	// Spill counts band-tinted pixels just below the grid; -1: not measured.
	Spill int        `json:"spill"`
	Box   [4]float64 `json:"box"`
}

var probeDiv = regexp.MustCompile(`(?s)<script type="application/json" id="kl-figure-probe">(.*?)</script>`)

// ParseProbe reads FigureProbe's findings from a DOM dumped after the probe
// ran (chromium --dump-dom). It returns an error wrapping klearn.ErrParam
// when the probe did not run.
func ParseProbe(dom []byte) (*ProbeResult, error) {
	m := probeDiv.FindSubmatch(dom)
	if m == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "viz: parse probe: no probe result in the page (did its scripts run?)")
	}
	var r ProbeResult
	if err := json.Unmarshal(m[1], &r); err != nil {
		return nil, fmt.Errorf("viz: parse probe: %w", err)
	}
	return &r, nil
}

// FindChromium returns the path of a headless-capable browser on PATH
// (chromium, chromium-browser, google-chrome or google-chrome-stable, as
// scripts/lib.sh looks them up; Debian: apt-get install
// chromium, or `make setup` with --browser).
func FindChromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", klearn.Errorf(klearn.ErrParam, "viz: no chromium on PATH (Debian: apt-get install chromium)")
}

// BrowserArgs returns the flags of a headless Chromium with no network
// (every host resolves nowhere, every proxy fails) and a throw-away profile
// in profileDir, drawing at one device pixel per CSS pixel in a window of
// width × height, after virtualMS milliseconds of virtual time for the
// page's scripts. Append --dump-dom or --screenshot=FILE and the page URL.
func BrowserArgs(profileDir string, width, height, virtualMS int) []string {
	return []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
		"--user-data-dir=" + profileDir, "--hide-scrollbars", "--force-device-scale-factor=1",
		fmt.Sprintf("--virtual-time-budget=%d", virtualMS), fmt.Sprintf("--window-size=%d,%d", width, height),
	}
}

// BlankFraction samples the box r (inset by 2 px) of a screenshot on a grid
// and returns the fraction of pure white pixels: near 0 for a raster
// painted across its box, large for a letterboxed one. Samples outside the
// image count as not white, as img.At's zero colour is; only those inside
// are visited, so a box of ±1e300 costs the image's size. An empty box, a
// box with a NaN corner and a nil image are all blank (1).
func BlankFraction(img image.Image, r [4]float64) float64 {
	// The grid's points lo, lo + step, … below hi.
	count := func(lo, hi, step float64) float64 {
		if !(hi > lo) {
			return 0
		}
		return math.Ceil((hi - lo) / step)
	}
	// Its first point at or after edge (at edge when lo is so far below
	// that the grid's spacing is lost to rounding).
	first := func(lo, step float64, edge int) float64 {
		if lo >= float64(edge) {
			return lo
		}
		return math.Max(lo+math.Ceil((float64(edge)-lo)/step)*step, float64(edge))
	}
	n := count(r[1]+2, r[3]-2, 3) * count(r[0]+2, r[2]-2, 2)
	if img == nil || !(n > 0) {
		return 1
	}
	b := img.Bounds()
	y1, x1 := math.Min(r[3]-2, float64(b.Max.Y)), math.Min(r[2]-2, float64(b.Max.X))
	white := 0
	for y := first(r[1]+2, 3, b.Min.Y); y < y1; y += 3 {
		for x := first(r[0]+2, 2, b.Min.X); x < x1; x += 2 {
			cr, cg, cb, _ := img.At(int(x), int(y)).RGBA()
			if cr>>8 >= 254 && cg>>8 >= 254 && cb>>8 >= 254 {
				white++
			}
		}
	}
	return float64(white) / n
}
