package datasets

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Deskew straightens one grey-level image of rows×cols pixels (row-major,
// non-negative intensities) by the moment-based deskewing of LeCun et al.
// (1998), the "deskewed" MNIST of their Table 1: with the intensity-weighted
// centre (ȳ, x̄), the row variance var(y) and the covariance cov(x, y) of
// the pixel coordinates (y the row, x the column), output pixel (r, c)
// takes the input intensity, by bilinear interpolation (zero outside the
// image), at
//
//	y = r + ȳ − r₀,  x = c + x̄ − c₀ + α(r − r₀),  α = cov(x, y)/var(y),
//
// where (r₀, c₀) = ((rows−1)/2, (cols−1)/2) is the centre of the pixel grid.
// The image is so shifted to put its centre of mass at the centre of the
// grid and sheared horizontally by −α about it, which makes the principal
// axis of a slanted stroke vertical (cov(x, y) = 0 after the transform, up
// to interpolation error). The shear has determinant 1, so the total
// intensity is kept up to interpolation error and ink pushed off the grid.
// A blank image is returned unchanged; an image whose ink lies in one row
// (var(y) = 0) is only centred. img is not modified; a length other than
// rows·cols, a negative, NaN or infinite pixel is an error.
func Deskew(img []float64, rows, cols int) ([]float64, error) {
	if rows <= 0 || cols <= 0 || rows > math.MaxInt/cols || len(img) != rows*cols {
		return nil, klearn.Errorf(klearn.ErrShape, "datasets: Deskew: %d pixels for a %d×%d image", len(img), rows, cols)
	}
	var amax float64
	for i, v := range img {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "datasets: Deskew: pixel %d is %v", i, v)
		}
		if v < 0 {
			return nil, klearn.Errorf(klearn.ErrParam, "datasets: Deskew: pixel %d is %v (want intensities ≥ 0)", i, v)
		}
		amax = math.Max(amax, v)
	}
	// The moments sum pixel·distance² over the image: with pixels beyond
	// 2^600 they could overflow, so the image is deskewed at 2^−e times
	// its intensity (exact, and the transform is linear) and scaled back.
	if amax <= 0x1p600 {
		return deskew(img, rows, cols), nil
	}
	_, e := math.Frexp(amax)
	sc := make([]float64, len(img))
	for i, v := range img {
		sc[i] = math.Ldexp(v, -e)
	}
	out := deskew(sc, rows, cols)
	for i, v := range out {
		out[i] = math.Ldexp(v, e)
	}
	if err := klearn.CheckResult("datasets: Deskew", out); err != nil {
		return nil, err
	}
	return out, nil
}

// deskew is Deskew on a checked image whose moments do not overflow.
func deskew(img []float64, rows, cols int) []float64 {
	var tot, sy, sx float64
	for i, v := range img {
		r, c := float64(i/cols), float64(i%cols)
		tot += v
		sy += v * r
		sx += v * c
	}
	out := make([]float64, len(img))
	if tot == 0 {
		copy(out, img)
		return out
	}
	my, mx := sy/tot, sx/tot
	var vyy, vxy float64
	for i, v := range img {
		dy, dx := float64(i/cols)-my, float64(i%cols)-mx
		vyy += v * dy * dy
		vxy += v * dx * dy
	}
	alpha := 0.0
	if vyy > 0 {
		alpha = vxy / vyy
	}
	r0, c0 := float64(rows-1)/2, float64(cols-1)/2
	at := func(r, c int) float64 {
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return 0
		}
		return img[r*cols+c]
	}
	for r := 0; r < rows; r++ {
		y := float64(r) + my - r0
		y0 := math.Floor(y)
		fy := y - y0
		for c := 0; c < cols; c++ {
			x := float64(c) + mx - c0 + alpha*(float64(r)-r0)
			x0 := math.Floor(x)
			fx := x - x0
			iy, ix := int(y0), int(x0)
			out[r*cols+c] = (1-fy)*((1-fx)*at(iy, ix)+fx*at(iy, ix+1)) + fy*((1-fx)*at(iy+1, ix)+fx*at(iy+1, ix+1))
		}
	}
	return out
}

// DeskewRows returns a copy of X with every row, an image of rows×cols
// pixels (row-major), deskewed by Deskew. X is not modified.
func DeskewRows(X mat.Matrix, rows, cols int) (*mat.Dense, error) {
	if X == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "datasets: DeskewRows: nil matrix")
	}
	n, p := X.Dims()
	if n == 0 || rows <= 0 || cols <= 0 || rows > math.MaxInt/cols || p != rows*cols {
		return nil, klearn.Errorf(klearn.ErrShape, "datasets: DeskewRows: %d×%d matrix for %d×%d images", n, p, rows, cols)
	}
	out := mat.NewDense(n, p, nil)
	row := make([]float64, p)
	for i := 0; i < n; i++ {
		mat.Row(row, i, X)
		d, err := Deskew(row, rows, cols)
		if err != nil {
			return nil, klearn.Errorf(err, "datasets: DeskewRows: row %d", i)
		}
		out.SetRow(i, d)
	}
	return out, nil
}
