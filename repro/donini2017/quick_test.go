package donini2017

import (
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/donini2017/protocol"
)

// quickResults returns results shaped like a quick run (protocol.Quick):
// its data sets, degrees, folds, repetitions and images, with made-up
// numbers, and the real checks of quick mode.
func quickResults(t *testing.T) *Results {
	t.Helper()
	q := protocol.Quick()
	checks, err := runChecks(q)
	if err != nil {
		t.Fatal(err)
	}
	seq := func(n int, f func(i int) float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = f(i)
		}
		return v
	}
	folds := func(n int, level float64) []float64 {
		return seq(n, func(i int) float64 { return level + 0.01*float64(i%3) })
	}
	res := &Results{Mode: "quick", Prep: q.Prep, Checks: checks.Checks, MaxMin: checks.MaxMin, Alg1D: 4, Inner: q.Inner, VGrid: q.VGrid}
	for _, s := range q.Alg1Steps {
		res.Alg1 = append(res.Alg1, protocol.Alg1Point{Steps: s, RelErr: 1 / float64(s)})
	}
	for _, name := range q.Fig1Data {
		up := seq(q.Fig1D+1, func(i int) float64 { return float64(i) })
		res.Fig1 = append(res.Fig1, protocol.MEBCurve{Data: name, Prep: q.Prep, SR: up, RStar: up, RTilde: up})
	}
	for _, name := range q.CVData {
		c := protocol.CVCurves{Data: name, Ds: q.Ds, Methods: protocol.Methods, AUC: make([][][]float64, len(protocol.Methods))}
		for m := range protocol.Methods {
			for range q.Ds {
				c.AUC[m] = append(c.AUC[m], folds(q.Outer, 0.8-0.05*float64(m)))
			}
		}
		res.CV = append(res.CV, c)
	}
	for _, name := range q.Fig6Data {
		f := protocol.RandomFamily{Data: name, Ds: q.Fig6Ds}
		for range q.Fig6Ds {
			f.Q, f.R = append(f.Q, folds(q.Fig6Outer, 0.9)), append(f.R, folds(q.Fig6Outer, 0.8))
		}
		res.Fig6 = append(res.Fig6, f)
	}
	res.Fig6Spread = [2]float64{1.1, 3}
	for _, name := range q.Fig7Data {
		n := len(q.Fig7Ds)
		res.Fig7 = append(res.Fig7, protocol.SRCurve{Data: name, Ds: q.Fig7Ds, MKL: folds(n, 2), KD: folds(n, 3), Sum: folds(n, 1)})
	}
	for _, name := range []string{"Heart", "Splice"} {
		for _, D := range q.Fig8Ds {
			res.Fig8 = append(res.Fig8, protocol.Weights{Data: name, D: D, V: q.VGrid[0], Eta: seq(D+1, func(i int) float64 { return float64(min(i, 1)) / float64(D+i*i) })})
		}
	}
	noise := []float64{0, 10, 20, 30, 40}
	res.Fig9 = []protocol.NoiseCurve{{Noise: noise, Mean: noise, Std: noise}}
	for _, name := range protocol.Table3Data {
		res.Table3 = append(res.Table3, protocol.TimeRow{Data: name, RBF: folds(q.T3Folds, 0.01), Ours: [3][]float64{folds(q.T3Folds, 0.05)}})
	}
	f := &protocol.MNISTCurve{Train: q.MNISTTrain, Val: q.MNISTVal, Test: q.MNISTTest, Ds: q.Fig10Ds, RBFBlocks: folds(protocol.Fig10Blocks, 3)}
	for m := range f.Err {
		f.Err[m] = folds(len(q.Fig10Ds), 2)
		for range q.Fig10Ds {
			f.BlockErr[m] = append(f.BlockErr[m], folds(protocol.Fig10Blocks, 2+float64(m)))
		}
	}
	res.Fig10 = f
	wrong := seq(q.T5Test, func(i int) float64 { return float64(min(i%10, 1)) })
	res.Table5 = &AllPairs{Train: q.T5Train, Test: q.T5Test, Err: 10, Wrong: wrong}
	res.Table5Deskewed = &AllPairs{Train: q.T5Train, Test: q.T5Test, Deskewed: true, Err: 9, Wrong: wrong}
	for _, name := range q.T4Data {
		for _, nodes := range []string{"linear", "gaussian"} {
			row := protocol.GHKLRow{Data: name, Nodes: nodes, BestC: make([][]float64, len(Table4Cols)), AtEdge: make([][]bool, len(Table4Cols))}
			for j := range Table4Cols {
				row.AUC = append(row.AUC, folds(q.T4Outer, 0.7))
				if j > 0 {
					row.BestC[j], row.AtEdge[j] = folds(q.T4Outer, 1), make([]bool, q.T4Outer)
				}
			}
			res.Table4 = append(res.Table4, row)
		}
	}
	return res
}

// TestQuickLabels: in quick mode every row decided on less than full mode
// decides it says "quick: decided on N of M" with N < M (the rows that
// quick mode runs as full mode does say nothing); a full-mode report of
// the same results labels no row.
func TestQuickLabels(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the checks on data sets")
	}
	same := map[string]bool{"Table 1": true, "Theorem 1": true, "Theorem 2": true, "§3.1.1 spectral ratio": true, "§3.1.3 MEB": true,
		"§3.2 radius of a combination": true, "§3.2 Frobenius decomposition": true, "§3.2 Frobenius sandwich": true, "Eq. (12)": true}
	// Not run in quick mode: no cut of the inner CV, no substitute data.
	notRun := map[string]bool{"Figures 3–5 protocol cuts": true}
	res := quickResults(t)
	rep := Verdict(res)
	for _, c := range rep.Claims {
		switch {
		case c.Outcome == repro.NotRun:
			if !notRun[c.ID] {
				t.Errorf("%s not run on the quick-shaped results: %s", c.ID, c.Reason)
			}
		case same[c.ID]:
			if c.Quick != (repro.Subset{}) {
				t.Errorf("%s runs as in full mode but says %q", c.ID, c.Quick)
			}
		case c.Quick.N <= 0 || c.Quick.N >= c.Quick.M:
			t.Errorf("%s: quick label %q (%+v), want N of M with 0 < N < M", c.ID, c.Quick, c.Quick)
		}
	}
	res.Mode = "full"
	for i := range res.Checks {
		res.Checks[i].Quick = repro.Subset{}
	}
	for _, c := range Verdict(res).Claims {
		if c.Quick != (repro.Subset{}) {
			t.Errorf("full mode: %s says %q", c.ID, c.Quick)
		}
	}
	if s := checkSubsets(protocol.Full()); len(s) != 0 {
		t.Errorf("full mode labels checks: %v", s)
	}
}
