package protocol

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// sklearnTable1 is testdata/sklearn_table1*.json, written by
// scripts/fixtures/cortes2009_sklearn.py: Table 1's uniform columns ("lin.
// base", "quad. base") run by scikit-learn alone on splits and folds it drew.
type sklearnTable1 struct {
	Provenance string
	Lambdas    []float64
	Sets       []struct {
		Name   string
		Splits []struct {
			Train, Test []int
			FoldTests   [][]int `json:"fold_tests"`
			Methods     []struct {
				Name     string
				CVRMSE   []float64 `json:"cv_rmse"`
				Lambda   float64
				TestRMSE float64 `json:"test_rmse"`
			}
		}
	}
}

// TestTable1UniformSklearn runs the uniform columns of Table 1, "lin. base"
// and "quad. base" (Select and fitScore on ScaleCenter'd features, the Go
// path of RunSplit), on scikit-learn's splits and folds, and asks for their
// CV scores, their choice of λ and their test RMSE: an independent
// implementation of the whole columns (preprocessing, fold-wise label
// centring, kernel, ridge, RMSE), not only of the solver. It fails if any
// step of the pipeline departs from the printed protocol as scikit-learn
// implements it.
func TestTable1UniformSklearn(t *testing.T) {
	for _, path := range []string{"testdata/sklearn_table1.json", "testdata/sklearn_table1_pypi.json"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var fx sklearnTable1
		if err := json.Unmarshal(b, &fx); err != nil {
			t.Fatal(err)
		}
		if len(fx.Sets) != len(DataSets) {
			t.Fatalf("%s: %d data sets, want Table 1's %d", path, len(fx.Sets), len(DataSets))
		}
		methods := map[string]Method{}
		for _, m := range Methods(10) {
			methods[m.Name] = m
		}
		cfg := Config{Lambdas: fx.Lambdas, Radii: []float64{1}}
		for _, set := range fx.Sets {
			i, err := dataIndex(set.Name)
			if err != nil {
				t.Fatal(err)
			}
			data, err := Load(DataSets[i])
			if err != nil {
				t.Fatal(err)
			}
			for s, sp := range set.Splits {
				Z, err := preprocess.ScaleCenter(data.X, sp.Train)
				if err != nil {
					t.Fatal(err)
				}
				folds := make([]modelsel.Split, len(sp.FoldTests))
				for k, te := range sp.FoldTests {
					tr := slices.DeleteFunc(slices.Clone(sp.Train), func(r int) bool { return slices.Contains(te, r) })
					folds[k] = modelsel.Split{Train: tr, Test: te}
				}
				if len(sp.Methods) != 2 {
					t.Fatalf("%s %s split %d: %d methods, want lin. base and quad. base", path, set.Name, s, len(sp.Methods))
				}
				for _, want := range sp.Methods {
					m, ok := methods[want.Name]
					if !ok || m.Learned || m.Offset {
						t.Fatalf("%s: %q is not a uniform column of Table 1", path, want.Name)
					}
					at := func(what string) string { return path + " " + set.Name + " " + want.Name + " " + what }
					p, err := newSelectPath(m.Est, Z, data.Y, folds)
					if err != nil {
						t.Fatal(err)
					}
					sr, err := p.search(fx.Lambdas, []float64{0})
					if err != nil {
						t.Fatal(err)
					}
					for j, c := range sr.Candidates {
						if d := math.Abs(c.Mean - want.CVRMSE[j]); d > 1e-9*want.CVRMSE[j] {
							t.Errorf("%s split %d λ %g: CV RMSE %.12g, scikit-learn %.12g", at(""), s, fx.Lambdas[j], c.Mean, want.CVRMSE[j])
						}
					}
					best, ch, err := Select(m, Z, data.Y, folds, cfg)
					if err != nil {
						t.Fatal(err)
					}
					if ch.Lambda != want.Lambda {
						t.Errorf("%s split %d: λ %g chosen, scikit-learn %g", at(""), s, ch.Lambda, want.Lambda)
					}
					score, _, err := fitScore(best, Z, data.Y, modelsel.Split{Train: sp.Train, Test: sp.Test})
					if err != nil {
						t.Fatal(err)
					}
					if d := math.Abs(score - want.TestRMSE); d > 1e-9*want.TestRMSE {
						t.Errorf("%s split %d: test RMSE %.12g, scikit-learn %.12g", at(""), s, score, want.TestRMSE)
					}
				}
			}
		}
	}
}
