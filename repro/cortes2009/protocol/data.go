package protocol

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Data is a design matrix with ±1 labels.
type Data struct {
	X *mat.Dense
	Y []float64
}

// DataSet is one row of Table 1 with the data we run in its place.
type DataSet struct {
	// Paper is the paper's name and shape (m × p).
	Paper  string
	PaperM int
	PaperP int
	// Name is the kernelab data set (klearn/datasets) that we run.
	Name string
	// Substitute is empty when Name is the paper's data; otherwise it says
	// how the substitute differs.
	Substitute string
}

// DataSets are the four rows of Table 1 of the paper, in its order.
var DataSets = []DataSet{
	{"Parkinsons", 194, 21, "pd-speech",
		"UCI Parkinsons (195 × 22, Little et al.) is not available offline; pd-speech (Sakar et al. 2019, 252 subjects × 19 baseline voice features: jitter, shimmer, harmonicity, RPDE, DFA, PPE) is the same task (PD vs healthy from sustained vowels) with the same class skew (75 % PD)"},
	{"Ionosphere", 351, 34, "ionosphere", ""},
	{"Sonar", 208, 60, "sonar", ""},
	{"Breast", 683, 9, "breast-wisconsin", ""},
}

// Load returns a Table 1 data set with ±1 labels.
func Load(d DataSet) (*Data, error) {
	X, y, err := datasets.LoadBinary(d.Name)
	if err != nil {
		return nil, err
	}
	return &Data{X: X, Y: y}, nil
}

// SonarProblem is the NKRR objective on the given sonar rows and features
// 1–p (scaled and centred over all rows), labels ±1 centred, λ = 1, d = 2.
func SonarProblem(p int, rows []int) (nkrr.Problem, error) {
	d, err := Load(DataSets[2])
	if err != nil {
		return nkrr.Problem{}, err
	}
	if rows == nil {
		rows = make([]int, len(d.Y))
		for i := range rows {
			rows[i] = i
		}
	}
	all := make([]int, len(d.Y))
	for i := range all {
		all[i] = i
	}
	Z, err := preprocess.ScaleCenter(d.X, all)
	if err != nil {
		return nkrr.Problem{}, err
	}
	n, nf := Z.Dims()
	if p < 1 || p > nf {
		return nkrr.Problem{}, klearn.Errorf(klearn.ErrParam, "cortes2009: %d features of sonar's %d", p, nf)
	}
	X, err := klearn.Rows(Z.Slice(0, n, 0, p), rows)
	if err != nil {
		return nkrr.Problem{}, fmt.Errorf("cortes2009: sonar rows: %w", err)
	}
	Ks, err := kernel.FeatureGrams(X)
	if err != nil {
		return nkrr.Problem{}, err
	}
	yr, err := klearn.Take(d.Y, rows)
	if err != nil {
		return nkrr.Problem{}, fmt.Errorf("cortes2009: sonar rows: %w", err)
	}
	y, _, err := preprocess.CenterLabels(yr)
	if err != nil {
		return nkrr.Problem{}, fmt.Errorf("cortes2009: sonar labels: %w", err)
	}
	return nkrr.Problem{Ks: Ks, Y: y, Lambda: 1, Degree: 2}, nil
}

// dataIndex is the index in DataSets of the Table 1 data set named name.
func dataIndex(name string) (int, error) {
	for i, d := range DataSets {
		if d.Name == name {
			return i, nil
		}
	}
	return 0, klearn.Errorf(klearn.ErrParam, "cortes2009: no Table 1 data set %q", name)
}
