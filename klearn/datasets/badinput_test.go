package datasets_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// TestBadInput is the package's bad-input battery: hand-built inconsistent
// data sets and image sets, nil receivers and arguments, and out-of-range
// requests each give an error wrapping a klearn sentinel, never a panic.
func TestBadInput(t *testing.T) {
	t.Parallel()
	good := func() *datasets.Dataset {
		return &datasets.Dataset{Name: "t", X: mat.NewDense(4, 2, []float64{0, 1, 2, 3, 4, 5, 6, 7}),
			Y: []float64{0, 1, 0, 1}, Classes: []string{"a", "b"}, FeatureNames: []string{"f", "g"}}
	}
	with := func(f func(d *datasets.Dataset)) *datasets.Dataset { d := good(); f(d); return d }
	badLabel := with(func(d *datasets.Dataset) { d.Y[2] = 7 })
	fracLabel := with(func(d *datasets.Dataset) { d.Y[0] = 0.5 })
	shortY := with(func(d *datasets.Dataset) { d.Y = d.Y[:3] })
	nanX := with(func(d *datasets.Dataset) { d.X.Set(1, 1, math.NaN()) })
	noX := with(func(d *datasets.Dataset) { d.X = nil })
	names := with(func(d *datasets.Dataset) { d.FeatureNames = []string{"f"} })
	levels := with(func(d *datasets.Dataset) { d.Levels = [][]string{nil, {"x"}}; d.FeatureNames = nil })
	code := with(func(d *datasets.Dataset) { d.Levels = [][]string{nil, {"x", "y"}} })
	groups := with(func(d *datasets.Dataset) { d.Groups = []string{"g"} })
	regression := with(func(d *datasets.Dataset) { d.Classes = nil })
	imgs := func(f func(m *datasets.Images)) *datasets.Images {
		m := &datasets.Images{N: 2, Rows: 2, Cols: 2, Pixels: make([]uint8, 8), Labels: []uint8{4, 9}}
		f(m)
		return m
	}
	ds := func(d *datasets.Dataset, err error) error { return err }
	cases := []klearntest.Case{
		klearntest.Bad("Subset nil", func() error { return ds(datasets.Subset(nil, []int{0})) }, klearn.ErrEmpty),
		klearntest.Bad("Subset label outside classes", func() error { return ds(datasets.Subset(badLabel, []int{0})) }, klearn.ErrLabels),
		klearntest.Bad("Subset fractional label", func() error { return ds(datasets.Subset(fracLabel, []int{0})) }, klearn.ErrLabels),
		klearntest.Bad("Subset rows ≠ labels", func() error { return ds(datasets.Subset(shortY, []int{0})) }, klearn.ErrShape),
		klearntest.Bad("Subset NaN in X", func() error { return ds(datasets.Subset(nanX, []int{0})) }, klearn.ErrNotFinite),
		klearntest.Bad("Subset no X, no Text", func() error { return ds(datasets.Subset(noX, []int{0})) }, klearn.ErrEmpty),
		klearntest.Bad("Subset names", func() error { return ds(datasets.Subset(names, []int{0})) }, klearn.ErrShape),
		klearntest.Bad("Subset groups", func() error { return ds(datasets.Subset(groups, []int{0})) }, klearn.ErrShape),
		klearntest.Bad("Subset index", func() error { return ds(datasets.Subset(good(), []int{4})) }, klearn.ErrShape),
		klearntest.Bad("Sample nil", func() error { return ds(datasets.Sample(nil, []int{1, 1}, 1)) }, klearn.ErrEmpty),
		klearntest.Bad("Sample label outside classes", func() error { return ds(datasets.Sample(badLabel, []int{1, 1}, 1)) }, klearn.ErrLabels),
		klearntest.Bad("Sample too many", func() error { return ds(datasets.Sample(good(), []int{3, 1}, 1)) }, klearn.ErrParam),
		klearntest.Bad("Sample regression", func() error { return ds(datasets.Sample(regression, []int{1}, 1)) }, klearn.ErrLabels),
		klearntest.Bad("Unique nil", func() error { return ds(datasets.Unique(nil)) }, klearn.ErrEmpty),
		klearntest.Bad("Unique rows ≠ labels", func() error { return ds(datasets.Unique(shortY)) }, klearn.ErrShape),
		klearntest.Bad("Binary nil", func() error { _, err := datasets.Binary(nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("Binary label outside classes", func() error { _, err := datasets.Binary(badLabel); return err }, klearn.ErrLabels),
		klearntest.Bad("OneVsRest nil", func() error { _, err := datasets.OneVsRest(nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("OneHot nil", func() error { return ds(datasets.OneHot(nil)) }, klearn.ErrEmpty),
		klearntest.Bad("OneHot levels without names", func() error { return ds(datasets.OneHot(levels)) }, klearn.ErrShape),
		klearntest.Bad("OneHot code outside levels", func() error { return ds(datasets.OneHot(code)) }, klearn.ErrShape),
		klearntest.Bad("Images nil", func() error { var m *datasets.Images; return ds(m.Dataset("x", nil)) }, klearn.ErrEmpty),
		klearntest.Bad("Images short pixels", func() error {
			return ds(imgs(func(m *datasets.Images) { m.Pixels = m.Pixels[:5] }).Dataset("x", nil))
		}, klearn.ErrShape),
		klearntest.Bad("Images short labels", func() error {
			return ds(imgs(func(m *datasets.Images) { m.Labels = m.Labels[:1] }).Dataset("x", nil))
		}, klearn.ErrShape),
		klearntest.Bad("Images label 12", func() error {
			return ds(imgs(func(m *datasets.Images) { m.Labels[0] = 12 }).Dataset("x", nil))
		}, klearn.ErrLabels),
		klearntest.Bad("Images overflow", func() error {
			return ds(imgs(func(m *datasets.Images) { m.Rows, m.Cols = 1<<40, 1<<40 }).Dataset("x", nil))
		}, klearn.ErrShape),
		klearntest.Bad("Images index", func() error { return ds(imgs(func(*datasets.Images) {}).Dataset("x", []int{2})) }, klearn.ErrShape),
		klearntest.Bad("Gisette nil", func() error { return ds(datasets.Gisette(nil, 10, 1)) }, klearn.ErrEmpty),
		klearntest.Bad("Gisette short pixels", func() error {
			return ds(datasets.Gisette(imgs(func(m *datasets.Images) { m.Pixels = m.Pixels[:3] }), 2, 1))
		}, klearn.ErrShape),
		klearntest.Bad("Load text data set", func() error { return ds(datasets.Load("amazon-reviews")) }, klearn.ErrParam),
		klearntest.Bad("Load unknown", func() error { return ds(datasets.Load("no-such-set")) }, klearn.ErrUnknown),
	}
	klearntest.Battery(t, cases)
	if (*datasets.Dataset)(nil).Rows() != 0 {
		t.Error("nil Dataset has rows")
	}
	if err := good().Validate(); err != nil {
		t.Errorf("a consistent data set: %v", err)
	}
}
