package bench

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// Budget is the number of hyper-parameter candidates every method chooses
// from by inner cross-validation: the same for all, so no method wins by a
// finer search.
const Budget = 6

// Method families, the groups a reader filters the tables by.
const (
	FamilySingle     = "single kernel"
	FamilyFixed      = "fixed combination"
	FamilyList       = "MKL over a list"
	FamilyContinuous = "continuous family"
	FamilyStructured = "structured family"
	FamilyNetwork    = "neural network"
)

// paramString lists the parameters as k=v with three significant digits,
// sorted by name: the Chosen column of the tables.
func paramString(p modelsel.Params) string {
	parts := make([]string, 0, len(p))
	for _, k := range slices.Sorted(maps.Keys(p)) {
		parts = append(parts, fmt.Sprintf("%s=%.3g", k, p[k]))
	}
	return strings.Join(parts, " ")
}

// scorer returns the real-valued decision (positive: class +1) on test rows.
type scorer func(Xte *mat.Dense) ([]float64, error)

// Method is one learner of the library under the benchmark's protocol:
// its Budget candidates (a function of the number of features d, through
// the default bandwidth 1/d), the fit on standardised training rows, its
// solver caps, and the limit beyond which it is not run, with the reason.
type Method struct {
	Name, Family string
	// Source names the library type that does the work.
	Source string
	// Caps states the solver caps the method runs under, the same whatever
	// the data, and which status counts a fit as stopped at one ("" for a
	// method solved directly, with no iteration cap).
	Caps string
	grid func(d int) []modelsel.Params
	// fit fits candidate p and reports whether the learner's solver (or
	// the inner SVM its model keeps) stopped at an iteration cap rather
	// than on its convergence test.
	fit func(p modelsel.Params, X *mat.Dense, y []float64, seed uint64) (scorer, bool, error)
	// limit returns why the method is not run on n training rows and d
	// features ("" when it runs).
	limit func(n, d int) string
}

// Candidates returns the method's hyper-parameter candidates for d
// features.
func (m Method) Candidates(d int) []modelsel.Params { return m.grid(d) }

// Limit returns why the method is not run on n training rows of d
// features, or "".
func (m Method) Limit(n, d int) string {
	if m.limit == nil {
		return ""
	}
	return m.limit(n, d)
}

// Grids shared by the methods (each product has Budget points).
var (
	cs6    = []float64{1.0 / 16, 1.0 / 4, 1, 4, 16, 64}
	cs3    = []float64{1.0 / 4, 4, 64}
	mus6   = []float64{1e-3, 1e-2, 1e-1, 1, 10, 100}
	widths = []float64{1.0 / 4, 1, 4} // multiples of the default γ0 = 1/d
)

// product is the grid of all combinations of the axes (modelsel.Grid, keys
// sorted, the last varying fastest). The axes here are fixed, finite and
// small, so Grid's errors (a NaN, a product too large to hold) cannot
// arise; a nil grid would fail the search with ErrEmpty.
func product(axes map[string][]float64) []modelsel.Params {
	ps, _ := modelsel.Grid(axes)
	return ps
}

func axis(name string, vs []float64) func(int) []modelsel.Params {
	return func(int) []modelsel.Params { return product(map[string][]float64{name: vs}) }
}

// gammas returns γ0·widths with γ0 = 1/d, the scale of standardised data.
func gammas(d int) []float64 {
	g := make([]float64, len(widths))
	for i, w := range widths {
		g[i] = w / float64(d)
	}
	return g
}

// gaussList is the base kernel list of the finite-list learners: seven
// Gaussians exp(−γ‖x − x'‖²), γ = 4^k/d, k = −3 … 3, unit diagonal.
func gaussList(d int) []kernel.Kernel {
	var ks []kernel.Kernel
	for k := -3; k <= 3; k++ {
		ks = append(ks, kernel.RBF{Gamma: math.Pow(4, float64(k)) / float64(d)})
	}
	return ks
}

// grams returns the training Grams and a function giving the test×train
// matrices of the kernels ks.
func grams(ks []kernel.Kernel, X *mat.Dense) ([]*mat.SymDense, func(*mat.Dense) ([]*mat.Dense, error), error) {
	Ks := make([]*mat.SymDense, len(ks))
	for i, k := range ks {
		var err error
		if Ks[i], err = kernel.Gram(k, X); err != nil {
			return nil, nil, err
		}
	}
	cross := func(Xte *mat.Dense) ([]*mat.Dense, error) {
		out := make([]*mat.Dense, len(ks))
		for i, k := range ks {
			var err error
			if out[i], err = kernel.Cross(k, Xte, X); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return Ks, cross, nil
}

// svmCapped reports an SVM whose SMO stopped at its iteration cap.
func svmCapped(m *svm.Model) bool { return m.Status() != svm.Converged }

// optCapped reports a solver stopped at an iteration cap
// (opt.IterationLimit; the wrapper learners, TK and gHKL report it also
// when the inner SVM their model keeps stopped at its SMO cap).
func optCapped(s opt.Status) bool { return s == opt.IterationLimit }

// listScorer fits a finite-list learner on the Gaussian list; capped
// tells whether its model stopped at a cap.
func listScorer[M mkl.Model](l mkl.Learner[M], capped func(M) bool, X *mat.Dense, y []float64) (scorer, bool, error) {
	_, d := X.Dims()
	Ks, cross, err := grams(gaussList(d), X)
	if err != nil {
		return nil, false, err
	}
	return gramsScorer(l, capped, Ks, cross, y)
}

// hpkScorer fits a finite-list learner on the HPK family of degrees lo … hi.
func hpkScorer[M mkl.Model](l mkl.Learner[M], capped func(M) bool, lo, hi int, X *mat.Dense, y []float64) (scorer, bool, error) {
	f := hpk.Family{D: hi, MinDegree: lo}
	Ks, err := f.Grams(X)
	if err != nil {
		return nil, false, err
	}
	return gramsScorer(l, capped, Ks, func(Xte *mat.Dense) ([]*mat.Dense, error) { return f.Crosses(Xte, X) }, y)
}

// gramsScorer fits a finite-list learner on the training Grams Ks; cross
// gives the test×train matrices its decision needs.
func gramsScorer[M mkl.Model](l mkl.Learner[M], capped func(M) bool, Ks []*mat.SymDense, cross func(*mat.Dense) ([]*mat.Dense, error), y []float64) (scorer, bool, error) {
	m, err := l.FitGrams(Ks, y)
	if err != nil {
		return nil, false, err
	}
	return viaCross(cross, m.DecisionGrams), capped(m), nil
}

// viaCross is the scorer that computes the test×train matrices with cross
// and scores them with decide.
func viaCross(cross func(*mat.Dense) ([]*mat.Dense, error), decide func([]*mat.Dense) ([]float64, error)) scorer {
	return func(Xte *mat.Dense) ([]float64, error) {
		C, err := cross(Xte)
		if err != nil {
			return nil, err
		}
		return decide(C)
	}
}

// statusModel is a fitted model that reports why its solver stopped.
type statusModel interface {
	mkl.FeatureModel
	Status() opt.Status
}

// featureScorer wraps a fitted FeatureModel; it stopped at a cap when its
// Status is opt.IterationLimit.
func featureScorer[M statusModel](m M, err error) (scorer, bool, error) {
	if err != nil {
		return nil, false, err
	}
	return func(Xte *mat.Dense) ([]float64, error) { return m.Decision(Xte) }, optCapped(m.Status()), nil
}

// caScorer wraps a fitted CA model: capped when its T stages all ran
// (opt.IterationLimit) or its SVM stopped at the SMO cap.
func caScorer(m *stagewise.Model, err error) (scorer, bool, error) {
	f, capped, err := featureScorer(m, err)
	if err != nil {
		return nil, false, err
	}
	return f, capped || svmCapped(m.SVM()), nil
}

// featureLimit refuses a method beyond max features.
func featureLimit(max int, why string) func(n, d int) string {
	return func(n, d int) string {
		if d > max {
			return fmt.Sprintf("not run: %d features > %d (%s)", d, max, why)
		}
		return ""
	}
}

// caStages is CA's number of stages (Method.Caps states every method's
// caps).
const caStages = 20

// lpCapped is the cap test of ℓp-norm MKL (and of the uniform sum, its
// p = +Inf case).
func lpCapped(m *lpmkl.Model) bool { return optCapped(m.Status) }

// komdCaps states the caps of the KOMD solves; a fit counts as stopped at
// a cap when a QP solve its model keeps is not certified (komdUncertified).
const komdCaps = "opt.KOMDQP at its defaults (a QP solve short of opt.Success counted)"

// komdUncertified reports KOMD QP results short of opt.Success (at the
// pair-step cap, or stopped otherwise): their γ is not the QP optimum.
func komdUncertified(rs ...*opt.Result) bool {
	for _, r := range rs {
		if r != nil && r.Status != opt.Success {
			return true
		}
	}
	return false
}

// easyUncertified is the cap test of EasyMKL: step 1's QP on the sum
// kernel (which gives η) or step 3's on K_η not certified.
func easyUncertified(m *easymkl.Model) bool { return komdUncertified(m.SumResult, m.Result) }

// caCaps states CA's caps: its stages, then the SVM on the learned kernel.
var caCaps = fmt.Sprintf("at most %d stages (fewer when the alignment gain falls below Theta); ", caStages) + svmCap

// svmCap is the inner SVM's cap, stated in the Caps of the methods with
// an SVM.
const svmCap = "SMO at svm's default cap, max(10⁷, 100n) iterations"

// starts are the restarts of the bandwidth searches: σ = √d·{1/4, 1, 4},
// around the typical distance √(2d) of standardised rows.
func starts(X *mat.Dense) []float64 {
	_, d := X.Dims()
	r := math.Sqrt(float64(d))
	return []float64{r / 4, r, 4 * r}
}

// bandwidth is the isotropic Gaussian family exp(−‖x − x'‖²/σ²) searched
// from starts(X).
func bandwidth(X *mat.Dense) continuous.GaussianBandwidth {
	return continuous.GaussianBandwidth{Starts: starts(X)}
}

// tkDegree1Max is the largest number of features for which TK learning is
// offered degree 1 (2d + 1 monomials, P of size (4d + 2)²); beyond it the
// candidates are degree 0 only, at six values of C.
const tkDegree1Max = 20

// Methods lists every learner of the benchmark, in table order: the
// single-kernel baselines, the fixed combinations, the learners over a
// finite kernel list, those over continuous families, the structured
// families and the network. Each is a real learner of klearn; every kernel
// learner of klearn/mkl appears, and the finite combination of
// continuous (EasyMKLAllPairs is EasyMKL's multiclass wrapper, one
// EasyMKL per pair of classes; RandomHPKFamily builds kernel lists, not a
// learner; nkrr is a regressor, in the regression table).
func Methods() []Method {
	return []Method{
		{Name: "SVM-RBF", Family: FamilySingle, Source: "svm.Classifier, kernel.RBF", Caps: svmCap,
			grid: func(d int) []modelsel.Params { return product(map[string][]float64{"C": {1, 16}, "gamma": gammas(d)}) },
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				m, err := svm.Classifier{Kernel: kernel.RBF{Gamma: p["gamma"]}, C: p["C"]}.Fit(X, y)
				if err != nil {
					return nil, false, err
				}
				return func(Xte *mat.Dense) ([]float64, error) { return m.Decision(Xte) }, svmCapped(m), nil
			}},
		{Name: "KRR", Family: FamilySingle, Source: "krr.Regressor on ±1 targets, kernel.RBF",
			grid: func(d int) []modelsel.Params {
				return product(map[string][]float64{"lambda": {0.1, 1}, "gamma": gammas(d)})
			},
			fit: fitKRR},
		{Name: "Uniform sum", Family: FamilyFixed, Source: "svm.Classifier on the mean of the Gaussian list", Caps: svmCap,
			grid: axis("C", cs6),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return listScorer(lpmkl.Learner{P: math.Inf(1), C: p["C"]}, lpCapped, X, y)
			}},
		{Name: "HPK best", Family: FamilyFixed, Source: "mkl.KOMD on one HPK k_D", Caps: komdCaps,
			grid: func(int) []modelsel.Params {
				return product(map[string][]float64{"D": {1, 3, 10}, "lambda": {0.1, 0.5}})
			},
			fit: fitHPK},
		{Name: "EasyMKL", Family: FamilyList, Source: "mkl.EasyMKL over HPKs k_1 … k_10", Caps: komdCaps,
			grid: axis("lambda", []float64{0.05, 0.2, 0.4, 0.6, 0.8, 0.95}),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return hpkScorer(easymkl.Learner{Lambda: p["lambda"]}, easyUncertified, 1, 10, X, y)
			}},
		{Name: "EasyMKL+SVM", Family: FamilyList, Source: "mkl.EasyMKLSVM over HPKs k_1 … k_10", Caps: komdCaps + "; " + svmCap + " (counted)",
			grid: func(int) []modelsel.Params {
				return product(map[string][]float64{"lambda": {0.2, 0.8}, "C": cs3})
			},
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return hpkScorer(easymkl.SVM{MKL: easymkl.Learner{Lambda: p["lambda"]}, SVM: svm.Classifier{C: p["C"]}},
					func(m *easymkl.SVMModel) bool { return easyUncertified(m.MKL) || svmCapped(m.SVM) }, 1, 10, X, y)
			}},
		{Name: "SimpleMKL", Family: FamilyList, Source: "mkl.SimpleMKL over the Gaussian list",
			Caps: "at most 100 descent steps (relative duality gap 0.01); " + svmCap,
			grid: axis("C", cs6),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return listScorer(simplemkl.Learner{C: p["C"], Settings: opt.Settings{MaxIter: 100}},
					func(m *simplemkl.Model) bool { return optCapped(m.Status) }, X, y)
			}},
		{Name: "ℓp-MKL", Family: FamilyList, Source: "mkl.LpMKL over the Gaussian list",
			Caps: "at most 100 weight updates (relative duality gap 1e-3, step 1e-4); " + svmCap,
			grid: func(int) []modelsel.Params {
				return product(map[string][]float64{"p": {4.0 / 3, 2}, "C": cs3})
			},
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return listScorer(lpmkl.Learner{P: p["p"], C: p["C"]}, lpCapped, X, y)
			}},
		{Name: "alignf", Family: FamilyList, Source: "mkl.AlignfSVM over the Gaussian list", Caps: svmCap,
			grid: axis("C", cs6),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return listScorer(alignf.SVM{SVM: svm.Classifier{C: p["C"]}}, func(m *alignf.SVMModel) bool { return svmCapped(m.SVM) }, X, y)
			}},
		{Name: "Finite", Family: FamilyList, Source: "continuous.FiniteCombination over the Gaussian list, then KRR on K_λ",
			Caps: "continuous.FiniteCombination at its default iteration cap",
			grid: axis("mu", mus6),
			fit:  fitFinite},
		{Name: "Greedy CR", Family: FamilyContinuous, Source: "continuous.Greedy, quasi-Newton step 2, Gaussian bandwidth",
			Caps: "at most 10 greedy steps",
			grid: axis("mu", mus6),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return featureScorer(continuous.Greedy{Family: bandwidth(X), Mu: p["mu"], MaxSteps: 10}.Fit(X, y))
			}},
		{Name: "Greedy DC", Family: FamilyContinuous, Source: "continuous.Greedy, DC step 2 (Algorithm 2), Gaussian bandwidth",
			Caps: "at most 10 greedy steps",
			grid: axis("mu", mus6),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return featureScorer(continuous.Greedy{Family: bandwidth(X), Mu: p["mu"], MaxSteps: 10, Step2: continuous.DC}.Fit(X, y))
			}},
		{Name: "CA-1D", Family: FamilyContinuous, Source: "stagewise.CA, Gaussian bandwidth, then an SVM", Caps: caCaps,
			grid: axis("C", cs6),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return caScorer(stagewise.CA{Family: bandwidth(X), T: caStages, SVM: svm.Classifier{C: p["C"]}}.Fit(X, y))
			}},
		{Name: "CA-nD", Family: FamilyContinuous, Source: "stagewise.CA, one bandwidth per feature, then an SVM", Caps: caCaps,
			grid: axis("C", cs6),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return caScorer(stagewise.CA{Family: continuous.GaussianPerCoordinate{Starts: starts(X)}, T: caStages, SVM: svm.Classifier{C: p["C"]}}.Fit(X, y))
			},
			limit: featureLimit(100, "a quasi-Newton search over one bandwidth per feature at every stage")},
		{Name: "TK", Family: FamilyStructured, Source: "tk.Learner (projected gradient), no bias",
			Caps: "at most 30 projected-gradient steps (certified relative gap 1e-2); inner SMO at 50·n steps, then the interior point and SMO again under that cap",
			grid: func(d int) []modelsel.Params {
				if d > tkDegree1Max {
					return product(map[string][]float64{"degree": {0}, "C": cs6})
				}
				return product(map[string][]float64{"degree": {0, 1}, "C": cs3})
			},
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return featureScorer(tk.Learner{Degree: int(p["degree"]), SVM: svm.Classifier{C: p["C"], NoBias: true},
					Settings: opt.Settings{Tol: 1e-2, MaxIter: 30}}.Fit(X, y))
			}},
		{Name: "gHKL", Family: FamilyStructured, Source: "ghkl.Classifier, Gaussian per-feature kernels",
			Caps: "at most 32 active nodes and 50 weight updates per active set (relative gap 1e-2); " + svmCap,
			grid: func(int) []modelsel.Params {
				return product(map[string][]float64{"rho": {1.5, 2}, "C": cs3})
			},
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
				return featureScorer(ghkl.Classifier{Rho: p["rho"], C: p["C"], MaxActive: 32, Settings: opt.Settings{MaxIter: 50, Tol: 1e-2}}.Fit(X, y))
			},
			limit: featureLimit(ghkl.MaxFeatures, "ghkl.Classifier's feature subsets are bit masks")},
		{Name: "NN", Family: FamilyNetwork, Source: "nn.Classifier (one tanh hidden layer, early stopping)",
			Caps: "at most 1000 SCG epochs (opt.DefaultSCGMaxIter); early stopping is its rule, not a cap",
			grid: axis("hidden", []float64{2, 5, 10, 20, 50, 100}),
			fit: func(p modelsel.Params, X *mat.Dense, y []float64, seed uint64) (scorer, bool, error) {
				m, err := nn.Classifier{Hidden: int(p["hidden"]), TestFrac: -1, Seed: seed}.Fit(X, y)
				if err != nil {
					return nil, false, err
				}
				return func(Xte *mat.Dense) ([]float64, error) { return m.Decision(Xte) }, optCapped(m.Status()), nil
			}},
	}
}

// fitHPK fits KOMD (the classifier of EasyMKL) on the single normalised
// homogeneous polynomial kernel k_D, the best fixed member of the family.
func fitHPK(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
	D := int(p["D"])
	f := hpk.Family{D: D, MinDegree: D}
	Ks, err := f.Grams(X)
	if err != nil {
		return nil, false, err
	}
	m, err := easymkl.KOMD{Lambda: p["lambda"]}.FitGram(Ks[0], y)
	if err != nil {
		return nil, false, err
	}
	return viaCross(func(Xte *mat.Dense) ([]*mat.Dense, error) { return f.Crosses(Xte, X) },
		func(C []*mat.Dense) ([]float64, error) { return m.DecisionGram(C[0]) }), komdUncertified(m.Result), nil
}

// fitFinite learns the convex combination K_λ of the Gaussian list that
// minimises the square-loss regularisation error E(K) = μ yᵀ(K + μI)⁻¹y
// (the "finite" method of Argyriou et al. 2006) and scores by the
// regularisation network on K_λ, c = (K_λ + μI)⁻¹y: KRR with λ = μ.
func fitFinite(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
	_, d := X.Dims()
	Ks, cross, err := grams(gaussList(d), X)
	if err != nil {
		return nil, false, err
	}
	fr, err := continuous.FiniteCombination(Ks, y, p["mu"], nil)
	if err != nil {
		return nil, false, err
	}
	K, err := kernel.Combine(fr.Weights, Ks)
	if err != nil {
		return nil, false, err
	}
	m, err := krr.Regressor{Lambda: p["mu"]}.FitGram(K, y)
	if err != nil {
		return nil, false, err
	}
	return viaCross(cross, func(C []*mat.Dense) ([]float64, error) {
		Kte, err := kernel.CombineCross(fr.Weights, C)
		if err != nil {
			return nil, err
		}
		return m.PredictGram(Kte)
	}), optCapped(fr.Status), nil
}

// fitKRR fits kernel ridge regression to the ±1 labels, centred by their
// training mean, and scores by the prediction plus the mean (Eq. (9) of
// Cortes et al. 2009 has no intercept).
func fitKRR(p modelsel.Params, X *mat.Dense, y []float64, _ uint64) (scorer, bool, error) {
	mean := 0.0
	for _, v := range y {
		mean += v
	}
	mean /= float64(len(y))
	yc := make([]float64, len(y))
	for i, v := range y {
		yc[i] = v - mean
	}
	m, err := krr.Regressor{Kernel: kernel.RBF{Gamma: p["gamma"]}, Lambda: p["lambda"]}.Fit(X, yc)
	if err != nil {
		return nil, false, err
	}
	return func(Xte *mat.Dense) ([]float64, error) {
		f, err := m.Predict(Xte)
		for i := range f {
			f[i] += mean
		}
		return f, err
	}, false, nil
}

// MethodNames returns the names of Methods in order.
func MethodNames() []string {
	var out []string
	for _, m := range Methods() {
		out = append(out, m.Name)
	}
	return out
}

// methodByName returns the method named name.
func methodByName(name string) (Method, error) {
	for _, m := range Methods() {
		if m.Name == name {
			return m, nil
		}
	}
	return Method{}, klearn.Errorf(klearn.ErrParam, "bench: unknown method %q (see MethodNames)", name)
}
