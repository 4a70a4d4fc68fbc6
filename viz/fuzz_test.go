package viz

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// floats decodes b as little-endian float64s (at most 64).
func floats(b []byte) []float64 {
	var out []float64
	for len(b) >= 8 && len(out) < 64 {
		out = append(out, math.Float64frombits(binary.LittleEndian.Uint64(b)))
		b = b[8:]
	}
	return out
}

func fbytes(v ...float64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}

// render renders c to SVG and records its layout; any error must wrap a
// klearn sentinel, and a rendered figure must hold no NaN coordinate.
func render(t *testing.T, c Chart) {
	svg, err := c.SVG()
	if err != nil {
		if !errors.Is(err, klearn.ErrParam) && !errors.Is(err, klearn.ErrNotFinite) && !errors.Is(err, klearn.ErrShape) && !errors.Is(err, klearn.ErrEmpty) {
			t.Fatalf("error %v wraps no klearn sentinel", err)
		}
		return
	}
	for _, bad := range []string{"NaN", "Inf"} {
		if containsWord(svg, bad) {
			t.Fatalf("SVG holds %s", bad)
		}
	}
	if _, err := LayoutOf(c); err != nil {
		t.Fatalf("SVG rendered but LayoutOf failed: %v", err)
	}
}

func containsWord(b []byte, w string) bool {
	for i := 0; i+len(w) <= len(b); i++ {
		if string(b[i:i+len(w)]) == w && (i == 0 || b[i-1] == ' ' || b[i-1] == ',' || b[i-1] == '"' || b[i-1] == '-' || b[i-1] == '(') {
			return true
		}
	}
	return false
}

func FuzzLine(f *testing.F) {
	f.Add(uint8(0), uint8(0), fbytes(1, 2, 3, 0.5, 0.7, 0.6))
	f.Add(uint8(3), uint8(1), fbytes(100, 300, 1000, 0.1, 0.2, 0.3))
	f.Add(uint8(1), uint8(2), fbytes(-math.MaxFloat64, math.MaxFloat64, 1, 2))
	f.Fuzz(func(t *testing.T, sc, opt uint8, data []byte) {
		v := floats(data)
		n := len(v) / 2
		l := &Line{Scale: Scale(sc % 5), TicksAtX: opt&1 != 0, ErrorBars: opt&2 != 0, Legend: LegendPos(opt >> 4 % 8),
			Series: []Series{{Name: "K_{MKL}", X: v[:n], Y: v[n : 2*n]}, {Name: "b", X: v[:n], Y: v[:n], Dash: Dashed}}}
		if opt&4 != 0 && n > 0 {
			l.Series[0].Err = make([]float64, n)
			for i := range l.Series[0].Err {
				l.Series[0].Err[i] = math.Abs(v[i]) / 10
			}
		}
		render(t, l)
		if _, err := l.echart(); err != nil && !errors.Is(err, klearn.ErrParam) && !errors.Is(err, klearn.ErrNotFinite) && !errors.Is(err, klearn.ErrShape) && !errors.Is(err, klearn.ErrEmpty) {
			t.Fatal(err)
		}
	})
}

func FuzzHeatMap(f *testing.F) {
	f.Add(uint8(2), false, fbytes(1, 2, 3, 4))
	f.Add(uint8(3), true, fbytes(-math.MaxFloat64, 0, math.MaxFloat64, 1, 2, 3))
	f.Fuzz(func(t *testing.T, cols uint8, div bool, data []byte) {
		v := floats(data)
		c := int(cols%8) + 1
		var z [][]float64
		for len(v) >= c {
			z, v = append(z, v[:c]), v[c:]
		}
		hm := &HeatMap{Z: z, Diverging: div}
		if div && len(z) >= 2 && c >= 2 {
			hm.Contours = []float64{0}
		}
		render(t, hm)
	})
}

func FuzzHistogram(f *testing.F) {
	f.Add(uint8(0), false, fbytes(1, 2, 2, 3))
	f.Add(uint8(7), true, fbytes(5e-324, 0, 1e-323))
	f.Fuzz(func(t *testing.T, bins uint8, dens bool, data []byte) {
		render(t, &Histogram{Values: floats(data), Bins: int(bins), Density: dens})
	})
}

func FuzzBar(f *testing.F) {
	f.Add(fbytes(1, 2, 3, 0.1, 0.2, 0.3))
	f.Add(fbytes(math.MaxFloat64, -math.MaxFloat64, 0, 1, 1, 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		v := floats(data)
		n := len(v) / 2
		cats := make([]string, n)
		for i := range cats {
			cats[i] = "η_" + string(rune('a'+i%26))
		}
		render(t, &Bar{Categories: cats, Groups: []BarGroup{{Name: "a", Values: v[:n]}, {Name: "b", Values: v[n : 2*n]}}})
	})
}

func FuzzScatter(f *testing.F) {
	f.Add(uint8(0), fbytes(1, 2, 3, 0.5, 0.7, 0.6))
	f.Add(uint8(3), fbytes(-math.MaxFloat64, math.MaxFloat64, 5e-324, 1))
	f.Fuzz(func(t *testing.T, sc uint8, data []byte) {
		v := floats(data)
		n := len(v) / 2
		render(t, &Scatter{Scale: Scale(sc % 5), Sets: []PointSet{{Name: "a", X: v[:n], Y: v[n : 2*n]}}})
	})
}

func FuzzStem(f *testing.F) {
	f.Add(uint8(0), 0.0, fbytes(1, 2, 3, 0.5, 0.7, 0.6))
	f.Add(uint8(2), math.MaxFloat64, fbytes(-math.MaxFloat64, math.MaxFloat64, 1, 2))
	f.Fuzz(func(t *testing.T, sc uint8, base float64, data []byte) {
		v := floats(data)
		n := len(v) / 2
		render(t, &Stem{Scale: Scale(sc % 5), Base: base, X: v[:n], Y: v[n : 2*n]})
	})
}

// FuzzSurface: Z on a 2×c grid with the given view angles.
func FuzzSurface(f *testing.F) {
	f.Add(30.0, 20.0, fbytes(0, 1, 2, 3, 4, 5))
	f.Add(-400.0, 89.0, fbytes(-math.MaxFloat64, math.MaxFloat64, 1, 2))
	f.Fuzz(func(t *testing.T, az, el float64, data []byte) {
		v := floats(data)
		c := len(v) / 2
		x := make([]float64, c)
		for i := range x {
			x[i] = float64(i)
		}
		render(t, &Surface{X: x, Y: []float64{0, 1}, Z: [][]float64{v[:c], v[c : 2*c]}, Azimuth: az, Elevation: el})
	})
}
