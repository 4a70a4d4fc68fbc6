package stagewise

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// Defaults of CA used when a field is zero: the values of every experiment
// of Afkanpour et al. (2013), Section 5.
const (
	DefaultT      = 50
	DefaultEps    = 1e-10
	DefaultTheta  = 1e-3
	DefaultEtaMax = 1.0
)

// CA is forward stagewise additive modelling on centred alignment (Algorithm
// 1 of Afkanpour et al. 2013) over a kernel family, followed by an SVM on
// the learned kernel. Zero values take the defaults above; Family nil is
// GaussianBandwidth{} (CA-1D).
type CA struct {
	Family continuous.Family
	// T caps the stages, Eps is K_0 = εI, Theta the least alignment gain
	// that continues, EtaMax the largest step (Proposition 2's η* is
	// capped there).
	T                  int
	Eps, Theta, EtaMax float64
	// Search settings of the quasi-Newton search of each stage.
	Search opt.Settings
	// SVM is the second stage, trained on the learned kernel.
	SVM svm.Classifier
	// Trace, if not nil, is called after the search of every stage (the
	// h(σ) curves of Figure 3 are drawn from it).
	Trace func(StageInfo)
}

// StageInfo is one stage t of Algorithm 1 as Learn ran it.
type StageInfo struct {
	Stage int
	// P is the centred gradient C F'(K_{t−1}) C: the search of Eq. (2)
	// maximised h(θ) = ⟨P, K(κ_θ)⟩_F over the family's box. P is the
	// callee's (Learn does not use it afterwards).
	P *mat.SymDense
	// Theta is the search parameter found (log σ for the Gaussians), Sigma
	// its kernel parameters, Eta the step of Proposition 2 (before the
	// rescaling of the weights; 0 ends the run).
	Theta, Sigma []float64
	Eta          float64
}

// Atom is one stage: weight η_t and kernel parameters σ_t.
type Atom struct {
	Eta   float64
	Sigma []float64
}

// Model is a fitted CA: the learned kernel k = Σ_t η_t κ_{σ_t}, with the
// η_t rescaled to sum to 1 (see Fit), and the SVM trained on it.
type Model struct {
	atoms      []Atom
	kern       kernel.Kernel
	alignments []float64
	status     opt.Status
	svm        *svm.Model
	train      *mat.Dense
	gram       *mat.SymDense
}

var _ mkl.FeatureLearner[*Model] = CA{}

func (c CA) conf() (CA, error) {
	if c.Family == nil {
		c.Family = continuous.GaussianBandwidth{}
	}
	if c.T == 0 {
		c.T = DefaultT
	}
	if c.T < 0 {
		return c, klearn.Errorf(klearn.ErrParam, "stagewise: T = %d, want ≥ 1", c.T)
	}
	err := klearn.CheckPositive("stagewise", klearn.PositiveParam{Name: "Eps", V: &c.Eps, Default: DefaultEps},
		klearn.PositiveParam{Name: "Theta", V: &c.Theta, Default: DefaultTheta},
		klearn.PositiveParam{Name: "EtaMax", V: &c.EtaMax, Default: DefaultEtaMax})
	return c, err
}

// Fit learns the kernel on the rows of X with labels y (two classes, ±1)
// by Learn and trains the SVM on its training Gram matrix. Errors as for
// Learn, and the SVM's.
func (c CA) Fit(X mat.Matrix, y []float64) (*Model, error) {
	m, err := c.Learn(X, y)
	if err != nil {
		return nil, err
	}
	if m.svm, err = c.SVM.FitGram(m.gram, y); err != nil {
		return nil, klearn.Errorf(err, "stagewise: SVM")
	}
	return m, nil
}

// Learn is the first stage alone: Algorithm 1 on the rows of X with labels
// y (two classes, ±1), without the SVM (Decision and Predict then return
// ErrNotFitted), for callers that train their own classifiers on the
// learned kernel (a grid of C values). Algorithm 1's path starts at
// K_0 = εI and the alignment does not depend on the kernel's scale, so the
// steps η_t come out of the order of ε; the learned kernel keeps their
// ratios and is rescaled to Σ_t η_t = 1 (the SVM is not scale-invariant).
// Each stage's σ-search runs on pairwise quantities cached once (see
// search.go) for the Gaussian and Dirichlet families of package
// continuous, on the family's Searcher for any other. Errors wrap
// ErrParam, ErrShape, ErrEmpty, ErrNotFinite, ErrLabels, ErrOneClass and
// ErrNotConverged (no stage improved the alignment).
func (c CA) Learn(X mat.Matrix, y []float64) (*Model, error) {
	c, err := c.conf()
	if err != nil {
		return nil, err
	}
	Xc, s, n, d, err := continuous.PrepareBinary(c.Family, X, y, "stagewise")
	if err != nil {
		return nil, err
	}
	fast, err := newStageSearch(c.Family, Xc)
	if err != nil {
		return nil, klearn.Errorf(err, "stagewise")
	}
	search := func(P *mat.SymDense) ([]float64, *mat.SymDense, error) {
		if fast == nil {
			theta, _, err := continuous.Search(c.Family, s, d, P, &c.Search)
			if err != nil {
				return nil, nil, err
			}
			G, err := s.Gram(theta)
			return theta, G, err
		}
		fast.setP(P)
		theta, err := searchStage(c.Family, fast, d, &c.Search)
		if err != nil {
			return nil, nil, err
		}
		G, err := fast.gram(theta)
		return theta, G, err
	}

	// K*_c = C yyᵀ C = ỹỹᵀ with ỹ = y − ȳ.
	var ybar float64
	for _, v := range y {
		ybar += v / float64(n)
	}
	yt := make([]float64, n)
	for i, v := range y {
		yt[i] = v - ybar
	}
	Ks := mat.NewSymDense(n, nil)
	Ks.SymOuterK(1, mat.NewVecDense(n, yt))
	K := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		K.SetSym(i, i, c.Eps)
	}
	m := &Model{train: Xc, status: opt.IterationLimit}
	var thetas [][]float64
	// raw is Σ_t η_t K(κ_{σ_t}), the learned kernel's training Gram matrix
	// before the rescaling below: no kernel evaluation afterwards.
	raw := mat.NewSymDense(n, nil)
	f, err := Alignment(K, Ks)
	if err != nil {
		return nil, err
	}
	m.alignments = append(m.alignments, f)
	for t := 0; t < c.T; t++ {
		G, err := Gradient(K, Ks)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
		}
		P, err := kernel.Center(G)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
		}
		theta, Gt, err := search(P)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d search", t+1)
		}
		Kp, err := kernel.Center(Gt)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
		}
		eta, err := Step(K, Kp, Ks, c.EtaMax)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
		}
		next, err := lin(1, K, eta, Kp)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
		}
		fn, err := Alignment(next, Ks)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
		}
		sigma, err := c.Family.Params(theta)
		if err != nil {
			return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
		}
		if c.Trace != nil {
			c.Trace(StageInfo{Stage: t + 1, P: P, Theta: slices.Clone(theta), Sigma: slices.Clone(sigma), Eta: eta})
		}
		if eta > 0 {
			m.atoms = append(m.atoms, Atom{Eta: eta, Sigma: sigma})
			thetas = append(thetas, theta)
			if raw, err = lin(1, raw, eta, Gt); err != nil {
				return nil, klearn.Errorf(err, "stagewise: stage %d", t+1)
			}
			K = next
		}
		m.alignments = append(m.alignments, math.Max(f, fn))
		if !(fn > f+c.Theta) {
			m.status = opt.Success
			break
		}
		f = fn
	}
	if len(m.atoms) == 0 {
		return nil, klearn.Errorf(klearn.ErrNotConverged, "stagewise: no stage improved the alignment")
	}
	// The alignment is scale-invariant and the path starts at εI, so the
	// raw η_t are of the order of ε: rescale them to sum to 1 (the same
	// learned kernel up to scale), which gives the SVM's C its usual meaning.
	var sum float64
	for _, a := range m.atoms {
		sum += a.Eta
	}
	weights := make([]float64, len(m.atoms))
	for i := range m.atoms {
		m.atoms[i].Eta /= sum
		weights[i] = m.atoms[i].Eta
	}
	if m.kern, err = continuous.SumKernel(c.Family, thetas, weights); err != nil {
		return nil, klearn.Errorf(err, "stagewise")
	}
	m.gram = mat.NewSymDense(n, nil)
	m.gram.ScaleSym(1/sum, raw)
	return m, nil
}

// Alignment is F(K) = ⟨K, K*_c⟩_F / (‖K‖_F ‖K*_c‖_F) for the centred target
// kernel Ks; for a centred K it is the centred alignment A_c(K, yyᵀ):
// metrics.Alignment, whose rescaling makes F exact in range for any finite
// K, Ks (F is scale-invariant). Errors: a nil or empty matrix (ErrEmpty),
// orders that differ (ErrShape), a NaN or ±Inf entry (ErrNotFinite), K or
// Ks zero (ErrSingular: F is undefined).
func Alignment(K, Ks *mat.SymDense) (float64, error) {
	f, err := metrics.Alignment(K, Ks)
	if err != nil {
		return 0, klearn.Errorf(err, "stagewise: Alignment")
	}
	return f, nil
}

// Gradient is F'(K) of Eq. (3). Errors as for Alignment, and Frobenius
// products beyond float64 (ErrNotFinite).
func Gradient(K, Ks *mat.SymDense) (*mat.SymDense, error) {
	p, err := metrics.FrobeniusGram(K, Ks)
	if err != nil {
		return nil, klearn.Errorf(err, "stagewise: Gradient")
	}
	nk2, a, ns2 := p.At(0, 0), p.At(0, 1), p.At(1, 1)
	if err := checkNorms("Gradient", nk2, ns2); err != nil {
		return nil, err
	}
	nk, ns := math.Sqrt(nk2), math.Sqrt(ns2)
	G, err := lin(1/(nk*ns), Ks, -a/(nk2*nk*ns), K)
	if err != nil {
		return nil, klearn.Errorf(err, "stagewise: Gradient")
	}
	return G, nil
}

// Step is Proposition 2: the η ∈ [0, etaMax] maximising F(K + ηK') for
// centred K, K' and target Ks, from a = ⟨K, K*_c⟩, b = ⟨K', K*_c⟩,
// c = ⟨K, K⟩, d = ⟨K, K'⟩, e = ⟨K', K'⟩: the stationary point
// η* = (ad − bc)/(bd − ae) when it lies in (0, etaMax], else the better end.
// Errors as for Gradient (K' may be zero: the step is then 0), and etaMax
// not finite and > 0 (ErrParam).
func Step(K, Kp, Ks *mat.SymDense, etaMax float64) (float64, error) {
	if !(etaMax > 0) || math.IsInf(etaMax, 0) {
		return 0, klearn.Errorf(klearn.ErrParam, "stagewise: Step: etaMax = %v, want a finite value > 0", etaMax)
	}
	p, err := metrics.FrobeniusGram(K, Kp, Ks)
	if err != nil {
		return 0, klearn.Errorf(err, "stagewise: Step")
	}
	a, b, c := p.At(0, 2), p.At(1, 2), p.At(0, 0)
	d, e := p.At(0, 1), p.At(1, 1)
	if err := checkNorms("Step", c, p.At(2, 2)); err != nil {
		return 0, err
	}
	g := func(eta float64) float64 { return (a + b*eta) / math.Sqrt(c+2*d*eta+e*eta*eta) }
	best, bestG := 0.0, g(0)
	cands := []float64{etaMax}
	if den := b*d - a*e; den != 0 {
		if s := (a*d - b*c) / den; s > 0 && s < etaMax {
			cands = append(cands, s)
		}
	}
	for _, eta := range cands {
		if v := g(eta); v > bestG {
			best, bestG = eta, v
		}
	}
	return best, nil
}

// checkNorms returns an error unless the squared Frobenius norms ‖K‖² and
// ‖K*_c‖² (finite: metrics.FrobeniusGram) are positive.
func checkNorms(what string, nk2, ns2 float64) error {
	if nk2 == 0 || ns2 == 0 {
		return klearn.Errorf(klearn.ErrSingular, "stagewise: %s of a zero matrix is undefined", what)
	}
	return nil
}

// lin returns αA + βB for symmetric A, B of one order (an error if an
// entry overflows).
func lin(alpha float64, A *mat.SymDense, beta float64, B *mat.SymDense) (*mat.SymDense, error) {
	return kernel.Combine([]float64{alpha, beta}, []*mat.SymDense{A, B})
}

// Atoms returns the stages: weights η_t and parameters σ_t (copies).
func (m *Model) Atoms() []Atom {
	if m == nil {
		return nil
	}
	out := make([]Atom, len(m.atoms))
	for i, a := range m.atoms {
		out[i] = Atom{Eta: a.Eta, Sigma: slices.Clone(a.Sigma)}
	}
	return out
}

// Alignments returns F(K_t) for t = 0, 1, … (non-decreasing).
func (m *Model) Alignments() []float64 {
	if m == nil {
		return nil
	}
	return slices.Clone(m.alignments)
}

// Status is Success when the alignment gain fell below Theta, else
// IterationLimit (T stages ran).
func (m *Model) Status() opt.Status {
	if m == nil {
		return 0
	}
	return m.status
}

// Kernel returns the learned kernel Σ_t η_t κ_{σ_t}.
func (m *Model) Kernel() kernel.Kernel {
	if m == nil {
		return nil
	}
	return m.kern
}

// TrainGram returns the learned kernel's Gram matrix on the training rows
// (a copy; nil for a nil model).
func (m *Model) TrainGram() *mat.SymDense {
	if m == nil || m.gram == nil {
		return nil
	}
	G := mat.NewSymDense(m.gram.SymmetricDim(), nil)
	G.CopySym(m.gram)
	return G
}

// SVM returns the SVM trained on the learned kernel (nil for a nil model).
func (m *Model) SVM() *svm.Model {
	if m == nil {
		return nil
	}
	return m.svm
}

// Decision returns the SVM decision values for the rows of X.
func (m *Model) Decision(X mat.Matrix) ([]float64, error) {
	if m == nil || m.svm == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "stagewise: Model is not fitted")
	}
	C, err := continuous.CrossTrain(m.kern, X, m.train)
	if err != nil {
		return nil, err
	}
	return m.svm.DecisionGram(C)
}

// Predict returns the SVM labels for the rows of X.
func (m *Model) Predict(X mat.Matrix) ([]float64, error) {
	if m == nil || m.svm == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "stagewise: Model is not fitted")
	}
	C, err := continuous.CrossTrain(m.kern, X, m.train)
	if err != nil {
		return nil, err
	}
	return m.svm.PredictGram(C)
}
