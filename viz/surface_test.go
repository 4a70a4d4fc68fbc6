package viz

import (
	"bytes"
	"testing"
)

// TestSurfaceFlatAndViews renders a constant surface (no height range) and
// the example from several viewpoints, including straight from above: each
// must give a non-empty SVG with one outlined polygon per grid cell.
func TestSurfaceFlatAndViews(t *testing.T) {
	flat := &Surface{X: []float64{0, 1, 2}, Y: []float64{0, 1}, Z: [][]float64{{3, 3, 3}, {3, 3, 3}}}
	svg, err := flat.SVG()
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(svg, []byte("<path")); n < 2 {
		t.Fatalf("flat surface: %d paths, want at least the 2 cells", n)
	}
	for _, v := range [][2]float64{{-60, 30}, {30, 10}, {135, 60}, {0, 90}} {
		s := exampleSurface3D()
		s.Azimuth, s.Elevation = v[0], v[1]
		svg, err := s.SVG()
		if err != nil {
			t.Fatalf("view %v: %v", v, err)
		}
		// 24×19 cells, each filled and stroked.
		if n := bytes.Count(svg, []byte("<path")); n < 2*24*19 {
			t.Fatalf("view %v: %d paths, want ≥ %d", v, n, 2*24*19)
		}
	}
}
