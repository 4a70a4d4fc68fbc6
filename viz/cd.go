package viz

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// CDDiagram is the critical-difference diagram of Demšar (2006, Fig. 1):
// methods placed on an axis of average ranks (1 = best, at the left), the
// better half labelled on the left and the other half on the right, a
// segment of length CD above the axis, and thick bars joining each maximal
// group of methods whose average ranks differ by less than CD (not
// significantly different by the post-hoc test that gave CD).
type CDDiagram struct {
	Title string
	// Names and Ranks give each method's name and average rank (≥ 1).
	Names []string
	Ranks []float64
	// CD is the critical difference (> 0), e.g. stattest.NemenyiCD.
	CD float64
	// Width and Height in pixels; Height 0 fits the number of methods.
	Width, Height float64
}

func (d *CDDiagram) validate() error {
	if d == nil {
		return errNil("CDDiagram")
	}
	if err := checkNonEmpty("CD diagram", "Names", len(d.Names)); err != nil {
		return err
	}
	if len(d.Ranks) != len(d.Names) {
		return klearn.Errorf(klearn.ErrShape, "viz: CD diagram: %d ranks for %d names", len(d.Ranks), len(d.Names))
	}
	if err := checkFinite("CD diagram", "Ranks", d.Ranks); err != nil {
		return err
	}
	for i, r := range d.Ranks {
		if r < 1 {
			return klearn.Errorf(klearn.ErrParam, "viz: CD diagram: Ranks[%d] = %g < 1", i, r)
		}
	}
	if !(d.CD > 0) || math.IsInf(d.CD, 0) {
		return klearn.Errorf(klearn.ErrParam, "viz: CD diagram: CD = %g, want a finite positive number", d.CD)
	}
	return nil
}

// cdOrder returns the method indices sorted by rank (ties by name).
func cdOrder(names []string, ranks []float64) []int {
	idx := make([]int, len(ranks))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if ranks[idx[a]] != ranks[idx[b]] {
			return ranks[idx[a]] < ranks[idx[b]]
		}
		return names[idx[a]] < names[idx[b]]
	})
	return idx
}

// cdCliques returns the maximal runs [i, j] (positions in ascending rank
// order sorted) of at least two methods whose ranks span less than cd.
func cdCliques(sorted []float64, cd float64) [][2]int {
	var out [][2]int
	last := -1
	for i := range sorted {
		j := i
		for j+1 < len(sorted) && sorted[j+1]-sorted[i] < cd {
			j++
		}
		if j > i && j > last {
			out = append(out, [2]int{i, j})
			last = j
		}
	}
	return out
}

func (d *CDDiagram) figure() (figure, error) {
	if err := d.validate(); err != nil {
		return figure{}, err
	}
	k := len(d.Names)
	half := (k + 1) / 2
	h := d.Height
	if h == 0 {
		h = 110 + 18*float64(half) + 8*float64(k)
	}
	w, hh, err := size("CD diagram", d.Width, h)
	if err != nil {
		return figure{}, err
	}
	return figure{cdDrawer{d}, w, hh}, nil
}

type cdDrawer struct{ d *CDDiagram }

func (c cdDrawer) draw(cv draw.Canvas) {
	d := c.d
	k := len(d.Names)
	order := cdOrder(d.Names, d.Ranks)
	sorted := make([]float64, k)
	for p, i := range order {
		sorted[p] = d.Ranks[i]
	}
	hi := math.Max(float64(k), math.Ceil(sorted[k-1]))
	sty := legendStyle()
	sty.Font.Size = vg.Points(9)
	maxName := vg.Length(0)
	for _, n := range d.Names {
		if w := sty.Width(n) + sty.Width(" 0.00"); w > maxName {
			maxName = w
		}
	}
	r := cv.Rectangle
	x0, x1 := r.Min.X+maxName+12, r.Max.X-maxName-12
	xOf := func(rank float64) vg.Length { return x0 + (x1-x0)*vg.Length((rank-1)/(hi-1+1e-300)) }
	top := r.Max.Y - 8
	line := func(a, b vg.Point, width vg.Length) {
		cv.StrokeLine2(draw.LineStyle{Color: color.Black, Width: width}, a.X, a.Y, b.X, b.Y)
	}
	if d.Title != "" {
		ts := sty
		ts.Font.Size = vg.Points(12)
		ts.XAlign, ts.YAlign = draw.XCenter, draw.YTop
		cv.FillText(ts, vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: top}, d.Title)
		top -= 20
	}
	// The CD segment.
	cs := sty
	cs.XAlign, cs.YAlign = draw.XCenter, draw.YBottom
	cdY := top - 14
	line(vg.Point{X: xOf(1), Y: cdY}, vg.Point{X: xOf(1 + d.CD), Y: cdY}, 1)
	for _, x := range []vg.Length{xOf(1), xOf(1 + d.CD)} {
		line(vg.Point{X: x, Y: cdY - 3}, vg.Point{X: x, Y: cdY + 3}, 1)
	}
	cv.FillText(cs, vg.Point{X: (xOf(1) + xOf(1+d.CD)) / 2, Y: cdY + 3}, fmt.Sprintf("CD = %.2f", d.CD))
	// The axis, ticks at every integer rank.
	axY := cdY - 26
	line(vg.Point{X: x0, Y: axY}, vg.Point{X: x1, Y: axY}, 1)
	for t := 1; t <= int(hi); t++ {
		x := xOf(float64(t))
		line(vg.Point{X: x, Y: axY}, vg.Point{X: x, Y: axY + 5}, 1)
		cs.YAlign = draw.YBottom
		cv.FillText(cs, vg.Point{X: x, Y: axY + 6}, fmt.Sprint(t))
	}
	// The cliques, stacked below the axis.
	cliques := cdCliques(sorted, d.CD)
	barY := axY - 8
	for _, q := range cliques {
		line(vg.Point{X: xOf(sorted[q[0]]) - 3, Y: barY}, vg.Point{X: xOf(sorted[q[1]]) + 3, Y: barY}, 3)
		barY -= 8
	}
	// The methods: the better half at the left, the rest at the right.
	half := (k + 1) / 2
	rowY := barY - 10
	ls := sty
	ls.YAlign = draw.YCenter
	for p, i := range order {
		x := xOf(sorted[p])
		row := p
		if p >= half {
			row = k - 1 - p
		}
		y := rowY - vg.Length(18*row)
		label := fmt.Sprintf("%s %.2f", d.Names[i], d.Ranks[i])
		line(vg.Point{X: x, Y: axY}, vg.Point{X: x, Y: y}, 0.7)
		if p < half {
			line(vg.Point{X: x, Y: y}, vg.Point{X: x0 - 4, Y: y}, 0.7)
			ls.XAlign = draw.XRight
			cv.FillText(ls, vg.Point{X: x0 - 6, Y: y}, label)
		} else {
			line(vg.Point{X: x, Y: y}, vg.Point{X: x1 + 4, Y: y}, 0.7)
			ls.XAlign = draw.XLeft
			cv.FillText(ls, vg.Point{X: x1 + 6, Y: y}, fmt.Sprintf("%.2f %s", d.Ranks[i], d.Names[i]))
		}
	}
}

// SVG renders the diagram as SVG.
func (d *CDDiagram) SVG() ([]byte, error) { return renderSVG(d.figure()) }

// PNG renders the diagram as PNG.
func (d *CDDiagram) PNG() ([]byte, error) { return renderPNG(d.figure()) }

// Show displays the diagram in a notebook (a no-op outside GoNB).
func (d *CDDiagram) Show() error { return showChart(d, "CDDiagram", nil) }
