package viz

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestHeatMapReferenceLines checks that VLines and HLines add one line
// each inside the field, skip values off it without moving the axes, and
// refuse non-finite values (klearn.ErrNotFinite).
func TestHeatMapReferenceLines(t *testing.T) {
	base := func() *HeatMap {
		return &HeatMap{Title: "tiles", X: []float64{0, 0.5, 1}, Y: []float64{0, 0.5, 1}, Z: [][]float64{{0, 1, 2}, {1, 2, 3}, {2, 3, 4}}}
	}
	count := func(hm *HeatMap) int {
		b, err := hm.SVG()
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(b), "<path")
	}
	plain := count(base())
	hm := base()
	hm.VLines, hm.HLines = []float64{0.25, 0.75}, []float64{0.5}
	if got := count(hm); got != plain+3 {
		t.Errorf("three lines drew %d paths more", got-plain)
	}
	hm = base()
	hm.VLines = []float64{2}
	if got := count(hm); got != plain {
		t.Errorf("a line off the field drew %d paths", got-plain)
	}
	if err := CheckFigure(hm); err != nil {
		t.Error(err)
	}
	hm.HLines = []float64{math.NaN()}
	if _, err := hm.SVG(); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN line: %v", err)
	}
}
