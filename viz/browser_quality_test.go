package viz

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// figureProbe runs in the browser after layout. For every static chart
// (the SVG of a div.kl-svg) it checks what a reader sees, with the
// browser's own geometry:
//   - no legend box (g.kl-legend) covers plotted data (g.kl-data): points of
//     the legend box are tested with isPointInFill / isPointInStroke on
//     every data element;
//   - every data element lies inside the plot area (g.kl-area) of its panel
//     (markers may overhang by their half size);
//   - no two unrotated texts overlap;
//   - every raster image is stretched to its box (preserveAspectRatio
//     none) and holds PNG;
//
// and writes the problems as JSON to data-problems, and the screen boxes of
// the rasters to data-images, for the pixel check in Go.
const figureProbe = `<script>
(function(){
  function box(el){ var r = el.getBoundingClientRect(); return {x0:r.left, y0:r.top, x1:r.right, y1:r.bottom}; }
  function inter(a, b, d){ return a.x0+d < b.x1 && b.x0+d < a.x1 && a.y0+d < b.y1 && b.y0+d < a.y1; }
  var divs = document.querySelectorAll('div.kl-svg');
  for (var i = 0; i < divs.length; i++) {
    var probs = [], imgs = [];
    var svg = divs[i].querySelector('svg');
    var data = svg.querySelectorAll('g.kl-data path');
    // Legends off the data.
    var legends = svg.querySelectorAll('g.kl-legend');
    for (var l = 0; l < legends.length; l++) {
      var frame = legends[l].querySelector('path'), lb = box(frame), hit = null;
      for (var y = lb.y0 + 1.5; y < lb.y1 - 1 && !hit; y += 2) {
        for (var x = lb.x0 + 1.5; x < lb.x1 - 1 && !hit; x += 2) {
          for (var k = 0; k < data.length; k++) {
            var el = data[k];
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
    var texts = [], all = svg.querySelectorAll('text');
    for (var k = 0; k < all.length; k++) {
      if (!all[k].closest('g[transform^="rotate"]') && all[k].textContent.trim() !== '') { texts.push({t: all[k].textContent, b: box(all[k])}); }
    }
    for (var a = 0; a < texts.length; a++) {
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
      var b = box(im);
      imgs.push([b.x0 + window.scrollX, b.y0 + window.scrollY, b.x1 + window.scrollX, b.y1 + window.scrollY]);
    }
    var sb = box(svg);
    divs[i].setAttribute('data-box', JSON.stringify([sb.x0 + window.scrollX, sb.y0 + window.scrollY, sb.x1 + window.scrollX, sb.y1 + window.scrollY]));
    divs[i].setAttribute('data-problems', JSON.stringify(probs));
    divs[i].setAttribute('data-images', JSON.stringify(imgs));
    divs[i].setAttribute('data-checked', 'yes');
  }
  // ECharts: the ±Err bands of a zoomed line chart stay inside the grid.
  var ecs = document.querySelectorAll('div.kl-chart');
  for (var i = 0; i < ecs.length; i++) {
    var inst = window.echarts && window.echarts.getInstanceByDom(ecs[i]), out = -1;
    if (inst) {
      var grid = inst.getModel().getComponent('grid').coordinateSystem.getRect();
      var cv = ecs[i].querySelector('canvas'), ctx = cv.getContext('2d'), sx = cv.width / ecs[i].clientWidth;
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
    ecs[i].setAttribute('data-spill', String(out));
  }
  document.body.setAttribute('data-probe', 'done');
})();
</script>`

// TestBrowserFigureQuality renders every static chart kind (and the
// crowded, zoomed, small-multiple and category cases) in headless Chromium,
// runs figureProbe on the browser's geometry, then checks the screenshot's
// pixels: every raster (heat-map field, colour bar) is painted across its
// whole box, not letterboxed. Mandatory under KERNELAB_REQUIRE_BROWSER=1.
func TestBrowserFigureQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	requireLib(t)
	bin := chromium(t)
	dir := t.TempDir()
	charts := staticCharts()
	charts = append(charts, []struct {
		name string
		c    Chart
	}{
		{"crowded_lines", crowdedLines()},
		{"narrow_ticks", narrowTicks()},
		{"small_multiples", smallMultiples()},
		{"two_panels", twoPanels()},
		{"zoomed_band", zoomedBand()},
		{"many_categories", manyCategories()},
	}...)
	page := NewPage("figure quality")
	heightPx := 200.0
	for _, tc := range charts {
		page.Heading(tc.name).Static(tc.c)
		l, err := LayoutOf(tc.c)
		if err != nil {
			t.Fatal(err)
		}
		heightPx += l.Height/0.75*1.05 + 80
	}
	// Two defects the probe must catch: a legend forced onto the data, and
	// gonum/plot's raw SVG of a heat map (rasters letterboxed, image/jpg).
	bad := crowdedLines()
	bad.Legend = LegendTopLeft
	page.Heading("bad: legend on data").Static(bad)
	fig, err := exampleSurface().figure()
	if err != nil {
		t.Fatal(err)
	}
	rawc := vgsvg.New(fig.w, fig.h)
	fig.d.draw(draw.New(rawc))
	var raw bytes.Buffer
	if _, err := rawc.WriteTo(&raw); err != nil {
		t.Fatal(err)
	}
	page.Heading("bad: raw gonum SVG").RawHTML(`<div class="kl-svg">` + string(stripXMLProlog(raw.Bytes())) + `</div>`)
	heightPx += 2 * (fig.h.Points()/0.75*1.05 + 80)
	zb := zoomedBand()
	page.Heading("zoomed_band interactive").Interactive(zb)
	// The same chart without clipping its bands (under another id).
	e, err := zb.echart()
	if err != nil {
		t.Fatal(err)
	}
	unclipped := strings.ReplaceAll(strings.Replace(e.fragment(), `"clip":true,`, "", -1), e.id(), e.id()+"-unclipped")
	page.Heading("bad: unclipped bands").RawHTML(unclipped)
	heightPx += 1000
	page.RawHTML(figureProbe)
	h, err := page.HTML()
	if err != nil {
		t.Fatal(err)
	}
	// Natural SVG sizes (no scaling), so screen pixels are the figures',
	// and the charts' own font (this machine may lack Liberation Sans; a
	// fallback font with other metrics would test another figure).
	font := "@font-face{font-family:'Liberation Sans';src:url(data:font/ttf;base64," + base64.StdEncoding.EncodeToString(liberationsansregular.TTF) + ") format('truetype');}"
	hs := strings.Replace(string(h), ".kl-svg svg{max-width:100%;height:auto}", ".kl-svg svg{display:block}"+font, 1)
	hs = strings.Replace(hs, "max-width:1100px", "max-width:1500px", 1)
	path := filepath.Join(dir, "figures.html")
	if err := os.WriteFile(path, []byte(hs), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	win := fmt.Sprintf("--window-size=1600,%d", int(heightPx))
	args := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
		"--user-data-dir=" + filepath.Join(dir, "profile"), "--hide-scrollbars",
		"--force-device-scale-factor=1", "--virtual-time-budget=8000", win,
	}
	dom, err := exec.CommandContext(ctx, bin, append(args, "--dump-dom", "file://"+path)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	ds := string(dom)
	writeArtifact(t, "figures.dom.html", dom)
	if !strings.Contains(ds, `data-probe="done"`) {
		t.Fatal("the probe did not run")
	}
	divRe := regexp.MustCompile(`<div class="kl-svg" data-box="([^"]*)" data-problems="([^"]*)" data-images="([^"]*)" data-checked="yes">`)
	m := divRe.FindAllStringSubmatch(ds, -1)
	if len(m) != len(charts)+2 {
		t.Fatalf("probed %d figures, want %d", len(m), len(charts)+2)
	}
	var images [][4]float64 // of the good charts
	var badImages [][4]float64
	boxes := make([][4]float64, len(m))
	for i, d := range m {
		if err := json.Unmarshal([]byte(html.UnescapeString(d[1])), &boxes[i]); err != nil {
			t.Fatal(err)
		}
		var probs []string
		if err := json.Unmarshal([]byte(html.UnescapeString(d[2])), &probs); err != nil {
			t.Fatal(err)
		}
		var ims [][4]float64
		if err := json.Unmarshal([]byte(html.UnescapeString(d[3])), &ims); err != nil {
			t.Fatal(err)
		}
		switch i {
		case len(charts): // the legend forced onto the data
			if len(probs) == 0 || !strings.Contains(strings.Join(probs, " "), "legend 0 covers data") {
				t.Errorf("probe missed the legend on the data: %q", probs)
			}
		case len(charts) + 1: // raw gonum SVG
			if j := strings.Join(probs, " "); !strings.Contains(j, "keeps its aspect ratio") || !strings.Contains(j, "not labelled PNG") {
				t.Errorf("probe missed the raw SVG's rasters: %q", probs)
			}
			badImages = ims
		default:
			for _, p := range probs {
				t.Errorf("%s: %s", charts[i].name, p)
			}
			images = append(images, ims...)
		}
	}
	if len(images) < 3 {
		t.Errorf("%d raster images found, want the colour bars and the field", len(images))
	}
	spills := regexp.MustCompile(`data-spill="(-?\d+)"`).FindAllStringSubmatch(ds, -1)
	if len(spills) != 2 || spills[0][1] != "0" {
		t.Errorf("ECharts band outside its grid: %v (light band pixels below the grid; -1: not measured)", spills)
	} else if spills[1][1] == "0" || spills[1][1] == "-1" {
		t.Errorf("probe missed the unclipped bands: %v", spills)
	}

	shot := filepath.Join(dir, "figures.png")
	if out, err := exec.CommandContext(ctx, bin, append(args, "--screenshot="+shot, "file://"+path)...).CombinedOutput(); err != nil {
		t.Fatalf("chromium --screenshot: %v\n%s", err, out)
	}
	b, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	writeArtifact(t, "figures.png", b)
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range images {
		if f := blankFraction(img, r); f > 0.1 {
			t.Errorf("raster at %v: %.0f%% of its box is blank page (letterboxed, not stretched)", r, 100*f)
		}
	}
	// One screenshot per chart, for looking at by eye (VIZ_ARTIFACTS).
	if os.Getenv("VIZ_ARTIFACTS") != "" {
		sub, ok := img.(interface {
			SubImage(image.Rectangle) image.Image
		})
		for i := range charts {
			r := boxes[i]
			if !ok {
				break
			}
			var buf bytes.Buffer
			if err := png.Encode(&buf, sub.SubImage(image.Rect(int(r[0]), int(r[1]), int(r[2])+1, int(r[3])+1))); err != nil {
				t.Fatal(err)
			}
			writeArtifact(t, "browser_"+charts[i].name+".png", buf.Bytes())
		}
	}
	worst := 0.0
	for _, r := range badImages {
		worst = max(worst, blankFraction(img, r))
	}
	if worst < 0.5 {
		t.Errorf("pixel check missed the letterboxed rasters of the raw SVG (worst blank fraction %.2f)", worst)
	}
}

// blankFraction samples the box r (inset by 2 px) of the screenshot on a
// grid and returns the fraction of pure white pixels.
func blankFraction(img image.Image, r [4]float64) float64 {
	n, white := 0, 0
	for y := r[1] + 2; y < r[3]-2; y += 3 {
		for x := r[0] + 2; x < r[2]-2; x += 2 {
			n++
			cr, cg, cb, _ := img.At(int(x), int(y)).RGBA()
			if cr>>8 >= 254 && cg>>8 >= 254 && cb>>8 >= 254 {
				white++
			}
		}
	}
	if n == 0 {
		return 1
	}
	return float64(white) / float64(n)
}
