package donini2017

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// Methods of Figures 3–5, in the order of CVCurves.AUC.
var Methods = []string{"K_MKL (EasyMKL)", "K_D", "K_sum", "K_D,c (best c)", "K_RBF (best γ)", "K_RBF printed rule (best γ)"}

// komdAUC fits KOMD with λ = v on the training part of K and returns the
// test AUC of f(x) = Σ y_i γ_i K(x_i, x) (the classifier of every kernel in
// the UCI study).
func komdAUC(K *mat.SymDense, y []float64, tr, te []int, v float64) (float64, error) {
	m, err := mkl.KOMD{Lambda: v}.FitGram(modelsel.SubGram(K, tr), modelsel.Take(y, tr))
	if err != nil {
		return 0, err
	}
	f, err := m.DecisionGram(modelsel.CrossGram(K, te, tr))
	if err != nil {
		return 0, err
	}
	return metrics.AUC(modelsel.Take(y, te), f)
}

// mklAUC runs EasyMKL (λ = v) on the HPK family K_D of the training part of
// the cosine matrix K1 and returns the test AUC and the weights η.
func mklAUC(K1 *mat.SymDense, D int, y []float64, tr, te []int, v float64) (float64, []float64, error) {
	f := mkl.HPKFamily{D: D}
	src, err := f.Source(modelsel.SubGram(K1, tr))
	if err != nil {
		return 0, nil, err
	}
	m, err := mkl.EasyMKL{Lambda: v}.FitSource(src, modelsel.Take(y, tr))
	if err != nil {
		return 0, nil, err
	}
	cs, err := f.CrossSource(modelsel.CrossGram(K1, te, tr))
	if err != nil {
		return 0, nil, err
	}
	sc, err := m.DecisionSource(cs)
	if err != nil {
		return 0, nil, err
	}
	a, err := metrics.AUC(modelsel.Take(y, te), sc)
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
	v, _ := metrics.MeanStd(c.AUC[m][di])
	return v
}

// nestedHPK runs the nested CV of Figures 3–5. Outer stratified folds give
// the test AUC; inside each outer training part, inner stratified folds
// choose v (Λ = v/(1−v)) for EasyMKL, K_D and K_sum, each classified by KOMD.
// Rows are mapped to the unit sphere with the statistics of the outer
// training part (Unit). The optimistic K_{D,c} and K_RBF reuse the v chosen
// for K_sum in the fold, and their c or γ is the value with the best mean
// test AUC over the outer folds (a posteriori, as the paper's dashed curves).
func nestedHPK(X *mat.Dense, y []float64, cfg Config, tick func()) (CVCurves, error) {
	outer, err := modelsel.StratifiedKFold(y, cfg.Outer, cfg.Seed)
	if err != nil {
		return CVCurves{}, err
	}
	nD, nF := len(cfg.Ds), len(outer)
	alloc := func(k int) [][][]float64 {
		a := make([][][]float64, nD)
		for i := range a {
			a[i] = make([][]float64, k)
			for j := range a[i] {
				a[i][j] = make([]float64, nF)
			}
		}
		return a
	}
	base := alloc(3) // [D][method][fold]
	polyA, rbfA, typoA := alloc(len(cfg.Cs)), alloc(len(cfg.Gammas)), alloc(len(cfg.Gammas))
	weights := make([][][]float64, nD)
	for i := range weights {
		weights[i] = make([][]float64, nF)
	}
	fold := func(f int) error {
		sp := outer[f]
		Z, err := Unit(X, sp.Train, cfg.Prep)
		if err != nil {
			return err
		}
		K1, err := mkl.CosineGram(Z)
		if err != nil {
			return err
		}
		ytr := modelsel.Take(y, sp.Train)
		inner, err := modelsel.StratifiedKFold(ytr, cfg.Inner, cfg.Seed+1+uint64(f))
		if err != nil {
			return err
		}
		K1tr := modelsel.SubGram(K1, sp.Train)
		for di, D := range cfg.Ds {
			vM, err := innerPick(func(tr, te []int, v float64) (float64, error) {
				a, _, err := mklAUC(K1tr, D, ytr, tr, te, v)
				return a, err
			}, inner, cfg.VGrid)
			if err != nil {
				return err
			}
			if base[di][0][f], weights[di][f], err = mklAUC(K1, D, y, sp.Train, sp.Test, vM); err != nil {
				return err
			}
			fam, err := mkl.HPKFamily{D: D}.Source(K1)
			if err != nil {
				return err
			}
			rule := func(w []float64, err error) (*mat.SymDense, error) {
				if err != nil {
					return nil, err
				}
				return mkl.CombineSource(w, fam)
			}
			nested := func(K *mat.SymDense) (float64, float64, error) {
				Ktr := modelsel.SubGram(K, sp.Train)
				v, err := innerPick(func(tr, te []int, v float64) (float64, error) { return komdAUC(Ktr, ytr, tr, te, v) }, inner, cfg.VGrid)
				if err != nil {
					return 0, 0, err
				}
				a, err := komdAUC(K, y, sp.Train, sp.Test, v)
				return a, v, err
			}
			KD, err := rule(mkl.HPKWeightsSingle(D))
			if err != nil {
				return err
			}
			Ks, err := rule(mkl.HPKWeightsSum(D))
			if err != nil {
				return err
			}
			if base[di][1][f], _, err = nested(KD); err != nil {
				return err
			}
			var vS float64
			if base[di][2][f], vS, err = nested(Ks); err != nil {
				return err
			}
			shared := func(w []float64, err error) (float64, error) {
				K, err := rule(w, err)
				if err != nil {
					return 0, err
				}
				return komdAUC(K, y, sp.Train, sp.Test, vS)
			}
			for j, c := range cfg.Cs {
				if polyA[di][j][f], err = shared(mkl.HPKWeightsPolynomial(D, c)); err != nil {
					return err
				}
			}
			for j, g := range cfg.Gammas {
				if rbfA[di][j][f], err = shared(mkl.HPKWeightsRBF(D, g)); err != nil {
					return err
				}
				if typoA[di][j][f], err = shared(mkl.HPKWeightsRBFPaperTypo(D, g)); err != nil {
					return err
				}
			}
			if tick != nil {
				tick()
			}
		}
		return nil
	}
	if err := parallelFolds(nF, fold); err != nil {
		return CVCurves{}, err
	}
	out := CVCurves{N: len(y), Ds: cfg.Ds, Methods: Methods, AUC: make([][][]float64, len(Methods)), Best: make([][]float64, len(Methods))}
	for m := range Methods {
		out.AUC[m] = make([][]float64, nD)
		out.Best[m] = make([]float64, nD)
	}
	for di := range cfg.Ds {
		for m := 0; m < 3; m++ {
			out.AUC[m][di] = base[di][m]
		}
		for k, A := range [][][][]float64{polyA, rbfA, typoA} {
			vals := cfg.Cs
			if k > 0 {
				vals = cfg.Gammas
			}
			bi, bm := 0, math.Inf(-1)
			for j := range vals {
				if mu, _ := metrics.MeanStd(A[di][j]); mu > bm {
					bi, bm = j, mu
				}
			}
			out.AUC[3+k][di], out.Best[3+k][di] = A[di][bi], vals[bi]
		}
		avg := make([]float64, cfg.Ds[di]+1)
		for _, w := range weights[di] {
			for s, v := range w {
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
