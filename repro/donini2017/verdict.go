package donini2017

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/repro"
)

// compare is repro.Compare with the package's test and level; a failing
// test (fewer than two pairs, zero variance) is reported as a tie with
// p = 1 and the reason in the string.
func compare(a string, x []float64, b string, y []float64, higherIsBetter bool) repro.Comparison {
	c, err := repro.Compare(a, x, b, y, repro.PairedT, Alpha, higherIsBetter)
	if err != nil {
		mx, _, _ := metrics.MeanStd(x)
		my, _, _ := metrics.MeanStd(y)
		return repro.Comparison{A: a, B: b, MeanA: mx, MeanB: my, Diff: mx - my, N: len(x), Test: repro.PairedT, P: 1, Alpha: Alpha, HigherIsBetter: higherIsBetter}
	}
	return c
}

// substituteKind is the kind of the rows run on substitute data of
// another kind (Bench.Apart), counted apart from the paper's claims.
const substituteKind = repro.Diagnostic

// Verdict computes the verdict table from res.
func Verdict(res *Results) *repro.Report {
	r := &repro.Report{Paper: Paper, Mode: res.Mode, Elapsed: res.Elapsed}
	r.Add(res.Checks...)
	if len(res.Alg1) > 0 {
		r.Add(CheckAlgorithm1(res.Alg1, res.Alg1D))
	} else {
		r.Add(repro.NotRunClaim("Algorithm 1", repro.Statement, "Q_D converges to K_D as the number of steps grows", "not run"))
	}
	r.Add(figure1Claim(res))
	r.Add(curvesClaims(res)...)
	r.Add(paperCheckClaim(res))
	r.Add(figure6Claims(res)...)
	r.Add(figure7Claim(res))
	r.Add(figure8Claims(res)...)
	r.Add(figure9Claim(res))
	r.Add(table3Claim(res))
	r.Add(figure10Claims(res)...)
	r.Add(table5Claims(res)...)
	r.Add(table4Claims(res)...)
	return r
}

func figure1Claim(res *Results) repro.Claim {
	k, n := 0, 0
	var parts []string
	for _, c := range res.Fig1 {
		drops := 0
		for d := 1; d < len(c.RStar); d++ {
			if c.RStar[d] < c.RStar[d-1]-1e-7 {
				drops++
			}
		}
		corr := stat.Correlation(c.SR, c.RStar, nil)
		if c.Prep != res.Prep {
			parts = append(parts, fmt.Sprintf("variant %s on %s: corr %.2f, r* falls at %d of %d degree steps", c.Prep, c.Data, corr, drops, len(c.RStar)-1))
			continue
		}
		n++
		if corr > 0.5 {
			k++
		}
		parts = append(parts, fmt.Sprintf("%s: corr(C(K), r*) = %.2f, r* falls at %d of %d degree steps", c.Data, corr, drops, len(c.RStar)-1))
	}
	if n == 0 {
		return repro.NotRunClaim("Figure 1", repro.Experiment, "the squared MEB radius grows with the spectral ratio", "not run")
	}
	c := repro.CountClaim("Figure 1", repro.Experiment, "the squared MEB radius r*(K) grows with the spectral ratio of HPKs of increasing degree (Heart, Splice)",
		"increasing curves", "Pearson correlation > 0.5 per data set", k, n, "the radius does not follow the spectral ratio")
	c.Ours += " (" + strings.Join(parts, "; ") + ")"
	return c
}

// curveTally is the K_MKL comparisons of Figures 3–5 at the largest D over
// a set of data sets: wins over K_D and K_sum, data sets where neither
// optimistic baseline beats K_MKL, and a line per data set for each.
type curveTally struct {
	winD, winS, okOpt, n int
	pD, pS, pO           []string
}

func tallyCurves(cvs []CVCurves) curveTally {
	var t curveTally
	for _, c := range cvs {
		last := len(c.Ds) - 1
		t.n++
		cd := compare("K_MKL", c.AUC[0][last], "K_D", c.AUC[1][last], true)
		cs := compare("K_MKL", c.AUC[0][last], "K_sum", c.AUC[2][last], true)
		if cd.Winner == repro.AWins {
			t.winD++
		}
		if cs.Winner == repro.AWins {
			t.winS++
		}
		beaten := false
		var po []string
		for m := 3; m <= 4; m++ {
			co := compare("K_MKL", c.AUC[0][last], Methods[m], c.AUC[m][last], true)
			beaten = beaten || co.Winner == repro.BWins
			po = append(po, fmt.Sprintf("%+.3f p = %.2g", co.Diff, co.P))
		}
		if !beaten {
			t.okOpt++
		}
		t.pD = append(t.pD, fmt.Sprintf("%s %+.3f (p = %.2g)", c.Data, cd.Diff, cd.P))
		t.pS = append(t.pS, fmt.Sprintf("%s %+.3f (p = %.2g)", c.Data, cs.Diff, cs.P))
		t.pO = append(t.pO, c.Data+" "+strings.Join(po, ", "))
	}
	return t
}

// apart reports whether data set name is a substitute counted apart
// (Bench.Apart).
func apart(name string) bool {
	b, _ := BenchByName(name)
	return b.Apart
}

func curvesClaims(res *Results) []repro.Claim {
	if len(res.CV) == 0 {
		return []repro.Claim{repro.NotRunClaim("Figures 3–5", repro.Experiment, "AUC against D on the UCI data sets", "not run")}
	}
	var paper, subs []CVCurves
	for _, c := range res.CV {
		if apart(c.Data) {
			subs = append(subs, c)
		} else {
			paper = append(paper, c)
		}
	}
	t := tallyCurves(paper)
	D := res.CV[0].Ds[len(res.CV[0].Ds)-1]
	tol := fmt.Sprintf("paired t over the outer folds at D = %d, α = %g; a tie is not a win", D, Alpha)
	a := repro.CountClaim("Figures 3–5 K_MKL vs K_D", repro.Experiment, "K_MKL beats K_D at large D (K_D overfits)", "K_MKL above K_D (curves)", tol, t.winD, t.n,
		"ties or losses where the difference is inside the fold-to-fold noise")
	a.Ours += ": AUC differences " + strings.Join(t.pD, "; ")
	b := repro.CountClaim("Figures 3–5 K_MKL vs K_sum", repro.Experiment, "K_MKL beats the average kernel K_sum", "K_MKL above K_sum (curves)", tol, t.winS, t.n,
		"K_MKL and K_sum are close: EasyMKL's weights are nearly flat over degrees ≥ 1")
	b.Ours += ": AUC differences " + strings.Join(t.pS, "; ")
	c := repro.CountClaim("Figures 3–5 optimistic baselines", repro.Experiment, "K_MKL is comparable to the a-posteriori K_{D,c} and K_RBF", "comparable (curves)",
		tol+"; comparable = neither beats K_MKL", t.okOpt, t.n, "an optimistic rule (c or γ chosen on the test folds) beats K_MKL significantly")
	c.Ours += ": K_MKL − K_{D,c}, K_MKL − K_RBF: " + strings.Join(t.pO, "; ")
	out := []repro.Claim{a, b, c}
	if len(subs) > 0 {
		u := tallyCurves(subs)
		sc := repro.CountClaim("Figures 3–5 substitutes", substituteKind, "on Colon and Gisette, K_MKL beats K_D and K_sum at large D (run on substitute data, counted apart)",
			"K_MKL above K_D and K_sum (curves)", tol, u.winD+u.winS, 2*u.n, "ties or losses on the substitute data")
		sc.Ours += ": K_MKL − K_D " + strings.Join(u.pD, "; ") + "; K_MKL − K_sum " + strings.Join(u.pS, "; ")
		out = append(out, sc)
	}
	return out
}

func figure6Claims(res *Results) []repro.Claim {
	if len(res.Fig6) == 0 {
		return []repro.Claim{repro.NotRunClaim("Figure 6", repro.Experiment, "Q_D against R_D", "not run")}
	}
	k, n := 0, 0
	var parts []string
	for _, f := range res.Fig6 {
		for i, D := range f.Ds {
			c := compare("Q_D", f.Q[i], "R_D", f.R[i], true)
			n++
			if c.Winner == repro.AWins {
				k++
			}
			parts = append(parts, fmt.Sprintf("%s D=%d %.3f vs %.3f (p = %.2g)", f.Data, D, c.MeanA, c.MeanB, c.P))
		}
	}
	a := repro.CountClaim("Figure 6", repro.Experiment, "the degree-structured family Q_D beats the random family R_D (Abalone, Ionosphere)",
		"Q_D above R_D", fmt.Sprintf("paired t over the outer folds per (data set, D) cell, α = %g; a tie is not a win", Alpha), k, n, "R_D is as good (a tie) or better in some cells")
	a.Ours += ": " + strings.Join(parts, "; ")
	b := repro.CheckClaim("§5.2 R_D weights", repro.Statement, "EasyMKL's weights on R_D are almost uniform",
		"almost uniform", fmt.Sprintf("max/min weight on R_6 %.2f (7 members), on Q_6 %.2f (degrees 1–6; Ionosphere)", res.Fig6Spread[0], res.Fig6Spread[1]),
		"R_6's max/min below Q_6's", res.Fig6Spread[0] < res.Fig6Spread[1], "R_D's weights are not flatter than Q_D's")
	return []repro.Claim{a, b}
}

func figure7Claim(res *Results) repro.Claim {
	k, n := 0, 0
	var out []string
	for _, c := range res.Fig7 {
		for i, D := range c.Ds {
			n++
			if c.MKL[i] <= c.KD[i]*1.02 && c.MKL[i] >= c.Sum[i]*0.98 {
				k++
			} else {
				out = append(out, fmt.Sprintf("%s D=%d: %.2f outside [%.2f, %.2f]", c.Data, D, c.MKL[i], c.Sum[i], c.KD[i]))
			}
		}
	}
	if n == 0 {
		return repro.NotRunClaim("Figure 7", repro.Experiment, "C(K_MKL) between C(K_sum) and C(K_D)", "not run")
	}
	return repro.CountClaim("Figure 7", repro.Experiment, "C(K_MKL) lies between C(K_sum) and C(K_D) for every D", "between (curves)",
		"within 2 % of [C(K_sum), C(K_D)] per (data set, D) cell", k, n, strings.Join(out, "; "))
}

// spearman is the rank correlation of x and y (no ties expected).
func spearman(x, y []float64) float64 {
	rank := func(v []float64) []float64 {
		r := make([]float64, len(v))
		for i := range v {
			for j := range v {
				if v[j] < v[i] || (v[j] == v[i] && j < i) {
					r[i]++
				}
			}
		}
		return r
	}
	return stat.Correlation(rank(x), rank(y), nil)
}

func figure8Claims(res *Results) []repro.Claim {
	var heart, splice *Weights
	zero := true
	for i := range res.Fig8 {
		w := &res.Fig8[i]
		zero = zero && math.Abs(w.Eta[0]) < 1e-12
		if w.D == 10 && w.Data == "Heart" {
			heart = w
		}
		if w.D == 10 && w.Data == "Splice" {
			splice = w
		}
	}
	if heart == nil || splice == nil {
		return []repro.Claim{repro.NotRunClaim("Figure 8", repro.Experiment, "EasyMKL's weights on K_10", "D = 10 not run")}
	}
	deg := make([]float64, 10)
	for s := range deg {
		deg[s] = float64(s + 1)
	}
	rho := spearman(deg, heart.Eta[1:])
	var low float64
	for s := 1; s <= 5; s++ {
		low += splice.Eta[s]
	}
	return []repro.Claim{
		repro.CheckClaim("Figure 8 Heart", repro.Experiment, "on Heart the weights fall with the degree", "anti-correlated with the degree (histogram)",
			fmt.Sprintf("Spearman ρ(s, η_s) = %.2f over s = 1…10, W(η) = %.2f", rho, heart.W), "ρ < 0", rho < 0,
			"our Heart is Statlog (13 features), not SPECT (22 binary features)"),
		repro.CheckClaim("Figure 8 Splice", repro.Experiment, "on Splice the weight sits on degrees 1–5", "most weight on degrees 1–5 (histogram)",
			fmt.Sprintf("Σ_{s=1..5} η_s = %.2f, W(η) = %.2f", low, splice.W), "> 0.5", low > 0.5, "the weight spreads over higher degrees"),
		repro.CheckClaim("§4 η_0 = 0", repro.Theorem, "EasyMKL gives K_0 = 11ᵀ the weight 0, since d_0(γ) = (Σ_{y=+1}γ_i − Σ_{y=−1}γ_i)² = 0 on Γ",
			"not stated (follows from Eq. (1))", fmt.Sprintf("η_0 = 0 in all %d fits of Figure 8", len(res.Fig8)), "|η_0| < 1e-12", zero, "η_0 ≠ 0"),
	}
}

func figure9Claim(res *Results) repro.Claim {
	k := 0
	var parts []string
	for _, c := range res.Fig9 {
		last := len(c.Mean) - 1
		if c.Mean[last] > c.Mean[0] {
			k++
		}
		parts = append(parts, fmt.Sprintf("noise 0–%g %%: W %.3f → %.3f", c.Noise[last], c.Mean[0], c.Mean[last]))
	}
	c := repro.CountClaim("Figure 9", repro.Experiment, "the centre of mass W(η) grows with label noise", "increasing curves",
		"W at the largest noise > W at 0 %, per noise range", k, len(res.Fig9), "W(η) does not grow with the noise")
	c.Ours += ": " + strings.Join(parts, "; ")
	return c
}

func table3Claim(res *Results) repro.Claim {
	k := 0
	var parts []string
	V := 10.0
	for _, t := range res.Table3 {
		rbfV := make([]float64, len(t.RBF))
		for i, v := range t.RBF {
			rbfV[i] = V * v
		}
		c := compare("ours K_10", t.Ours[0], "10 × RBF SVM", rbfV, false)
		if c.Winner != repro.BWins {
			k++
		}
		mo, _, _ := metrics.MeanStd(t.Ours[0])
		mr, _, _ := metrics.MeanStd(t.RBF)
		parts = append(parts, fmt.Sprintf("%s: %.3f s vs %.3f s × V (ratio %.0f; paper %.0f), %s", t.Data, mo, mr, mo/mr, Table3Paper[t.Data][1]/Table3Paper[t.Data][0], c.String()))
	}
	if len(res.Table3) == 0 {
		return repro.NotRunClaim("Table 3", repro.Experiment, "training times", "not run")
	}
	c := repro.CountClaim("Table 3", repro.Experiment, "our method costs about one order of magnitude more than one RBF SVM fit, so it is not slower than validating V = 10 values of γ",
		"ratio 7–15 (Heart, Ionosphere, Splice)", "ours not significantly slower than 10 RBF fits (paired t over outer folds)", k, len(res.Table3),
		"our EasyMKL training is slower than 10 RBF SVM fits")
	c.Ours += ": " + strings.Join(parts, "; ")
	return c
}

func argmin(v []float64) int {
	b := 0
	for i := range v {
		if v[i] < v[b] {
			b = i
		}
	}
	return b
}

func figure10Claims(res *Results) []repro.Claim {
	f := res.Fig10
	if f == nil || len(f.Ds) == 0 {
		return []repro.Claim{repro.NotRunClaim("Figure 10", repro.Experiment, "MNIST even vs odd", "not run")}
	}
	best := [3]int{argmin(f.Err[0]), argmin(f.Err[1]), argmin(f.Err[2])}
	k := 0
	var parts []string
	for i := 1; i <= 2; i++ {
		c := compare("K_MKL", f.BlockErr[0][best[0]], Fig10Methods[i], f.BlockErr[i][best[i]], false)
		if c.Winner == repro.AWins {
			k++
		}
		parts = append(parts, fmt.Sprintf("K_MKL %.2f %% (D=%d) vs %s %.2f %% (D=%d): p = %.2g", f.Err[0][best[0]], f.Ds[best[0]], Fig10Methods[i], f.Err[i][best[i]], f.Ds[best[i]], c.P))
	}
	blocks := fmt.Sprintf("paired t over %d test blocks, α = %g", Fig10Blocks, Alpha)
	a := repro.CountClaim("Figure 10 best", repro.Experiment, "K_MKL gives the lowest even/odd error on MNIST", "K_MKL lowest (curves)",
		blocks+", each kernel at its best D; a tie is not a win", k, 2, "the differences are inside the noise of our test set")
	a.Ours += ": " + strings.Join(parts, "; ")
	last := len(f.Ds) - 1
	cd := compare("K_MKL", f.BlockErr[0][last], "K_D", f.BlockErr[1][last], false)
	b := repro.CheckClaim("Figure 10 large D", repro.Experiment, "K_MKL does not overfit at large D, unlike K_D", "K_D's error grows with D",
		fmt.Sprintf("D = %d: %s", f.Ds[last], cd.String()), blocks, cd.Winner == repro.AWins, "K_D is not significantly worse at the largest D")
	cs := compare("K_sum at D max", f.BlockErr[2][last], "K_sum at its best D", f.BlockErr[2][best[2]], false)
	c := repro.CheckClaim("Figure 10 K_sum", repro.Experiment, "K_sum stays a strong baseline for D > 10", "K_sum flat for D > 10",
		cs.String(), blocks+": K_sum at the largest D not significantly worse than at its best D", cs.Winner != repro.BWins, "K_sum degrades at large D")
	out := []repro.Claim{a, b, c}
	if len(f.RBFBlocks) == Fig10Blocks {
		cr := compare("K_MKL", f.BlockErr[0][best[0]], "RBF SVM", f.RBFBlocks, false)
		out = append(out, repro.CheckClaim("Figure 10 RBF baseline", repro.Statement,
			"K_MKL is at least as good as an RBF SVM with C and γ validated (the paper's Table 5: 0.9 % vs 1.4 % on 10 classes)",
			"K_MKL better than the RBF SVM (Table 5)", fmt.Sprintf("even/odd subset, K_MKL at D = %d vs RBF SVM (γ = %g, C = %g): %s", f.Ds[best[0]], f.RBFGamma, f.RBFC, cr.String()),
			blocks+": the RBF SVM does not beat K_MKL", cr.Winner != repro.BWins, "the RBF SVM beats K_MKL on our subset"))
	}
	return out
}

// paperCheckClaim measures the effect of the cuts of the nested CV
// (Config.Inner inner folds instead of 10, Config.VGrid instead of
// PaperVGrid) on Config.PaperCheck: for each nested kernel (K_MKL, K_D,
// K_sum) and D, the outer-fold AUCs of the two protocols are compared by
// the paired t-test; the cuts are harmless when none differs.
func paperCheckClaim(res *Results) repro.Claim {
	const id, statement = "Figures 3–5 protocol cuts", "our inner folds and grid of v give the same AUCs as the paper's 10 inner folds and 10-value grid (v > 0)"
	pg := res.CVPaperCheck
	if pg == nil && (Config{Inner: res.Inner, VGrid: res.VGrid}).paperNested() {
		return repro.NotRunClaim(id, repro.Statement, statement,
			"nothing to check: Figures 3–5 ran with the paper's 10 inner folds and grid of v (no cut)")
	}
	if pg == nil {
		return repro.NotRunClaim(id, repro.Statement, statement, "not run in this mode")
	}
	var ours *CVCurves
	for i := range res.CV {
		if res.CV[i].Data == pg.Data {
			ours = &res.CV[i]
		}
	}
	if ours == nil || len(ours.AUC) < 3 || len(pg.AUC) < 3 {
		return repro.NotRunClaim(id, repro.Statement, statement, pg.Data+" is not among the Figures 3–5 data sets of this run")
	}
	k, n := 0, 0
	var parts []string
	maxDiff := 0.0
	for m := 0; m < 3; m++ {
		for di, D := range ours.Ds {
			if di >= len(pg.AUC[m]) {
				continue
			}
			c := compare("ours", ours.AUC[m][di], "paper's", pg.AUC[m][di], true)
			n++
			if c.Winner == repro.Tie {
				k++
			} else {
				parts = append(parts, fmt.Sprintf("%s D = %d: %s", Methods[m], D, c.String()))
			}
			maxDiff = math.Max(maxDiff, math.Abs(c.Diff))
		}
	}
	cl := repro.CountClaim(id, repro.Statement, statement, "10 inner folds, v ∈ {0.0, 0.1, …, 1.0} (§5.1)",
		fmt.Sprintf("paired t over the %d outer folds of %s at α = %g, per nested kernel and D: a tie means the cut is harmless", len(pg.AUC[0][0]), pg.Data, Alpha),
		k, n, "the cheaper protocol changes the AUC of some kernel significantly")
	cl.Ours += fmt.Sprintf(": largest |difference of mean AUC| %.4f", maxDiff)
	if len(parts) > 0 {
		cl.Ours += "; " + strings.Join(parts, "; ")
	}
	return cl
}

// table5Claims compares our all-pairs errors on raw and deskewed MNIST
// with Table 5's "Our" (0.9 %) and "Our deskewed" (0.8 %), and tests the
// paper's implied claim that deskewing lowers the error by the exact sign
// test on the test images both runs classify (McNemar's exact test).
func table5Claims(res *Results) []repro.Claim {
	if res.Table5 == nil {
		return []repro.Claim{repro.NotRunClaim("Table 5", repro.Experiment, "MNIST 10 classes", "not run")}
	}
	row := func(a *AllPairs) string {
		return fmt.Sprintf("MNIST (%d train, %d test; paper 60 000 / 10 000)", a.Train, a.Test)
	}
	cells := []repro.Cell{{Row: row(res.Table5), Col: "Our, error %", Paper: repro.V(Table5Paper[1].Err), Ours: repro.Value{Mean: res.Table5.Err, N: 1}, Tol: repro.Abs(1)}}
	d := res.Table5Deskewed
	if d != nil {
		cells = append(cells, repro.Cell{Row: row(d), Col: "Our deskewed, error %", Paper: repro.V(Table5Paper[4].Err), Ours: repro.Value{Mean: d.Err, N: 1}, Tol: repro.Abs(1)})
	}
	a := repro.TableClaim("Table 5", "all-pairs EasyMKL on K_8 + SVMs (C = 4), 10-class MNIST error, raw and deskewed images", cells,
		"we train on a tenth of the images or less (a 60 000² Gram matrix is 29 GB)")
	if d == nil || len(d.Wrong) != len(res.Table5.Wrong) || len(d.Wrong) == 0 {
		return []repro.Claim{a, repro.NotRunClaim("Table 5 deskewing", repro.Experiment, "deskewing lowers the error (0.9 % → 0.8 %)", "the deskewed run is missing")}
	}
	c, err := repro.Compare("deskewed", d.Wrong, "raw", res.Table5.Wrong, repro.Sign, Alpha, false)
	if err != nil {
		return []repro.Claim{a, repro.NotRunClaim("Table 5 deskewing", repro.Experiment, "deskewing lowers the error (0.9 % → 0.8 %)", err.Error())}
	}
	b := repro.CheckClaim("Table 5 deskewing", repro.Experiment, "deskewing the images lowers the all-pairs error", "0.9 % raw → 0.8 % deskewed",
		fmt.Sprintf("%.2f %% raw → %.2f %% deskewed: %s", res.Table5.Err, d.Err, c.String()),
		fmt.Sprintf("exact sign test (McNemar) over the %d test images, α = %g; a tie is not a win", len(d.Wrong), Alpha),
		c.Winner == repro.AWins, "the difference is inside the noise of our test set, or deskewing does not help at our training size")
	return []repro.Claim{a, b}
}

func table4Claims(res *Results) []repro.Claim {
	if len(res.Table4) == 0 {
		return []repro.Claim{repro.NotRunClaim("Table 4", repro.Experiment, "K_MKL against gHKL_ρ", "not run")}
	}
	// The cells compare the linear node kernels (the all-subsets polynomial
	// DAG, our reading of the paper's gHKL) when run, else the Gaussian ones.
	cellNodes := res.Table4[0].Nodes
	for _, row := range res.Table4 {
		if row.Nodes == "linear" {
			cellNodes = "linear"
		}
	}
	var cells []repro.Cell
	k, n, wins := 0, 0, 0
	var losses []string
	for _, row := range res.Table4 {
		for j, col := range Table4Cols {
			if row.Nodes == cellNodes {
				v, _ := repro.Summarize(row.AUC[j])
				cells = append(cells, repro.Cell{Row: Table4Names[row.Data], Col: col, Paper: Table4Paper[row.Data][j], Ours: v, Tol: repro.Abs(0.05)})
			}
			if j == 0 {
				continue
			}
			n++
			c := compare("K_MKL", row.AUC[0], col+" ("+row.Nodes+" nodes)", row.AUC[j], true)
			switch c.Winner {
			case repro.AWins:
				k++
				wins++
			case repro.Tie:
				k++
			default:
				losses = append(losses, fmt.Sprintf("%s %s (%s nodes) %.3f vs K_MKL %.3f, p = %.2g", Table4Names[row.Data], col, row.Nodes, c.MeanB, c.MeanA, c.P))
			}
		}
	}
	a := repro.TableClaim("Table 4", fmt.Sprintf("nested-CV AUC of K_MKL (K_10) and gHKL_ρ (%s node kernels), ρ ∈ {1.1, 1.5, 2}", cellNodes), cells,
		"our gHKL is not the authors' Matlab code and the paper does not state its node kernels (quick mode also cuts the C grid and the outer folds)")
	b := repro.CountClaim("Table 4 K_MKL vs gHKL", repro.Experiment, "K_MKL is at least as good as gHKL_ρ (often much better)", "K_MKL ≥ gHKL_ρ on all four data sets",
		fmt.Sprintf("gHKL_ρ does not beat K_MKL (paired t over the same outer folds, α = %g), every node kernel run", Alpha), k, n, "a gHKL_ρ beats K_MKL significantly")
	// One line: the counts, and the comparisons gHKL_ρ wins (the notebook's
	// Table 4 shows every AUC).
	b.Ours += fmt.Sprintf(" (K_MKL better in %d, ties %d)", wins, k-wins)
	if len(losses) > 0 {
		b.Ours += "; gHKL_ρ better: " + strings.Join(losses, "; ")
	}
	return []repro.Claim{a, b, table4EdgeClaim(res)}
}

// table4EdgeClaim checks the selection of gHKL's C: no outer fold may keep
// its best inner AUC only at an edge of its grid (the paper's 10^-3…10^3,
// widened by a decade at an edge while the maximum sits there, up to
// Config.T4Widen decades; see ghkl.CVOptions.Widen).
func table4EdgeClaim(res *Results) repro.Claim {
	k, n := 0, 0
	var parts []string
	for _, row := range res.Table4 {
		for j := 1; j < len(row.AtEdge); j++ {
			for f, at := range row.AtEdge[j] {
				n++
				if at {
					k++
					parts = append(parts, fmt.Sprintf("%s %s %s fold %d: C = %g", Table4Names[row.Data], row.Nodes, Table4Cols[j], f, row.BestC[j][f]))
				}
			}
		}
	}
	const id, statement = "Table 4 C grid", "gHKL's C is selected inside its grid (C ∈ {10⁻³, …, 10³} by 3-fold CV)"
	if n == 0 {
		return repro.NotRunClaim(id, repro.Statement, statement, "no gHKL fold recorded its grid")
	}
	ours := fmt.Sprintf("%d of %d outer-fold selections at a grid edge after widening", k, n)
	if k > 0 {
		// The first few in the verdict; the notebook lists them all.
		const shown = 3
		if len(parts) > shown {
			parts = append(parts[:shown:shown], fmt.Sprintf("%d more", len(parts)-shown))
		}
		ours += ": " + strings.Join(parts, "; ")
	}
	return repro.CheckClaim(id, repro.Statement, statement, "the printed grid", ours,
		"no fold whose best inner AUC is attained only at an edge of its grid once widened (a decade at a time; a plateau shared with an interior C is not an edge)", k == 0,
		"the widening budget ran out with the inner AUC still strictly best at an edge of the grid")
}
