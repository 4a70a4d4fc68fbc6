package opt

import (
	"errors"
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// sdpDense rebuilds the dense data of p from its entries (an independent
// path from sdpBuild): C[b], c (LP), f (free), A[i][b], a[i], g[i].
func sdpDense(p *SDP) (C []*mat.Dense, c, f []float64, A [][]*mat.Dense, a, g [][]float64) {
	m := len(p.B)
	C = make([]*mat.Dense, len(p.Blocks))
	for b, n := range p.Blocks {
		C[b] = mat.NewDense(n, n, nil)
	}
	c, f = make([]float64, p.LP), make([]float64, p.Free)
	A = make([][]*mat.Dense, m)
	a, g = make([][]float64, m), make([][]float64, m)
	for i := range A {
		A[i] = make([]*mat.Dense, len(p.Blocks))
		for b, n := range p.Blocks {
			A[i][b] = mat.NewDense(n, n, nil)
		}
		a[i], g[i] = make([]float64, p.LP), make([]float64, p.Free)
	}
	add := func(D *mat.Dense, lp, fr []float64, e SDPEntry) {
		switch e.Block {
		case SDPLP:
			lp[e.I] += e.V
		case SDPFree:
			fr[e.I] += e.V
		default:
			D.Set(e.I, e.J, D.At(e.I, e.J)+e.V)
			if e.I != e.J {
				D.Set(e.J, e.I, D.At(e.J, e.I)+e.V)
			}
		}
	}
	for _, e := range p.C {
		var D *mat.Dense
		if e.Block >= 0 {
			D = C[e.Block]
		}
		add(D, c, f, e)
	}
	for _, e := range p.A {
		var D *mat.Dense
		if e.Block >= 0 {
			D = A[e.Con][e.Block]
		}
		add(D, a[e.Con], g[e.Con], e)
	}
	return
}

func minEig(S mat.Symmetric) float64 {
	var es mat.EigenSym
	if !es.Factorize(S, false) {
		return math.NaN()
	}
	return es.Values(nil)[0]
}

// checkSDPOptimal verifies, from p's entries, primal feasibility A(X) = b,
// X ⪰ 0, x ≥ 0, dual feasibility Z = C − A*(y) ⪰ 0, z = c − Σ y a ≥ 0,
// f = Σ y g, complementary slackness ⟨X, Z⟩ + xᵀz ≈ 0 and equal objectives,
// all to tol (relative to the data scale).
func checkSDPOptimal(t *testing.T, p *SDP, r *SDPResult, tol float64) {
	t.Helper()
	if r.Status != Success {
		t.Fatalf("status %v (cert %v) after %d iterations, relgap %g, pinf %g, dinf %g", r.Status, r.Certificate, r.Iterations, r.RelGap, r.PrimalInfeas, r.DualInfeas)
	}
	C, c, f, A, a, g := sdpDense(p)
	scale := 1 + math.Abs(r.PrimalObj)
	pobj := mat.Dot(mat.NewVecDense(len(c)+1, append(append([]float64{}, c...), 0)), mat.NewVecDense(len(c)+1, append(append([]float64{}, r.XLP...), 0)))
	for k := range f {
		pobj += f[k] * r.XFree[k]
	}
	for b := range C {
		pobj += mat.Sum(mulElem(C[b], r.X[b]))
		if e := minEig(r.X[b]); e < -tol*scale {
			t.Errorf("λmin(X[%d]) = %g", b, e)
		}
	}
	for k, v := range r.XLP {
		if v < -tol*scale {
			t.Errorf("x[%d] = %g < 0", k, v)
		}
	}
	dobj := 0.0
	for i := range p.B {
		ax := 0.0
		for b := range C {
			ax += mat.Sum(mulElem(A[i][b], r.X[b]))
		}
		for k := range a[i] {
			ax += a[i][k] * r.XLP[k]
		}
		for k := range g[i] {
			ax += g[i][k] * r.XFree[k]
		}
		if math.Abs(ax-p.B[i]) > tol*(1+math.Abs(p.B[i]))*10 {
			t.Errorf("constraint %d: A(X) = %.10g, b = %.10g", i, ax, p.B[i])
		}
		dobj += p.B[i] * r.Y[i]
	}
	gap := 0.0
	for b := range C {
		Z := mat.DenseCopyOf(C[b])
		for i := range p.B {
			Z.Sub(Z, scaled(r.Y[i], A[i][b]))
		}
		n := p.Blocks[b]
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if d := math.Abs(Z.At(i, j) - r.Z[b].At(i, j)); d > tol*scale*10 {
					t.Fatalf("Z[%d](%d,%d) = %g, C − A*y = %g", b, i, j, r.Z[b].At(i, j), Z.At(i, j))
				}
			}
		}
		if e := minEig(r.Z[b]); e < -tol*scale {
			t.Errorf("λmin(Z[%d]) = %g", b, e)
		}
		gap += mat.Sum(mulElem(r.X[b], r.Z[b]))
	}
	for k := range c {
		z := c[k]
		for i := range p.B {
			z -= r.Y[i] * a[i][k]
		}
		if z < -tol*scale*10 || math.Abs(z-r.ZLP[k]) > tol*scale*10 {
			t.Errorf("z[%d] = %g, c − Σ y a = %g", k, r.ZLP[k], z)
		}
		gap += z * r.XLP[k]
	}
	for k := range f {
		s := f[k]
		for i := range p.B {
			s -= r.Y[i] * g[i][k]
		}
		if math.Abs(s) > tol*scale*10 {
			t.Errorf("free %d: f − Σ y g = %g", k, s)
		}
	}
	if math.Abs(gap) > tol*scale*10 {
		t.Errorf("complementarity ⟨X,Z⟩ + xᵀz = %g", gap)
	}
	if math.Abs(pobj-r.PrimalObj) > tol*scale || math.Abs(dobj-r.DualObj) > tol*scale || math.Abs(pobj-dobj) > tol*scale*10 {
		t.Errorf("objectives: primal %.12g (reported %.12g), dual %.12g (reported %.12g)", pobj, r.PrimalObj, dobj, r.DualObj)
	}
}

func mulElem(a mat.Matrix, b mat.Matrix) *mat.Dense {
	var d mat.Dense
	d.MulElem(a, b)
	return &d
}

func scaled(s float64, a mat.Matrix) *mat.Dense {
	var d mat.Dense
	d.Scale(s, a)
	return &d
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol*(1+math.Abs(want)) {
		t.Errorf("%s = %.12g, want %.12g (tol %g)", what, got, want, tol)
	}
}

// maxEigSDP is max −t s.t. Z = −A + t I ⪰ 0 (dual form, y = t), whose
// optimum is −λmax(A); the primal is min ⟨−A, X⟩, tr X = 1, X ⪰ 0.
func maxEigSDP(A *mat.SymDense) *SDP {
	n := A.SymmetricDim()
	p := &SDP{Blocks: []int{n}, B: []float64{-1}}
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if v := A.At(i, j); v != 0 {
				p.AddC(0, i, j, -v)
			}
		}
		p.AddA(0, 0, i, i, -1)
	}
	return p
}

func TestSDPMaxEigenvalue(t *testing.T) {
	t.Parallel()
	// tridiag(−1, 2, −1) of order n has eigenvalues 2 − 2cos(kπ/(n+1)),
	// k = 1..n (closed form), so λmax = 2 + 2cos(π/(n+1)).
	for _, n := range []int{1, 5, 20} {
		A := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			A.SetSym(i, i, 2)
			if i+1 < n {
				A.SetSym(i, i+1, -1)
			}
		}
		want := 2 + 2*math.Cos(math.Pi/float64(n+1))
		p := maxEigSDP(A)
		r, err := SolveSDP(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkSDPOptimal(t, p, r, 1e-7)
		near(t, "−λmax (dual)", r.DualObj, -want, 1e-7)
		near(t, "t = y", r.Y[0], want, 1e-7)
	}
}

func TestSDPMaxEigenvalueFree(t *testing.T) {
	t.Parallel()
	// Primal form with a free variable: min t s.t. t I − X = A, X ⪰ 0
	// (one constraint per upper-triangle entry); t* = λmax(A) = 2 + 2cos(π/7)
	// for tridiag(−1, 2, −1) of order 6 (closed form).
	n := 6
	p := &SDP{Blocks: []int{n}, Free: 1}
	p.AddC(SDPFree, 0, 0, 1)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			con := len(p.B)
			v := 0.0
			switch {
			case i == j:
				v = 2
				p.AddA(con, SDPFree, 0, 0, 1)
				p.AddA(con, 0, i, i, -1)
			default:
				if j == i+1 {
					v = -1
				}
				p.AddA(con, 0, i, j, -0.5) // ⟨A, X⟩ = −X_ij
			}
			p.B = append(p.B, v)
		}
	}
	r, err := SolveSDP(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSDPOptimal(t, p, r, 1e-7)
	near(t, "t", r.XFree[0], 2+2*math.Cos(math.Pi/7), 1e-6)
}

func TestSDPLP(t *testing.T) {
	t.Parallel()
	// min −x1 − x2 s.t. x1 + 2x2 + s1 = 4, 3x1 + x2 + s2 = 6, x, s ≥ 0.
	// Both constraints are tight at the optimum (hand computation):
	// x = (8/5, 6/5), s = 0, value −14/5, duals y = (−2/5, −1/5).
	p := &SDP{LP: 4, B: []float64{4, 6}}
	p.AddC(SDPLP, 0, 0, -1)
	p.AddC(SDPLP, 1, 0, -1)
	for k, v := range []float64{1, 2, 1, 0} {
		if v != 0 {
			p.AddA(0, SDPLP, k, 0, v)
		}
	}
	for k, v := range []float64{3, 1, 0, 1} {
		if v != 0 {
			p.AddA(1, SDPLP, k, 0, v)
		}
	}
	r, err := SolveSDP(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSDPOptimal(t, p, r, 1e-8)
	near(t, "objective", r.PrimalObj, -14.0/5, 1e-8)
	near(t, "x1", r.XLP[0], 8.0/5, 1e-7)
	near(t, "x2", r.XLP[1], 6.0/5, 1e-7)
	near(t, "y1", r.Y[0], -2.0/5, 1e-7)
	near(t, "y2", r.Y[1], -1.0/5, 1e-7)
}

// thetaSDP is the Lovász theta function θ(G) = max ⟨J, X⟩ s.t. tr X = 1,
// X_ij = 0 for ij ∈ E, X ⪰ 0 (Lovász 1979), as min ⟨−J, X⟩.
func thetaSDP(n int, edges [][2]int) *SDP {
	p := &SDP{Blocks: []int{n}, B: []float64{1}}
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			p.AddC(0, i, j, -1)
		}
		p.AddA(0, 0, i, i, 1)
	}
	for _, e := range edges {
		p.AddA(len(p.B), 0, e[0], e[1], 1)
		p.B = append(p.B, 0)
	}
	return p
}

func TestSDPLovaszTheta(t *testing.T) {
	t.Parallel()
	complete := func(n int) (e [][2]int) {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				e = append(e, [2]int{i, j})
			}
		}
		return e
	}
	for _, tc := range []struct {
		name  string
		n     int
		edges [][2]int
		want  float64
	}{
		// θ(C5) = √5 (Lovász 1979, Cor. 5); θ(K_n) = 1 = α(K_n) and
		// θ(empty graph) = n = α (perfect graphs: θ = α = χ̄).
		{"C5", 5, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 4}}, math.Sqrt(5)},
		{"K4", 4, complete(4), 1},
		{"empty6", 6, nil, 6},
		// C7: θ(C_n) = n cos(π/n)/(1 + cos(π/n)) for odd n (Lovász 1979).
		{"C7", 7, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {0, 6}}, 7 * math.Cos(math.Pi/7) / (1 + math.Cos(math.Pi/7))},
	} {
		p := thetaSDP(tc.n, tc.edges)
		r, err := SolveSDP(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkSDPOptimal(t, p, r, 1e-7)
		near(t, tc.name+" θ", -r.PrimalObj, tc.want, 1e-7)
	}
}

func TestSDPMaxCutC5(t *testing.T) {
	t.Parallel()
	// Elliptope (correlation matrices, diag X = 1): the Goemans–Williamson
	// MAX-CUT relaxation max ¼⟨L, X⟩ of the 5-cycle has value
	// (25 + 5√5)/8 ≈ 4.5225 (Goemans & Williamson 1995, Section 3).
	n := 5
	p := &SDP{Blocks: []int{n}}
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		p.AddC(0, i, i, -0.5) // −¼ L: L_ii = 2
		p.AddC(0, min(i, j), max(i, j), 0.25)
		p.AddA(i, 0, i, i, 1)
		p.B = append(p.B, 1)
	}
	r, err := SolveSDP(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSDPOptimal(t, p, r, 1e-7)
	near(t, "max-cut SDP", -r.PrimalObj, (25+5*math.Sqrt(5))/8, 1e-7)
}

func TestSDPNearestCorrelation(t *testing.T) {
	t.Parallel()
	// Nearest correlation matrix in the Frobenius norm to
	// A = [[1,1,0],[1,1,1],[0,1,1]]: X12 = X23 = 0.7607, X13 = 0.1573
	// (Higham 2002, Section 4; confirmed with Dykstra's alternating
	// projections in numpy: 0.76068985, 0.15729811, ‖X − A‖_F = 0.52779046).
	// Dual form, y = (t, X12, X13, X23): max −t s.t.
	// I + Σ X_ij E_ij ⪰ 0 and [[t, wᵀ],[w, I₃]] ⪰ 0, w = √2(X_ij − A_ij),
	// so that t ≥ ‖X − A‖_F².
	Aij := []float64{1, 0, 1}
	pos := [][2]int{{0, 1}, {0, 2}, {1, 2}}
	p := &SDP{Blocks: []int{3, 4}, B: []float64{-1, 0, 0, 0}}
	for i := 0; i < 3; i++ {
		p.AddC(0, i, i, 1)
		p.AddC(1, i+1, i+1, 1)
	}
	p.AddA(0, 1, 0, 0, -1)
	for k, ij := range pos {
		p.AddA(k+1, 0, ij[0], ij[1], -1)
		p.AddC(1, 0, k+1, -math.Sqrt2*Aij[k])
		p.AddA(k+1, 1, 0, k+1, -math.Sqrt2)
	}
	// The minimiser is only as accurate as √(objective accuracy): ask
	// for Tol = 1e-11, near round-off (1e-12 is not reached reliably: a
	// build with fused multiply-adds, GOAMD64=v3 or arm64, stalls at a
	// relative gap of 3e-12).
	r, err := SolveSDP(p, &Settings{Tol: 1e-11})
	if err != nil {
		t.Fatal(err)
	}
	checkSDPOptimal(t, p, r, 1e-7)
	near(t, "X12", r.Y[1], 0.76068985, 1e-6)
	near(t, "X13", r.Y[2], 0.15729811, 1e-6)
	near(t, "X23", r.Y[3], 0.76068985, 1e-6)
	near(t, "‖X−A‖²", r.Y[0], 0.52779046*0.52779046, 1e-6)
}

// svmSDP is the SDP (17)/(24) of Colbert & Peet (2020) for a fixed Gram
// matrix and γ = 0: min t s.t. [[G, e+ν−δ],[(e+ν−δ)ᵀ, t − 2Cδᵀe]] ⪰ 0,
// ν, δ ≥ 0, with y = (t, ν, δ) (dual form); LP variables k and m+k carry
// ν_k ≥ 0 and δ_k ≥ 0.
func svmSDP(G *mat.SymDense, C float64) *SDP {
	m := G.SymmetricDim()
	p := &SDP{Blocks: []int{m + 1}, LP: 2 * m, B: make([]float64, 1+2*m)}
	p.B[0] = -1
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			if v := G.At(i, j); v != 0 {
				p.AddC(0, i, j, v)
			}
		}
		p.AddC(0, i, m, 1)
	}
	p.AddA(0, 0, m, m, -1)
	for k := 0; k < m; k++ {
		p.AddA(1+k, 0, k, m, -1) // ν_k
		p.AddA(1+k, SDPLP, k, 0, -1)
		p.AddA(1+m+k, 0, k, m, 1) // δ_k
		p.AddA(1+m+k, 0, m, m, 2*C)
		p.AddA(1+m+k, SDPLP, m+k, 0, -1)
	}
	return p
}

func TestSDPMixedSVM(t *testing.T) {
	t.Parallel()
	// For G = diag(g) the SDP value equals the ×2 SVM dual
	// max Σ 2α_i − g_i α_i², 0 ≤ α ≤ C, solved coordinatewise:
	// α_i = min(C, 1/g_i). g = (0.5, 4, 1), C = 1: α = (1, 0.25, 1),
	// value (2 − 0.5) + (0.5 − 0.25) + (2 − 1) = 2.75 (hand computation).
	G := mat.NewSymDense(3, []float64{0.5, 0, 0, 0, 4, 0, 0, 0, 1})
	p := svmSDP(G, 1)
	r, err := SolveSDP(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSDPOptimal(t, p, r, 1e-7)
	near(t, "t", r.Y[0], 2.75, 1e-6)

	// A dense G with C large enough for the box to be inactive: the value
	// is −min_{α≥0} (αᵀGα − 2αᵀe), computed by NNQP (Lawson–Hanson).
	K, _ := rbfGram(12, 3, 0.5, 7)
	C := 1e3
	p = svmSDP(K, C)
	r, err = SolveSDP(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSDPOptimal(t, p, r, 1e-7)
	e := make([]float64, 12)
	for i := range e {
		e[i] = 1
	}
	nn, err := NNQP(K, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range nn.X {
		if a >= C {
			t.Fatalf("box active: α = %g", a)
		}
	}
	near(t, "t vs NNQP", r.Y[0], -nn.F, 1e-6)
}

func TestSDPInfeasible(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		p    *SDP
		want SDPCertificate
	}{
		// x ≥ 0, x1 + x2 = −1: primal infeasible (Farkas: y = −1).
		{"lp-primal", &SDP{LP: 2, B: []float64{-1}, A: []SDPEntry{{0, SDPLP, 0, 0, 1}, {0, SDPLP, 1, 0, 1}}}, PrimalInfeasible},
		// X ⪰ 0, tr X = −1: primal infeasible.
		{"sdp-primal", &SDP{Blocks: []int{3}, B: []float64{-1}, A: []SDPEntry{{0, 0, 0, 0, 1}, {0, 0, 1, 1, 1}, {0, 0, 2, 2, 1}}}, PrimalInfeasible},
		// min −x1 s.t. x1 − x2 = 0, x ≥ 0: unbounded (dual infeasible).
		{"lp-dual", &SDP{LP: 2, B: []float64{0}, C: []SDPEntry{{0, SDPLP, 0, 0, -1}}, A: []SDPEntry{{0, SDPLP, 0, 0, 1}, {0, SDPLP, 1, 0, -1}}}, DualInfeasible},
		// min −X11 s.t. X22 = 1, X ⪰ 0: unbounded (X11 → ∞).
		{"sdp-dual", &SDP{Blocks: []int{2}, B: []float64{1}, C: []SDPEntry{{0, 0, 0, 0, -1}}, A: []SDPEntry{{0, 0, 1, 1, 1}}}, DualInfeasible},
	} {
		r, err := SolveSDP(tc.p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != Failure || r.Certificate != tc.want {
			t.Errorf("%s: status %v, certificate %v after %d iterations, want Failure/%v", tc.name, r.Status, r.Certificate, r.Iterations, tc.want)
			continue
		}
		switch tc.want {
		case PrimalInfeasible:
			near(t, tc.name+" bᵀy", sdpDotVec(tc.p.B, r.Y), 1, 1e-9)
			for b := range r.Z {
				if e := minEig(r.Z[b]); e < -1e-7 {
					t.Errorf("%s: λmin(−A*y) = %g", tc.name, e)
				}
			}
			for k, z := range r.ZLP {
				if z < -1e-7 {
					t.Errorf("%s: −Σ y a [%d] = %g", tc.name, k, z)
				}
			}
		case DualInfeasible:
			for b := range r.X {
				if e := minEig(r.X[b]); e < -1e-7 {
					t.Errorf("%s: λmin(X) = %g", tc.name, e)
				}
			}
		}
	}
}

func TestSDPIterationLimitAndRecorder(t *testing.T) {
	t.Parallel()
	p := thetaSDP(5, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 4}})
	var tr Trace
	r, err := SolveSDP(p, &Settings{MaxIter: 3, Recorder: &tr})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != IterationLimit || r.Iterations != 3 || len(tr.Iters) != 4 {
		t.Errorf("status %v, iterations %d, %d records; want IterationLimit, 3, 4", r.Status, r.Iterations, len(tr.Iters))
	}
	stop := errors.New("stop")
	r, err = SolveSDP(p, &Settings{Recorder: RecorderFunc(func(it Iteration) error {
		if it.Iter == 2 {
			return stop
		}
		return nil
	})})
	if !errors.Is(err, stop) || r == nil || r.Status != RecorderStop || r.Iterations != 2 {
		t.Errorf("recorder stop: err %v, result %+v", err, r)
	}
	// The full run decreases the relative gap to below Tol.
	tr = Trace{}
	r, err = SolveSDP(p, &Settings{Recorder: &tr})
	if err != nil || r.Status != Success {
		t.Fatal(err, r.Status)
	}
	if last := tr.Iters[len(tr.Iters)-1]; last.Gap > DefaultSDPTol || last.Gap >= tr.Iters[0].Gap {
		t.Errorf("relative gap %g → %g", tr.Iters[0].Gap, last.Gap)
	}
}

func TestSDPDeterministic(t *testing.T) {
	// Not parallel: changes GOMAXPROCS. Mixes F-path (dense) and entrywise
	// (sparse) Schur rows: the results must be bit-identical.
	K, _ := rbfGram(15, 3, 0.5, 3)
	p := svmSDP(K, 0.5)
	prev := runtime.GOMAXPROCS(1)
	r1, err1 := SolveSDP(p, nil)
	runtime.GOMAXPROCS(max(prev, 2))
	r2, err2 := SolveSDP(p, nil)
	runtime.GOMAXPROCS(prev)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if r1.Iterations != r2.Iterations || r1.PrimalObj != r2.PrimalObj || r1.DualObj != r2.DualObj {
		t.Errorf("GOMAXPROCS 1 vs 2: %d/%d iterations, %v/%v, %v/%v", r1.Iterations, r2.Iterations, r1.PrimalObj, r2.PrimalObj, r1.DualObj, r2.DualObj)
	}
	for i := range r1.Y {
		if r1.Y[i] != r2.Y[i] {
			t.Fatalf("y[%d]: %v vs %v", i, r1.Y[i], r2.Y[i])
		}
	}
}

func TestSDPErrors(t *testing.T) {
	t.Parallel()
	ok := func() *SDP {
		return &SDP{Blocks: []int{2}, LP: 1, Free: 1, B: []float64{1},
			A: []SDPEntry{{0, 0, 0, 0, 1}, {0, SDPLP, 0, 0, 1}}}
	}
	if _, err := SolveSDP(ok(), nil); err != nil {
		t.Fatalf("valid problem: %v", err)
	}
	for _, tc := range []struct {
		name string
		mod  func(p *SDP)
		s    *Settings
		want error
	}{
		{"nil", nil, nil, klearn.ErrEmpty},
		{"no constraints", func(p *SDP) { p.B = nil }, nil, klearn.ErrEmpty},
		{"NaN b", func(p *SDP) { p.B[0] = math.NaN() }, nil, klearn.ErrNotFinite},
		{"Inf A", func(p *SDP) { p.A[0].V = math.Inf(1) }, nil, klearn.ErrNotFinite},
		{"NaN C", func(p *SDP) { p.AddC(0, 0, 1, math.NaN()) }, nil, klearn.ErrNotFinite},
		{"bad con", func(p *SDP) { p.A[0].Con = 1 }, nil, klearn.ErrShape},
		{"bad block", func(p *SDP) { p.A[0].Block = 1 }, nil, klearn.ErrShape},
		{"bad row", func(p *SDP) { p.A[0].J = 2 }, nil, klearn.ErrShape},
		{"bad LP index", func(p *SDP) { p.AddC(SDPLP, 1, 0, 1) }, nil, klearn.ErrShape},
		{"bad free index", func(p *SDP) { p.AddC(SDPFree, -1, 0, 1) }, nil, klearn.ErrShape},
		{"zero block", func(p *SDP) { p.Blocks[0] = 0 }, nil, klearn.ErrShape},
		{"negative LP", func(p *SDP) { p.LP = -1 }, nil, klearn.ErrShape},
		{"negative MaxIter", func(p *SDP) {}, &Settings{MaxIter: -1}, klearn.ErrParam},
		{"NaN Tol", func(p *SDP) {}, &Settings{Tol: math.NaN()}, klearn.ErrParam},
	} {
		var p *SDP
		if tc.mod != nil {
			p = ok()
			tc.mod(p)
		}
		_, err := SolveSDP(p, tc.s)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	p := ok()
	asym := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	if err := p.AddDenseC(0, asym); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("asymmetric C: %v", err)
	}
	if err := p.AddDenseA(0, 0, mat.NewDense(3, 3, nil)); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("3×3 into block of order 2: %v", err)
	}
	if err := p.AddDenseA(0, 1, mat.NewDense(2, 2, nil)); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("block 1: %v", err)
	}
	if err := p.AddDenseC(0, mat.NewDense(2, 2, []float64{1, math.NaN(), math.NaN(), 1})); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN dense: %v", err)
	}
	if err := p.AddDenseC(0, mat.NewDense(2, 2, []float64{1, 2, 2, 1})); err != nil || len(p.C) != 3 {
		t.Errorf("symmetric dense: %v, %d entries", err, len(p.C))
	}
}

func TestSDPAddDenseANegativeConstraint(t *testing.T) {
	p := &SDP{Blocks: []int{2}, B: []float64{1}}
	if err := p.AddDenseA(-1, 0, mat.NewSymDense(2, []float64{1, 0, 0, 1})); !errors.Is(err, klearn.ErrParam) {
		t.Fatalf("AddDenseA(-1, …) = %v, want ErrParam", err)
	}
	if len(p.A) != 0 {
		t.Errorf("a refused matrix left %d entries", len(p.A))
	}
}
