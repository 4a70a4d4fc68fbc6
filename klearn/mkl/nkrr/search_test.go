package nkrr_test

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// searchPin is one cross-validated search as recorded before the search
// left nkrr: the winning candidate's index, λ and Λ, its mean RMSE in hex,
// and an FNV-64a hash of the bits of every candidate's scores, mean and std.
type searchPin struct {
	data         string
	seed         uint64
	method       string
	best         int
	lambda, rad  float64
	mean         string
	scoresDigest uint64
}

// searchPins were printed by nkrr.SelectFeatures (removed since) at
// 3abc222, whose nkrr is that of 4187c26, with GOMAXPROCS 2 and 1 alike, in
// a GOAMD64=v1 build (go test's default). A v3 build (the Makefile's) fuses
// multiply-adds and moves last bits, so there the choice must match and
// the mean RMSE agree to 1e-12, relative.
var searchPins = []searchPin{
	{"ionosphere", 1, "lin. base", 2, 10, 0, "0x1.7644a24e0e238p-01", 0x31fc33df978219d1},
	{"ionosphere", 1, "lin. ℓ1", 8, 10, 8, "0x1.6802ea3a16677p-01", 0x371809d91e32da3a},
	{"ionosphere", 1, "quad. ℓ2", 7, 10, 2, "0x1.54f9fbb101c6cp-01", 0x2dffde59c63137ae},
	{"ionosphere", 2, "lin. base", 1, 1, 0, "0x1.66060132edd43p-01", 0x9271b6eb01dd6a0e},
	{"ionosphere", 2, "lin. ℓ1", 3, 1, 0.5, "0x1.6687741aac891p-01", 0xd1a3a85452e7bc64},
	{"ionosphere", 2, "quad. ℓ2", 7, 10, 2, "0x1.7b263d5195a5bp-01", 0xa6f84835fa7072ee},
	{"ionosphere", 3, "lin. base", 2, 10, 0, "0x1.60f25e2058c8cp-01", 0x512180511bee103b},
	{"ionosphere", 3, "lin. ℓ1", 8, 10, 8, "0x1.575cb20fed67bp-01", 0x7b1fe3fd0bae1c75},
	{"ionosphere", 3, "quad. ℓ2", 7, 10, 2, "0x1.624274da8a52cp-01", 0x25867de45149e484},
	{"sonar", 1, "lin. base", 2, 10, 0, "0x1.a4aa9070b49dfp-01", 0x841981284d6d16d0},
	{"sonar", 1, "lin. ℓ1", 8, 10, 8, "0x1.a2c04bbbe86bdp-01", 0x65e86dfdddf4cfd1},
	{"sonar", 1, "quad. ℓ2", 7, 10, 2, "0x1.cffe5e0e1da9cp-01", 0xb21310dd50196448},
	{"sonar", 2, "lin. base", 2, 10, 0, "0x1.b615824084b78p-01", 0x4592e3b6587e6ab2},
	{"sonar", 2, "lin. ℓ1", 6, 10, 0.5, "0x1.b62dcd07bbfdbp-01", 0xf58fda7a5db6350},
	{"sonar", 2, "quad. ℓ2", 7, 10, 2, "0x1.d9e67140eec3bp-01", 0x22d37df52fc0de0e},
	{"sonar", 3, "lin. base", 2, 10, 0, "0x1.b6a9fa303ebfp-01", 0x34e0e663b3c6a5de},
	{"sonar", 3, "lin. ℓ1", 8, 10, 8, "0x1.b384cd158a5fbp-01", 0xa9b576977c750cf9},
	{"sonar", 3, "quad. ℓ2", 7, 10, 2, "0x1.ee2be66360d84p-01", 0x8dd9e7a17ec8d575},
}

// TestGridSearchMatchesPins runs the selection of repro/cortes2009 (λ and
// Λ by 3-fold CV inside the training half of a 50/50 split, features scaled
// and centred on that half, Algorithm 1 capped at 60 steps) as callers now
// write it, modelsel.GridSearch over Regressor.Grid scored by
// ScoreFeatures, on two data sets and three seeds. The choice and every
// score must equal, bit for bit, what nkrr's own search gave (in the
// build the pins were printed in; see searchPins).
func TestGridSearchMatchesPins(t *testing.T) {
	if testing.Short() {
		t.Skip("18 searches on Ionosphere and Sonar skipped in -short mode")
	}
	lrn := func(d int, n nkrr.Norm) nkrr.Regressor {
		return nkrr.Regressor{Degree: d, Norm: n, PaperStepRule: true, Settings: opt.Settings{MaxIter: 60}}
	}
	methods := map[string]struct {
		est   nkrr.Regressor
		radii []float64
	}{
		"lin. base": {nkrr.Regressor{Degree: 1}, nil},
		"lin. ℓ1":   {lrn(1, nkrr.L1), []float64{0.5, 2, 8}},
		"quad. ℓ2":  {lrn(2, nkrr.L2), []float64{0.5, 2, 8}},
	}
	lambdas := []float64{0.1, 1, 10, 100}
	exact := goamd64() == "v1"
	for _, pin := range searchPins {
		X, y, err := datasets.LoadBinary(pin.data)
		if errors.Is(err, klearn.ErrMissingData) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		n, _ := X.Dims()
		sp, err := modelsel.RepeatedSplits(n, 1, 0.5, pin.seed)
		if err != nil {
			t.Fatal(err)
		}
		train := sp[0].Train
		Z, err := preprocess.ScaleCenter(X, train)
		if err != nil {
			t.Fatal(err)
		}
		f, err := modelsel.KFold(len(train), 3, pin.seed+1)
		if err != nil {
			t.Fatal(err)
		}
		folds, err := modelsel.Within(train, f)
		if err != nil {
			t.Fatal(err)
		}
		m := methods[pin.method]
		score := func(c nkrr.Regressor, s modelsel.Split) (float64, error) { return c.ScoreFeatures(Z, y, s) }
		res, err := modelsel.GridSearch(m.est.Grid(lambdas, m.radii), folds, score, modelsel.SearchOptions{Minimize: true})
		if err != nil {
			t.Fatal(err)
		}
		best := res.BestParams()
		h := fnv.New64a()
		for _, c := range res.Candidates {
			for _, v := range append(c.Scores, c.Mean, c.Std) {
				fmt.Fprintf(h, "%016x", math.Float64bits(v))
			}
		}
		got := res.Candidates[res.Best].Mean
		mean := strconv.FormatFloat(got, 'x', -1, 64)
		want, err := strconv.ParseFloat(pin.mean, 64)
		if err != nil {
			t.Fatal(err)
		}
		same := mean == pin.mean && h.Sum64() == pin.scoresDigest
		if !exact {
			same = math.Abs(got-want) <= 1e-12*math.Abs(want)
		}
		if res.Best != pin.best || best.Lambda != pin.lambda || best.Radius != pin.rad || !same {
			t.Errorf("%s seed %d %s: candidate %d (λ %g, Λ %g), mean RMSE %s, scores digest %#x; pinned %d (λ %g, Λ %g), %s, %#x",
				pin.data, pin.seed, pin.method, res.Best, best.Lambda, best.Radius, mean, h.Sum64(), pin.best, pin.lambda, pin.rad, pin.mean, pin.scoresDigest)
		}
	}
}

// goamd64 is the GOAMD64 level the test binary was built for ("v1" when
// the build records none).
func goamd64() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, st := range bi.Settings {
			if st.Key == "GOAMD64" {
				return st.Value
			}
		}
	}
	return "v1"
}
