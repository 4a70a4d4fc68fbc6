package bench

import (
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// DataSet is one data set of the benchmark as the registry of
// klearn/datasets describes it.
type DataSet struct {
	Name string
	// Rows and Features as shipped (before any subsample).
	Rows, Features int
	// Substitute is true for a stand-in of a set the papers used (its
	// registry entry says so).
	Substitute bool
	// NeedsMakeData: read from the cache `make data` fills (MNIST).
	NeedsMakeData bool
}

// ClassificationSets returns every two-class data set of klearn/datasets
// with a feature matrix, sorted by name; RegressionSets every regression
// set. The text set amazon-reviews (no feature matrix) is left out.
func ClassificationSets() []DataSet {
	return setsOf(func(i datasets.DatasetInfo) bool { return i.Task == "classification" && i.Classes == 2 })
}

// RegressionSets returns every regression data set of klearn/datasets.
func RegressionSets() []DataSet {
	return setsOf(func(i datasets.DatasetInfo) bool { return i.Task == "regression" })
}

func setsOf(keep func(datasets.DatasetInfo) bool) []DataSet {
	var out []DataSet
	for _, name := range datasets.Names() {
		info, err := datasets.Info(name)
		if err != nil || !keep(info) {
			continue
		}
		sub := strings.Contains(strings.ToLower(info.Description+" "+info.Citation), "substitute")
		out = append(out, DataSet{Name: name, Rows: info.Rows, Features: info.Features, Substitute: sub, NeedsMakeData: info.NeedsMakeData})
	}
	return out
}

// dataSet returns the entry of name among ClassificationSets and
// RegressionSets.
func dataSet(name string) (DataSet, error) {
	for _, d := range append(ClassificationSets(), RegressionSets()...) {
		if d.Name == name {
			return d, nil
		}
	}
	return DataSet{}, klearn.Errorf(klearn.ErrParam, "bench: %q is not a two-class or regression data set of klearn/datasets", name)
}

// loaded is a data set as the protocol uses it: inputs and targets (±1
// labels for classification), after the stratified subsample to at most
// maxRows rows.
type loaded struct {
	X *mat.Dense
	Y []float64
}

// load reads name and, when it has more than maxRows rows, keeps a
// stratified subsample of maxRows (for regression, a uniform one), drawn
// with seed: the same rows for every method and split.
func load(name string, maxRows int, seed uint64) (loaded, error) {
	d, err := datasets.Load(name)
	if err != nil {
		return loaded{}, err
	}
	y := d.Y
	if d.Classes != nil {
		if y, err = datasets.Binary(d); err != nil {
			return loaded{}, err
		}
	}
	X := d.X
	if n := len(y); maxRows > 0 && n > maxRows {
		var sp []modelsel.Split
		frac := float64(maxRows) / float64(n)
		if d.Classes != nil {
			sp, err = modelsel.StratifiedRepeatedSplits(y, 1, frac, seed)
		} else {
			sp, err = modelsel.RepeatedSplits(n, 1, frac, seed)
		}
		if err != nil {
			return loaded{}, err
		}
		keep := sp[0].Test
		if X, err = klearn.Rows(X, keep); err != nil {
			return loaded{}, err
		}
		if y, err = klearn.Take(y, keep); err != nil {
			return loaded{}, err
		}
	}
	return loaded{X: X, Y: y}, nil
}
