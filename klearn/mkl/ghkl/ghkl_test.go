package ghkl

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// ghklToy draws n points with d uniform features in [−1, 1] and labels
// y = sign(x_0 x_1) (XOR of the signs of the first two features), with a
// fraction flip of the labels flipped.
func ghklToy(n, d int, flip float64, seed uint64) (*mat.Dense, []float64) {
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, d, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, 2*rng.Float64()-1)
		}
		y[i] = 1
		if X.At(i, 0)*X.At(i, 1) < 0 {
			y[i] = -1
		}
		if rng.Float64() < flip {
			y[i] = -y[i]
		}
	}
	return X, y
}

// ghklLinearToy draws n points with 2 features and y = sign(x_0 + x_0x_1 + noise).
func ghklLinearToy(n int, seed uint64) (*mat.Dense, []float64) {
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		a, b := 2*rng.Float64()-1, 2*rng.Float64()-1
		X.Set(i, 0, a)
		X.Set(i, 1, b)
		y[i] = 1
		if a+1.5*a*b+0.3*rng.NormFloat64() < 0 {
			y[i] = -1
		}
	}
	return X, y
}

// ghklPrimalSearch minimises the primal (G2) for linear per-feature base
// kernels k_j = x_j z_j on two features directly in the 4 coordinates
// (w_1, w_2, w_12, b) (w_∅ = 0 at the optimum because b absorbs it), by a
// derivative-free shrinking random-direction search started at 0. It shares
// no code with the solver.
func ghklPrimalSearch(X mat.Matrix, y []float64, rho, beta, C float64) float64 {
	n, _ := X.Dims()
	obj := func(w []float64) float64 {
		a1, a2, a12 := math.Pow(math.Abs(w[0]), rho), math.Pow(math.Abs(w[1]), rho), math.Pow(math.Abs(w[2]), rho)
		om := math.Pow(a1+a2+a12, 1/rho) + beta*math.Pow(a1+a12, 1/rho) + beta*math.Pow(a2+a12, 1/rho) + beta*beta*math.Abs(w[2])
		loss := 0.0
		for i := 0; i < n; i++ {
			x1, x2 := X.At(i, 0), X.At(i, 1)
			f := w[0]*x1 + w[1]*x2 + w[2]*x1*x2 + w[3]
			loss += math.Max(0, 1-y[i]*f)
		}
		return 0.5*om*om + C*loss
	}
	rng := klearn.NewRand(99)
	w := make([]float64, 4)
	best := obj(w)
	trial := make([]float64, 4)
	for radius := 1.0; radius > 1e-9; radius *= 0.7 {
		for improved := true; improved; {
			improved = false
			for k := 0; k < 200; k++ {
				nrm := 0.0
				dir := make([]float64, 4)
				for j := range dir {
					dir[j] = rng.NormFloat64()
					nrm += dir[j] * dir[j]
				}
				nrm = math.Sqrt(nrm)
				for j := range trial {
					trial[j] = w[j] + radius*dir[j]/nrm
				}
				if v := obj(trial); v < best {
					best = v
					copy(w, trial)
					improved = true
				}
			}
		}
	}
	return best
}

// TestGHKLPrimalOptimum checks the certificate against an independent
// minimisation of the primal on the full 4-node DAG of two features with
// linear base kernels, for ρ = 2 (HKL) and ρ = 1.5.
func TestGHKLPrimalOptimum(t *testing.T) {
	t.Parallel()
	X, y := ghklLinearToy(40, 7)
	const beta = 0.5 // small enough for the interaction node {0,1} to be selected
	for _, c := range []struct {
		rho    float64
		solver Solver
	}{{2, Alternating}, {1.5, Alternating}, {2, MirrorDescent}, {1.5, MirrorDescent}} {
		rho := c.rho
		g := Classifier{Rho: rho, C: 1, Beta: beta, Base: kernel.Linear{}, SVMTol: 1e-7, Solver: c.solver,
			Settings: opt.Settings{Tol: 1e-4, MaxIter: 3000}}
		m, err := g.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		gap, viol := m.Gap()
		ref := ghklPrimalSearch(X, y, rho, beta, 1)
		t.Logf("solver %d rho=%v P=%.8f ref=%.8f gap=%.3g viol=%.3g status=%v iters=%v active=%v", c.solver, rho, m.Objective(), ref, gap, viol, m.Status(), m.iters, len(m.nodes))
		dual := m.Objective() - gap
		// Weak duality: the certified dual bound is below any primal value,
		// and our primal is within the certified gap of the reference.
		if dual > ref+1e-6*math.Abs(ref) {
			t.Errorf("ρ=%v: dual bound %v exceeds primal optimum %v", rho, dual, ref)
		}
		if m.Objective() > ref+2e-4*math.Abs(ref) {
			t.Errorf("ρ=%v: P = %v, reference optimum %v", rho, m.Objective(), ref)
		}
		if !ghklHas(m.Selected(1e-6), []int{0, 1}) {
			t.Errorf("ρ=%v: interaction {0,1} not selected: %v", rho, m.Active())
		}
		if gap > 1e-3*m.Objective() {
			t.Errorf("ρ=%v: certified gap %v too large (P = %v)", rho, gap, m.Objective())
		}
	}
}

func ghklHas(nodes []Node, f []int) bool {
	for _, nd := range nodes {
		if slices.Equal(nd.Features, f) {
			return true
		}
	}
	return false
}

// TestGHKLXOR: on y = sign(x_0 x_1) with two noise features the linear SVM
// is at chance (AUC ≈ 0.5 by symmetry) while gHKL selects the interaction
// {0, 1}; the solution respects the strong sparsity pattern and carries a
// small certified gap.
func TestGHKLXOR(t *testing.T) {
	t.Parallel()
	X, y := ghklToy(120, 4, 0.05, 1)
	Xt, yt := ghklToy(300, 4, 0, 2)
	lin, err := svm.Classifier{Kernel: kernel.Linear{}, C: 10}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	fl, _ := lin.Decision(Xt)
	aucLin, _ := metrics.AUC(yt, fl)
	for _, rho := range []float64{1.1, 1.5, 2} {
		m, err := Classifier{Rho: rho, C: 10}.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		f, err := m.Decision(Xt)
		if err != nil {
			t.Fatal(err)
		}
		auc, _ := metrics.AUC(yt, f)
		gap, viol := m.Gap()
		it, rd := m.Iterations()
		t.Logf("ρ=%v AUC=%.3f (linear %.3f) P=%.4g gap=%.3g viol=%.3g status=%v it=%d rounds=%d |A|=%d",
			rho, auc, aucLin, m.Objective(), gap, viol, m.Status(), it, rd, len(m.Active()))
		if auc < aucLin+0.3 || auc < 0.9 {
			t.Errorf("ρ=%v: AUC %.3f, linear SVM %.3f", rho, auc, aucLin)
		}
		if m.Status() != opt.Success || gap > 1e-2*m.Objective() {
			t.Errorf("ρ=%v: status %v, certified gap %v (P = %v)", rho, m.Status(), gap, m.Objective())
		}
		if !ghklHas(m.Selected(1e-3), []int{0, 1}) {
			t.Errorf("ρ=%v: interaction {0,1} not selected", rho)
		}
		ghklCheckSparsity(t, m, rho)
	}
}

// ghklCheckSparsity checks the strong sparsity pattern: every parent of an
// active node is active and listed before it; for ρ = 2 (θ ≡ 1) the weights
// decrease down the DAG, η_w ≤ η_v for v ⊂ w (ζ_w sums more positive terms).
func ghklCheckSparsity(t *testing.T, m *Model, rho float64) {
	t.Helper()
	pos := map[uint64]int{}
	for i, v := range m.nodes {
		pos[v] = i
	}
	for i, w := range m.nodes {
		for j := 0; j < m.d; j++ {
			b := uint64(1) << uint(j)
			if w&b == 0 {
				continue
			}
			p, ok := pos[w&^b]
			if !ok || p >= i {
				t.Errorf("ρ=%v: node %v active but its parent %v is not (or comes later)", rho, ghklMask(w), ghklMask(w&^b))
				continue
			}
			if rho == 2 && m.eta[i] > m.eta[p]*(1+1e-12) {
				t.Errorf("ρ=2: η%v = %v > η%v = %v", ghklMask(w), m.eta[i], ghklMask(w&^b), m.eta[p])
			}
		}
	}
}

// TestGHKLOneLevelGrid: with ρ = 2 and the DAG truncated to one level (root
// and the m = 2 singletons) gHKL is an MKL over {K_1, K_2} with
// η_j = (1/γ_∅ + β²/γ_j)^{-1} (Bach's ζ, (G3)); brute force over a grid of
// γ on the simplex with the plain SVM must bracket our optimum:
// D_certified ≤ P* ≤ min_grid, and P ≈ min_grid up to the grid resolution.
func TestGHKLOneLevelGrid(t *testing.T) {
	t.Parallel()
	X, y := ghklLinearToy(40, 3)
	const beta, C = 1.0, 1.0
	m, err := Classifier{Rho: 2, C: C, Beta: beta, MaxDepth: 1, SVMTol: 1e-7, Settings: opt.Settings{Tol: 1e-5, MaxIter: 2000}}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Active()) != 3 {
		t.Fatalf("|A| = %d, want 3 with MaxDepth 1", len(m.Active()))
	}
	K1, _ := kernel.Gram(kernel.RBF{Gamma: 1}, linalg.Columns(X, []int{0}))
	K2, _ := kernel.Gram(kernel.RBF{Gamma: 1}, linalg.Columns(X, []int{1}))
	best := math.Inf(1)
	const N = 60
	for i := 1; i < N; i++ {
		for j := 1; i+j < N; j++ {
			g0, g1, g2 := float64(i)/N, float64(j)/N, float64(N-i-j)/N
			e1 := 1 / (1/g0 + beta*beta/g1)
			e2 := 1 / (1/g0 + beta*beta/g2)
			K, _ := kernel.Combine([]float64{e1, e2}, []*mat.SymDense{K1, K2})
			s, err := svm.Classifier{C: C, Tol: 1e-7}.FitGram(K, y)
			if err != nil {
				t.Fatal(err)
			}
			best = min(best, -s.Objective()) // SVM(K) = −(LIBSVM obj)
		}
	}
	gap, _ := m.Gap()
	P := m.Objective()
	t.Logf("P = %.8f, certified dual = %.8f, grid min = %.8f", P, P-gap, best)
	if P-gap > best+1e-9 {
		t.Errorf("certified dual %v above the grid's primal value %v", P-gap, best)
	}
	if math.Abs(P-best) > 2e-3*best {
		t.Errorf("P = %v, grid minimum %v", P, best)
	}
}

func TestGHKLDeterministic(t *testing.T) {
	t.Parallel()
	X, y := ghklToy(60, 3, 0.1, 5)
	var first []float64
	for k := 0; k < 2; k++ {
		m, err := Classifier{Rho: 1.5, C: 1}.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		f, err := m.Decision(X)
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 {
			first = f
		} else if !slices.Equal(first, f) {
			t.Errorf("two fits differ")
		}
	}
}

func TestGHKLErrors(t *testing.T) {
	t.Parallel()
	X, y := ghklToy(20, 2, 0, 1)
	nanX := mat.DenseCopyOf(X)
	nanX.Set(3, 1, math.NaN())
	ones := make([]float64, 20)
	for i := range ones {
		ones[i] = 1
	}
	bad := append([]float64(nil), y...)
	bad[0] = 2
	cases := []struct {
		name string
		g    Classifier
		X    mat.Matrix
		y    []float64
		want error
	}{
		{"rho 1", Classifier{Rho: 1, C: 1}, X, y, klearn.ErrParam},
		{"rho 2.5", Classifier{Rho: 2.5, C: 1}, X, y, klearn.ErrParam},
		{"rho 0", Classifier{C: 1}, X, y, klearn.ErrParam},
		{"rho NaN", Classifier{Rho: math.NaN(), C: 1}, X, y, klearn.ErrParam},
		{"C 0", Classifier{Rho: 2}, X, y, klearn.ErrParam},
		{"C < 0", Classifier{Rho: 2, C: -1}, X, y, klearn.ErrParam},
		{"C Inf", Classifier{Rho: 2, C: math.Inf(1)}, X, y, klearn.ErrParam},
		{"beta < 0", Classifier{Rho: 2, C: 1, Beta: -1}, X, y, klearn.ErrParam},
		{"MaxActive < 0", Classifier{Rho: 2, C: 1, MaxActive: -1}, X, y, klearn.ErrParam},
		{"solver", Classifier{Rho: 2, C: 1, Solver: 7}, X, y, klearn.ErrParam},
		{"NaN X", Classifier{Rho: 2, C: 1}, nanX, y, klearn.ErrNotFinite},
		{"one class", Classifier{Rho: 2, C: 1}, X, ones, klearn.ErrOneClass},
		{"labels", Classifier{Rho: 2, C: 1}, X, bad, klearn.ErrLabels},
		{"short y", Classifier{Rho: 2, C: 1}, X, y[:5], klearn.ErrShape},
		{"nil X", Classifier{Rho: 2, C: 1}, nil, y, klearn.ErrEmpty},
	}
	for _, c := range cases {
		_, err := c.g.Fit(c.X, c.y)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	m, err := Classifier{Rho: 2, C: 1}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Decision(mat.NewDense(2, 3, nil)); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("Decision with 3 features: %v", err)
	}
	if _, err := m.Decision(nanX); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("Decision with NaN: %v", err)
	}
	var zero Model
	if _, err := zero.Decision(X); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("unfitted Decision: %v", err)
	}
}

// BenchmarkGHKLFit fits gHKL_ρ with linear node kernels on 300 noisy XOR
// points with 6 features (the size of a Table 4 training fold of Liver),
// at C = 10: the cost of one cell of Table 4's inner grid.
func BenchmarkGHKLFit(b *testing.B) {
	X, y := ghklToy(300, 6, 0.1, 7)
	for _, rho := range []float64{1.1, 2} {
		b.Run(fmt.Sprintf("rho=%g", rho), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := (Classifier{Rho: rho, C: 10, Base: kernel.Linear{}}).Fit(X, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
