package protocol

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/svm"
)

// MEBCurve is Figure 1 on one data set: the spectral ratio, the squared MEB
// radius r* and its approximation r̃ of the HPKs of degree 0..D.
type MEBCurve struct {
	Data, Prep        string
	SR, RStar, RTilde []float64
}

// RandomFamily is Figure 6 on one data set: outer-fold AUCs of EasyMKL on
// Q_D and R_D for each D.
type RandomFamily struct {
	Data string
	Ds   []int
	// Q[D index][fold], R likewise.
	Q, R [][]float64
	// QU[D index][fold] is the number of QP solves not certified of the
	// outer-fold fit behind Q's entry (EasyMKL's steps 1 and 3), RU
	// likewise: a cell that reads one is undecided.
	QU, RU [][]int
	// Solves counts every QP solve, the inner CVs' included (their choice
	// of v is among certified fits only, innerPick).
	Solves Solves
}

// SRCurve is Figure 7 on one data set.
type SRCurve struct {
	Data         string
	Ds           []int
	MKL, KD, Sum []float64
	// Uncert[D index] is the number of QP solves not certified of the
	// EasyMKL fit whose weights give K_MKL (MKL's entry): a cell that
	// reads one is undecided.
	Uncert []int `json:",omitempty"`
	// Solves counts the curve's EasyMKL QP solves.
	Solves Solves `json:",omitzero"`
}

// WeightSpread is §5.2's weight spread (fig6Spread): max/min of
// EasyMKL's weights on R_6 and on Q_6, and the counts of the two fits' QP
// solves, all of which feed the ratios.
type WeightSpread struct {
	Ratio  [2]float64
	Solves Solves `json:",omitzero"`
}

// Weights is one histogram of Figure 8: EasyMKL's η on K_D, fitted with
// the v that the inner folds chose (V).
type Weights struct {
	Data string
	D    int
	V    float64
	Eta  []float64
	// Margins are d_s(γ*) (d_0 = 0 always) and W the centre of mass W(η).
	Margins []float64
	W       float64
	// Uncertified is the number of QP solves of the fit behind Eta
	// (EasyMKL's steps 1 and 3) not certified: a row that reads η from
	// such a fit is undecided.
	Uncertified int `json:",omitempty"`
	// Solves counts the QP solves of the inner CV that chose V (among
	// certified fits only, innerPick) and of the fit.
	Solves Solves
}

// NoiseCurve is one curve of Figure 9: W(η) (mean, std over repetitions)
// against the fraction of swapped labels.
type NoiseCurve struct {
	Noise, Mean, Std []float64
	// Fits[noise level] are the solver statuses of the level's EasyMKL
	// fits (step 1 of Eq. (1), one per repetition run), whose W(η) Mean
	// and Std summarise.
	Fits [][]FitStatus `json:",omitempty"`
}

// Uncertified is the number of the curve's fits whose QP did not stop at
// opt.Success: a mean W(η) fed by one is not certified, and the verdict
// part of the curve is undecided.
func (c NoiseCurve) Uncertified() int {
	n := 0
	for _, fs := range c.Fits {
		for _, f := range fs {
			if !f.Certified() {
				n++
			}
		}
	}
	return n
}

// TimeRow is one row of Table 3: seconds per training on each outer-fold
// training set, an RBF SVM (one fit) and ours on K_10, K_20, K_30.
type TimeRow struct {
	Data string
	RBF  []float64
	Ours [3][]float64
	// RBFU[fold] is 1 when the timed RBF SVM stopped at its iteration cap
	// (not svm.Converged), OursU[D index][fold] the number of QP solves
	// not certified of the timed EasyMKL fit: a time cut short is not
	// comparable, and a part that reads one is undecided.
	RBFU  []int    `json:",omitempty"`
	OursU [3][]int `json:",omitzero"`
	// Solves counts the timed fits' QP solves and SVM fits.
	Solves Solves `json:",omitzero"`
}

// MNISTCurve is Figure 10: the test error (%) of SVMs on K_MKL, K_D and
// K_sum against D, and the error on each of Blocks consecutive blocks of
// the test set (for the paired test).
type MNISTCurve struct {
	Train, Val, Test int
	Ds               []int
	// Err[method][D index]; BlockErr[method][D index][block].
	Err      [3][]float64
	BlockErr [3][][]float64
	// Eta is EasyMKL's η at the largest D.
	Eta []float64
	// RBF is the baseline SVM with the Gaussian kernel exp(−γ‖x − z‖²) on
	// the same images, C and γ chosen on the validation images: its test
	// error (%), block errors and the chosen C and γ (the paper compares
	// with an RBF SVM in Table 5 only).
	RBFErr         float64
	RBFBlocks      []float64
	RBFC, RBFGamma float64
	// EtaUncert[D index] is the number of QP solves not certified of
	// EasyMKL's fit at that D (step 1 only, NoResolve), whose weights give
	// K_MKL: an error of K_MKL that reads one is not certified.
	EtaUncert []int `json:",omitempty"`
	// Solves counts EasyMKL's QP solves and every SVM fit of the C paths;
	// the choices of C (and γ) are among converged fits only, the others
	// counted in ExcludedC.
	Solves Solves `json:",omitzero"`
}

// RBFGammas is the γ grid of the MNIST RBF baseline (unit-norm images:
// ‖x − z‖² ∈ [0, 2]).
var RBFGammas = []float64{0.5, 1, 2, 4}

// Fig10Methods are the kernels of Figure 10.
var Fig10Methods = []string{"K_MKL (EasyMKL, λ = 0.01)", "K_D", "K_sum"}

// AllPairs is Table 5 (ours) on raw or deskewed images: the test error
// (%), 1 for each misclassified test image (0 otherwise; for the paired
// test of raw against deskewed) and the seconds of the fit.
type AllPairs struct {
	Train, Test int
	Deskewed    bool
	Err         float64
	Wrong       []float64
	Seconds     float64
	// Pairs is the number of pairs of digits fitted, Uncertified those
	// with EasyMKL's QP (step 1) or the SVM not certified (not at
	// opt.Success, svm.Converged): an error fed by one is not certified.
	Pairs       int `json:",omitempty"`
	Uncertified int `json:",omitempty"`
	// Solves counts the pairs' QP solves and SVM fits (Solves.addPairs).
	Solves Solves `json:",omitzero"`
}

// GHKLRow is Table 4 on one data set: outer-fold AUCs of Table4Cols
// (AUC[0] is K_MKL, AUC[1..3] gHKL_ρ) for one choice of gHKL's node
// kernels.
type GHKLRow struct {
	Data string
	// Nodes is "linear" or "gaussian" (see Config.T4Gaussian).
	Nodes string
	AUC   [][]float64
	// BestC[j][f] is the C gHKL selected in outer fold f (nil for K_MKL);
	// AtEdge[j][f] reports a selection still at an edge of the fold's grid
	// after widening (Config.T4Widen).
	BestC  [][]float64
	AtEdge [][]bool
	// MKLUncert[f] is the number of QP solves not certified behind K_MKL's
	// AUC in outer fold f, MKLSolves the counts of K_MKL's QP solves
	// (Table4Cell.Uncert, Solves).
	MKLUncert []int `json:",omitempty"`
	MKLSolves Solves
	// GHKLUncert[j][f] is the number of gHKL fits not certified behind
	// column j's AUC in outer fold f (nil for K_MKL, j = 0;
	// GHKLResult.Uncert), GHKLFits the number of gHKL fits of the row,
	// GHKLUncertified those not certified and GHKLExcluded the values of C
	// they left out of inner choices (Table4Cell).
	GHKLUncert      [][]int `json:",omitempty"`
	GHKLFits        int     `json:",omitempty"`
	GHKLUncertified int     `json:",omitempty"`
	GHKLExcluded    int     `json:",omitempty"`
}

// LoadUnitAll loads the Table 2 task name (at most maxN rows, loadNamed),
// maps its rows to the unit sphere with cfg.Prep and the statistics of all
// rows, and returns them, the labels and their cosine matrix (unitCos).
func LoadUnitAll(name string, cfg Config, maxN int) (*mat.Dense, []float64, *mat.SymDense, error) {
	X, y, err := loadNamed(name, maxN, cfg.Seed)
	if err != nil {
		return nil, nil, nil, err
	}
	Z, K, err := unitCos(X, cfg.Prep)
	return Z, y, K, err
}

func runAlg1(cfg Config) (Alg1Result, error) {
	X, _, _, err := LoadUnitAll("Ionosphere", cfg, 100)
	if err != nil {
		return Alg1Result{}, err
	}
	out := Alg1Result{D: 2}
	pts, err := Algorithm1Convergence(X, out.D, cfg.Alg1Steps, cfg.Seed+7)
	if err != nil {
		return Alg1Result{}, err
	}
	out.Points = pts
	return out, nil
}

// mebCurve computes Figure 1 for one data set and preprocessing.
func mebCurve(name string, cfg Config, prep string) (MEBCurve, error) {
	c := cfg
	c.Prep = prep
	_, _, K1, err := LoadUnitAll(name, c, cfg.Fig1MaxN)
	if err != nil {
		return MEBCurve{}, err
	}
	src, err := hpk.Family{D: cfg.Fig1D}.Source(K1)
	if err != nil {
		return MEBCurve{}, err
	}
	out := MEBCurve{Data: name, Prep: prep}
	err = src.Each(func(d int, K *mat.SymDense) error {
		sr, err := metrics.SpectralRatio(K)
		if err != nil {
			return err
		}
		r2, err := MEBRadius2(K)
		if err != nil {
			return err
		}
		rt, err := metrics.MEBRadiusApprox(K)
		if err != nil {
			return err
		}
		out.SR, out.RStar, out.RTilde = append(out.SR, sr), append(out.RStar, r2), append(out.RTilde, rt)
		return nil
	})
	return out, err
}

// fig1Preps are the preprocessings of Figure 1: cfg.Prep, then the other
// one as a labelled variant.
func fig1Preps(cfg Config) []string {
	if cfg.Prep == MinMax {
		return []string{MinMax, ZScore}
	}
	return []string{ZScore, MinMax}
}

// easyScore fits EasyMKL (λ = v) on the training rows of the kernels Ks and
// returns the AUC on the test rows and the counts of the fit's QP solves.
func easyScore(Ks []*mat.SymDense, y []float64, tr, te []int, v float64) (float64, Solves, error) {
	a, err := easyGramsFold(Ks, y)(tr, te, []float64{v})
	if err != nil {
		return 0, a.Solves, err
	}
	return a.AUC[0], a.Solves, nil
}

// easyGramsFold is the fold function of innerPick for EasyMKL on the
// kernels Ks with labels y: it slices the fold's blocks once for every v
// and fits each v from the class-uniform point.
func easyGramsFold(Ks []*mat.SymDense, y []float64) foldFunc {
	return func(tr, te []int, vGrid []float64) (foldScores, error) {
		out := newFoldScores(len(vGrid))
		Ktr, err := kernel.SubGrams(Ks, tr)
		if err != nil {
			return out, err
		}
		ytr, err := klearn.Take(y, tr)
		if err != nil {
			return out, err
		}
		Kte, err := kernel.CrossGrams(Ks, te, tr)
		if err != nil {
			return out, err
		}
		yte, err := klearn.Take(y, te)
		if err != nil {
			return out, err
		}
		for i, v := range vGrid {
			m, err := easymkl.Learner{Lambda: v}.FitGrams(Ktr, ytr)
			if err != nil {
				return out, err
			}
			out.OK[i] = out.Solves.addEasy(m) == 0
			f, err := m.DecisionGrams(Kte)
			if err != nil {
				return out, err
			}
			if out.AUC[i], err = metrics.AUC(yte, f); err != nil {
				return out, err
			}
		}
		return out, nil
	}
}

func spread(eta []float64) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, v := range eta {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if lo <= 0 {
		return math.MaxFloat64
	}
	return hi / lo
}

// fig6Family computes Figure 6 on one data set: nested-CV AUCs of EasyMKL
// on Q_D and R_D (Algorithm 1's degree and random rules) for each D.
func fig6Family(name string, cfg Config) (RandomFamily, error) {
	rf := RandomFamily{Data: name, Ds: cfg.Fig6Ds}
	maxN := 0
	if name == "Abalone" {
		maxN = cfg.Fig6MaxN
	}
	X, y, _, err := LoadUnitAll(name, cfg, maxN)
	if err != nil {
		return rf, err
	}
	_, m := X.Dims()
	folds, err := modelsel.StratifiedKFold(y, cfg.Fig6Outer, cfg.Seed)
	if err != nil {
		return rf, err
	}
	for _, rule := range []hpk.Rule{hpk.DegreeRule, hpk.RandomRule} {
		for _, D := range cfg.Fig6Ds {
			feats, err := hpk.RandomFamily{D: D, Steps: cfg.Fig6Steps, Rule: rule, Seed: cfg.Seed + uint64(D)}.Sample(m)
			if err != nil {
				return rf, err
			}
			Ks, err := feats.Grams(X)
			if err != nil {
				return rf, err
			}
			aucs, uncert, solves := make([]float64, len(folds)), make([]int, len(folds)), make([]Solves, len(folds))
			err = parallelFolds(len(folds), func(f int) error {
				sp := folds[f]
				ytr, err := klearn.Take(y, sp.Train)
				if err != nil {
					return err
				}
				Ktr, err := kernel.SubGrams(Ks, sp.Train)
				if err != nil {
					return err
				}
				in, err := modelsel.StratifiedKFold(ytr, cfg.Fig6Inner, cfg.Seed+1+uint64(f))
				if err != nil {
					return err
				}
				v, si, err := innerPick(in, cfg.Fig6VGrid, easyGramsFold(Ktr, ytr))
				solves[f] = si
				if err != nil {
					return err
				}
				var so Solves
				aucs[f], so, err = easyScore(Ks, y, sp.Train, sp.Test, v)
				uncert[f] = so.Uncertified
				solves[f].Merge(so)
				return err
			})
			if err != nil {
				return rf, err
			}
			for _, s := range solves {
				rf.Solves.Merge(s)
			}
			if rule == hpk.DegreeRule {
				rf.Q, rf.QU = append(rf.Q, aucs), append(rf.QU, uncert)
			} else {
				rf.R, rf.RU = append(rf.R, aucs), append(rf.RU, uncert)
			}
		}
	}
	return rf, nil
}

// fig6Spread is max/min of EasyMKL's weights on R_6 and Q_6 (Ionosphere):
// §5.2's R_D members are nearly identical, so EasyMKL's weights on them
// are nearly uniform. The two fits' QP solves are counted (Solves).
func fig6Spread(cfg Config) (WeightSpread, error) { return weightSpread(cfg, opt.Settings{}) }

// weightSpread is fig6Spread with the QP settings set of EasyMKL's fits.
func weightSpread(cfg Config, set opt.Settings) (out WeightSpread, err error) {
	X, y, _, err := LoadUnitAll("Ionosphere", cfg, 0)
	if err != nil {
		return out, err
	}
	_, m := X.Dims()
	for i, rule := range []hpk.Rule{hpk.RandomRule, hpk.DegreeRule} {
		f, err := hpk.RandomFamily{D: 6, Steps: cfg.Fig6Steps, Rule: rule, Seed: cfg.Seed}.Sample(m)
		if err != nil {
			return out, err
		}
		Ks, err := f.Grams(X)
		if err != nil {
			return out, err
		}
		// Q_D's K_0 is the constant kernel, which EasyMKL always gives η_0 = 0
		// (see Figure 8): leave it out. R_D's members are all mixtures.
		if rule == hpk.DegreeRule {
			Ks = Ks[1:]
		}
		mm, err := easymkl.Learner{Lambda: 0.1, Settings: set}.FitGrams(Ks, y)
		if err != nil {
			return out, err
		}
		out.Ratio[i] = spread(mm.Weights())
		out.Solves.addEasy(mm)
	}
	return out, nil
}

// runFig7 computes Figure 7: the spectral ratios of K_MKL (EasyMKL's
// weights, λ = 0.1), K_D and K_sum for each D, and the status of each
// EasyMKL fit (SRCurve.Uncert, Solves).
func runFig7(cfg Config) ([]SRCurve, error) { return fig7(cfg, opt.Settings{}) }

// fig7 is runFig7 with the QP settings set of EasyMKL's fits.
func fig7(cfg Config, set opt.Settings) ([]SRCurve, error) {
	var out []SRCurve
	for _, name := range cfg.Fig7Data {
		_, y, K1, err := LoadUnitAll(name, cfg, 0)
		if err != nil {
			return nil, err
		}
		c := SRCurve{Data: name, Ds: cfg.Fig7Ds}
		for _, D := range cfg.Fig7Ds {
			src, err := hpk.Family{D: D}.Source(K1)
			if err != nil {
				return nil, err
			}
			m, err := easymkl.Learner{Lambda: 0.1, Settings: set}.FitSource(src, y)
			if err != nil {
				return nil, err
			}
			c.Uncert = append(c.Uncert, c.Solves.addEasy(m))
			wD, _ := hpk.WeightsSingle(D)
			wS, _ := hpk.WeightsSum(D)
			var sr [3]float64
			for i, w := range [][]float64{m.Weights(), wD, wS} {
				K, err := mkl.CombineSource(w, src)
				if err != nil {
					return nil, err
				}
				if sr[i], err = metrics.SpectralRatio(K); err != nil {
					return nil, err
				}
			}
			c.MKL, c.KD, c.Sum = append(c.MKL, sr[0]), append(c.KD, sr[1]), append(c.Sum, sr[2])
		}
		out = append(out, c)
	}
	return out, nil
}

// runFig8 computes Figure 8: EasyMKL's weights on K_D for Heart and
// Splice, fitted on every row with the v (Λ = v/(1−v)) that the protocol
// of Section 5.1 selects: cfg.Inner stratified folds over cfg.VGrid, the
// best mean AUC (innerPick). The paper does not state Figure 8's Λ.
func runFig8(cfg Config) ([]Weights, error) {
	var out []Weights
	for _, name := range []string{"Heart", "Splice"} {
		_, y, K1, err := LoadUnitAll(name, cfg, 0)
		if err != nil {
			return nil, err
		}
		inner, err := modelsel.StratifiedKFold(y, cfg.Inner, cfg.Seed+8)
		if err != nil {
			return nil, err
		}
		for _, D := range cfg.Fig8Ds {
			v, solves, err := innerPick(inner, cfg.VGrid, easyFolds(K1, D, y, cfg.qpSettings()))
			if err != nil {
				return nil, err
			}
			src, err := hpk.Family{D: D}.Source(K1)
			if err != nil {
				return nil, err
			}
			m, err := easymkl.Learner{Lambda: v, Settings: cfg.qpSettings().Value()}.FitSource(src, y)
			if err != nil {
				return nil, err
			}
			w, err := hpk.CenterOfMass(m.Weights())
			if err != nil {
				return nil, err
			}
			u := solves.addEasy(m)
			out = append(out, Weights{Data: name, D: D, V: v, Eta: m.Weights(), Margins: append([]float64(nil), m.D...), W: w, Uncertified: u, Solves: solves})
		}
	}
	return out, nil
}

// MakeClassification reproduces scikit-learn's make_classification for
// n_features = 2, n_informative = 1, n_redundant = 0,
// n_clusters_per_class = 1, class_sep = 1, flip_y = 0.01 (Figure 9's toy
// data): one informative coordinate with class centroids at ±1, one noise
// coordinate, 1 % random labels; rows scaled to unit norm.
func MakeClassification(n int, seed uint64) (*mat.Dense, []float64) {
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		c := 1.0
		if i < n/2 {
			c = -1
		}
		y[i] = c
		a, b := c+rng.NormFloat64(), rng.NormFloat64()
		r := math.Hypot(a, b)
		X.Set(i, 0, a/r)
		X.Set(i, 1, b/r)
		if rng.Float64() < 0.01 {
			y[i] = float64(2*rng.IntN(2) - 1)
		}
	}
	return X, y
}

// SwapLabels flips the labels of the distinct indices among round(frac·n)
// draws with replacement ("swapping labels with replica", §5.4); y is not
// modified.
func SwapLabels(y []float64, frac float64, seed uint64) []float64 {
	rng := klearn.NewRand(seed)
	out := append([]float64(nil), y...)
	flip := make([]bool, len(y))
	for t := 0; t < int(math.Round(frac*float64(len(y)))); t++ {
		flip[rng.IntN(len(y))] = true
	}
	for i, f := range flip {
		if f {
			out[i] = -out[i]
		}
	}
	return out
}

// Fig9MaxIter caps the pair steps of Figure 9's QPs (opt.Settings.MaxIter).
// The solver's default, max(10⁵, 100n) = 10⁵ at n = 500, stopped 129 of
// full mode's 220 fits with a duality gap 1.5–2.7 times the tolerance
// (moving a noise level's mean W(η) by up to 0.0014). Run uncapped in full
// mode (Full: Fig9Reps = 10, Fig9N = 500; 2026-12-01, 8.9 s wall for the
// 220 fits on two loaded cores), every fit reached the tolerance, the
// slowest after 137 844 pair steps: the cap leaves a margin of 2.2 times.
const Fig9MaxIter = 300000

// runFig9 computes Figure 9 (§5.4): on make_classification's toy data
// (MakeClassification), K_10's HPK family, EasyMKL's weights (step 1 of
// Eq. (1) only, NoResolve, Λ = 0.01) and their centre of mass W(η),
// for labels swapped at each noise level. Each fit's QP status is
// recorded (NoiseCurve.Fits), its pair steps capped at maxIter.
func runFig9(cfg Config) ([]NoiseCurve, error) { return fig9(cfg, Fig9MaxIter) }

// fig9 is runFig9 with the pair steps of each QP capped at maxIter.
func fig9(cfg Config, maxIter int) ([]NoiseCurve, error) {
	var out []NoiseCurve
	for _, top := range []float64{1, 0.1} {
		const levels = 11
		c := NoiseCurve{Noise: make([]float64, levels), Mean: make([]float64, levels), Std: make([]float64, levels), Fits: make([][]FitStatus, levels)}
		err := parallelFolds(levels, func(k int) error {
			p := top * float64(k) / 10
			var ws []float64
			for r := 0; r < cfg.Fig9Reps; r++ {
				X, y := MakeClassification(cfg.Fig9N, cfg.Seed+uint64(r))
				yn := SwapLabels(y, p, cfg.Seed+1000+uint64(r))
				if _, _, err := klearn.CheckBinary(yn); err != nil {
					continue
				}
				K1, err := hpk.CosineGram(X)
				if err != nil {
					return err
				}
				src, err := hpk.Family{D: 10}.Source(K1)
				if err != nil {
					return err
				}
				lam, err := easymkl.LambdaFromPaper(0.01)
				if err != nil {
					return err
				}
				m, err := easymkl.Learner{Lambda: lam, NoResolve: true, Settings: opt.Settings{Tol: 1e-6, MaxIter: maxIter}}.FitSource(src, yn)
				if err != nil {
					return err
				}
				c.Fits[k] = append(c.Fits[k], fitStatus(m.SumResult))
				w, err := hpk.CenterOfMass(m.Weights())
				if err != nil {
					return err
				}
				ws = append(ws, w)
			}
			if len(ws) == 0 {
				return klearn.Errorf(klearn.ErrOneClass, "donini2017: Figure 9: every repetition at noise %g has one class", p)
			}
			c.Noise[k] = 100 * p
			c.Mean[k], c.Std[k], _ = metrics.MeanStd(ws)
			return nil
		})
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Table3Data are the data sets of Table 3.
var Table3Data = []string{"Heart", "Ionosphere", "Splice"}

// table3Row times Table 3 on one data set: an RBF SVM and EasyMKL on K_10,
// K_20, K_30 (kernel construction included) on each of the first
// cfg.T3Folds outer-fold training sets, and records each timed fit's
// solver status (TimeRow.RBFU, OursU), after its clock stops.
func table3Row(name string, cfg Config) (TimeRow, error) {
	row := TimeRow{Data: name}
	X, y, err := loadNamed(name, 0, cfg.Seed)
	if err != nil {
		return row, err
	}
	folds, err := modelsel.StratifiedKFold(y, 10, cfg.Seed)
	if err != nil {
		return row, err
	}
	for _, sp := range folds[:min(cfg.T3Folds, len(folds))] {
		Z, err := Unit(X, sp.Train, cfg.Prep)
		if err != nil {
			return row, err
		}
		Xtr, err := klearn.Rows(Z, sp.Train)
		if err != nil {
			return row, err
		}
		ytr, err := klearn.Take(y, sp.Train)
		if err != nil {
			return row, err
		}
		t0 := time.Now()
		sm, err := (svm.Classifier{Kernel: kernel.RBF{Gamma: 1}, C: 1}).Fit(Xtr, ytr)
		if err != nil {
			return row, err
		}
		row.RBF = append(row.RBF, time.Since(t0).Seconds())
		row.RBFU = append(row.RBFU, row.Solves.addSVM(sm))
		for i, D := range []int{10, 20, 30} {
			t0 := time.Now()
			K1, err := hpk.CosineGram(Xtr) // kernel construction included
			if err != nil {
				return row, err
			}
			src, err := hpk.Family{D: D}.Source(K1)
			if err != nil {
				return row, err
			}
			m, err := (easymkl.Learner{Lambda: 0.1}).FitSource(src, ytr)
			if err != nil {
				return row, err
			}
			row.Ours[i] = append(row.Ours[i], time.Since(t0).Seconds())
			row.OursU[i] = append(row.OursU[i], row.Solves.addEasy(m))
		}
	}
	return row, nil
}

// mnistRows returns n MNIST images (pixels/255, rows of unit norm: the
// pixels are already non-negative) from split starting at offset, with
// their digits; deskew first deskews each image (datasets.DeskewRows, the
// moment-based deskewing of LeCun et al. 1998).
func mnistRows(split string, offset, n int, deskew bool) (*mat.Dense, []float64, error) {
	im, err := datasets.LoadMNIST(split)
	if err != nil {
		return nil, nil, err
	}
	d, err := im.Dataset("mnist-"+split, seqFrom(offset, n))
	if err != nil {
		return nil, nil, err
	}
	raw := d.X
	if deskew {
		if raw, err = datasets.DeskewRows(d.X, im.Rows, im.Cols); err != nil {
			return nil, nil, err
		}
	}
	var S mat.Dense
	S.Scale(1.0/255, raw)
	X, err := preprocess.UnitNorm(&S)
	return X, d.Y, err
}

func seqFrom(off, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = off + i
	}
	return out
}

func parity(d []float64) []float64 {
	out := make([]float64, len(d))
	for i, v := range d {
		out[i] = 1
		if int(v)%2 == 1 {
			out[i] = -1
		}
	}
	return out
}

// Fig10Blocks is the number of consecutive test blocks of the paired test
// of Figure 10.
const Fig10Blocks = 10

// runFig10 runs Figure 10 on the first MNISTTrain training images (then
// MNISTVal more to choose C, and γ for the RBF baseline) and the first
// MNISTTest test images, even digits against odd. Every kernel is a
// function of the cosines of the images, so the run holds three cosine
// matrices: K1 (training × training) and the validation and test images'
// cross matrices C1va and C1te. The kernels K_w = Σ_s w_s K_s of the
// family K_D are formed from K1 one at a time (hpk.Family.Combine), the
// RBF baseline's exp(−γ‖x − z‖²) too (hpk.Gaussian: unit rows), and no
// test × training kernel matrix is formed: an SVM's decision values on
// the rows of a cross matrix are the products of the kernel's cross
// matrix with y∘α (hpk.Family.MulCross, hpk.GaussianMulCross) plus its
// bias. EasyMKL runs one degree at a time (its QP uses both cores),
// holding its sum kernel and its QP's signed copy; then the SVM paths run
// two at a time (parallelFolds), each holding one kernel matrix. So at
// most three n × n matrices are live at once, K1 and two others, and
// each worker collects its garbage matrix before the next one is
// allocated (runtime.GC: the matrices hold no pointers, so a collection
// costs little beside the n² work of forming one). The same results, bit
// for bit, as the earlier order (EasyMKL and the three SVMs of two
// degrees at a time), which held five matrices. The status of every fit
// is recorded: EasyMKL's (MNISTCurve.EtaUncert) and the SVMs', whose
// choices of C (and γ) are among converged fits only (cPath.best; none
// converged: an error wrapping klearn.ErrNotConverged).
func runFig10(cfg Config) (*MNISTCurve, error) {
	if cfg.MNISTTrain == 0 || len(cfg.Fig10Ds) == 0 {
		return nil, nil
	}
	nTr, nVal, nTe := cfg.MNISTTrain, cfg.MNISTVal, cfg.MNISTTest
	X, dig, err := mnistRows("train", 0, nTr+nVal, false)
	if err != nil {
		return nil, err
	}
	Xte, digTe, err := mnistRows("test", 0, nTe, false)
	if err != nil {
		return nil, err
	}
	y, yte := parity(dig), parity(digTe)
	ytr, yva := y[:nTr], y[nTr:]
	Xtr, err := klearn.Rows(X, seq(nTr))
	if err != nil {
		return nil, err
	}
	Xva, err := klearn.Rows(X, seqFrom(nTr, nVal))
	if err != nil {
		return nil, err
	}
	K1, err := hpk.CosineGram(Xtr)
	if err != nil {
		return nil, err
	}
	C1va, err := hpk.CosineCross(Xva, Xtr)
	if err != nil {
		return nil, err
	}
	C1te, err := hpk.CosineCross(Xte, Xtr)
	if err != nil {
		return nil, err
	}
	out := &MNISTCurve{Train: nTr, Val: nVal, Test: nTe, Ds: cfg.Fig10Ds}
	blocks := func(p []float64) ([]float64, float64, error) {
		e, err := metrics.ErrorRate(yte, p)
		if err != nil {
			return nil, 0, err
		}
		b := make([]float64, Fig10Blocks)
		for k := range b {
			lo, hi := k*nTe/Fig10Blocks, (k+1)*nTe/Fig10Blocks
			eb, err := metrics.ErrorRate(yte[lo:hi], p[lo:hi])
			if err != nil {
				return nil, 0, err
			}
			b[k] = 100 * eb
		}
		return b, 100 * e, nil
	}
	nD := len(cfg.Fig10Ds)
	for i := range out.Err {
		out.Err[i] = make([]float64, nD)
		out.BlockErr[i] = make([][]float64, nD)
	}
	// EasyMKL's weights at each degree, one degree at a time (its QP
	// sweeps use both cores): a fit holds EasyMKL's sum kernel and its
	// QP's signed copy.
	etas := make([][]float64, nD)
	out.EtaUncert = make([]int, nD)
	for di, D := range cfg.Fig10Ds {
		src, err := hpk.Family{D: D}.HornerSource(K1)
		if err != nil {
			return nil, err
		}
		mm, err := easymkl.Learner{Lambda: 0.01, NoResolve: true}.FitSource(src, ytr)
		if err != nil {
			return nil, err
		}
		etas[di], out.EtaUncert[di] = mm.Weights(), out.Solves.addEasy(mm)
		runtime.GC() // the fit's two n × n matrices, before the next fit's
	}
	out.Eta = etas[nD-1]
	// The SVMs: one path over the C grid per kernel (K_MKL, K_D and K_sum
	// at each degree, then the RBF baseline at each γ), two paths at a
	// time, each holding its kernel matrix.
	paths := make([]*cPath, 3*nD+len(RBFGammas))
	err = parallelFolds(len(paths), func(t int) error {
		var K *mat.SymDense
		var err error
		var mul func(C1 *mat.Dense, us [][]float64) ([][]float64, error)
		if t < 3*nD {
			fam := hpk.Family{D: cfg.Fig10Ds[t/3]}
			w := etas[t/3]
			switch t % 3 {
			case 1:
				w, err = hpk.WeightsSingle(fam.D)
			case 2:
				w, err = hpk.WeightsSum(fam.D)
			}
			if err == nil {
				K, err = fam.Combine(K1, w)
			}
			mul = func(C1 *mat.Dense, us [][]float64) ([][]float64, error) { return fam.MulCross(C1, w, us...) }
		} else {
			g := RBFGammas[t-3*nD]
			K, err = hpk.Gaussian(K1, g)
			mul = func(C1 *mat.Dense, us [][]float64) ([][]float64, error) { return hpk.GaussianMulCross(C1, g, us...) }
		}
		if err != nil {
			return err
		}
		paths[t], err = svmPath(svm.Classifier{}, K, ytr, cfg.Fig10Cs, yva, C1va, C1te, mul)
		K = nil
		runtime.GC() // this path's kernel matrix, before the next one's
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		out.Solves.Merge(p.solves)
	}
	for t, p := range paths[:3*nD] {
		i, di := t%3, t/3
		b := p.best()
		if b < 0 {
			return nil, notConvergedC(fmt.Sprintf("Figure 10 %s, D = %d", Fig10Methods[i], cfg.Fig10Ds[di]), len(p.val))
		}
		if out.BlockErr[i][di], out.Err[i][di], err = blocks(p.test[b]); err != nil {
			return nil, err
		}
	}
	// The RBF baseline: C and γ chosen on the validation images, among
	// converged fits only.
	paths = paths[3*nD:]
	bestErr, bg, bc := 2.0, -1, -1
	for gi, p := range paths {
		for ci, e := range p.val {
			if p.ok[ci] && e < bestErr {
				bestErr, bg, bc = e, gi, ci
			}
		}
	}
	if bg < 0 {
		return nil, notConvergedC("Figure 10 RBF baseline", len(paths)*len(cfg.Fig10Cs))
	}
	out.RBFC, out.RBFGamma = cfg.Fig10Cs[bc], RBFGammas[bg]
	out.RBFBlocks, out.RBFErr, err = blocks(paths[bg].test[bc])
	return out, err
}

// cPath is an SVM trained at each C of a grid: its validation error rate,
// its test predictions, and whether its fit converged (ok: svm.Converged)
// at each C, with the counts of the fits (solves: SVMs, SVMCapped, and
// ExcludedC, the values of C whose fit did not converge, each left out of
// the one choice the path takes part in).
type cPath struct {
	val    []float64
	test   [][]float64
	ok     []bool
	solves Solves
}

// best returns the index of the C with the lowest validation error among
// the converged fits (ties: the smaller C), -1 when none converged.
func (p *cPath) best() int {
	b := -1
	for i, e := range p.val {
		if p.ok[i] && (b < 0 || e < p.val[b]) {
			b = i
		}
	}
	return b
}

// notConvergedC is the error of a choice of C on the validation images
// whose every one of its n fits stopped short of the tolerance.
func notConvergedC(what string, n int) error {
	return klearn.Errorf(klearn.ErrNotConverged, "donini2017: %s: none of the %d SVM fits of the choice of C converged: none to choose", what, n)
}

// svmPath trains SVMs (the settings of base, C set from Cs) on the Gram
// matrix K with labels y at each C of Cs (increasing, Config.Validate),
// recording whether each converged, each from the previous C's α
// (svm.Classifier.FitGramFrom: the same optimum within the stopping
// tolerance; at 12 000 training images the whole of Figure 10 took 11 CPU
// minutes with these starts and more than 16 from α = 0, 2026-11-30),
// and predicts the validation images (labels yva) and the test images,
// whose cosines with the training images are the rows of C1va and C1te:
// mul(C1, us) returns the products of the kernel's cross matrix on C1
// with the vectors us, here y∘α of every C at once (the decision values
// are those plus the bias).
func svmPath(base svm.Classifier, K *mat.SymDense, y, Cs, yva []float64, C1va, C1te *mat.Dense, mul func(C1 *mat.Dense, us [][]float64) ([][]float64, error)) (*cPath, error) {
	var us [][]float64
	var bias, alpha []float64
	p := &cPath{}
	for _, C := range Cs {
		c := base
		c.C = C
		m, err := c.FitGramFrom(K, y, alpha)
		if err != nil {
			return nil, err
		}
		bad := p.solves.addSVM(m) > 0
		p.ok = append(p.ok, !bad)
		if bad {
			p.solves.ExcludedC++
		}
		alpha = m.Alpha()
		u := make([]float64, len(y))
		for i, a := range alpha {
			u[i] = y[i] * a
		}
		us, bias = append(us, u), append(bias, m.Bias())
	}
	// predict returns the labels (±1: f > 0 is +1) of each C on C1's rows.
	predict := func(C1 *mat.Dense) ([][]float64, error) {
		fs, err := mul(C1, us)
		if err != nil {
			return nil, err
		}
		for k, f := range fs {
			for i, v := range f {
				f[i] = -1
				if v+bias[k] > 0 {
					f[i] = 1
				}
			}
		}
		return fs, nil
	}
	pv, err := predict(C1va)
	if err != nil {
		return nil, err
	}
	for _, f := range pv {
		e, err := metrics.ErrorRate(yva, f)
		if err != nil {
			return nil, err
		}
		p.val = append(p.val, e)
	}
	p.test, err = predict(C1te)
	return p, err
}

// runTable5 runs Table 5 (ours) on the first n training and cfg.T5Test
// test images of MNIST, raw or deskewed: all-pairs EasyMKL on K_8
// (λ = 0.01) with an SVM (C = 4) per pair, majority vote (ties to the
// smaller digit). Each pair of digits gets its own cosine Gram matrix of
// its two classes' images (pairGram), about a fifth of the images, so the
// n × n Gram matrix is never built: 1.15 GB per pair at 60 000 images
// instead of 29 GB. Seconds times the Gram matrices and the fits. Each
// pair's EasyMKL QP and SVM are checked (Solves.addPairs): the pairs with
// one not certified are counted (AllPairs.Uncertified).
func runTable5(cfg Config, n int, deskew bool) (*AllPairs, error) {
	if n == 0 || cfg.T5Test == 0 {
		return nil, nil
	}
	X, y, err := mnistRows("train", 0, n, deskew)
	if err != nil {
		return nil, err
	}
	Xte, yte, err := mnistRows("test", 0, cfg.T5Test, deskew)
	if err != nil {
		return nil, err
	}
	ap := easymkl.AllPairs{Family: hpk.Family{D: 8}, MKL: easymkl.Learner{Lambda: 0.01}, SVM: svm.Classifier{C: 4}}
	cls := klearn.Classes(y)
	cross, err := newClassCross(Xte, X, y, cls)
	if err != nil {
		return nil, err
	}
	votes := make([][]int, len(yte))
	for i := range votes {
		votes[i] = make([]int, len(cls))
	}
	var sec float64
	out := &AllPairs{Train: n, Test: cfg.T5Test, Deskewed: deskew}
	for a := 0; a < len(cls); a++ {
		for b := a + 1; b < len(cls); b++ {
			t0 := time.Now()
			Xp, yp, err := pairRows(X, y, cls[a], cls[b])
			if err != nil {
				return nil, err
			}
			K1, err := hpk.CosineGram(Xp)
			if err != nil {
				return nil, err
			}
			m, err := ap.FitCosine(K1, yp)
			if err != nil {
				return nil, err
			}
			sec += time.Since(t0).Seconds()
			out.Pairs += len(m.Pairs)
			out.Uncertified += out.Solves.addPairs(m)
			C1, err := cross.pair(Xp, y, cls[a], cls[b])
			if err != nil {
				return nil, err
			}
			p, err := m.PredictCosine(C1)
			if err != nil {
				return nil, err
			}
			for i, v := range p {
				if v == cls[a] {
					votes[i][a]++
				} else {
					votes[i][b]++
				}
			}
		}
	}
	wrong := make([]float64, len(yte))
	nWrong := 0
	for i, vs := range votes {
		best := 0
		for k, v := range vs {
			if v > vs[best] {
				best = k
			}
		}
		if cls[best] != yte[i] {
			wrong[i] = 1
			nWrong++
		}
	}
	out.Err, out.Wrong, out.Seconds = 100*float64(nWrong)/float64(len(yte)), wrong, sec
	return out, nil
}

// classCross holds the test×train cosine matrix of each class: block[k]
// has a column per training row of class cls[k], in the order of the rows
// (col[r] is the column of row r in its class's block). With few test rows
// it holds none (block nil), and pair computes each pair's matrix.
type classCross struct {
	Xte   *mat.Dense
	cls   []float64
	block []*mat.Dense
	col   []int
}

// crossMinTest is the fewest test rows for which classCross holds blocks:
// from 193 rows (four 64-row blocks) on, gonum's Dgemm always takes its
// parallel path, which sums each entry over fixed 64-wide slices of the
// columns whatever the other rows, so a block's entries are those of
// hpk.CosineCross on any set of training rows. (Its serial path, for
// fewer than four 64×64 blocks of the result, sums over all the columns at
// once.)
const crossMinTest = 3*64 + 1

// newClassCross computes the cosines of the test rows Xte with the
// training rows X (labels y, classes cls), one block per class: each
// training row once, where a cross matrix per pair of classes computes each
// row once per pair it is in (9 times for the 10 digits).
func newClassCross(Xte, X *mat.Dense, y, cls []float64) (*classCross, error) {
	c := &classCross{Xte: Xte, cls: cls}
	if nTe, _ := Xte.Dims(); nTe < crossMinTest {
		return c, nil
	}
	c.block, c.col = make([]*mat.Dense, len(cls)), make([]int, len(y))
	for k, v := range cls {
		var idx []int
		for r, l := range y {
			if l == v {
				c.col[r] = len(idx)
				idx = append(idx, r)
			}
		}
		Xc, err := klearn.Rows(X, idx)
		if err != nil {
			return nil, err
		}
		if c.block[k], err = hpk.CosineCross(Xte, Xc); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// pair returns the test×train cosine matrix of the training rows Xp of
// classes a and b, in the order of the rows (as pairRows takes them).
func (c *classCross) pair(Xp *mat.Dense, y []float64, a, b float64) (*mat.Dense, error) {
	if c.block == nil {
		return hpk.CosineCross(c.Xte, Xp)
	}
	A, B := c.block[slices.Index(c.cls, a)].RawMatrix(), c.block[slices.Index(c.cls, b)].RawMatrix()
	var fromA []bool
	var cols []int
	for r, l := range y {
		if l == a || l == b {
			fromA, cols = append(fromA, l == a), append(cols, c.col[r])
		}
	}
	out := mat.NewDense(A.Rows, len(cols), nil)
	raw := out.RawMatrix()
	for i := 0; i < A.Rows; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+len(cols)]
		ra, rb := A.Data[i*A.Stride:i*A.Stride+A.Cols], B.Data[i*B.Stride:i*B.Stride+B.Cols]
		for j, k := range cols {
			if fromA[j] {
				row[j] = ra[k]
			} else {
				row[j] = rb[k]
			}
		}
	}
	return out, nil
}

// pairRows returns the rows of X whose label is a or b, with their labels.
func pairRows(X *mat.Dense, y []float64, a, b float64) (*mat.Dense, []float64, error) {
	var idx []int
	for i, v := range y {
		if v == a || v == b {
			idx = append(idx, i)
		}
	}
	Xp, err := klearn.Rows(X, idx)
	if err != nil {
		return nil, nil, err
	}
	yp, err := klearn.Take(y, idx)
	return Xp, yp, err
}

// table4MKL returns the test AUCs of K_MKL (EasyMKL on K_10, v chosen by
// stratified 3-fold CV over {0.1, …, 1} among certified fits, innerPick;
// KOMD scores) on the first nOuter of the outer folds that GHKLNestedAUC
// uses for the same data set (same labels, same StratifiedKFold(y, 10,
// seed)), so the columns are paired; with them, per outer fold, the
// number of QP solves not certified of the fit behind its AUC (Uncert),
// and the counts of every solve, inner CVs included.
func table4MKL(name string, nOuter int, cfg Config) (Table4Cell, error) {
	var cell Table4Cell
	X, y, err := datasets.LoadBinary(name)
	if err != nil {
		return cell, err
	}
	folds, err := modelsel.StratifiedKFold(y, 10, cfg.Seed)
	if err != nil {
		return cell, err
	}
	vGrid := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}
	aucs, uncert, solves := make([]float64, nOuter), make([]int, nOuter), make([]Solves, nOuter)
	err = parallelFolds(nOuter, func(f int) error {
		sp := folds[f]
		Z, err := Unit(X, sp.Train, cfg.Prep)
		if err != nil {
			return err
		}
		K1, err := hpk.CosineGram(Z)
		if err != nil {
			return err
		}
		ytr, err := klearn.Take(y, sp.Train)
		if err != nil {
			return err
		}
		inner, err := modelsel.StratifiedKFold(ytr, 3, cfg.Seed+1+uint64(f))
		if err != nil {
			return err
		}
		K1tr, err := kernel.SubGram(K1, sp.Train)
		if err != nil {
			return err
		}
		v, si, err := innerPick(inner, vGrid, easyFolds(K1tr, 10, ytr, cfg.qpSettings()))
		solves[f] = si
		if err != nil {
			return err
		}
		var m *easymkl.Model
		if aucs[f], m, err = mklAUC(K1, 10, y, sp.Train, sp.Test, v, cfg.qpSettings()); err != nil {
			return err
		}
		uncert[f] = solves[f].addEasy(m)
		return nil
	})
	cell.Scores, cell.Uncert = aucs, uncert
	for _, s := range solves {
		cell.Solves.Merge(s)
	}
	return cell, err
}

// Table4Nodes are the node kernels gHKL runs with on data set name:
// linear on every data set, Gaussian too on cfg.T4Gaussian.
func Table4Nodes(name string, cfg Config) []string {
	kinds := []string{"linear"}
	for _, g := range cfg.T4Gaussian {
		if g == name {
			kinds = append(kinds, "gaussian")
		}
	}
	return kinds
}

// table4GHKL runs gHKL_ρ with the given node kernels on data set name
// (GHKLNestedAUC on the first cfg.T4Outer outer folds): Table 4's cell.
func table4GHKL(name, nodes string, rho float64, cfg Config) (*GHKLResult, error) {
	var model ghkl.Classifier
	switch nodes {
	case "linear":
		model.Base = kernel.Linear{}
	case "gaussian":
	default:
		return nil, klearn.Errorf(klearn.ErrParam, "donini2017: Table 4: node kernels %q, want linear or gaussian", nodes)
	}
	r, err := GHKLNestedAUC(name, rho, GHKLOptions{Cs: cfg.T4Cs, Widen: cfg.T4Widen, Seed: cfg.Seed, Workers: 2, MaxOuter: cfg.T4Outer, Model: model})
	if err != nil {
		return nil, fmt.Errorf("%s, %s nodes, ρ = %g: %w", name, nodes, rho, err)
	}
	return r, nil
}
