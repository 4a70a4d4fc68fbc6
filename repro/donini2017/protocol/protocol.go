package protocol

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Methods of Figures 3–5, in the order of CVCurves.AUC.
var Methods = []string{"K_MKL (EasyMKL)", "K_D", "K_sum", "K_D,c (best c)", "K_RBF (best γ)", "K_RBF printed rule (best γ)"}

// block is one split of a kernel matrix: the Gram matrix of the training
// part, the test×train cross matrix and the labels of both parts. A block
// is sliced once and fitted for every v of a grid.
type block struct {
	Ktr      *mat.SymDense
	Kte      *mat.Dense
	ytr, yte []float64
}

// split slices K and y into the block of the training rows tr and test
// rows te.
func split(K *mat.SymDense, y []float64, tr, te []int) (block, error) {
	var b block
	var err error
	if b.Ktr, err = kernel.SubGram(K, tr); err != nil {
		return b, err
	}
	if b.Kte, err = kernel.CrossGram(K, te, tr); err != nil {
		return b, err
	}
	if b.ytr, err = klearn.Take(y, tr); err != nil {
		return b, err
	}
	b.yte, err = klearn.Take(y, te)
	return b, err
}

// auc is the test AUC of the decision values f (err: that of computing
// them).
func (b block) auc(f []float64, err error) (float64, error) {
	if err != nil {
		return 0, err
	}
	return metrics.AUC(b.yte, f)
}

// komd fits KOMD with λ = v on the training part, its QP started from
// start (nil: the class-uniform point), and returns the test AUC of
// f(x) = Σ y_i γ_i K(x_i, x) − b (the classifier of every kernel in the
// UCI study) and the model (its Result holds the solver's status).
func (b block) komd(v float64, start []float64, set *opt.Settings) (float64, *easymkl.KOMDModel, error) {
	m, err := easymkl.KOMD{Lambda: v, Settings: set.Value(), Start: start}.FitGram(b.Ktr, b.ytr)
	if err != nil {
		return 0, nil, err
	}
	a, err := b.auc(m.DecisionGram(b.Kte))
	return a, m, err
}

// easyFit runs e on the HPK family K_D of the block of a cosine matrix K1
// (hpk.Family.HornerSource and HornerCrossSource, as easyFolds) and
// returns the test AUC and the model.
func (b block) easyFit(D int, e easymkl.Learner) (float64, *easymkl.Model, error) {
	f := hpk.Family{D: D}
	src, err := f.HornerSource(b.Ktr)
	if err != nil {
		return 0, nil, err
	}
	m, err := e.FitSource(src, b.ytr)
	if err != nil {
		return 0, nil, err
	}
	cs, err := f.HornerCrossSource(b.Kte)
	if err != nil {
		return 0, nil, err
	}
	sc, err := m.DecisionSource(cs)
	if err != nil {
		return 0, nil, err
	}
	a, err := metrics.AUC(b.yte, sc)
	return a, m, err
}

// komdAUC fits KOMD with λ = v on the rows tr of K and returns the AUC on
// the rows te (block.komd) and the count of its QP solve (Solves).
func komdAUC(K *mat.SymDense, y []float64, tr, te []int, v float64, set *opt.Settings) (float64, Solves, error) {
	var s Solves
	b, err := split(K, y, tr, te)
	if err != nil {
		return 0, s, err
	}
	a, m, err := b.komd(v, nil, set)
	if err != nil {
		return 0, s, err
	}
	s.add(m.Result)
	return a, s, nil
}

// mklAUC runs EasyMKL (λ = v) on the HPK family K_D of the rows tr of the
// cosine matrix K1 and returns the AUC on the rows te and the model (its
// weights η, Model.Weights, and its solver results, Solves.addEasy).
func mklAUC(K1 *mat.SymDense, D int, y []float64, tr, te []int, v float64, set *opt.Settings) (float64, *easymkl.Model, error) {
	b, err := split(K1, y, tr, te)
	if err != nil {
		return 0, nil, err
	}
	return b.easyFit(D, easymkl.Learner{Lambda: v, Settings: set.Value()})
}

// foldScores are the scores of one inner fold at each v of a grid: the
// test AUC, whether every QP solve of the fit at that v stopped at
// opt.Success (OK), and the counts of the fold's solves.
type foldScores struct {
	AUC    []float64
	OK     []bool
	Solves Solves
}

// newFoldScores returns the scores of n values of v, all certified until
// a fit says otherwise.
func newFoldScores(n int) foldScores {
	f := foldScores{AUC: make([]float64, n), OK: make([]bool, n)}
	for i := range f.OK {
		f.OK[i] = true
	}
	return f
}

// foldFunc prepares one inner fold (the rows tr train, te test) and scores
// each v of vGrid on it.
type foldFunc func(tr, te []int, vGrid []float64) (foldScores, error)

// innerPick returns the v of vGrid with the best mean inner-CV score (ties:
// the earlier v of the grid) and the counts of the inner fits' QP solves.
// fold(tr, te, vGrid) prepares one inner fold (slices its kernels once)
// and returns its score at each v of vGrid (increasing, Config.Validate),
// solved along a path of warm starts (see komdFolds and easyFolds). The
// folds are prepared one at a time, so one fold's blocks are held at once,
// and the scores of a v are summed in the order of the folds. It is not
// modelsel.PathSearch, whose rule differs in two ways: a summed AUC
// within 1e-12 of the best is a tie, which goes to the earlier v (AUCs
// equal but for rounding would otherwise be decided by the rounding), and
// the folds run one at a time, so only one fold's kernel blocks are held.
//
// The choice is among certified fits only (as P5's SVM sweeps): a v whose
// fit on some inner fold has a QP solve not at opt.Success is left out
// (counted in Solves.Excluded), and a grid with every v left out is an
// error wrapping klearn.ErrNotConverged.
func innerPick(inner []modelsel.Split, vGrid []float64, fold foldFunc) (float64, Solves, error) {
	sum := make([]float64, len(vGrid))
	ok := make([]bool, len(vGrid))
	for i := range ok {
		ok[i] = true
	}
	var s Solves
	for _, sp := range inner {
		sc, err := fold(sp.Train, sp.Test, vGrid)
		if err != nil {
			return 0, s, err
		}
		s.Merge(sc.Solves)
		for i, a := range sc.AUC {
			sum[i] += a
			ok[i] = ok[i] && sc.OK[i]
		}
	}
	best, bv, found := math.Inf(-1), vGrid[0], false
	for i, v := range vGrid {
		if !ok[i] {
			s.Excluded++
			continue
		}
		if sum[i] > best+1e-12 {
			best, bv, found = sum[i], v, true
		}
	}
	if !found {
		return 0, s, notConverged("inner CV", len(vGrid))
	}
	return bv, s, nil
}

// komdFolds is the fold function of innerPick for KOMD on K (training
// rows of the outer fold) with labels y. KOMD.FitGramPath sets the QP up
// once for the whole grid and solves it from the largest v down, the
// first from the class-uniform point (the solution at v = 1), each next
// from the better (lower objective) of the previous v's solution on the
// same inner fold and the projected secant extrapolation of the two
// previous (opt.KOMDSecant): the same optimum within the stopping
// tolerance, fewer pair steps.
func komdFolds(K *mat.SymDense, y []float64, set *opt.Settings) foldFunc {
	return func(tr, te []int, vGrid []float64) (foldScores, error) {
		out := newFoldScores(len(vGrid))
		b, err := split(K, y, tr, te)
		if err != nil {
			return out, err
		}
		ms, err := easymkl.KOMD{Settings: set.Value()}.FitGramPath(b.Ktr, b.ytr, vGrid)
		if err != nil {
			return out, err
		}
		for i, m := range ms {
			out.OK[i] = out.Solves.add(m.Result) == 0
			if out.AUC[i], err = b.auc(m.DecisionGram(b.Kte)); err != nil {
				return out, err
			}
		}
		return out, nil
	}
}

// easyFolds is the fold function of innerPick for EasyMKL on K_D of the
// cosine matrix K1 (training rows of the outer fold) with labels y.
// EasyMKL.FitSourcePath forms the sum kernel of step 1 and sets its QP up
// once for the whole grid, and fits from the largest v down: both QPs of
// the first fit start from the class-uniform point (step 3 from γ* of
// step 1 if that is better), each next from the better of the previous
// v's solution on the same inner fold and D and the projected secant
// extrapolation of the two previous (opt.KOMDSecant). The family is
// hpk.Family.HornerSource: the sums K_η and the margins of EasyMKL's steps
// 1–3 by Horner's rule per entry of the cosine matrix (and the decision
// values by HornerCrossSource).
func easyFolds(K1 *mat.SymDense, D int, y []float64, set *opt.Settings) foldFunc {
	return func(tr, te []int, vGrid []float64) (foldScores, error) {
		out := newFoldScores(len(vGrid))
		b, err := split(K1, y, tr, te)
		if err != nil {
			return out, err
		}
		f := hpk.Family{D: D}
		src, err := f.HornerSource(b.Ktr)
		if err != nil {
			return out, err
		}
		ms, err := easymkl.Learner{Settings: set.Value()}.FitSourcePath(src, b.ytr, vGrid)
		if err != nil {
			return out, err
		}
		cs, err := f.HornerCrossSource(b.Kte)
		if err != nil {
			return out, err
		}
		for i, m := range ms {
			out.OK[i] = out.Solves.addEasy(m) == 0
			if out.AUC[i], err = b.auc(m.DecisionSource(cs)); err != nil {
				return out, err
			}
		}
		return out, nil
	}
}

// CVCurves are the test AUCs of Figures 3–5 on one data set.
type CVCurves struct {
	Data    string
	N       int
	Ds      []int
	Methods []string
	// AUC[method][D index][outer fold]; the optimistic rules (Methods[3:])
	// hold the folds of the c or γ chosen a posteriori (Best).
	AUC [][][]float64
	// Best[method][D index] is the chosen c or γ (0 for the nested methods).
	Best [][]float64
	// Weights[D index] is EasyMKL's η averaged over the outer folds.
	Weights [][]float64
	// Inner[outer fold] is the number of inner folds the fold ran
	// (CVFold.Inner).
	Inner []int
	// Uncert[method][D index][outer fold] is the number of QP solves not
	// certified behind the matching entry of AUC (CVFold.BaseU, PolyU,
	// RBFU, TypoU): a verdict part that reads such an AUC is undecided.
	Uncert [][][]int `json:",omitempty"`
	// Solves counts every QP solve of the outer folds, their inner CVs
	// included (CVFold.Solves).
	Solves Solves
}

// Mean returns the mean AUC of method m at D index di.
func (c CVCurves) Mean(m, di int) float64 {
	v, _, _ := metrics.MeanStd(c.AUC[m][di])
	return v
}

// CVFold is one outer fold of the nested CV of Figures 3–5 (a job of
// Jobs): the test AUCs of the fold, by D index, of the three nested kernels
// (Base: K_MKL, K_D, K_sum), of K_{D,c} for each c of Config.Cs (Poly), and
// of K_RBF and its printed rule for each γ of Config.Gammas (RBF, Typo),
// with EasyMKL's weights η (Weights), the v chosen by the inner folds for
// each nested kernel (V), the number of inner folds (Inner) and the size N
// of the data set.
type CVFold struct {
	N int
	// Inner is the number of inner folds the fold ran: Config.Inner, or
	// the size of the smallest class of the outer training part when that
	// is smaller (see innerFolds).
	Inner                 int
	Base, Poly, RBF, Typo [][]float64
	Weights               [][]float64
	// V[D index] is the v (Λ = v/(1−v)) the inner folds chose for K_MKL,
	// K_D and K_sum.
	V [][]float64
	// BaseU, PolyU, RBFU and TypoU count, entry by entry of Base, Poly,
	// RBF and Typo, the QP solves not certified (not at opt.Success) of
	// the outer-fold fit whose test AUC it is: EasyMKL's two for K_MKL,
	// KOMD's one for the others.
	BaseU, PolyU, RBFU, TypoU [][]int
	// Solves counts every QP solve of the fold: the inner CVs' (whose
	// choice of v is among certified fits only, innerPick) and the outer
	// fits'.
	Solves Solves
}

// innerFolds is the number of stratified inner folds of an outer training
// part with labels y: k, or the size of its smallest class when that is
// smaller, since each stratified fold needs a member of every class. Only
// the Colon substitute needs it: Golub's 38 rows hold 11 AML, so the outer
// training part whose test fold took two of them keeps 9. A class of fewer
// than 2 members leaves no inner split (ErrParam).
func innerFolds(y []float64, k int) (int, error) {
	count := map[float64]int{}
	for _, v := range y {
		count[v]++
	}
	for _, c := range count {
		k = min(k, c)
	}
	if k < 2 {
		return 0, klearn.Errorf(klearn.ErrParam, "donini2017: Figures 3–5: a class of the outer training part has %d member, too few for inner folds", k)
	}
	return k, nil
}

// cvFold runs outer fold f (the split sp) of the nested CV of Figures 3–5.
// The rows are mapped to the unit sphere with the statistics of the outer
// training part (Unit); inner stratified folds of that part choose v
// (Λ = v/(1−v)) for EasyMKL, K_D and K_sum, each classified by KOMD. The
// optimistic K_{D,c} and K_RBF reuse the v chosen for K_sum in the fold.
func cvFold(X *mat.Dense, y []float64, cfg Config, sp modelsel.Split, f int) (CVFold, error) {
	nD := len(cfg.Ds)
	out := CVFold{N: len(y), Base: make([][]float64, nD), Poly: make([][]float64, nD), RBF: make([][]float64, nD),
		Typo: make([][]float64, nD), Weights: make([][]float64, nD), V: make([][]float64, nD),
		BaseU: make([][]int, nD), PolyU: make([][]int, nD), RBFU: make([][]int, nD), TypoU: make([][]int, nD)}
	Z, err := Unit(X, sp.Train, cfg.Prep)
	if err != nil {
		return out, err
	}
	K1, err := hpk.CosineGram(Z)
	if err != nil {
		return out, err
	}
	ytr, err := klearn.Take(y, sp.Train)
	if err != nil {
		return out, err
	}
	if out.Inner, err = innerFolds(ytr, cfg.Inner); err != nil {
		return out, err
	}
	inner, err := modelsel.StratifiedKFold(ytr, out.Inner, cfg.Seed+1+uint64(f))
	if err != nil {
		return out, err
	}
	K1tr, err := kernel.SubGram(K1, sp.Train)
	if err != nil {
		return out, err
	}
	set := cfg.qpSettings()
	for di, D := range cfg.Ds {
		base := make([]float64, 3)
		poly, rbf, typo := make([]float64, len(cfg.Cs)), make([]float64, len(cfg.Gammas)), make([]float64, len(cfg.Gammas))
		out.Base[di], out.Poly[di], out.RBF[di], out.Typo[di] = base, poly, rbf, typo
		baseU, polyU, rbfU, typoU := make([]int, 3), make([]int, len(cfg.Cs)), make([]int, len(cfg.Gammas)), make([]int, len(cfg.Gammas))
		out.BaseU[di], out.PolyU[di], out.RBFU[di], out.TypoU[di] = baseU, polyU, rbfU, typoU
		// pick chooses v by the inner folds (innerPick) and counts their
		// solves.
		pick := func(fold foldFunc) (float64, error) {
			v, s, err := innerPick(inner, cfg.VGrid, fold)
			out.Solves.Merge(s)
			return v, err
		}
		vM, err := pick(easyFolds(K1tr, D, ytr, set))
		if err != nil {
			return out, err
		}
		var mm *easymkl.Model
		if base[0], mm, err = mklAUC(K1, D, y, sp.Train, sp.Test, vM, set); err != nil {
			return out, err
		}
		out.Weights[di], baseU[0] = mm.Weights(), out.Solves.addEasy(mm)
		// komd fits KOMD with λ = v on the outer fold's rows of K
		// (komdAUC) and counts its solve.
		komd := func(K *mat.SymDense, v float64) (float64, int, error) {
			a, s, err := komdAUC(K, y, sp.Train, sp.Test, v, set)
			out.Solves.Merge(s)
			return a, s.Uncertified, err
		}
		// The fixed rules' kernels Σ_s w_s K_s of the family on K1, by
		// Horner's rule per entry (hpk.Family.Combine).
		rule := func(w []float64, err error) (*mat.SymDense, error) {
			if err != nil {
				return nil, err
			}
			return hpk.Family{D: D}.Combine(K1, w)
		}
		nested := func(K *mat.SymDense) (float64, float64, int, error) {
			Ktr, err := kernel.SubGram(K, sp.Train)
			if err != nil {
				return 0, 0, 0, err
			}
			v, err := pick(komdFolds(Ktr, ytr, set))
			if err != nil {
				return 0, 0, 0, err
			}
			a, u, err := komd(K, v)
			return a, v, u, err
		}
		KD, err := rule(hpk.WeightsSingle(D))
		if err != nil {
			return out, err
		}
		Ks, err := rule(hpk.WeightsSum(D))
		if err != nil {
			return out, err
		}
		var vD, vS float64
		if base[1], vD, baseU[1], err = nested(KD); err != nil {
			return out, err
		}
		if base[2], vS, baseU[2], err = nested(Ks); err != nil {
			return out, err
		}
		out.V[di] = []float64{vM, vD, vS}
		shared := func(w []float64, err error) (float64, int, error) {
			K, err := rule(w, err)
			if err != nil {
				return 0, 0, err
			}
			return komd(K, vS)
		}
		for j, c := range cfg.Cs {
			if poly[j], polyU[j], err = shared(hpk.WeightsPolynomial(D, c)); err != nil {
				return out, err
			}
		}
		for j, g := range cfg.Gammas {
			if rbf[j], rbfU[j], err = shared(hpk.WeightsRBF(D, g)); err != nil {
				return out, err
			}
			if typo[j], typoU[j], err = shared(hpk.WeightsRBFPaperTypo(D, g)); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// cvOuter loads data set name (at most cfg.MaxN rows, or its
// cfg.CVRows entry when smaller; a seeded subset) and returns it with the
// outer folds of Figures 3–5.
func cvOuter(name string, cfg Config) (*mat.Dense, []float64, []modelsel.Split, error) {
	maxN := cfg.MaxN
	if n, ok := cfg.CVRows[name]; ok && (maxN == 0 || n < maxN) {
		maxN = n
	}
	X, y, err := loadNamed(name, maxN, cfg.Seed)
	if err != nil {
		return nil, nil, nil, err
	}
	outer, err := modelsel.StratifiedKFold(y, cfg.Outer, cfg.Seed)
	return X, y, outer, err
}

// CombineCV assembles the curves of Figures 3–5 on one data set from its
// outer folds: the nested kernels' AUCs fold by fold, and for K_{D,c} and
// K_RBF the c or γ with the best mean test AUC over the outer folds (a
// posteriori, as the paper's dashed curves), with its folds.
func CombineCV(folds []CVFold, cfg Config) (CVCurves, error) {
	nD, nF := len(cfg.Ds), len(folds)
	if nF == 0 {
		return CVCurves{}, klearn.Errorf(klearn.ErrEmpty, "donini2017: Figures 3–5: no outer folds")
	}
	for _, fd := range folds {
		if len(fd.Base) != nD || len(fd.Poly) != nD || len(fd.RBF) != nD || len(fd.Typo) != nD || len(fd.Weights) != nD {
			return CVCurves{}, klearn.Errorf(klearn.ErrShape, "donini2017: Figures 3–5: a fold has results for another D grid")
		}
	}
	// col returns the folds' values of entry j of the D index di of field.
	col := func(field func(CVFold) [][]float64, di, j int) ([]float64, error) {
		out := make([]float64, nF)
		for f, fd := range folds {
			row := field(fd)[di]
			if j >= len(row) {
				return nil, klearn.Errorf(klearn.ErrShape, "donini2017: Figures 3–5: fold %d has %d values at D index %d", f, len(row), di)
			}
			out[f] = row[j]
		}
		return out, nil
	}
	// ucol returns the folds' counts of uncertified solves at entry j of
	// the D index di of field (0 where a fold has none recorded).
	ucol := func(field func(CVFold) [][]int, di, j int) []int {
		out := make([]int, nF)
		for f, fd := range folds {
			if u := field(fd); di < len(u) && j < len(u[di]) {
				out[f] = u[di][j]
			}
		}
		return out
	}
	out := CVCurves{N: folds[0].N, Ds: cfg.Ds, Methods: Methods, AUC: make([][][]float64, len(Methods)), Best: make([][]float64, len(Methods)),
		Uncert: make([][][]int, len(Methods))}
	for m := range Methods {
		out.AUC[m] = make([][]float64, nD)
		out.Best[m] = make([]float64, nD)
		out.Uncert[m] = make([][]int, nD)
	}
	fields := []func(CVFold) [][]float64{
		func(f CVFold) [][]float64 { return f.Poly },
		func(f CVFold) [][]float64 { return f.RBF },
		func(f CVFold) [][]float64 { return f.Typo },
	}
	ufields := []func(CVFold) [][]int{
		func(f CVFold) [][]int { return f.PolyU },
		func(f CVFold) [][]int { return f.RBFU },
		func(f CVFold) [][]int { return f.TypoU },
	}
	for di := range cfg.Ds {
		for m := 0; m < 3; m++ {
			a, err := col(func(f CVFold) [][]float64 { return f.Base }, di, m)
			if err != nil {
				return CVCurves{}, err
			}
			out.AUC[m][di] = a
			out.Uncert[m][di] = ucol(func(f CVFold) [][]int { return f.BaseU }, di, m)
		}
		for k, field := range fields {
			vals := cfg.Cs
			if k > 0 {
				vals = cfg.Gammas
			}
			if len(vals) == 0 {
				return CVCurves{}, klearn.Errorf(klearn.ErrParam, "donini2017: Figures 3–5: empty c or γ grid")
			}
			cols := make([][]float64, len(vals))
			bi, bm := 0, math.Inf(-1)
			for j := range vals {
				a, err := col(field, di, j)
				if err != nil {
					return CVCurves{}, err
				}
				cols[j] = a
				if mu, _, _ := metrics.MeanStd(a); mu > bm {
					bi, bm = j, mu
				}
			}
			out.AUC[3+k][di], out.Best[3+k][di], out.Uncert[3+k][di] = cols[bi], vals[bi], ucol(ufields[k], di, bi)
		}
		avg := make([]float64, cfg.Ds[di]+1)
		for _, fd := range folds {
			for s, v := range fd.Weights[di] {
				avg[s] += v / float64(nF)
			}
		}
		out.Weights = append(out.Weights, avg)
	}
	for _, fd := range folds {
		out.Inner = append(out.Inner, fd.Inner)
		out.Solves.Merge(fd.Solves)
	}
	return out, nil
}

// parallelFolds runs fold(0..n−1) on two goroutines; each fold writes only
// its own slots, so the result does not depend on the schedule. It returns
// the error of the lowest failing fold.
func parallelFolds(n int, fold func(int) error) error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range jobs {
				errs[f] = fold(f)
			}
		}()
	}
	for f := 0; f < n; f++ {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// unitCos maps X to the unit sphere with statistics of all rows (no labels
// used) and returns its cosine matrix.
func unitCos(X *mat.Dense, prep string) (*mat.Dense, *mat.SymDense, error) {
	Z, err := Unit(X, nil, prep)
	if err != nil {
		return nil, nil, err
	}
	K, err := hpk.CosineGram(Z)
	if err != nil {
		return nil, nil, klearn.Errorf(err, "donini2017")
	}
	return Z, K, nil
}
