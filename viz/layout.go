package viz

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"math"
	"regexp"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// Rect is an axis-aligned box in points, y upwards from the bottom of the
// figure (the coordinates of gonum/plot's canvases).
type Rect struct{ MinX, MinY, MaxX, MaxY float64 }

func (r Rect) empty() bool { return !(r.MaxX >= r.MinX && r.MaxY >= r.MinY) }

func (r Rect) union(s Rect) Rect {
	if r.empty() {
		return s
	}
	if s.empty() {
		return r
	}
	return Rect{math.Min(r.MinX, s.MinX), math.Min(r.MinY, s.MinY), math.Max(r.MaxX, s.MaxX), math.Max(r.MaxY, s.MaxY)}
}

func (r Rect) inset(d float64) Rect { return Rect{r.MinX + d, r.MinY + d, r.MaxX - d, r.MaxY - d} }

func (r Rect) overlaps(s Rect) bool {
	return r.MinX < s.MaxX && s.MinX < r.MaxX && r.MinY < s.MaxY && s.MinY < r.MaxY
}

func (r Rect) contains(s Rect) bool {
	return s.MinX >= r.MinX && s.MaxX <= r.MaxX && s.MinY >= r.MinY && s.MaxY <= r.MaxY
}

func (r Rect) has(x, y float64) bool { return x >= r.MinX && x <= r.MaxX && y >= r.MinY && y <= r.MaxY }

func (r Rect) String() string {
	return fmt.Sprintf("[%.1f, %.1f]×[%.1f, %.1f]", r.MinX, r.MaxX, r.MinY, r.MaxY)
}

func emptyRect() Rect { return Rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

// shape is one recorded data primitive: a stroked polyline (each path
// component run) or a filled polygon, in figure coordinates.
type shape struct {
	fill  bool
	pts   [][2]float64
	box   Rect // what is painted: a stroke's half width included
	core  Rect // the geometry: a stroke's points, without its width
	panel int
}

// intersects reports whether the shape touches r.
func (s shape) intersects(r Rect) bool {
	if !s.box.overlaps(r) {
		return false
	}
	small := s.box.MaxX-s.box.MinX <= 16 && s.box.MaxY-s.box.MinY <= 16
	if small || len(s.pts) < 2 {
		return true // markers: their box
	}
	for _, p := range s.pts {
		if r.has(p[0], p[1]) {
			return true
		}
	}
	n := len(s.pts)
	for i := 0; i+1 < n || (s.fill && i < n); i++ {
		a, b := s.pts[i], s.pts[(i+1)%n]
		if segRect(a, b, r) {
			return true
		}
	}
	if s.fill {
		// r entirely inside the polygon
		return inPolygon(s.pts, (r.MinX+r.MaxX)/2, (r.MinY+r.MaxY)/2)
	}
	return false
}

// segRect reports whether the segment ab meets the rectangle r
// (Liang–Barsky clipping).
func segRect(a, b [2]float64, r Rect) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := b[0]-a[0], b[1]-a[1]
	for _, c := range [4][2]float64{{-dx, a[0] - r.MinX}, {dx, r.MaxX - a[0]}, {-dy, a[1] - r.MinY}, {dy, r.MaxY - a[1]}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

func inPolygon(pts [][2]float64, x, y float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// TextBox is one text label as drawn (a label with sub/superscripts is one
// box).
type TextBox struct {
	Text string
	Box  Rect
	// quads are the (possibly rotated) boxes of the text's runs.
	quads [][4][2]float64
}

// overlaps reports whether two texts overlap by more than tol points: their
// boxes, then their runs' rotated boxes (separating axes).
func (t TextBox) overlaps(u TextBox, tol float64) bool {
	if !t.Box.inset(tol).overlaps(u.Box.inset(tol)) {
		return false
	}
	if len(t.quads) == 0 || len(u.quads) == 0 {
		return true
	}
	for _, a := range t.quads {
		for _, b := range u.quads {
			if quadsOverlap(shrinkQuad(a, tol), shrinkQuad(b, tol)) {
				return true
			}
		}
	}
	return false
}

// shrinkQuad moves each corner of a parallelogram d points inwards along
// both of its edges.
func shrinkQuad(q [4][2]float64, d float64) [4][2]float64 {
	var out [4][2]float64
	for i := range q {
		a, b, c := q[(i+3)%4], q[i], q[(i+1)%4]
		p := b
		for _, o := range [2][2]float64{a, c} {
			dx, dy := o[0]-b[0], o[1]-b[1]
			n := math.Hypot(dx, dy)
			if n > 2*d {
				p[0] += dx / n * d
				p[1] += dy / n * d
			}
		}
		out[i] = p
	}
	return out
}

func quadsOverlap(a, b [4][2]float64) bool {
	for _, q := range [2][4][2]float64{a, b} {
		for i := range q {
			nx, ny := q[(i+1)%4][1]-q[i][1], q[i][0]-q[(i+1)%4][0]
			amin, amax := project(a, nx, ny)
			bmin, bmax := project(b, nx, ny)
			if amax <= bmin || bmax <= amin {
				return false
			}
		}
	}
	return true
}

func project(q [4][2]float64, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range q {
		v := p[0]*nx + p[1]*ny
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// ImageBox is one raster image as drawn: a sampled heat-map field or a
// colour bar.
type ImageBox struct {
	Box Rect
	// Field is true for a heat-map field (tagged data), false for a colour
	// bar.
	Field bool
	panel int
}

// PanelLayout is the geometry of one plot of a figure.
type PanelLayout struct {
	// Area is the plot area: the data canvas, inside the axes.
	Area Rect
	// Legends are the boxes of the legends drawn for this panel.
	Legends []Rect
	// DataBox is the bounding box of everything plotted.
	DataBox Rect
}

// Layout is the geometry of a static chart, recorded by drawing it: the
// plot areas, legend boxes, plotted data, texts and raster images. It is
// what CheckFigure inspects.
type Layout struct {
	Width, Height float64
	Panels        []PanelLayout
	// Legends are legends drawn for the whole figure (a Grid's shared
	// legend).
	Legends []Rect
	Texts   []TextBox
	Images  []ImageBox
	shapes  []shape
}

// LayoutOf draws c onto a recording canvas and returns its geometry.
func LayoutOf(c Chart) (*Layout, error) {
	if nilChart(c) {
		return nil, errNil("Chart")
	}
	f, ok := c.(figurer)
	if !ok {
		return nil, klearn.Errorf(klearn.ErrParam, "viz: %T is not a static viz chart", c)
	}
	fig, err := f.figure()
	if err != nil {
		return nil, err
	}
	rec := newRecorder(fig.w, fig.h)
	dc := draw.New(rec)
	fig.d.draw(dc)
	return rec.layout(), nil
}

// Problems lists the defects a reader would see: a legend over plotted
// data, data drawn outside its plot area, overlapping texts, a raster image
// that does not fill its box. Empty means the figure passes.
func (l *Layout) Problems() []string {
	var out []string
	legends := append([]Rect(nil), l.Legends...)
	for _, p := range l.Panels {
		legends = append(legends, p.Legends...)
	}
	for _, lg := range legends {
		for _, s := range l.shapes {
			if s.intersects(lg.inset(0.5)) {
				out = append(out, fmt.Sprintf("legend %v covers plotted data near %v", lg, s.box))
				break
			}
		}
	}
	for pi, p := range l.Panels {
		if p.Area.empty() {
			continue
		}
		for _, s := range l.shapes {
			if s.panel != pi {
				continue
			}
			// The geometry must lie in the area: a line through a point on
			// the frame paints half its width over the frame, as in every
			// plotting system, and rounding moves it by a fraction of a pixel.
			tol := 0.75
			if w, h := s.box.MaxX-s.box.MinX, s.box.MaxY-s.box.MinY; w <= 16 && h <= 16 {
				tol += math.Max(w, h) / 2 // a marker centred inside the area
			}
			if !(Rect{p.Area.MinX - tol, p.Area.MinY - tol, p.Area.MaxX + tol, p.Area.MaxY + tol}).contains(s.core) {
				out = append(out, fmt.Sprintf("panel %d: data %v drawn outside the plot area %v", pi, s.box, p.Area))
				break
			}
		}
	}
	for i := range l.Texts {
		for j := i + 1; j < len(l.Texts); j++ {
			a, b := l.Texts[i], l.Texts[j]
			if a.overlaps(b, 0.6) {
				out = append(out, fmt.Sprintf("texts %q %v and %q %v overlap", a.Text, a.Box, b.Text, b.Box))
			}
		}
	}
	fig := Rect{-0.5, -0.5, l.Width + 0.5, l.Height + 0.5}
	for _, tb := range l.Texts {
		if l.Width > 0 && !fig.contains(tb.Box) {
			out = append(out, fmt.Sprintf("text %q %v runs off the figure", tb.Text, tb.Box))
		}
	}
	for _, im := range l.Images {
		if !im.Field || im.panel < 0 || im.panel >= len(l.Panels) {
			continue
		}
		a := l.Panels[im.panel].Area
		if math.Abs(im.Box.MinX-a.MinX) > 0.5 || math.Abs(im.Box.MaxX-a.MaxX) > 0.5 || math.Abs(im.Box.MinY-a.MinY) > 0.5 || math.Abs(im.Box.MaxY-a.MaxY) > 0.5 {
			out = append(out, fmt.Sprintf("heat-map field %v does not fill its plot area %v", im.Box, a))
		}
	}
	return out
}

var svgImageRe = regexp.MustCompile(`<image [^>]*>`)

// svgImageProblems checks every raster of an SVG document: stretched to
// its box and labelled with the type of its bytes.
func svgImageProblems(svg []byte) []string {
	var out []string
	for _, m := range svgImageRe.FindAll(svg, -1) {
		tag := string(m)
		if !strings.Contains(tag, `preserveAspectRatio="none"`) {
			out = append(out, "an SVG image keeps its aspect ratio (letterboxed, not filling its box)")
		}
		const pre = `xlink:href="data:image/png;base64,`
		i := strings.Index(tag, pre)
		if i < 0 {
			out = append(out, "an SVG image is not labelled image/png")
			continue
		}
		b64 := tag[i+len(pre):]
		b64 = b64[:strings.IndexByte(b64, '"')]
		raw, err := base64.StdEncoding.DecodeString(b64[:min(len(b64), 24)])
		if err != nil && len(raw) < 8 || !bytes.HasPrefix(raw, []byte("\x89PNG")) {
			out = append(out, "an SVG image labelled image/png does not hold PNG bytes")
		}
	}
	return out
}

// CheckFigure renders c and reports its defects (Layout.Problems and the
// SVG rasters' attributes) as one error wrapping klearn.ErrParam, or nil.
func CheckFigure(c Chart) error {
	l, err := LayoutOf(c)
	if err != nil {
		return err
	}
	probs := l.Problems()
	svg, err := c.SVG()
	if err != nil {
		return err
	}
	probs = append(probs, svgImageProblems(svg)...)
	if len(probs) == 0 {
		return nil
	}
	return klearn.Errorf(klearn.ErrParam, "viz: figure check: %s", strings.Join(probs, "; "))
}

// ---- the recording canvas ----

type affine struct{ a, b, c, d, e, f float64 } // x' = a x + c y + e, y' = b x + d y + f

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

func (m affine) mul(n affine) affine { // m ∘ n
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

type recFrame struct {
	m     affine
	width float64
	alpha uint32
	tag   tag
	id    int // instance number of the tag
}

type recorder struct {
	w, h  vg.Length
	stack []recFrame
	nid   int

	panel    int // current panel index (−1: none yet)
	lay      Layout
	legends  map[int]*Rect
	legOrder []int
	legPanel map[int]int
	labels   map[int]*TextBox
	labOrder []int
}

var _ vg.Canvas = (*recorder)(nil)

func newRecorder(w, h vg.Length) *recorder {
	r := &recorder{w: w, h: h, panel: -1, legends: map[int]*Rect{}, legPanel: map[int]int{}, labels: map[int]*TextBox{}}
	r.stack = []recFrame{{m: affine{a: 1, d: 1}, width: 1, alpha: 0xffff}}
	r.lay.Width, r.lay.Height = float64(w), float64(h)
	vg.Initialize(r)
	return r
}

func (r *recorder) top() *recFrame { return &r.stack[len(r.stack)-1] }

func (r *recorder) innermost(t tag) (int, bool) {
	for i := len(r.stack) - 1; i >= 0; i-- {
		if r.stack[i].tag == t {
			return r.stack[i].id, true
		}
	}
	return 0, false
}

func (r *recorder) SetLineWidth(w vg.Length)               { r.top().width = float64(w) }
func (r *recorder) SetLineDash(_ []vg.Length, _ vg.Length) {}
func (r *recorder) SetColor(c color.Color) {
	if c == nil {
		c = color.Black
	}
	_, _, _, a := c.RGBA()
	r.top().alpha = a
}
func (r *recorder) Rotate(t float64) {
	s, c := math.Sincos(t)
	r.top().m = r.top().m.mul(affine{a: c, b: s, c: -s, d: c})
}
func (r *recorder) Translate(p vg.Point) {
	if t, ok := decodeTag(p); ok {
		f := r.top()
		r.nid++
		f.tag, f.id = t, r.nid
		switch t {
		case tagPanel:
			r.lay.Panels = append(r.lay.Panels, PanelLayout{Area: emptyRect(), DataBox: emptyRect()})
			r.panel = len(r.lay.Panels) - 1
		case tagLegend:
			lr := emptyRect()
			r.legends[f.id] = &lr
			r.legOrder = append(r.legOrder, f.id)
			r.legPanel[f.id] = r.panel
		case tagLabel:
			r.labels[f.id] = &TextBox{Box: emptyRect()}
			r.labOrder = append(r.labOrder, f.id)
		}
		return
	}
	r.top().m = r.top().m.mul(affine{a: 1, d: 1, e: float64(p.X), f: float64(p.Y)})
}
func (r *recorder) Scale(x, y float64) { r.top().m = r.top().m.mul(affine{a: x, d: y}) }
func (r *recorder) Push() {
	f := *r.top()
	f.tag, f.id = tagNone, 0
	r.stack = append(r.stack, f)
}
func (r *recorder) Pop() {
	if len(r.stack) > 1 {
		if r.top().tag == tagPanel {
			r.panel = -2 // between or after panels: a figure-level legend
		}
		r.stack = r.stack[:len(r.stack)-1]
	}
}

// curPanel returns the panel index for a primitive, creating an implicit
// panel for a single chart.
func (r *recorder) curPanel() int {
	if r.panel == -2 && len(r.lay.Panels) > 0 {
		return len(r.lay.Panels) - 1
	}
	if r.panel < 0 {
		r.lay.Panels = append(r.lay.Panels, PanelLayout{Area: emptyRect(), DataBox: emptyRect()})
		r.panel = 0
	}
	return r.panel
}

func (r *recorder) points(p vg.Path) [][][2]float64 {
	m := r.top().m
	var runs [][][2]float64
	var cur [][2]float64
	add := func(x, y float64) {
		X, Y := m.apply(x, y)
		cur = append(cur, [2]float64{X, Y})
	}
	for _, c := range p {
		switch c.Type {
		case vg.MoveComp:
			if len(cur) > 0 {
				runs = append(runs, cur)
			}
			cur = nil
			add(float64(c.Pos.X), float64(c.Pos.Y))
		case vg.LineComp:
			add(float64(c.Pos.X), float64(c.Pos.Y))
		case vg.ArcComp:
			for k := 0; k <= 8; k++ {
				a := c.Start + c.Angle*float64(k)/8
				add(float64(c.Pos.X)+float64(c.Radius)*math.Cos(a), float64(c.Pos.Y)+float64(c.Radius)*math.Sin(a))
			}
		case vg.CurveComp:
			for _, q := range c.Control {
				add(float64(q.X), float64(q.Y))
			}
			add(float64(c.Pos.X), float64(c.Pos.Y))
		}
	}
	if len(cur) > 0 {
		runs = append(runs, cur)
	}
	return runs
}

func boxOf(pts [][2]float64) Rect {
	b := emptyRect()
	for _, p := range pts {
		b = b.union(Rect{p[0], p[1], p[0], p[1]})
	}
	return b
}

func (r *recorder) prim(p vg.Path, fill bool) {
	f := r.top()
	if f.alpha == 0 || (!fill && f.width <= 0) {
		if _, ok := r.innermost(tagArea); ok && fill {
			pi := r.curPanel()
			for _, run := range r.points(p) {
				r.lay.Panels[pi].Area = boxOf(run)
			}
		}
		return
	}
	for _, run := range r.points(p) {
		core := boxOf(run)
		b := core
		if !fill {
			hw := f.width / 2
			b = Rect{b.MinX - hw, b.MinY - hw, b.MaxX + hw, b.MaxY + hw}
		}
		if id, ok := r.innermost(tagLegend); ok {
			u := r.legends[id].union(b)
			*r.legends[id] = u
			continue
		}
		if _, ok := r.innermost(tagData); ok {
			pi := r.curPanel()
			r.lay.shapes = append(r.lay.shapes, shape{fill: fill, pts: run, box: b, core: core, panel: pi})
			r.lay.Panels[pi].DataBox = r.lay.Panels[pi].DataBox.union(b)
		}
	}
}

func (r *recorder) Stroke(p vg.Path) { r.prim(p, false) }
func (r *recorder) Fill(p vg.Path)   { r.prim(p, true) }

func (r *recorder) FillString(f font.Face, pt vg.Point, s string) {
	if s == "" || f.Font.Size == 0 {
		return
	}
	ext := f.Extents()
	w := float64(f.Width(s))
	x0, y0 := float64(pt.X), float64(pt.Y)-float64(ext.Descent)
	x1, y1 := x0+w, float64(pt.Y)+float64(ext.Ascent)
	m := r.top().m
	b := emptyRect()
	var q [4][2]float64
	for i, c := range [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
		X, Y := m.apply(c[0], c[1])
		b = b.union(Rect{X, Y, X, Y})
		q[i] = [2]float64{X, Y}
	}
	if id, ok := r.innermost(tagLegend); ok {
		*r.legends[id] = r.legends[id].union(b)
	}
	if id, ok := r.innermost(tagLabel); ok {
		tb := r.labels[id]
		tb.Text += s
		tb.Box = tb.Box.union(b)
		tb.quads = append(tb.quads, q)
		return
	}
	r.lay.Texts = append(r.lay.Texts, TextBox{Text: s, Box: b, quads: [][4][2]float64{q}})
}

func (r *recorder) DrawImage(rect vg.Rectangle, _ image.Image) {
	m := r.top().m
	x0, y0 := m.apply(float64(rect.Min.X), float64(rect.Min.Y))
	x1, y1 := m.apply(float64(rect.Max.X), float64(rect.Max.Y))
	b := Rect{math.Min(x0, x1), math.Min(y0, y1), math.Max(x0, x1), math.Max(y0, y1)}
	_, field := r.innermost(tagData)
	pi := -1
	if field {
		pi = r.curPanel()
		r.lay.Panels[pi].DataBox = r.lay.Panels[pi].DataBox.union(b)
	}
	r.lay.Images = append(r.lay.Images, ImageBox{Box: b, Field: field, panel: pi})
}

func (r *recorder) Size() (vg.Length, vg.Length) { return r.w, r.h }

func (r *recorder) layout() *Layout {
	l := r.lay
	for _, id := range r.labOrder {
		if tb := r.labels[id]; !tb.Box.empty() {
			l.Texts = append(l.Texts, *tb)
		}
	}
	for _, id := range r.legOrder {
		lr := *r.legends[id]
		if lr.empty() {
			continue
		}
		if pi := r.legPanel[id]; pi >= 0 && pi < len(l.Panels) {
			l.Panels[pi].Legends = append(l.Panels[pi].Legends, lr)
		} else {
			l.Legends = append(l.Legends, lr)
		}
	}
	return &l
}
