package viz

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// shifted draws a plotter moved horizontally by dx (error bars on grouped
// bars).
type shifted struct {
	p  plot.Plotter
	dx vg.Length
}

func (s *shifted) Plot(c draw.Canvas, p *plot.Plot) {
	c.Min.X += s.dx
	c.Max.X += s.dx
	s.p.Plot(c, p)
}

func (s *shifted) DataRange() (xmin, xmax, ymin, ymax float64) {
	if dr, ok := s.p.(plot.DataRanger); ok {
		return dr.DataRange()
	}
	return 0, 0, 0, 0
}
