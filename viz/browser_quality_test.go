package viz

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"github.com/kernelab/kernelab/klearn"
)

// TestBrowserFigureQuality renders every static chart kind (and the
// crowded, zoomed, small-multiple and category cases) in headless Chromium,
// runs figureProbe on the browser's geometry, then checks the screenshot's
// pixels: every raster (heat-map field, colour bar) is painted across its
// whole box, not letterboxed. Mandatory under KERNELAB_REQUIRE_BROWSER=1.
func TestBrowserFigureQuality(t *testing.T) {
	bin, dir := browser(t)
	charts := append(hardCharts(), namedChart{"subscript_title", subscriptTitle()})
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
	raw, err := rawSVG(fig, nil)
	if err != nil {
		t.Fatal(err)
	}
	page.Heading("bad: raw gonum SVG").RawHTML(`<div class="kl-svg">` + string(stripXMLProlog(raw)) + `</div>`)
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
	page.RawHTML(FigureProbe)
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
	args := BrowserArgs(filepath.Join(dir, "profile"), 1600, int(heightPx), 8000)
	dom, err := exec.CommandContext(ctx, bin, append(args, "--dump-dom", "file://"+path)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	writeArtifact(t, "figures.dom.html", dom)
	probe, err := ParseProbe(dom)
	if err != nil {
		t.Fatal(err)
	}
	if len(probe.Figures) != len(charts)+2 {
		t.Fatalf("probed %d figures, want %d", len(probe.Figures), len(charts)+2)
	}
	var images [][4]float64 // of the good charts
	var badImages [][4]float64
	for i, f := range probe.Figures {
		probs := f.Problems
		switch i {
		case len(charts): // the legend forced onto the data
			if len(probs) == 0 || !strings.Contains(strings.Join(probs, " "), "legend 0 covers data") {
				t.Errorf("probe missed the legend on the data: %q", probs)
			}
		case len(charts) + 1: // raw gonum SVG
			if j := strings.Join(probs, " "); !strings.Contains(j, "keeps its aspect ratio") || !strings.Contains(j, "not labelled PNG") {
				t.Errorf("probe missed the raw SVG's rasters: %q", probs)
			}
			if f.Viz {
				t.Error("raw gonum SVG probed as a viz figure")
			}
			badImages = f.Images
		default:
			if !f.Viz {
				t.Errorf("%s: not recognised as a viz figure", charts[i].name)
			}
			for _, p := range probs {
				t.Errorf("%s: %s", charts[i].name, p)
			}
			images = append(images, f.Images...)
		}
	}
	if len(images) < 3 {
		t.Errorf("%d raster images found, want the colour bars and the field", len(images))
	}
	if n := len(probe.Charts); n != 2 || probe.Charts[0].Spill != 0 {
		t.Errorf("ECharts band outside its grid: %+v (light band pixels below the grid; -1: not measured)", probe.Charts)
	} else if s := probe.Charts[1].Spill; s == 0 || s == -1 {
		t.Errorf("probe missed the unclipped bands: %+v", probe.Charts)
	}
	for _, c := range probe.Charts {
		if c.Ink < 2000 {
			t.Errorf("chart %s looks empty: %d inked pixels", c.ID, c.Ink)
		}
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
		if f := BlankFraction(img, r); f > 0.1 {
			t.Errorf("raster at %v: %.0f%% of its box is blank page (letterboxed, not stretched)", r, 100*f)
		}
	}
	// One screenshot per chart, for looking at by eye (VIZ_ARTIFACTS).
	if os.Getenv("VIZ_ARTIFACTS") != "" {
		sub, ok := img.(interface {
			SubImage(image.Rectangle) image.Image
		})
		for i := range charts {
			r := probe.Figures[i].Box
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
		worst = max(worst, BlankFraction(img, r))
	}
	if worst < 0.5 {
		t.Errorf("pixel check missed the letterboxed rasters of the raw SVG (worst blank fraction %.2f)", worst)
	}
}

// subscriptTitle is a two-panel grid whose long title has a subscript
// (K_{10}) above the panel titles.
func subscriptTitle() *Grid {
	x := []float64{0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100}
	y := []float64{0.90, 0.94, 0.96, 0.94, 0.93, 0.93, 0.96, 0.95, 0.95, 0.96, 0.95}
	panel := func(title string) Chart {
		return &Line{Title: title, XLabel: "label noise %", YLabel: "W(η)", Series: []Series{{Name: "W(η), mean ± std", X: x, Y: y}}}
	}
	return &Grid{Title: "Figure 9: centre of mass of EasyMKL's weights (K_{10}, Λ = 0.01) against label noise", Cols: 2,
		Panels: []Chart{panel("noise 0–100 %"), panel("noise 0–10 %")}}
}

func TestParseProbe(t *testing.T) {
	if _, err := ParseProbe([]byte("<html><body>no probe</body></html>")); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("a page without the probe's result: error %v, want klearn.ErrParam", err)
	}
	for _, bad := range []string{`{"figures": [`, `{"figures":[{"box":[NaN,0,1,1]}]}`} {
		if _, err := ParseProbe([]byte(`<script type="application/json" id="kl-figure-probe">` + bad + `</script>`)); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("broken result %s: error %v, want klearn.ErrParam", bad, err)
		}
	}
	r, err := ParseProbe([]byte(`<body><script type="application/json" id="kl-figure-probe">{"figures":[{"title":"a \u003c b","viz":true,"box":[1,2,3,4],"problems":["p"],"images":[]}],"charts":[{"id":"c","ink":5,"spill":-1,"box":[0,0,1,1]}],"height":900,"width":1200}</script></body>`))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Figures) != 1 || r.Figures[0].Title != "a < b" || !r.Figures[0].Viz || r.Figures[0].Box != [4]float64{1, 2, 3, 4} ||
		len(r.Charts) != 1 || r.Charts[0].Ink != 5 || r.Charts[0].Spill != -1 || r.Height != 900 {
		t.Errorf("parsed %+v", r)
	}
}

func TestBlankFraction(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 40))
	for y := 0; y < 40; y++ {
		for x := 0; x < 40; x++ {
			c := color.RGBA{255, 255, 255, 255}
			if x < 20 {
				c = color.RGBA{30, 60, 200, 255}
			}
			img.Set(x, y, c)
		}
	}
	if f := BlankFraction(img, [4]float64{0, 0, 20, 40}); f != 0 {
		t.Errorf("painted box: blank fraction %g, want 0", f)
	}
	if f := BlankFraction(img, [4]float64{20, 0, 40, 40}); f != 1 {
		t.Errorf("white box: blank fraction %g, want 1", f)
	}
	if f := BlankFraction(img, [4]float64{0, 0, 40, 40}); math.Abs(f-0.5) > 0.06 {
		t.Errorf("half-painted box: blank fraction %g, want ≈ 0.5", f)
	}
	if f := BlankFraction(img, [4]float64{5, 5, 6, 6}); f != 1 {
		t.Errorf("empty box: %g, want 1", f)
	}
}
