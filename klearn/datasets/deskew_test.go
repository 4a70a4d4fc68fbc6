package datasets

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// moments returns the centre of mass (row, column) and the shear
// cov(x, y)/var(y) of a rows×cols image, computed independently of Deskew.
func moments(img []float64, rows, cols int) (my, mx, alpha float64) {
	var tot float64
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			v := img[r*cols+c]
			tot += v
			my += v * float64(r)
			mx += v * float64(c)
		}
	}
	my, mx = my/tot, mx/tot
	var vyy, vxy float64
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			v := img[r*cols+c]
			vyy += v * (float64(r) - my) * (float64(r) - my)
			vxy += v * (float64(r) - my) * (float64(c) - mx)
		}
	}
	return my, mx, vxy / vyy
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// stroke draws a 3-pixel-wide anti-aliased line x = x0 + slope·(y − y0)
// for rows lo..hi of a 28×28 image.
func stroke(x0, y0, slope float64, lo, hi int) []float64 {
	img := make([]float64, 28*28)
	for r := lo; r <= hi; r++ {
		xc := x0 + slope*(float64(r)-y0)
		for c := 0; c < 28; c++ {
			d := math.Abs(float64(c) - xc)
			img[r*28+c] = 255 * math.Max(0, math.Min(1, 2-d))
		}
	}
	return img
}

func TestDeskewStraightensShearedStroke(t *testing.T) {
	for _, slope := range []float64{-0.5, -0.25, 0.3, 0.6} {
		img := stroke(12, 10, slope, 4, 22)
		orig := append([]float64(nil), img...)
		_, _, a0 := moments(img, 28, 28)
		if math.Abs(a0-slope) > 0.02 {
			t.Fatalf("slope %g: the synthetic stroke has shear %g", slope, a0)
		}
		out, err := Deskew(img, 28, 28)
		if err != nil {
			t.Fatal(err)
		}
		for i := range img {
			if img[i] != orig[i] {
				t.Fatal("Deskew modified its input")
			}
		}
		my, mx, a := moments(out, 28, 28)
		// Upright: no shear left; centred on the grid centre (13.5, 13.5).
		if math.Abs(a) > 0.02 {
			t.Errorf("slope %g: shear after deskewing %g, want ≈ 0", slope, a)
		}
		if math.Abs(my-13.5) > 0.05 || math.Abs(mx-13.5) > 0.05 {
			t.Errorf("slope %g: centre of mass (%.3f, %.3f), want (13.5, 13.5)", slope, my, mx)
		}
		// The ink of each fully inked row (the two end rows are blends, as
		// the shift is by a fraction of a row) sits in the same columns: the
		// stroke is vertical.
		var cols []float64
		for r := 0; r < 28; r++ {
			var s, sc float64
			for c := 0; c < 28; c++ {
				s += out[r*28+c]
				sc += out[r*28+c] * float64(c)
			}
			if s > 0.99*3*255 {
				cols = append(cols, sc/s)
			}
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, c := range cols {
			lo, hi = math.Min(lo, c), math.Max(hi, c)
		}
		if len(cols) < 15 || hi-lo > 0.1 {
			t.Errorf("slope %g: %d inked rows with centres spread over %.3f columns, want a vertical stroke", slope, len(cols), hi-lo)
		}
		// Pixel mass kept up to bilinear interpolation error (a shear has
		// determinant 1, and the stroke stays inside the grid).
		if s0, s1 := sum(img), sum(out); math.Abs(s1-s0) > 0.01*s0 {
			t.Errorf("slope %g: mass %g after, %g before", slope, s1, s0)
		}
	}
}

func TestDeskewKeepsCentredUprightSymmetricImage(t *testing.T) {
	// A plus sign and a ring, symmetric about both axes through the grid
	// centre (13.5, 13.5): centre of mass there and cov(x, y) = 0, so
	// the transform is the identity and the image must come back as is.
	plus := make([]float64, 28*28)
	ring := make([]float64, 28*28)
	for r := 0; r < 28; r++ {
		for c := 0; c < 28; c++ {
			if (r >= 12 && r <= 15 && c >= 5 && c <= 22) || (c >= 12 && c <= 15 && r >= 3 && r <= 24) {
				plus[r*28+c] = 200
			}
			d := math.Hypot(float64(r)-13.5, (float64(c)-13.5)*1.4)
			ring[r*28+c] = 255 * math.Max(0, 1-math.Abs(d-8)/2)
		}
	}
	for name, img := range map[string][]float64{"plus": plus, "ring": ring} {
		out, err := Deskew(img, 28, 28)
		if err != nil {
			t.Fatal(err)
		}
		for i := range img {
			if math.Abs(out[i]-img[i]) > 1e-9 {
				t.Fatalf("%s: pixel %d changed from %g to %g", name, i, img[i], out[i])
			}
		}
	}
}

func TestDeskewShiftsToCentre(t *testing.T) {
	// An upright block off-centre by whole pixels (rows 2..7, columns 3..6):
	// deskewing moves it by exactly (−8, −9), onto the centre.
	img := make([]float64, 28*28)
	for r := 2; r <= 7; r++ {
		for c := 3; c <= 6; c++ {
			img[r*28+c] = 100
		}
	}
	out, err := Deskew(img, 28, 28)
	if err != nil {
		t.Fatal(err)
	}
	for r := 0; r < 28; r++ {
		for c := 0; c < 28; c++ {
			want := 0.0
			if r >= 11 && r <= 16 && c >= 12 && c <= 15 {
				want = 100
			}
			if math.Abs(out[r*28+c]-want) > 1e-9 {
				t.Fatalf("pixel (%d, %d) = %g, want %g", r, c, out[r*28+c], want)
			}
		}
	}
}

func TestDeskewRowsAndErrors(t *testing.T) {
	a, b := stroke(10, 10, 0.4, 5, 20), make([]float64, 28*28)
	X := mat.NewDense(2, 28*28, append(append([]float64(nil), a...), b...))
	before := mat.DenseCopyOf(X)
	D, err := DeskewRows(X, 28, 28)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(X, before) {
		t.Fatal("DeskewRows modified its input")
	}
	want, _ := Deskew(a, 28, 28)
	for i, v := range want {
		if D.At(0, i) != v {
			t.Fatalf("row 0 pixel %d: %g, want %g", i, D.At(0, i), v)
		}
		if D.At(1, i) != 0 {
			t.Fatal("a blank image must stay blank")
		}
	}
	line := make([]float64, 28*28) // ink in one row: var(y) = 0, only centred
	for c := 0; c < 10; c++ {
		line[5*28+c] = 1
	}
	if out, err := Deskew(line, 28, 28); err != nil || math.Abs(sum(out)-10) > 1e-9 {
		t.Errorf("one-row image: %v, mass %g", err, sum(out))
	}
	for _, tc := range []struct {
		img        []float64
		rows, cols int
		want       error
	}{
		{make([]float64, 10), 28, 28, klearn.ErrShape},
		{make([]float64, 4), 0, 4, klearn.ErrShape},
		{[]float64{0, math.NaN(), 0, 0}, 2, 2, klearn.ErrNotFinite},
		{[]float64{0, math.Inf(1), 0, 0}, 2, 2, klearn.ErrNotFinite},
		{[]float64{0, -1, 0, 0}, 2, 2, klearn.ErrParam},
	} {
		if _, err := Deskew(tc.img, tc.rows, tc.cols); !errors.Is(err, tc.want) {
			t.Errorf("Deskew(%d pixels, %d×%d): %v, want %v", len(tc.img), tc.rows, tc.cols, err, tc.want)
		}
	}
	if _, err := DeskewRows(mat.NewDense(1, 5, nil), 2, 2); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("DeskewRows shape: %v", err)
	}
	if _, err := DeskewRows(nil, 2, 2); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("DeskewRows nil: %v", err)
	}
	bad := mat.NewDense(1, 4, []float64{0, math.NaN(), 0, 0})
	if _, err := DeskewRows(bad, 2, 2); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("DeskewRows NaN: %v", err)
	}
}
