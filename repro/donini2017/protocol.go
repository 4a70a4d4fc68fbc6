package donini2017

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Methods of Figures 3–5, in the order of CVCurves.AUC.
var Methods = []string{"K_MKL (EasyMKL)", "K_D", "K_sum", "K_D,c (best c)", "K_RBF (best γ)", "K_RBF printed rule (best γ)"}

// komdAUC fits KOMD with λ = v on the training part of K and returns the
// test AUC of f(x) = Σ y_i γ_i K(x_i, x) (the classifier of every kernel in
// the UCI study).
func komdAUC(K *mat.SymDense, y []float64, tr, te []int, v float64, set *opt.Settings) (float64, error) {
	Ktr, err := modelsel.SubGram(K, tr)
	if err != nil {
		return 0, err
	}
	ytr, err := modelsel.Take(y, tr)
	if err != nil {
		return 0, err
	}
	Kte, err := modelsel.CrossGram(K, te, tr)
	if err != nil {
		return 0, err
	}
	yte, err := modelsel.Take(y, te)
	if err != nil {
		return 0, err
	}
	m, err := mkl.KOMD{Lambda: v, Settings: set}.FitGram(Ktr, ytr)
	if err != nil {
		return 0, err
	}
	f, err := m.DecisionGram(Kte)
	if err != nil {
		return 0, err
	}
	return metrics.AUC(yte, f)
}

// mklAUC runs EasyMKL (λ = v) on the HPK family K_D of the training part of
// the cosine matrix K1 and returns the test AUC and the weights η.
func mklAUC(K1 *mat.SymDense, D int, y []float64, tr, te []int, v float64, set *opt.Settings) (float64, []float64, error) {
	f := mkl.HPKFamily{D: D}
	K1tr, err := modelsel.SubGram(K1, tr)
	if err != nil {
		return 0, nil, err
	}
	ytr, err := modelsel.Take(y, tr)
	if err != nil {
		return 0, nil, err
	}
	K1te, err := modelsel.CrossGram(K1, te, tr)
	if err != nil {
		return 0, nil, err
	}
	yte, err := modelsel.Take(y, te)
	if err != nil {
		return 0, nil, err
	}
	src, err := f.Source(K1tr)
	if err != nil {
		return 0, nil, err
	}
	m, err := mkl.EasyMKL{Lambda: v, Settings: set}.FitSource(src, ytr)
	if err != nil {
		return 0, nil, err
	}
	cs, err := f.CrossSource(K1te)
	if err != nil {
		return 0, nil, err
	}
	sc, err := m.DecisionSource(cs)
	if err != nil {
		return 0, nil, err
	}
	a, err := metrics.AUC(yte, sc)
	return a, m.Weights(), err
}

// innerPick returns the v of vGrid with the best mean inner-CV score (ties:
// the smaller v).
func innerPick(score func(tr, te []int, v float64) (float64, error), inner []modelsel.Split, vGrid []float64) (float64, error) {
	best, bv := math.Inf(-1), vGrid[0]
	for _, v := range vGrid {
		var s float64
		for _, sp := range inner {
			a, err := score(sp.Train, sp.Test, v)
			if err != nil {
				return 0, err
			}
			s += a
		}
		if s > best+1e-12 {
			best, bv = s, v
		}
	}
	return bv, nil
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
// with EasyMKL's weights η (Weights) and the size N of the data set.
type CVFold struct {
	N                     int
	Base, Poly, RBF, Typo [][]float64
	Weights               [][]float64
}

// cvFold runs outer fold f (the split sp) of the nested CV of Figures 3–5.
// The rows are mapped to the unit sphere with the statistics of the outer
// training part (Unit); inner stratified folds of that part choose v
// (Λ = v/(1−v)) for EasyMKL, K_D and K_sum, each classified by KOMD. The
// optimistic K_{D,c} and K_RBF reuse the v chosen for K_sum in the fold.
func cvFold(X *mat.Dense, y []float64, cfg Config, sp modelsel.Split, f int) (CVFold, error) {
	nD := len(cfg.Ds)
	out := CVFold{N: len(y), Base: make([][]float64, nD), Poly: make([][]float64, nD), RBF: make([][]float64, nD),
		Typo: make([][]float64, nD), Weights: make([][]float64, nD)}
	Z, err := Unit(X, sp.Train, cfg.Prep)
	if err != nil {
		return out, err
	}
	K1, err := mkl.CosineGram(Z)
	if err != nil {
		return out, err
	}
	ytr, err := modelsel.Take(y, sp.Train)
	if err != nil {
		return out, err
	}
	inner, err := modelsel.StratifiedKFold(ytr, cfg.Inner, cfg.Seed+1+uint64(f))
	if err != nil {
		return out, err
	}
	K1tr, err := modelsel.SubGram(K1, sp.Train)
	if err != nil {
		return out, err
	}
	set := cfg.qpSettings()
	for di, D := range cfg.Ds {
		base := make([]float64, 3)
		poly, rbf, typo := make([]float64, len(cfg.Cs)), make([]float64, len(cfg.Gammas)), make([]float64, len(cfg.Gammas))
		out.Base[di], out.Poly[di], out.RBF[di], out.Typo[di] = base, poly, rbf, typo
		vM, err := innerPick(func(tr, te []int, v float64) (float64, error) {
			a, _, err := mklAUC(K1tr, D, ytr, tr, te, v, set)
			return a, err
		}, inner, cfg.VGrid)
		if err != nil {
			return out, err
		}
		if base[0], out.Weights[di], err = mklAUC(K1, D, y, sp.Train, sp.Test, vM, set); err != nil {
			return out, err
		}
		fam, err := mkl.HPKFamily{D: D}.Source(K1)
		if err != nil {
			return out, err
		}
		rule := func(w []float64, err error) (*mat.SymDense, error) {
			if err != nil {
				return nil, err
			}
			return mkl.CombineSource(w, fam)
		}
		nested := func(K *mat.SymDense) (float64, float64, error) {
			Ktr, err := modelsel.SubGram(K, sp.Train)
			if err != nil {
				return 0, 0, err
			}
			v, err := innerPick(func(tr, te []int, v float64) (float64, error) { return komdAUC(Ktr, ytr, tr, te, v, set) }, inner, cfg.VGrid)
			if err != nil {
				return 0, 0, err
			}
			a, err := komdAUC(K, y, sp.Train, sp.Test, v, set)
			return a, v, err
		}
		KD, err := rule(mkl.HPKWeightsSingle(D))
		if err != nil {
			return out, err
		}
		Ks, err := rule(mkl.HPKWeightsSum(D))
		if err != nil {
			return out, err
		}
		if base[1], _, err = nested(KD); err != nil {
			return out, err
		}
		var vS float64
		if base[2], vS, err = nested(Ks); err != nil {
			return out, err
		}
		shared := func(w []float64, err error) (float64, error) {
			K, err := rule(w, err)
			if err != nil {
				return 0, err
			}
			return komdAUC(K, y, sp.Train, sp.Test, vS, set)
		}
		for j, c := range cfg.Cs {
			if poly[j], err = shared(mkl.HPKWeightsPolynomial(D, c)); err != nil {
				return out, err
			}
		}
		for j, g := range cfg.Gammas {
			if rbf[j], err = shared(mkl.HPKWeightsRBF(D, g)); err != nil {
				return out, err
			}
			if typo[j], err = shared(mkl.HPKWeightsRBFPaperTypo(D, g)); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// cvOuter loads data set name (at most cfg.MaxN rows, seeded) and returns
// it with the outer folds of Figures 3–5.
func cvOuter(name string, cfg Config) (*mat.Dense, []float64, []modelsel.Split, error) {
	X, y, err := loadNamed(name, cfg.MaxN, cfg.Seed)
	if err != nil {
		return nil, nil, nil, err
	}
	outer, err := modelsel.StratifiedKFold(y, cfg.Outer, cfg.Seed)
	return X, y, outer, err
}

// combineCV assembles the curves of Figures 3–5 on one data set from its
// outer folds: the nested kernels' AUCs fold by fold, and for K_{D,c} and
// K_RBF the c or γ with the best mean test AUC over the outer folds (a
// posteriori, as the paper's dashed curves), with its folds.
func combineCV(folds []CVFold, cfg Config) (CVCurves, error) {
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
	out := CVCurves{N: folds[0].N, Ds: cfg.Ds, Methods: Methods, AUC: make([][][]float64, len(Methods)), Best: make([][]float64, len(Methods))}
	for m := range Methods {
		out.AUC[m] = make([][]float64, nD)
		out.Best[m] = make([]float64, nD)
	}
	fields := []func(CVFold) [][]float64{
		func(f CVFold) [][]float64 { return f.Poly },
		func(f CVFold) [][]float64 { return f.RBF },
		func(f CVFold) [][]float64 { return f.Typo },
	}
	for di := range cfg.Ds {
		for m := 0; m < 3; m++ {
			a, err := col(func(f CVFold) [][]float64 { return f.Base }, di, m)
			if err != nil {
				return CVCurves{}, err
			}
			out.AUC[m][di] = a
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
			out.AUC[3+k][di], out.Best[3+k][di] = cols[bi], vals[bi]
		}
		avg := make([]float64, cfg.Ds[di]+1)
		for _, fd := range folds {
			for s, v := range fd.Weights[di] {
				avg[s] += v / float64(nF)
			}
		}
		out.Weights = append(out.Weights, avg)
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
	K, err := mkl.CosineGram(Z)
	if err != nil {
		return nil, nil, klearn.Errorf(err, "donini2017")
	}
	return Z, K, nil
}
