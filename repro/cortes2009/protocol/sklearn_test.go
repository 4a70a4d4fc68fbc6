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
// scripts/fixtures/cortes2009_sklearn.py: Table 1's "lin. base" column run by
// scikit-learn alone on splits and folds it drew.
type sklearnTable1 struct {
	Provenance string
	Lambdas    []float64
	Sets       []struct {
		Name   string
		Splits []struct {
			Train, Test []int
			FoldTests   [][]int   `json:"fold_tests"`
			CVRMSE      []float64 `json:"cv_rmse"`
			Lambda      float64
			TestRMSE    float64 `json:"test_rmse"`
		}
	}
}

// TestTable1LinBaseSklearn runs the "lin. base" column of Table 1 (Select
// and fitScore on ScaleCenter'd features, the Go path of RunSplit) on
// scikit-learn's splits and folds, and asks for its CV scores, its choice of
// λ and its test RMSE: an independent implementation of the whole column
// (preprocessing, fold-wise label centring, ridge, RMSE), not only of the
// solver. It fails if any step of the pipeline departs from the printed
// protocol as scikit-learn implements it.
func TestTable1LinBaseSklearn(t *testing.T) {
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
		m := Methods(10)[0]
		if m.Name != "lin. base" {
			t.Fatalf("Methods()[0] is %q", m.Name)
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
				p, err := newSelectPath(m.Est, Z, data.Y, folds)
				if err != nil {
					t.Fatal(err)
				}
				sr, err := p.search(fx.Lambdas, []float64{0})
				if err != nil {
					t.Fatal(err)
				}
				for j, c := range sr.Candidates {
					if d := math.Abs(c.Mean - sp.CVRMSE[j]); d > 1e-9*sp.CVRMSE[j] {
						t.Errorf("%s %s split %d λ %g: CV RMSE %.12g, scikit-learn %.12g", path, set.Name, s, fx.Lambdas[j], c.Mean, sp.CVRMSE[j])
					}
				}
				best, ch, err := Select(m, Z, data.Y, folds, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if ch.Lambda != sp.Lambda {
					t.Errorf("%s %s split %d: λ %g chosen, scikit-learn %g", path, set.Name, s, ch.Lambda, sp.Lambda)
				}
				score, _, err := fitScore(best, Z, data.Y, modelsel.Split{Train: sp.Train, Test: sp.Test})
				if err != nil {
					t.Fatal(err)
				}
				if d := math.Abs(score - sp.TestRMSE); d > 1e-9*sp.TestRMSE {
					t.Errorf("%s %s split %d: test RMSE %.12g, scikit-learn %.12g", path, set.Name, s, score, sp.TestRMSE)
				}
			}
		}
	}
}
