package preprocess

import (
	"encoding/json"
	"errors"
	"math"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

type fitter interface {
	Fit(X mat.Matrix) (*Transform, error)
}

func dense(rows [][]float64) *mat.Dense {
	m := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		m.SetRow(i, r)
	}
	return m
}

func TestClosedForm(t *testing.T) {
	t.Parallel()
	// Column 0: 1, 3, 5 (min 1, max 5, mean 3, population σ = sqrt(8/3));
	// column 1 constant 2.
	X := dense([][]float64{{1, 2}, {3, 2}, {5, 2}})
	X0 := mat.DenseCopyOf(X)
	Xte := dense([][]float64{{7, 4}})
	s := math.Sqrt(8.0 / 3)
	cases := []struct {
		name      string
		f         fitter
		train, te [][]float64
	}{
		// MinMax: (x − 1)/4; the constant column maps to x − 2 (0 on training).
		{"MinMax", MinMax{}, [][]float64{{0, 0}, {0.5, 0}, {1, 0}}, [][]float64{{1.5, 2}}},
		// Standardizer: (x − 3)/σ; constant column only centred.
		{"Standardizer", Standardizer{}, [][]float64{{-2 / s, 0}, {0, 0}, {2 / s, 0}}, [][]float64{{4 / s, 2}}},
		// Standardizer with Sample: the sample σ = sqrt(8/2) = 2 (Matlab's std).
		{"Standardizer (sample)", Standardizer{Sample: true}, [][]float64{{-1, 0}, {0, 0}, {1, 0}}, [][]float64{{2, 2}}},
		{"Centerer", Centerer{}, [][]float64{{-2, 0}, {0, 0}, {2, 0}}, [][]float64{{4, 2}}},
	}
	for _, c := range cases {
		tr, err := c.f.Fit(X)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		a, err := tr.Transform(X)
		if err != nil || !mat.EqualApprox(a, dense(c.train), 1e-15) {
			t.Errorf("%s train: %v, %v", c.name, mat.Formatted(a), err)
		}
		b, err := tr.Transform(Xte)
		if err != nil || !mat.EqualApprox(b, dense(c.te), 1e-15) {
			t.Errorf("%s test: %v, %v", c.name, mat.Formatted(b), err)
		}
		if !mat.Equal(X, X0) {
			t.Fatalf("%s mutated X", c.name)
		}
		klearntest.ExpectErrorIs(t, c.name+"(width)", klearn.ErrShape, func() error { _, err := tr.Transform(mat.NewDense(1, 3, nil)); return err })
		klearntest.ExpectErrorIs(t, c.name+"(NaN)", klearn.ErrNotFinite, func() error {
			_, err := tr.Transform(dense([][]float64{{math.NaN(), 1}}))
			return err
		})
		klearntest.ExpectErrorIs(t, c.name+".Fit(Inf)", klearn.ErrNotFinite, func() error {
			_, err := c.f.Fit(dense([][]float64{{math.Inf(1), 1}}))
			return err
		})
		klearntest.ExpectErrorIs(t, c.name+".Fit(empty)", klearn.ErrEmpty, func() error { _, err := c.f.Fit(&mat.Dense{}); return err })
		klearntest.ExpectErrorIs(t, c.name+".Fit(nil)", klearn.ErrEmpty, func() error { _, err := c.f.Fit(nil); return err })
	}
	var zero *Transform
	klearntest.ExpectErrorIs(t, "nil Transform", klearn.ErrNotFitted, func() error { _, err := zero.Transform(X); return err })
	klearntest.ExpectErrorIs(t, "zero Transform", klearn.ErrNotFitted, func() error { _, err := (&Transform{}).Transform(X); return err })
}

func TestUnitNormAndLabels(t *testing.T) {
	t.Parallel()
	// Closed form: (3, 4)/5; the zero row stays zero; huge values do not overflow.
	X := dense([][]float64{{3, 4}, {0, 0}, {3e300, 4e300}})
	got, err := UnitNorm(X)
	want := dense([][]float64{{0.6, 0.8}, {0, 0}, {0.6, 0.8}})
	if err != nil || !mat.EqualApprox(got, want, 1e-15) {
		t.Fatalf("UnitNorm = %v, %v", mat.Formatted(got), err)
	}
	if X.At(0, 0) != 3 {
		t.Fatalf("UnitNorm mutated X")
	}
	klearntest.ExpectErrorIs(t, "UnitNorm(NaN)", klearn.ErrNotFinite, func() error { _, err := UnitNorm(dense([][]float64{{math.NaN()}})); return err })
	y := []float64{1, 2, 6}
	yc, m, err := CenterLabels(y)
	if err != nil || m != 3 || yc[0] != -2 || yc[1] != -1 || yc[2] != 3 || y[0] != 1 {
		t.Fatalf("CenterLabels = %v, %v (y now %v)", yc, m, y)
	}
	for _, c := range []struct {
		y    []float64
		want error
	}{{nil, klearn.ErrEmpty}, {[]float64{1, math.NaN()}, klearn.ErrNotFinite}, {[]float64{-math.MaxFloat64, math.MaxFloat64, math.MaxFloat64}, klearn.ErrNotFinite}} {
		if yc, m, err := CenterLabels(c.y); !errors.Is(err, c.want) {
			t.Errorf("CenterLabels(%v) = %v, %v, %v; want %v", c.y, yc, m, err, c.want)
		}
	}
	// Near ±MaxFloat64 the mean is computed on scaled values: {M, M/2}
	// has mean 3M/4 and centred labels ±M/4.
	M := math.MaxFloat64
	if yc, m, err := CenterLabels([]float64{M, M / 2}); err != nil || !klearntest.Close(m, 0.75*M, 1e-15) || !klearntest.Close(yc[0], M/4, 1e-15) {
		t.Errorf("CenterLabels(M, M/2) = %v, %v, %v", yc, m, err)
	}
}

func TestSklearnParity(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"testdata/sklearn_preprocess.json", "testdata/sklearn_preprocess_pypi.json"} {
		t.Run(filepath.Base(path), func(t *testing.T) { sklearnParity(t, path) })
	}
}

// sklearnParity checks the fixture at path (Debian's or PyPI's scikit-learn, scripts/fixtures/fixtureset.py).
func sklearnParity(t *testing.T, path string) {
	// Expected matrices: scikit-learn MinMaxScaler, StandardScaler,
	// StandardScaler(with_std=False) and normalize on wine with a constant
	// training feature (scripts/fixtures/sklearn_core.py; testdata/README.md).
	var f map[string]json.RawMessage
	klearntest.ReadJSON(t, path, &f)
	get := func(k string) *mat.Dense {
		var rows [][]float64
		if err := json.Unmarshal(f[k], &rows); err != nil || len(rows) == 0 {
			t.Fatalf("fixture %s: %v", k, err)
		}
		return dense(rows)
	}
	Xtr, Xte := get("Xtrain"), get("Xtest")
	check := func(name string, got *mat.Dense, err error, want *mat.Dense) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// Relative 1e-12 of the largest entry: the two libraries round differently.
		if !mat.EqualApprox(got, want, 1e-12*math.Max(1, mat.Norm(want, math.Inf(1)))) {
			t.Errorf("%s differs from scikit-learn", name)
		}
	}
	mm, _ := MinMax{}.Fit(Xtr)
	a, err := mm.Transform(Xtr)
	check("minmax train", a, err, get("minmax_train"))
	a, err = mm.Transform(Xte)
	check("minmax test", a, err, get("minmax_test"))
	ss, _ := Standardizer{}.Fit(Xtr)
	a, err = ss.Transform(Xtr)
	check("standard train", a, err, get("standard_train"))
	a, err = ss.Transform(Xte)
	check("standard test", a, err, get("standard_test"))
	cc, _ := Centerer{}.Fit(Xtr)
	a, err = cc.Transform(Xte)
	check("center test", a, err, get("center_test"))
	a, err = UnitNorm(Xte)
	check("normalize test", a, err, get("normalize_test"))
}

// TestStandardizerSampleOneRow: one training row has no sample standard
// deviation, so its features are only centred (scale 1), never divided by 0.
func TestStandardizerSampleOneRow(t *testing.T) {
	t.Parallel()
	tr, err := Standardizer{Sample: true}.Fit(dense([][]float64{{3, -1}}))
	if err != nil {
		t.Fatal(err)
	}
	if sc := tr.Scale(); sc[0] != 1 || sc[1] != 1 {
		t.Errorf("scale %v, want [1 1]", sc)
	}
}
