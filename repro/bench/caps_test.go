package bench

import (
	"html"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestCapsStated: every iterative method states its caps, and the
// leaderboard lists every method's caps under the table.
func TestCapsStated(t *testing.T) {
	want := map[string]string{"SimpleMKL": "100 descent steps", "ℓp-MKL": "100 weight updates", "TK": "30 projected-gradient steps",
		"gHKL": "32 active nodes", "Greedy CR": "10 greedy steps", "CA-1D": "20 stages", "SVM-RBF": "SMO", "NN": "1000 SCG epochs"}
	for _, m := range Methods() {
		if w, ok := want[m.Name]; ok && !strings.Contains(m.Caps, w) {
			t.Errorf("%s: caps %q lack %q", m.Name, m.Caps, w)
		}
		if m.Caps == "" && m.Name != "KRR" {
			t.Errorf("%s states no caps", m.Name)
		}
	}
	res := handResults()
	res.Config.Methods = []string{"SVM-RBF", "KRR", "NN"}
	a, err := Analyze(res)
	if err != nil {
		t.Fatal(err)
	}
	l := a.LeaderboardHTML()
	for _, m := range a.Methods {
		if !strings.Contains(l, html.EscapeString(m.Name)+": ") || (m.Caps != "" && !strings.Contains(l, html.EscapeString(m.Caps))) {
			t.Errorf("leaderboard does not state the caps of %s", m.Name)
		}
	}
}

// TestCappedFitsCounted: the capped fits of the cells are summed per
// method in the leaderboard (k of n) and per set in the per-set table,
// with the splits whose final fit was capped.
func TestCappedFitsCounted(t *testing.T) {
	res := handResults()
	for i := range res.Cells {
		c := &res.Cells[i]
		if c.Skip != "" {
			continue
		}
		c.Fits = 19
		if c.Method == "NN" && c.Set == "sonar" {
			c.Capped = 2
			c.FinalCapped = c.Split == 0
		}
	}
	a, err := Analyze(res)
	if err != nil {
		t.Fatal(err)
	}
	capped, fits := a.CappedFits()
	// NN ran on three sets (57 fits a set), capped on sonar only; KRR ran
	// on all four and never capped.
	if capped[2] != 6 || fits[2] != 171 || capped[1] != 0 || fits[1] != 228 {
		t.Errorf("capped %v of %v fits", capped, fits)
	}
	if l := a.LeaderboardHTML(); !strings.Contains(l, "<td>6 of 171</td>") || !strings.Contains(l, "<td>0 of 228</td>") {
		t.Errorf("leaderboard lacks the capped counts: %s", l)
	}
	if h := a.SetTableHTML(); !strings.Contains(h, "capped: 6 of 57 fits (final fit in 1 of 3 splits)") || strings.Count(h, "capped:") != 1 {
		t.Errorf("per-set table does not mark sonar's NN alone")
	}
}

// TestRunCellCountsCapsAndChoosesCertified runs the protocol on a toy
// method whose first candidate scores best but stops at its cap on every
// fold: the cell counts every fit and the capped ones, and the choice
// falls on the best certified candidate; when every candidate is capped
// the choice is the best of all and the final fit is counted capped.
func TestRunCellCountsCapsAndChoosesCertified(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 40
	X := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		y[i] = float64(2*(i%2) - 1)
		X.Set(i, 0, y[i]+0.3*rng.NormFloat64())
		X.Set(i, 1, rng.NormFloat64())
	}
	data := loaded{X: X, Y: y}
	cfg := Config{Reps: 1, TestFrac: 0.3, Folds: 3, Seed: 1}
	sp, err := splits(data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Candidate k decides by the sign of column 0 (accurate) for k = 0 and
	// of column 1 (chance) otherwise; capped says which candidates stop
	// at a cap.
	toy := func(capped map[float64]bool) Method {
		return Method{Name: "toy", grid: axis("k", []float64{0, 1, 2}),
			fit: func(p modelsel.Params, _ *mat.Dense, _ []float64, _ uint64) (scorer, bool, error) {
				col := 1
				if p["k"] == 0 {
					col = 0
				}
				return func(Xte *mat.Dense) ([]float64, error) {
					r, _ := Xte.Dims()
					out := make([]float64, r)
					for i := range out {
						out[i] = Xte.At(i, col)
					}
					return out, nil
				}, capped[p["k"]], nil
			}}
	}
	c, err := runCell(toy(map[float64]bool{0: true}), data, sp[0], cfg, 1)
	if err != nil || c.Skip != "" {
		t.Fatal(err, c.Skip)
	}
	if c.Fits != 3*3+1 || c.Capped != 3 || c.FinalCapped || c.Chosen == "k=0" {
		t.Errorf("candidate 0 capped: %d fits, %d capped, final capped %v, chosen %s", c.Fits, c.Capped, c.FinalCapped, c.Chosen)
	}
	c, err = runCell(toy(map[float64]bool{0: true, 1: true, 2: true}), data, sp[0], cfg, 1)
	if err != nil || c.Skip != "" {
		t.Fatal(err, c.Skip)
	}
	if c.Fits != 10 || c.Capped != 10 || !c.FinalCapped || c.Chosen != "k=0" {
		t.Errorf("all capped: %d fits, %d capped, final capped %v, chosen %s", c.Fits, c.Capped, c.FinalCapped, c.Chosen)
	}
	c, err = runCell(toy(nil), data, sp[0], cfg, 1)
	if err != nil || c.Fits != 10 || c.Capped != 0 || c.Chosen != "k=0" {
		t.Errorf("none capped: %d fits, %d capped, chosen %s, err %v", c.Fits, c.Capped, c.Chosen, err)
	}
}

// TestKOMDFitsCounted: a KOMD or EasyMKL fit whose QP stopped at its
// pair-step cap counts as capped; at the default cap it is certified.
func TestKOMDFitsCounted(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	X := mat.NewDense(40, 3, nil)
	y := make([]float64, 40)
	for i := range y {
		y[i] = float64(2*(i%2) - 1)
		for j := 0; j < 3; j++ {
			X.Set(i, j, rng.NormFloat64()+0.8*y[i])
		}
	}
	ok := easymkl.KOMD{Lambda: 0.1}
	m, err := ok.FitGram(linearGram(X), y)
	if err != nil {
		t.Fatal(err)
	}
	if komdUncertified(m.Result) {
		t.Fatalf("KOMD at its defaults not certified: %v", m.Result.Status)
	}
	capped := easymkl.KOMD{Lambda: 0.1, Settings: opt.Settings{MaxIter: 1}}
	if m, err = capped.FitGram(linearGram(X), y); err != nil {
		t.Fatal(err)
	}
	if !komdUncertified(m.Result) {
		t.Errorf("KOMD after one pair step counted as certified: %v", m.Result.Status)
	}
	e, err := easymkl.Learner{Lambda: 0.1, Settings: opt.Settings{MaxIter: 1}}.FitGrams([]*mat.SymDense{linearGram(X), linearGram(X)}, y)
	if err != nil {
		t.Fatal(err)
	}
	if !easyUncertified(e) {
		t.Errorf("EasyMKL after one pair step counted as certified")
	}
}

func linearGram(X *mat.Dense) *mat.SymDense {
	n, _ := X.Dims()
	K := mat.NewSymDense(n, nil)
	K.SymOuterK(1, X)
	return K
}
