package continuous

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Step 2 of Greedy (QuasiNewton) maximises h(θ) = ⟨c, G_x(θ)c⟩ =
// ⟨ccᵀ, K(κ_θ)⟩_F, searched with the unit u = c/‖c‖. Inner on the rank-one
// P = uuᵀ costs n² kernel values per evaluation, each through the n×n P.
// Two families have a cheaper form of the same h and ∇h:
//
//   - Dirichlet on scalar inputs: κ_σ(x, x') = 1 + 2cos(σ(x − x')) =
//     1 + 2(cos σx cos σx' + sin σx sin σx'), so that
//     h(σ) = (Σ_i u_i)² + 2(C² + S²) with C = Σ_i u_i cos σx_i and
//     S = Σ_i u_i sin σx_i, and h'(σ) = 4(C C' + S S') with
//     C' = −Σ_i u_i x_i sin σx_i and S' = Σ_i u_i x_i cos σx_i: n sines and
//     cosines per evaluation instead of n²/2 (the x are centred first: the
//     kernel depends on x − x' only, and small σx keep cos σx accurate);
//   - the Gaussian bandwidth: h(t) = Σ_i u_i² + Σ_{i<j} 2u_iu_j exp(−D_ij ω)
//     and h'(t) = 2ω Σ_{i<j} 2u_iu_j D_ij exp(−D_ij ω), ω = e^{−2t}, the
//     pair sums over the packed pairs i < j (weights 2u_iu_j formed once per
//     step) by internal/expsum's vector exponentials, in fixed blocks of
//     pairs in parallel, reduced in block order (the same bits for any
//     GOMAXPROCS).
//
// TestRankOneMatchesInner checks both against Inner on uuᵀ and finite
// differences.

// rankOner is implemented by the Searchers with a cheaper form of
// h(θ) = uᵀK(κ_θ)u: rankOne returns the function giving h(θ) and storing
// ∇h in grad, with the θ checks and errors of Inner, for a u of the
// training rows' length (prepared once per u; u is not kept).
type rankOner interface {
	rankOne(u []float64) func(theta, grad []float64) (float64, error)
}

// searchUnit is Search on P = uuᵀ for a finite u of the training rows'
// length: through the searcher's rank-one form when it has one (the same h
// and ∇h up to rounding), else through Search on the n×n outer product.
func searchUnit(f Family, s Searcher, d int, u []float64, set *opt.Settings) ([]float64, float64, error) {
	r, ok := s.(rankOner)
	if !ok || f == nil {
		return Search(f, s, d, outer(u), set)
	}
	n, p := s.(searchShape).shape()
	if len(u) != n {
		return nil, 0, klearn.Errorf(klearn.ErrShape, "continuous: Search: u has %d entries, the training rows %d", len(u), n)
	}
	if err := klearn.CheckFinite("continuous: Search: u", u); err != nil {
		return nil, 0, err
	}
	lo, hi, starts := f.Space(d)
	if len(lo) != p {
		return nil, 0, klearn.Errorf(klearn.ErrShape, "continuous: Search: the family has %d parameters for %d columns, the searcher %d", len(lo), d, p)
	}
	return Multistart(lo, hi, starts, set, r.rankOne(u))
}

// dirichletSearcher is the Dirichlet family's distSearcher with the
// centred inputs x for its rank-one form.
type dirichletSearcher struct {
	distSearcher
	x []float64
}

func (s dirichletSearcher) rankOne(u []float64) func(theta, grad []float64) (float64, error) {
	var su float64
	for _, v := range u {
		su += v
	}
	u = append([]float64(nil), u...)
	return func(theta, grad []float64) (float64, error) {
		if err := checkTheta("Inner", theta, 1); err != nil {
			return 0, err
		}
		if grad != nil && len(grad) != 1 {
			return 0, klearn.Errorf(klearn.ErrShape, "continuous: Inner: grad has %d entries, want 1", len(grad))
		}
		C, S, dC, dS := dirichletExpansion(u, s.x, theta[0])
		h := su*su + 2*(C*C+S*S)
		g := 4 * (C*dC + S*dS)
		if _, err := checkValue(h, []float64{g}); err != nil {
			return 0, err
		}
		if grad != nil {
			grad[0] = g
		}
		return h, nil
	}
}

// rankOneBlock is the number of pairs of one parallel task of the
// Gaussian rank-one sum.
const rankOneBlock = 8192

// gaussSearcher is the Gaussian bandwidth's distSearcher, with its
// rank-one form.
type gaussSearcher struct{ distSearcher }

func (s gaussSearcher) rankOne(u []float64) func(theta, grad []float64) (float64, error) {
	n := s.D.SymmetricDim()
	m := n * (n - 1) / 2
	w, d := make([]float64, 0, m), make([]float64, 0, m)
	var diag float64
	raw := s.D.RawSymmetric()
	for i := 0; i < n; i++ {
		diag += u[i] * u[i]
		row := raw.Data[i*raw.Stride : i*raw.Stride+n]
		for j := i + 1; j < n; j++ {
			w, d = append(w, 2*u[i]*u[j]), append(d, row[j])
		}
	}
	return func(theta, grad []float64) (float64, error) {
		if err := checkTheta("Inner", theta, 1); err != nil {
			return 0, err
		}
		if grad != nil && len(grad) != 1 {
			return 0, klearn.Errorf(klearn.ErrShape, "continuous: Inner: grad has %d entries, want 1", len(grad))
		}
		om := math.Exp(-2 * theta[0])
		if om == 0 || math.IsInf(om, 0) {
			return 0, klearn.Errorf(klearn.ErrNotFinite, "continuous: Inner: θ = %g gives e^{−2θ} = %g", theta[0], om)
		}
		gb := make([]float64, 1)
		h := BlockSum(diag, w, d, []float64{om}, rankOneBlock, gb)
		g := gb[0]
		g *= -2 * om // expsum's gradient is −Σ w D e^{−Dω}
		if _, err := checkValue(h, []float64{g}); err != nil {
			return 0, err
		}
		if grad != nil {
			grad[0] = g
		}
		return h, nil
	}
}

// decider is implemented by the families whose GreedyModel.Decision sums
// through the kernel's feature map rather than the cross kernel.
type decider interface {
	decision(m *GreedyModel, X mat.Matrix) ([]float64, error)
}

// decision is Decision through the feature expansion (dirichletDecision).
func (Dirichlet) decision(m *GreedyModel, X mat.Matrix) ([]float64, error) {
	return m.dirichletDecision(X)
}

// dirichletDecision is Decision for the Dirichlet family through the same
// expansion: with the atoms (w_j, σ_j) and inputs centred on the training
// mean x̄ (the kernel depends on x − x' only),
//
//	f(x) = Σ_i a_i Σ_j w_j (1 + 2cos(σ_j(x − x_i)))
//	     = Σ_j w_j (Σ_i a_i + 2(cos σ_j x̃ · C_j + sin σ_j x̃ · S_j)),
//
// C_j = Σ_i a_i cos σ_j x̃_i, S_j = Σ_i a_i sin σ_j x̃_i: O((n + m) · atoms)
// sines and cosines for m rows instead of the n·m·atoms cosines of the
// cross kernel (TestDirichletDecision checks the two against each other).
// Errors as CrossTrain's.
func (m *GreedyModel) dirichletDecision(X mat.Matrix) ([]float64, error) {
	r, d, err := klearn.CheckMatrix("continuous: X", X)
	if err != nil {
		return nil, err
	}
	if _, dt := m.train.Dims(); d != dt {
		return nil, klearn.Errorf(klearn.ErrShape, "continuous: X has %d columns, the model %d", d, dt)
	}
	xt := mat.Col(nil, 0, m.train)
	var mean, sa float64
	for i, v := range xt {
		mean += v / float64(len(xt))
		sa += m.a[i]
	}
	for i := range xt {
		xt[i] -= mean
	}
	xs := mat.Col(nil, 0, X)
	for k := range xs {
		xs[k] -= mean
	}
	f := make([]float64, r)
	for _, at := range m.atoms {
		w, sg := at.Weight, at.Params[0]
		C, S, _, _ := dirichletExpansion(m.a, xt, sg)
		for k, v := range xs {
			sn, cs := math.Sincos(sg * v)
			f[k] += w * (sa + 2*(cs*C+sn*S))
		}
	}
	if err := klearn.CheckResult("continuous: Decision", f); err != nil {
		return nil, err
	}
	return f, nil
}

// DirichletFeatures writes c_i = cos σx_i and s_i = sin σx_i into c and s
// (of len(x) entries at least): the feature map of the Dirichlet kernel,
// 1 + 2cos(σ(x − x')) = 1 + 2(cos σx cos σx' + sin σx sin σx'), on which
// its rank-one step 2, dirichletDecision and package stagewise's Dirichlet
// stage searcher evaluate it.
func DirichletFeatures(c, s, x []float64, sigma float64) {
	for i, v := range x {
		s[i], c[i] = math.Sincos(sigma * v)
	}
}

// dirichletExpansion returns C = Σ_i u_i cos σx_i, S = Σ_i u_i sin σx_i
// and their derivatives in σ, C' = −Σ_i u_i x_i sin σx_i and
// S' = Σ_i u_i x_i cos σx_i, summed in order of i: uᵀK(κ_σ)u =
// (Σ_i u_i)² + 2(C² + S²) (rankOne) and Σ_i u_i κ_σ(x_i, x) =
// Σ_i u_i + 2(C cos σx + S sin σx) (dirichletDecision).
//
// Each sine and cosine is used where it is computed, without going through
// arrays: under GOAMD64=v3 the compiler then fuses these multiply-adds as
// it did when the loop was written out in each caller (through arrays one
// Greedy fit on the Dirichlet family changed in its last bits).
func dirichletExpansion(u, x []float64, sigma float64) (C, S, dC, dS float64) {
	for i, v := range x {
		sn, cs := math.Sincos(sigma * v)
		C += u[i] * cs
		S += u[i] * sn
		dC -= u[i] * v * sn
		dS += u[i] * v * cs
	}
	return C, S, dC, dS
}
