package tk

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/wrapper"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// Method selects the solver of SDP (24).
type Method int

const (
	// ProjectedGradient minimises J(P) over {P ⪰ 0, tr P ≤ 1} with the SVM
	// inside (see the package documentation). It is the default.
	ProjectedGradient Method = iota
	// InteriorPoint solves SDP (24) as written with opt.SolveSDP.
	InteriorPoint
)

func (m Method) String() string {
	switch m {
	case ProjectedGradient:
		return "projected-gradient"
	case InteriorPoint:
		return "interior-point"
	}
	return "unknown"
}

// Defaults of Learner.
const (
	// DefaultSVMTol is the inner SVM tolerance used when SVM.Tol is 0: the
	// objective J(P) is only as accurate as the SVM solutions behind it.
	DefaultSVMTol = 1e-6
	// DefaultMaxBlockMB bounds the memory of the basis Grams of
	// kernel.TK.GramBlocks kept during a fit; beyond it K(P) and the
	// gradient are computed from row chunks of the same size.
	DefaultMaxBlockMB = 1024.0
)

// Learner learns a Tessellated kernel and an SVM classifier on it by SDP
// (24) of Colbert & Peet (2020) (see the package documentation). The zero
// value learns a degree-0 TK on [0, 1]ⁿ with C = 1 and a bias, by
// projected gradient. The paper's [TK] column of Table 1 is Degree 1 (0
// for Ionosphere), SVM.NoBias = true (γ = 0) and Margin and SVM.C chosen by
// cross-validation.
type Learner struct {
	// Degree is d of K_T^d (≥ 0): Z_d(z, x) holds the C(d + 2n, d)
	// monomials of degree ≤ d and P is 2q×2q.
	Degree int
	// Margin is ε ≥ 0 of the box [−ε, 1 + ε]ⁿ that the kernel integrates
	// over, after the inputs are scaled to [0, 1]ⁿ (Section 8). 0 means [0, 1]ⁿ.
	Margin float64
	// SVM holds the inner SVM's C (the box constant of (24)), NoBias (γ = 0,
	// the paper's choice) and Tol (0 selects DefaultSVMTol here, not the
	// svm package's default); its Kernel is ignored.
	SVM svm.Classifier
	// Method selects the solver (default ProjectedGradient).
	Method Method
	// Settings: for ProjectedGradient, Tol is the certified relative
	// duality gap (default DefaultTol) and MaxIter the number of steps
	// (default DefaultMaxIter); the Recorder sees F = J(P) and Gap = the
	// relative gap once per step. For InteriorPoint they are passed to
	// opt.SolveSDP (its defaults: Tol 1e-8, MaxIter 100).
	Settings opt.Settings
	// MaxBlockMB bounds the memory of the basis Grams (default
	// DefaultMaxBlockMB); InteriorPoint needs them all and refuses larger
	// problems, with their size.
	MaxBlockMB float64
	// CertifiedPath makes FitPath stop at the first C whose fit ends
	// without a certified gap (a Status other than opt.Success): the
	// models returned are those reached, the uncertified one last, and
	// the larger C are not fitted. Along an ascending grid the steps a
	// fit needs grow with C, so a cross-validation that compares
	// certified fits only (an uncertified iterate depends on the
	// solver's path, not just on the problem) need not pay for fits it
	// would discard. Fit ignores it.
	CertifiedPath bool
}

// Learner and Model satisfy the kernel-learner contract of package mkl.
var (
	_ mkl.FeatureLearner[*Model] = Learner{}
	_ mkl.FeatureModel           = (*Model)(nil)
)

// Model is a fitted TK classifier: the learned kernel k_{P*} and the SVM
// trained on it. The accessors of a nil *Model return zero values; Decision
// and Predict return ErrNotFitted.
type Model struct {
	kern    Kernel
	xs      *mat.Dense // scaled training inputs
	svm     *svm.Model
	classes [2]float64
	obj     float64
	lower   float64
	iter    int
	status  opt.Status
	sdp     *opt.SDPResult
	objs    []float64
	gaps    []float64
	solves  int
	smo     int
	ipm     int
	capped  int
}

// Kernel returns the learned kernel (a Kernel on raw inputs).
func (m *Model) Kernel() kernel.Kernel {
	if m == nil {
		return nil
	}
	return m.kern
}

// P returns a copy of the learned 2q×2q matrix P* (P* ⪰ 0, tr P* ≤ 1).
func (m *Model) P() *mat.SymDense {
	if m == nil || m.kern.TK.P == nil {
		return nil
	}
	return mat.NewSymDense(m.kern.TK.P.SymmetricDim(), append([]float64(nil), m.kern.TK.P.RawSymmetric().Data...))
}

// Objective returns J(P*) = max_α 2αᵀe − βᵀK(P*)β, the optimal value t of
// SDP (24) up to the solver's tolerance.
func (m *Model) Objective() float64 {
	if m == nil {
		return 0
	}
	return m.obj
}

// Gap returns the certified relative duality gap (J(P*) − LB)/J(P*), LB
// the best lower bound 2αᵀe − λ_max(M(β)) met (for InteriorPoint: the
// bound at P*).
func (m *Model) Gap() float64 {
	if m == nil {
		return 0
	}
	return relGap(m.obj, m.lower)
}

// Iterations returns the solver's iterations; SVMSolves the number of
// inner SVM problems solved.
func (m *Model) Iterations() int {
	if m == nil {
		return 0
	}
	return m.iter
}

// SVMSolves returns the number of inner SVM problems solved.
func (m *Model) SVMSolves() int {
	if m == nil {
		return 0
	}
	return m.solves
}

// SMOIterations returns the total number of SMO iterations of the inner
// SVM solves (the bulk of the work of ProjectedGradient).
func (m *Model) SMOIterations() int {
	if m == nil {
		return 0
	}
	return m.smo
}

// InteriorSolves returns the number of inner SVM problems that SMO did
// not solve within its cap and the interior-point method of the dual took
// over (large C; see the package documentation).
func (m *Model) InteriorSolves() int {
	if m == nil {
		return 0
	}
	return m.ipm
}

// CappedSVMSolves returns the number of inner SVM problems whose last SMO
// run stopped at its iteration cap (after the interior-point hand-over
// without bias; at SVM.MaxIter with a bias).
func (m *Model) CappedSVMSolves() int {
	if m == nil {
		return 0
	}
	return m.capped
}

// Status says why the solver stopped. It is never opt.Success when the SVM
// trained on K(P*) (the model's SVM, whose objective is J(P*) in the
// certified gap) stopped at its SMO iteration cap: a Success of the
// method is then reported as opt.IterationLimit, since J(P*) computed
// from an unfinished α is not the SVM optimum.
func (m *Model) Status() opt.Status {
	if m == nil {
		return 0
	}
	return m.status
}

// SDP returns the interior-point result (nil for ProjectedGradient): its
// gap, infeasibilities and, for an infeasible problem, the certificate.
func (m *Model) SDP() *opt.SDPResult {
	if m == nil {
		return nil
	}
	return m.sdp
}

// Trace returns J and the relative gap at every projected-gradient step.
func (m *Model) Trace() (objectives, gaps []float64) {
	if m == nil {
		return nil, nil
	}
	return append([]float64(nil), m.objs...), append([]float64(nil), m.gaps...)
}

// SVM returns the SVM trained on K(P*) (labels −1 for Classes()[0]).
func (m *Model) SVM() *svm.Model {
	if m == nil {
		return nil
	}
	return m.svm
}

// Classes returns the two labels, smaller first.
func (m *Model) Classes() []float64 {
	if m == nil {
		return nil
	}
	return []float64{m.classes[0], m.classes[1]}
}

// Decision returns f(z) = Σ_i α_i y_i k(x_i, z) + b for every row z of X
// (positive for Classes()[1]).
func (m *Model) Decision(X mat.Matrix) ([]float64, error) {
	if m == nil || m.svm == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "tk: Decision on an unfitted model")
	}
	_, d, err := klearn.CheckMatrix("tk: X", X)
	if err != nil {
		return nil, err
	}
	if _, dt := m.xs.Dims(); d != dt {
		return nil, klearn.Errorf(klearn.ErrShape, "tk: X has %d columns, the model was fitted on %d", d, dt)
	}
	Kte := m.kern.TK.Cross(m.kern.transform(X), m.xs)
	return m.svm.DecisionGram(Kte)
}

// Predict returns the predicted labels (Classes()[1] where Decision > 0,
// else Classes()[0], the svm package's rule).
func (m *Model) Predict(X mat.Matrix) ([]float64, error) {
	f, err := m.Decision(X)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(f))
	for i, v := range f {
		out[i] = m.classes[0]
		if v > 0 {
			out[i] = m.classes[1]
		}
	}
	return out, nil
}

// binaryLabels maps y (exactly two distinct finite values) to ±1.
func binaryLabels(y []float64) ([]float64, [2]float64, error) {
	cl := klearn.Classes(y)
	if len(cl) < 2 {
		return nil, [2]float64{}, klearn.Errorf(klearn.ErrOneClass, "tk: y has a single class")
	}
	if len(cl) > 2 {
		return nil, [2]float64{}, klearn.Errorf(klearn.ErrLabels, "tk: y has %d classes; TK learning is binary", len(cl))
	}
	out := make([]float64, len(y))
	for i, v := range y {
		out[i] = 1
		if v == cl[0] {
			out[i] = -1
		}
	}
	return out, [2]float64{cl[0], cl[1]}, nil
}

// MaxFailedSDPGap is the largest relative duality gap at which Fit accepts
// an InteriorPoint run that stopped with status opt.Failure (the solver
// stalls on round-off near the optimum of (24) on ordinary problems, with
// gaps of 10⁻⁵ and below).
const MaxFailedSDPGap = 1e-3

// Fit learns P* and the SVM on the rows of X with binary labels y (any two
// distinct values). Errors wrap klearn.ErrEmpty, ErrShape, ErrNotFinite,
// ErrOneClass, ErrLabels or ErrParam (also for a degree whose basis does
// not fit in memory, with its size), and ErrNotConverged when the
// InteriorPoint solver stops with status opt.Failure at a relative gap
// above MaxFailedSDPGap or not finite (no solution of (24); e.g. for a very
// large C). A Failure closer to the optimum gives the model, whose Status
// reports it. A Recorder's error is returned with
// the model reached so far. X and y are not modified.
func (l Learner) Fit(X mat.Matrix, y []float64) (*Model, error) {
	ms, err := l.fitPath(X, y, nil)
	if len(ms) == 0 {
		return nil, err
	}
	return ms[0], err
}

// FitPath fits the Learner at every box constant C of Cs (its SVM.C is
// ignored) on the same training set, as a cross-validation over C needs:
// the basis Grams of the linear map P ↦ K(P) do not depend on C and are
// built once, and with ProjectedGradient each fit starts from the previous
// one's P* and, for the inner SVM, from its α scaled by the ratio of the
// two C (svm.Classifier.FitGramFrom). Each fit is solved to the same
// certified gap as Fit, so models[k] agrees with Learner{SVM.C: Cs[k]}.Fit
// to the solver's tolerance (not bit for bit: the start differs); with
// CertifiedPath the path ends at its first uncertified fit. List Cs
// in ascending order: the solutions of (24) move continuously with C, and
// α grows with it. Errors are those of Fit, and ErrParam for an empty Cs
// or a C that is not finite and positive; a Recorder's error is returned
// with the models reached so far (the Recorder sees every fit in turn).
// X, y and Cs are not modified.
func (l Learner) FitPath(X mat.Matrix, y []float64, Cs []float64) ([]*Model, error) {
	if len(Cs) == 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "tk: FitPath with no C")
	}
	for k, C := range Cs {
		if err := klearn.CheckParam(fmt.Sprintf("tk: Cs[%d]", k), C, 1e-300, math.MaxFloat64); err != nil {
			return nil, err
		}
	}
	return l.fitPath(X, y, Cs)
}

// fitPath is Fit at every C of Cs (nil: at the Learner's own C).
func (l Learner) fitPath(X mat.Matrix, y []float64, Cs []float64) ([]*Model, error) {
	n, d, err := klearn.CheckXY(X, y)
	if err != nil {
		return nil, err
	}
	if l.Degree < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "tk: Degree = %d, want ≥ 0", l.Degree)
	}
	if err := klearn.CheckParam("tk: Margin", l.Margin, 0, 1e6); err != nil {
		return nil, err
	}
	if l.Method != ProjectedGradient && l.Method != InteriorPoint {
		return nil, klearn.Errorf(klearn.ErrParam, "tk: unknown Method %d", int(l.Method))
	}
	mb := l.MaxBlockMB
	if mb == 0 {
		mb = DefaultMaxBlockMB
	}
	if err := klearn.CheckParam("tk: MaxBlockMB", mb, 1e-3, math.MaxFloat64); err != nil {
		return nil, err
	}
	cls := l.SVM
	cls.Kernel = nil
	if cls.Tol == 0 {
		cls.Tol = DefaultSVMTol
	}
	C := cls.C
	if C == 0 {
		C = svm.DefaultC
	}
	if err := klearn.CheckParam("tk: SVM.C", C, 1e-300, math.MaxFloat64); err != nil {
		return nil, err
	}
	if _, err := cls.FitGram(nil, nil); err != nil && !isEmpty(err) {
		return nil, err // invalid SVM settings
	}
	ys, classes, err := binaryLabels(y)
	if err != nil {
		return nil, err
	}
	q, err := kernel.TKSize(d, l.Degree)
	if err != nil {
		return nil, err
	}
	maxBytes := mb * (1 << 20)
	np := (2 * q) * (2*q + 1) / 2
	if err := (kernel.TK{Degree: l.Degree}).Validate(d); err != nil {
		return nil, err
	}
	if b := 8 * float64(np) * float64(n); b > maxBytes {
		return nil, klearn.Errorf(klearn.ErrParam, "tk: degree %d on %d inputs has %d P-variables; one row of basis Grams for %d points takes %.3g MB (> MaxBlockMB = %g)", l.Degree, d, np, n, b/(1<<20), mb)
	}
	if l.Method == InteriorPoint {
		if b := sdpBytes(n, np); b > maxBytes {
			return nil, klearn.Errorf(klearn.ErrParam, "tk: InteriorPoint on %d points with %d P-variables needs about %.3g MB (> MaxBlockMB = %g)", n, np, b/(1<<20), mb)
		}
	}
	maxIter, tol, err := l.Settings.Resolve("tk", DefaultMaxIter, DefaultTol)
	if err != nil {
		return nil, err
	}

	kern := marginKernel(X, l.Degree, l.Margin)
	xs := kern.transform(X)
	p, err := newProblem(xs, ys, kern.TK, cls, maxBytes, l.Method == ProjectedGradient)
	if err != nil {
		return nil, err
	}

	if Cs == nil {
		Cs = []float64{C}
	}
	var out []*Model
	var prev *Model
	var prevIn *inner
	var prevC float64
	for _, C := range Cs {
		p.cls.C = C
		p.solves, p.smo, p.ipm, p.capped = 0, 0, 0, 0
		mod := &Model{xs: xs, classes: classes}
		var P *mat.SymDense
		var in *inner
		var recErr error
		switch l.Method {
		case ProjectedGradient:
			var P0 *mat.SymDense
			var a0 []float64
			if prev != nil {
				P0 = prev.kern.TK.P
				a0 = make([]float64, len(prevIn.alpha))
				for i, a := range prevIn.alpha {
					a0[i] = a * C / prevC
				}
			}
			sol, err := projectedGradient(p, P0, a0, maxIter, tol, l.Settings.Recorder)
			if err != nil {
				return out, err
			}
			P, in, recErr = sol.P, sol.in, sol.err
			mod.lower, mod.iter, mod.status, mod.objs, mod.gaps = sol.lower, sol.iterations, sol.status, sol.objectives, sol.gaps
		case InteriorPoint:
			var res *opt.SDPResult
			P, res, err = interiorPoint(p, C, !cls.NoBias, l.Settings)
			if err != nil {
				return out, err
			}
			if res.Status == opt.Failure && !(res.RelGap <= MaxFailedSDPGap) {
				// A stalled interior point whose gap is still large (or not
				// finite: an absurd C stalls it at its first step) has no
				// solution of (24) to offer: refuse it before the inner SVM is
				// trained on it. A stall near the optimum is returned with its
				// status, as before.
				return out, klearn.Errorf(klearn.ErrNotConverged, "tk: InteriorPoint stopped with status %v after %d iterations at relative gap %.3g (> %g); C = %g may be too large for SDP (24) — use ProjectedGradient", res.Status, res.Iterations, res.RelGap, MaxFailedSDPGap, C)
			}
			P = symmetricPSDPart(P)
			if in, err = p.objective(P); err != nil {
				return out, err
			}
			lb, _, err := p.lowerBound(in)
			if err != nil {
				return out, err
			}
			mod.lower, mod.iter, mod.status, mod.sdp = lb, res.Iterations, res.Status, res
		}
		mod.status = wrapper.Status(mod.status, in.model)
		k := kern
		k.TK.P = P
		mod.kern, mod.svm, mod.obj = k, in.model, in.J
		mod.solves, mod.smo, mod.ipm, mod.capped = p.solves, p.smo, p.ipm, p.capped
		out = append(out, mod)
		if recErr != nil {
			return out, recErr
		}
		if l.CertifiedPath && mod.status != opt.Success {
			break
		}
		prev, prevIn, prevC = mod, in, C
	}
	return out, nil
}

// isEmpty reports the error of FitGram(nil, nil) on valid settings.
func isEmpty(err error) bool { return errors.Is(err, klearn.ErrEmpty) }

// symmetricPSDPart returns the projection of P onto the PSD cone (an
// interior-point solution is PSD only up to its tolerance), so that the
// returned kernel is exactly positive (Proposition 3).
func symmetricPSDPart(P *mat.SymDense) *mat.SymDense {
	lam, V, ok := klearn.EigenSym(P, true)
	if !ok {
		return P
	}
	n := len(lam)
	out := mat.NewSymDense(n, nil)
	for k, l := range lam {
		if l <= 0 {
			continue
		}
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				out.SetSym(i, j, out.At(i, j)+l*V.At(i, k)*V.At(j, k))
			}
		}
	}
	return out
}
