package datasets

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Gisette builds a Gisette-like problem from MNIST digits 4 and 9, following
// the design of the NIPS 2003 feature-selection challenge (Guyon, Gunn,
// Ben-Hur & Dror, 2005), which Donini et al. use at 4000×5000 and which is not
// shipped in any package here:
//
//  1. n/2 images of 4 and n/2 of 9 are drawn without replacement;
//  2. 2500 "real" features: the 784 pixels plus 1716 products of distinct
//     pixel pairs, drawn uniformly among the pixels that are non-zero in at
//     least 10 % of the drawn images (so that products are not all zero);
//  3. 2500 probes: each a copy of a uniformly chosen real feature, permuted
//     across the images, so it has the real features' distribution but no
//     relation to the label;
//  4. every feature rescaled to integers 0–999, round(999(v−min)/(max−min))
//     (constant features become 0);
//  5. the order of features and of rows shuffled.
//
// Classes are "4" and "9" (Y = 0, 1). FeatureNames say which column is a
// pixel ("pixel_r_c"), a product ("pixel_r_c*pixel_r_c") or a probe
// ("probe_k~<feature>"), which the challenge hid. All randomness comes from
// klearn.NewRand(seed). n must be even and at most twice the smaller digit
// count (5842 fours in MNIST's training set).
func Gisette(im *Images, n int, seed uint64) (*Dataset, error) {
	const nReal, nProbe = 2500, 2500
	if err := im.validate(); err != nil {
		return nil, fmt.Errorf("datasets: Gisette: %w", err)
	}
	if n < 2 || n%2 != 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "datasets: Gisette n = %d must be even and ≥ 2", n)
	}
	p := im.Rows * im.Cols
	if p*(p-1)/2 < nReal-p || p > nReal {
		return nil, klearn.Errorf(klearn.ErrShape, "datasets: Gisette needs images with at most %d pixels", nReal)
	}
	rng := klearn.NewRand(seed)
	var fours, nines []int
	for i, l := range im.Labels {
		switch l {
		case 4:
			fours = append(fours, i)
		case 9:
			nines = append(nines, i)
		}
	}
	if len(fours) < n/2 || len(nines) < n/2 {
		return nil, klearn.Errorf(klearn.ErrParam, "datasets: Gisette n = %d needs %d fours and nines, have %d and %d", n, n/2, len(fours), len(nines))
	}
	rows := make([]int, 0, n)
	y := make([]float64, 0, n)
	for k, set := range [][]int{fours, nines} {
		for _, j := range rng.Perm(len(set))[:n/2] {
			rows = append(rows, set[j])
			y = append(y, float64(k))
		}
	}
	pix := func(r, f int) float64 { return float64(im.Pixels[rows[r]*p+f]) }

	// Active pixels: non-zero in at least 10 % of the drawn images.
	var active []int
	for f := 0; f < p; f++ {
		nz := 0
		for r := range rows {
			if im.Pixels[rows[r]*p+f] != 0 {
				nz++
			}
		}
		if 10*nz >= n {
			active = append(active, f)
		}
	}
	nPairs := nReal - p
	if len(active)*(len(active)-1)/2 < nPairs {
		return nil, klearn.Errorf(klearn.ErrParam, "datasets: Gisette: only %d active pixels, too few for %d pairs (use a larger n)", len(active), nPairs)
	}
	pname := func(f int) string { return fmt.Sprintf("pixel_%d_%d", f/im.Cols, f%im.Cols) }
	type pair struct{ a, b int }
	seen := map[pair]bool{}
	pairs := make([]pair, 0, nPairs)
	for len(pairs) < nPairs {
		a, b := active[rng.IntN(len(active))], active[rng.IntN(len(active))]
		if a == b {
			continue
		}
		if a > b {
			a, b = b, a
		}
		if !seen[pair{a, b}] {
			seen[pair{a, b}] = true
			pairs = append(pairs, pair{a, b})
		}
	}

	total := nReal + nProbe
	cols := make([][]float64, total)
	names := make([]string, total)
	for f := 0; f < p; f++ {
		c := make([]float64, n)
		for r := range c {
			c[r] = pix(r, f)
		}
		cols[f], names[f] = c, pname(f)
	}
	for k, pr := range pairs {
		c := make([]float64, n)
		for r := range c {
			c[r] = pix(r, pr.a) * pix(r, pr.b)
		}
		cols[p+k], names[p+k] = c, pname(pr.a)+"*"+pname(pr.b)
	}
	for k := 0; k < nProbe; k++ {
		src := rng.IntN(nReal)
		perm := rng.Perm(n)
		c := make([]float64, n)
		for r := range c {
			c[r] = cols[src][perm[r]]
		}
		cols[nReal+k], names[nReal+k] = c, fmt.Sprintf("probe_%d~%s", k, names[src])
	}
	for _, c := range cols {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range c {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		for r, v := range c {
			if hi > lo {
				c[r] = math.Round(999 * (v - lo) / (hi - lo))
			} else {
				c[r] = 0
			}
		}
	}
	fperm := rng.Perm(total)
	rperm := rng.Perm(n)
	X := mat.NewDense(n, total, nil)
	yy := make([]float64, n)
	fn := make([]string, total)
	for newF, oldF := range fperm {
		fn[newF] = names[oldF]
	}
	for newR, oldR := range rperm {
		row := X.RawRowView(newR)
		for newF, oldF := range fperm {
			row[newF] = cols[oldF][oldR]
		}
		yy[newR] = y[oldR]
	}
	return &Dataset{Name: "gisette-mnist", X: X, Y: yy, Classes: []string{"4", "9"}, FeatureNames: fn}, nil
}
