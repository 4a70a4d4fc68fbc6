package viz

import (
	"bytes"
	"image/png"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// TestFigureQuality applies the figure check to every example chart: no
// legend over data, nothing outside the plot area, no overlapping texts,
// every raster filling its box.
func TestFigureQuality(t *testing.T) {
	charts := append(hardCharts(), namedChart{"gram_large", largeGram()})
	for _, tc := range charts {
		t.Run(tc.name, func(t *testing.T) {
			if err := CheckFigure(tc.c); err != nil {
				t.Error(err)
			}
			l, err := LayoutOf(tc.c)
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Panels) == 0 || len(l.Texts) == 0 {
				t.Fatalf("layout recorded %d panels and %d texts", len(l.Panels), len(l.Texts))
			}
			for i, p := range l.Panels {
				if p.Area.empty() || p.DataBox.empty() {
					t.Errorf("panel %d: area %v, data %v: nothing recorded", i, p.Area, p.DataBox)
				}
			}
		})
	}
}

// largeGram is a 145 × 145 matrix picture (drawn as one raster), the size
// of the tour's sonar Gram matrix.
func largeGram() *HeatMap {
	n := 145
	z := make([][]float64, n)
	for i := range z {
		z[i] = make([]float64, n)
		for j := range z[i] {
			d := float64(i - j)
			z[i][j] = math.Exp(-d * d / 400)
		}
	}
	return &HeatMap{Title: "Gram matrix, 145 points", XLabel: "training point", YLabel: "training point", Z: z}
}

// crowdedLines has data in every corner: the legend must go outside.
func crowdedLines() *Line {
	x := []float64{0, 1, 2, 3, 4}
	return &Line{Title: "Crowded", XLabel: "x", YLabel: "y", Series: []Series{
		{Name: "rising K_{MKL}", X: x, Y: []float64{0, 1, 2, 3, 4}},
		{Name: "falling K_D", X: x, Y: []float64{4, 3, 2, 1, 0}, Dash: Dashed},
		{Name: "flat low", X: x, Y: []float64{0.1, 0.1, 0.1, 0.1, 0.1}},
		{Name: "flat high", X: x, Y: []float64{3.9, 3.9, 3.9, 3.9, 3.9}, Dash: Dotted},
	}}
}

// narrowTicks is a narrow chart with many x values and long labels.
func narrowTicks() *Line {
	x := []float64{1, 2, 5, 10, 20, 30}
	return &Line{Width: 260, Height: 220, TicksAtX: true, XLabel: "D", YLabel: "AUC", Series: []Series{
		{Name: "a", X: x, Y: []float64{0.81234, 0.8345, 0.85, 0.86, 0.861, 0.8612}},
	}}
}

// smallMultiples is 11 panels in a 4 × 3 grid with a shared legend.
func smallMultiples() *Grid {
	var ps []Chart
	for k := 0; k < 11; k++ {
		x := []float64{1, 2, 3, 5, 10, 15, 20, 25, 30}
		var a, b []float64
		for _, v := range x {
			a = append(a, 0.8+0.1*math.Tanh(v/10+float64(k)/10))
			b = append(b, 0.78+0.1*math.Tanh(v/14))
		}
		ps = append(ps, &Line{Title: "data set " + string(rune('A'+k)), XLabel: "D", YLabel: "AUC", TicksAtX: true,
			Series: []Series{{Name: "K_{MKL}", X: x, Y: a}, {Name: "K_{sum}", X: x, Y: b, Dash: Dashed}}})
	}
	return &Grid{Title: "Small multiples", Panels: ps, Cols: 3, SharedLegend: true, ShareX: true, ShareY: true, PanelWidth: 320, PanelHeight: 240}
}

func twoPanels() *Grid {
	a, b := exampleLine(Linear, false), exampleLine(LogLog, false)
	return &Grid{Panels: []Chart{a, b}, Cols: 2, SharedLegend: true}
}

// zoomedBand fixes a y range narrower than the bands: they are clipped.
func zoomedBand() *Line {
	l := exampleLine(Linear, false)
	l.YMin, l.YMax = 0.05, 0.3
	return l
}

func manyCategories() *Bar {
	cats := make([]string, 30)
	v := make([]float64, 30)
	for i := range cats {
		cats[i] = "category " + string(rune('a'+i%26))
		v[i] = float64(i%7) + 1
	}
	return &Bar{Title: "Thirty bars", Categories: cats, Groups: []BarGroup{{Values: v}}}
}

// TestCheckFigureCatches shows the check fails on the defects it is for.
func TestCheckFigureCatches(t *testing.T) {
	// A legend forced onto the data.
	l := crowdedLines()
	l.Legend = LegendTopLeft
	if err := CheckFigure(l); err == nil || !strings.Contains(err.Error(), "legend") {
		t.Errorf("legend over the rising line not reported: %v", err)
	}
	// The automatic placement of the same chart is outside the plot area.
	l.Legend = LegendAuto
	lay, err := LayoutOf(l)
	if err != nil {
		t.Fatal(err)
	}
	if lg := lay.Panels[0].Legends; len(lg) != 1 || lg[0].MinX < lay.Panels[0].Area.MaxX {
		t.Errorf("crowded chart: legend %v not right of the plot area %v", lg, lay.Panels[0].Area)
	}
	// Overlapping texts and data outside the area, on a hand-made layout.
	bad := &Layout{
		Panels: []PanelLayout{{Area: Rect{0, 0, 100, 100}, DataBox: Rect{0, 0, 130, 100}}},
		Texts:  []TextBox{{Text: "100", Box: Rect{0, 0, 20, 10}}, {Text: "1e+03", Box: Rect{15, 0, 40, 10}}},
		shapes: []shape{{pts: [][2]float64{{0, 0}, {130, 100}}, box: Rect{0, 0, 130, 100}, core: Rect{0, 0, 130, 100}}},
	}
	probs := strings.Join(bad.Problems(), "\n")
	for _, want := range []string{"outside the plot area", "overlap"} {
		if !strings.Contains(probs, want) {
			t.Errorf("hand-made layout: %q not reported in %q", want, probs)
		}
	}
	// gonum/plot's own SVG of a raster (before fixSVG) fails the image check.
	c := vgsvg.New(100, 100)
	dc := draw.New(c)
	bar := &colorBar{cm: viridis(), lo: 0, hi: 1, ticks: &axisTicks{vertical: true}, labelSt: legendStyle()}
	bar.draw(dc, 10, 10, 90)
	var raw bytes.Buffer
	if _, err := c.WriteTo(&raw); err != nil {
		t.Fatal(err)
	}
	if p := svgImageProblems(raw.Bytes()); len(p) < 2 {
		t.Errorf("unfixed SVG image passes: %v", p)
	}
	if p := svgImageProblems(fixSVG(raw.Bytes())); len(p) != 0 {
		t.Errorf("fixed SVG image fails: %v", p)
	}
}

// TestRasterFillsBox: every raster in the heat maps' SVG is stretched to its
// box and labelled image/png, and the field fills the plot area exactly.
func TestRasterFillsBox(t *testing.T) {
	for _, hm := range []*HeatMap{exampleSurface(), exampleGram()} {
		hm.X, hm.Y = nil, nil
		if hm.Contours != nil {
			hm = exampleSurface()
		}
		svg, err := hm.SVG()
		if err != nil {
			t.Fatal(err)
		}
		imgs := svgImageRe.FindAll(svg, -1)
		if len(imgs) == 0 {
			t.Fatalf("%s: no raster (colour bar) in the SVG", hm.Title)
		}
		for _, m := range imgs {
			if !bytes.Contains(m, []byte(`preserveAspectRatio="none"`)) || !bytes.Contains(m, []byte("data:image/png;base64,iVBOR")) {
				t.Errorf("%s: raster %.120s…", hm.Title, m)
			}
		}
		if bytes.Contains(svg, []byte("image/jpg")) {
			t.Errorf("%s: image/jpg left in the SVG", hm.Title)
		}
	}
	l, err := LayoutOf(exampleSurface())
	if err != nil {
		t.Fatal(err)
	}
	var field, bar int
	for _, im := range l.Images {
		if im.Field {
			field++
			a := l.Panels[0].Area
			if math.Abs(im.Box.MinX-a.MinX) > 0.01 || math.Abs(im.Box.MaxX-a.MaxX) > 0.01 || math.Abs(im.Box.MinY-a.MinY) > 0.01 || math.Abs(im.Box.MaxY-a.MaxY) > 0.01 {
				t.Errorf("field %v, plot area %v", im.Box, a)
			}
		} else {
			bar++
			// The colour bar spans the plot area's height and is 12 pt wide.
			a := l.Panels[0].Area
			if math.Abs(im.Box.MinY-a.MinY) > 0.01 || math.Abs(im.Box.MaxY-a.MaxY) > 0.01 || math.Abs(im.Box.MaxX-im.Box.MinX-12) > 0.01 {
				t.Errorf("colour bar %v, plot area %v", im.Box, a)
			}
		}
	}
	if field != 1 || bar != 1 {
		t.Errorf("%d fields and %d colour bars, want 1 and 1", field, bar)
	}
	// The colour bar's labels sit right of the bar.
	for _, tb := range l.Texts {
		if tb.Text == "0" && tb.Box.MinX > l.Panels[0].Area.MaxX {
			return
		}
	}
	t.Error("no colour-bar label 0 right of the plot area")
}

func tickLabels(t *axisTicks, lo, hi float64) []string {
	var out []string
	for _, tk := range t.Ticks(lo, hi) {
		if tk.Label != "" {
			out = append(out, tk.Label)
		}
	}
	return out
}

func TestTicks(t *testing.T) {
	sty := legendStyle()
	// A log axis over 100…3000 labels the decades and the data's values.
	lt := &axisTicks{log: true, data: []float64{100, 300, 1000, 3000}, length: 400, sty: &sty}
	if got := strings.Join(tickLabels(lt, 100, 3000), " "); got != "100 300 1000 3000" {
		t.Errorf("log ticks 100…3000: %q, want 100 300 1000 3000", got)
	}
	// Less than a decade with one power of ten inside (a residual error
	// from 0.065 to 0.47) labels 2, 3 and 5 × 10^k too.
	lr := &axisTicks{log: true, vertical: true, length: 250, sty: &sty}
	if got := strings.Join(tickLabels(lr, 0.065, 0.47), " "); got != "0.1 0.2 0.3" {
		t.Errorf("log ticks 0.065…0.47: %q, want 0.1 0.2 0.3", got)
	}
	// Ticks at the data's x.
	at := &axisTicks{at: true, data: []float64{1, 2, 5, 10, 20, 30}, length: 400, sty: &sty}
	if got := strings.Join(tickLabels(at, 1, 30), " "); got != "1 2 5 10 20 30" {
		t.Errorf("data ticks: %q", got)
	}
	// Narrow: the ends stay, labels that would collide go.
	at.length = 60
	got := tickLabels(at, 1, 30)
	if len(got) < 2 || got[0] != "1" || got[len(got)-1] != "30" || len(got) == 6 {
		t.Errorf("narrow data ticks: %q", got)
	}
	// A linear axis over 3…5 (%) gets about seven labels in that range.
	yt := &axisTicks{vertical: true, length: 250, sty: &sty}
	got = tickLabels(yt, 3.1, 4.9)
	if len(got) < 5 || len(got) > 10 {
		t.Errorf("3.1…4.9 on 250 pt: %q", got)
	}
	// Extreme ranges finish quickly with few ticks.
	for _, r := range [][2]float64{{-math.MaxFloat64, math.MaxFloat64}, {0, math.MaxFloat64}, {1e-300, 1e300}, {5e-324, 1e-323}, {1, 1}} {
		for _, log := range []bool{false, true} {
			tk := &axisTicks{log: log, length: 300, sty: &sty}
			if ticks := tk.Ticks(r[0], r[1]); len(ticks) > 200 {
				t.Errorf("%v log=%v: %d ticks", r, log, len(ticks))
			}
		}
	}
	if got := expLabel(3e-7, 3); got != "3×10^{−7}" {
		t.Errorf("expLabel(3e-7) = %q", got)
	}
}

// TestBarHeadroom: the tallest bar and its error bar stay below the top of
// the plot area.
func TestBarHeadroom(t *testing.T) {
	b := &Bar{Categories: []string{"0", "1", "2"}, Groups: []BarGroup{{Name: "D = 3", Values: []float64{0, 1, 0.5}, Err: []float64{0, 0.1, 0}}, {Name: "D = 5", Values: []float64{0.2, 0.6, 1}}}}
	l, err := LayoutOf(b)
	if err != nil {
		t.Fatal(err)
	}
	p := l.Panels[0]
	if !(p.DataBox.MaxY < p.Area.MaxY-5) {
		t.Errorf("bars reach %.1f, plot area top %.1f: no headroom", p.DataBox.MaxY, p.Area.MaxY)
	}
	if err := CheckFigure(b); err != nil {
		t.Error(err)
	}
}

// TestNoSeriesHidden: two identical series both show in the PNG (the first
// series' larger markers ring the second's), and the second is dashed.
func TestNoSeriesHidden(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	y := []float64{0.5, 0.6, 0.55, 0.7, 0.65}
	l := &Line{Legend: LegendNone, Series: []Series{{Name: "uniform", X: x, Y: y}, {Name: "learned", X: x, Y: y, Dash: Dashed}}}
	b, err := l.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	count := func(c [3]uint32) int {
		n := 0
		r := img.Bounds()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				if absDiff(cr>>8, c[0]) < 8 && absDiff(cg>>8, c[1]) < 8 && absDiff(cb>>8, c[2]) < 8 {
					n++
				}
			}
		}
		return n
	}
	c0, c1 := seriesColor(0), seriesColor(1)
	n0 := count([3]uint32{uint32(c0.R), uint32(c0.G), uint32(c0.B)})
	n1 := count([3]uint32{uint32(c1.R), uint32(c1.G), uint32(c1.B)})
	if n0 < 100 || n1 < 100 {
		t.Errorf("visible pixels: series 0 %d, series 1 %d (one hidden under the other)", n0, n1)
	}
	svg, err := l.SVG()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("stroke-dasharray")) {
		t.Error("the Dashed series is not dashed in the SVG")
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestSmallMultiples: one shared legend for 11 panels, off every panel's
// data, and shared y ranges with the axis name on the left column only.
func TestSmallMultiples(t *testing.T) {
	g := smallMultiples()
	l, err := LayoutOf(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Panels) != 11 || len(l.Legends) != 1 {
		t.Fatalf("%d panels, %d figure legends; want 11 and 1", len(l.Panels), len(l.Legends))
	}
	for i, p := range l.Panels {
		if len(p.Legends) != 0 {
			t.Errorf("panel %d has its own legend", i)
		}
		if p.Area.MaxX-p.Area.MinX < 150 {
			t.Errorf("panel %d: plot area %v is too small to read", i, p.Area)
		}
	}
	names, xnames := 0, 0
	for _, tb := range l.Texts {
		switch tb.Text {
		case "AUC":
			names++
		case "D":
			xnames++
		}
	}
	if names != 4 {
		t.Errorf("y axis name drawn %d times, want 4 (left column)", names)
	}
	// Panels 8, 9 and 10 have no panel below them.
	if xnames != 3 {
		t.Errorf("x axis name drawn %d times, want 3 (bottom of each column)", xnames)
	}
	for i, p := range l.Panels[1:] {
		a0 := l.Panels[0].Area
		if math.Abs((p.Area.MaxY-p.Area.MinY)-(a0.MaxY-a0.MinY)) > 20 {
			t.Errorf("panel %d: plot area height %.1f vs %.1f", i+1, p.Area.MaxY-p.Area.MinY, a0.MaxY-a0.MinY)
		}
	}
	if l.Width != 3*320*0.75 {
		t.Errorf("width %g pt", l.Width)
	}
}

var tspanRe = regexp.MustCompile(`<text transform="scale\(1, -1\)"><tspan [^>]*>[^<]*K</tspan><tspan [^>]*font-size:[0-9.]+px[^>]*>MKL</tspan></text>`)

// TestMarkup: labels with _{…} and ^{…} become sub/superscripts.
func TestMarkup(t *testing.T) {
	cases := map[string][]run{
		"K_{MKL}":   {{"K", 0}, {"MKL", -1}},
		"K_MKL":     {{"K", 0}, {"MKL", -1}},
		"η_s":       {{"η", 0}, {"s", -1}},
		"σ^2 + 1":   {{"σ", 0}, {"2", 1}, {" + 1", 0}},
		"x_i^{2}":   {{"x", 0}, {"i", -1}, {"2", 1}},
		"a\\_b":     {{"a_b", 0}},
		"10^{−4}":   {{"10", 0}, {"−4", 1}},
		"gHKL_1.1":  {{"gHKL", 0}, {"1.1", -1}},
		"K_D. Next": {{"K", 0}, {"D", -1}, {". Next", 0}},
		"end_":      {{"end_", 0}},
		"_{open":    {{"_{open", 0}},
		"∇^2F":      {{"∇", 0}, {"2", 1}, {"F", 0}},
		"x^T y":     {{"x", 0}, {"T", 1}, {" y", 0}},
		"10^-4":     {{"10", 0}, {"-4", 1}},
		"a^-b":      {{"a^-b", 0}},
	}
	for in, want := range cases {
		got := parseMarkup(in)
		if len(got) != len(want) {
			t.Errorf("parseMarkup(%q) = %v, want %v", in, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("parseMarkup(%q) = %v, want %v", in, got, want)
				break
			}
		}
	}
	l := &Line{Title: "Spectral ratio of K_{MKL}", XLabel: "D", YLabel: "η_s", Series: []Series{{Name: "K_{MKL}", X: []float64{1, 2}, Y: []float64{1, 2}}}}
	svg, err := l.SVG()
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{"K_MKL", "K_{MKL}", "η_s", ">_<"} {
		if bytes.Contains(svg, []byte(raw)) {
			t.Errorf("raw markup %q in the SVG", raw)
		}
	}
	if n := len(tspanRe.FindAll(svg, -1)); n < 2 {
		t.Errorf("%d K_{MKL} labels as text with a smaller MKL tspan, want 2 (title, legend)", n)
	}
	// The layout sees "KMKL" as one label, and a subscript is smaller and
	// lower than its base.
	h := vizText
	fnt := sans
	fnt.Size = vg.Points(10)
	w1, _, _ := h.Box("K_{MKL}", fnt)
	w2, _, _ := h.Box("KMKL", fnt)
	if !(w1 < w2) {
		t.Errorf("K_{MKL} is %v wide, KMKL %v: the subscript is not smaller", w1, w2)
	}
	_, _, d1 := h.Box("K_{MKL}", fnt)
	_, _, d2 := h.Box("K", fnt)
	if !(d1 > d2) {
		t.Errorf("subscript depth %v not below the base line's %v", d1, d2)
	}
	if got, rich := richLabel("η_s and σ^2"); rich || got != "ηₛ and σ²" {
		t.Errorf("richLabel(η_s and σ^2) = %q, %v", got, rich)
	}
	if got, rich := richLabel("K_{MKL}"); !rich || got != "K{sub|MKL}" {
		t.Errorf("richLabel(K_{MKL}) = %q, %v", got, rich)
	}
}

// TestEChartsMarkup: interactive labels use Unicode sub/superscripts where
// they exist, else rich text with its styles declared; dashes carry over.
func TestEChartsMarkup(t *testing.T) {
	e, err := markupLine().echart()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`K{sub|MKL} (learned)`, `"rich":{`, `C(K) / σ²`, `"type":"dashed"`, `"customValues":[1,2,5,10,20,30]`} {
		if !strings.Contains(e.option, want) {
			t.Errorf("option lacks %q", want)
		}
	}
	for _, raw := range []string{"K_{MKL}", "σ^2"} {
		if strings.Contains(e.option, raw) {
			t.Errorf("raw markup %q in the option", raw)
		}
	}
}

func TestEChartsLogTicks(t *testing.T) {
	l := &Line{Scale: LogX, Series: []Series{{Name: "a", X: []float64{100, 300, 1000, 3000}, Y: []float64{1, 2, 3, 4}}}}
	e, err := l.echart()
	if err != nil {
		t.Fatal(err)
	}
	// Powers of ten (as 10^k) on the nice range [10², 10⁴], not the data.
	if !strings.Contains(e.option, `"customValues":[100,1000,10000],"klLabels":["10²","10³","10⁴"]`) {
		t.Errorf("log x ticks of the interactive chart: %.400s", e.option)
	}
}

// A line through points on the frame paints half its width over the frame:
// that is not data outside the plot area, whatever the last bits of the
// values (a value a few ulps above the axis end, as an exact 1 computed
// under another GOAMD64 level).
func TestCheckFigureLineOnFrame(t *testing.T) {
	// Donini & Aiolli's Figure 1 on z-scored Heart data, as a v1 build
	// computes it: r* peaks at 1.0000000000000018 and starts at 1e-15.
	x := []float64{1, 2.971638409254566, 5.42886481267733, 7.9546433268032395, 10.13652478304291, 11.80139031947309, 12.989529761541135, 13.818787251163334, 14.400232927167961, 14.815185573174098, 15.118037333671442}
	r := []float64{9.95297594341693e-16, 1.0000000000000018, 0.9213583736013087, 0.9955018331602686, 0.9778701301273771, 0.994403677893533, 0.9891666418919581, 0.9946248675826698, 0.992702188601372, 0.9949781600307093, 0.9941675335539412}
	rt := []float64{0, 0.997918513450466, 0.8867578584502095, 0.9910175967575978, 0.9660701495331356, 0.9919795309021613, 0.9841963072651448, 0.9931611355769961, 0.9902675579396245, 0.9940148381450699, 0.9928198477860357}
	var panels []Chart
	for i := 0; i < 4; i++ {
		panels = append(panels, &Line{Title: "Heart, z-scored inputs (variant)", XLabel: "spectral ratio C(K)", YLabel: "r² (squared radius)",
			Series: []Series{{Name: "r* (exact MEB)", X: x, Y: r}, {Name: "r̃ (average kernel)", X: x, Y: rt, Dash: Dashed}}})
	}
	if err := CheckFigure(&Grid{Title: "Figure 1", Panels: panels, Cols: 2, SharedLegend: true}); err != nil {
		t.Error(err)
	}
	// A line leaving the area by more than a rounding is still caught.
	bad := &Layout{
		Panels: []PanelLayout{{Area: Rect{0, 0, 100, 100}}},
		shapes: []shape{{pts: [][2]float64{{0, 50}, {102, 50}}, box: Rect{-1, 49, 103, 51}, core: Rect{0, 50, 102, 50}}},
	}
	if probs := strings.Join(bad.Problems(), "\n"); !strings.Contains(probs, "outside the plot area") {
		t.Errorf("a line 2 px past the frame not reported: %q", probs)
	}
}

// TestMarkedPoints: a series of up to denseMarkers points has a marker on
// each; a dense one on about denseMarkers/2 evenly spaced points, each
// series starting at its own offset.
func TestMarkedPoints(t *testing.T) {
	xys := func(n int) plotter.XYs {
		out := make(plotter.XYs, n)
		for i := range out {
			out[i].X = float64(i)
		}
		return out
	}
	if got := markedPoints(xys(denseMarkers), 1, 3); len(got) != denseMarkers {
		t.Errorf("%d points: %d markers, want all", denseMarkers, len(got))
	}
	seen := map[float64]int{}
	for i := 0; i < 3; i++ {
		got := markedPoints(xys(401), i, 3)
		if len(got) < denseMarkers/2-1 || len(got) > denseMarkers/2+1 {
			t.Errorf("401 points, series %d: %d markers, want about %d", i, len(got), denseMarkers/2)
		}
		for k := 1; k < len(got); k++ {
			if d := got[k].X - got[k-1].X; d != got[1].X-got[0].X {
				t.Errorf("series %d: uneven marker spacing %g", i, d)
			}
		}
		for _, p := range got {
			seen[p.X]++
		}
	}
	for x, c := range seen {
		if c > 1 {
			t.Errorf("x = %g carries %d series' markers", x, c)
		}
	}
}

// TestMarkupFlows: the runs of a label after the first of its line carry
// no x of their own (they flow after the previous run in any font, shifted
// only by dy for a sub- or superscript), and each new line starts at
// gonum's x again. With absolute x for every run, a browser without
// Liberation Sans (DejaVu Sans is wider) drew "EasyMKL on K_1" over itself.
func TestMarkupFlows(t *testing.T) {
	l := &Line{Title: "first K_{MKL} line\nsecond η_s", XLabel: "D", YLabel: "y", Series: []Series{{Name: "s", X: []float64{1, 2}, Y: []float64{1, 2}}}}
	svg, err := l.SVG()
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`<text transform="scale\(1, -1\)">(.*?)</text>`)
	tspan := regexp.MustCompile(`<tspan (x="[^"]*" y="[^"]*"|dy="[^"]*") [^>]*>([^<]*)</tspan>`)
	var got []string
	for _, m := range re.FindAllSubmatch(svg, -1) {
		if !bytes.Contains(m[1], []byte("first")) && !bytes.Contains(m[1], []byte("second")) {
			continue
		}
		for _, r := range tspan.FindAllSubmatch(m[1], -1) {
			pos := "x"
			if bytes.HasPrefix(r[1], []byte("dy=")) {
				pos = string(r[1])
			}
			got = append(got, pos+" "+string(r[2]))
		}
	}
	want := []string{`x first K`, `dy="2.86" MKL`, `dy="-2.86"  line`, `x second η`, `dy="2.86" s`}
	if len(got) != len(want) {
		t.Fatalf("title runs %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("run %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// TestRunWidths: every run of text carries the width gonum laid it out
// with (textLength, lengthAdjust="spacingAndGlyphs"), so another font is
// fitted to it. Checked against gonum's own layout: in the raw SVG, before
// fixSVG, each run of a label starts where the previous one ends, so a
// run's width is the distance from its x to the next run's.
func TestRunWidths(t *testing.T) {
	l := &Line{Title: "Spectral ratio of K_{MKL} against D", XLabel: "D", YLabel: "y", Series: []Series{{Name: "s", X: []float64{1, 2}, Y: []float64{1, 2}}}}
	raw, err := rawSVG(l.figure())
	if err != nil {
		t.Fatal(err)
	}
	var xs []float64
	for _, m := range textRe.FindAllStringSubmatch(string(raw), -1) {
		if strings.Contains(m[4], "Spectral") || m[4] == "MKL" || m[4] == " against D" {
			x, _ := strconv.ParseFloat(m[1], 64)
			xs = append(xs, x)
		}
	}
	svg := string(fixSVG(raw))
	widthRe := regexp.MustCompile(`<tspan [^>]*textLength="([0-9.]+)" lengthAdjust="spacingAndGlyphs">(Spectral ratio of K|MKL| against D)</tspan>`)
	var ws []float64
	for _, m := range widthRe.FindAllStringSubmatch(svg, -1) {
		w, _ := strconv.ParseFloat(m[1], 64)
		ws = append(ws, w)
	}
	if len(xs) != 3 || len(ws) != 3 {
		t.Fatalf("runs at x %v with widths %v: want the title's three runs", xs, ws)
	}
	for i := 0; i < 2; i++ {
		if d := xs[i+1] - xs[i]; math.Abs(ws[i]-d) > 0.02 {
			t.Errorf("run %d: textLength %v, gonum laid it out %v wide", i, ws[i], d)
		}
	}
	// Every run of text in the figure has a width.
	if n, m := strings.Count(svg, "textLength="), len(runRe.FindAllString(svg, -1)); n == 0 || n != m {
		t.Errorf("%d widths for %d runs of text", n, m)
	}
}
