package tk

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/svm"
)

func testProblem(t *testing.T, m, n, d int, C float64, noBias bool, maxBytes float64, factors bool) *problem {
	t.Helper()
	X, y := toyData(m, n, uint64(7*m+n+d))
	box := kernel.TK{Degree: d, Lower: make([]float64, n), Upper: make([]float64, n)}
	for j := range box.Upper {
		box.Lower[j], box.Upper[j] = -0.1, 1.1
	}
	p, err := newProblem(X, y, box, svm.Classifier{C: C, NoBias: noBias, Tol: 1e-11}, maxBytes, factors)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// randSpectraplex returns a random P ⪰ 0 with tr P = tr.
func randSpectraplex(w int, rank int, tr float64, seed uint64) *mat.SymDense {
	P := klearntest.RandPSD(w, rank, seed)
	s := mat.Trace(P)
	P.ScaleSym(tr/s, P)
	return P
}

// TestGradientFiniteDifferences checks ∇J(P) = −M(β) (Danskin) against
// central differences of J along random symmetric directions.
func TestGradientFiniteDifferences(t *testing.T) {
	for _, c := range []struct{ noBias, factors bool }{{true, true}, {false, true}, {true, false}} {
		noBias := c.noBias
		p := testProblem(t, 14, 2, 1, 1, noBias, 1<<30, c.factors)
		if (p.fz != nil) != c.factors {
			t.Fatalf("factored path %v, want %v", p.fz != nil, c.factors)
		}
		P := randSpectraplex(p.w, p.w, 1, 3)
		in, err := p.objective(P)
		if err != nil {
			t.Fatal(err)
		}
		M := p.moment(in.beta)
		r := klearn.NewRand(5)
		for trial := 0; trial < 5; trial++ {
			D := mat.NewSymDense(p.w, nil)
			for a := 0; a < p.w; a++ {
				for b := a; b < p.w; b++ {
					D.SetSym(a, b, r.NormFloat64())
				}
			}
			h := 1e-5
			var Pp, Pm, hD mat.SymDense
			hD.ScaleSym(h, D)
			Pp.AddSym(P, &hD)
			hD.ScaleSym(-h, D)
			Pm.AddSym(P, &hD)
			jp, err := p.objective(&Pp)
			if err != nil {
				t.Fatal(err)
			}
			jm, err := p.objective(&Pm)
			if err != nil {
				t.Fatal(err)
			}
			fd := (jp.J - jm.J) / (2 * h)
			an := -frob(t, M, D)
			if math.Abs(fd-an) > 1e-5*(1+math.Abs(an)) {
				t.Errorf("noBias=%v trial %d: finite difference %.10g, −⟨M, D⟩ = %.10g", noBias, trial, fd, an)
			}
		}
	}
}

// TestMomentIdentity checks ⟨P, M(β)⟩ = βᵀK(P)β, M(β) ⪰ 0 (it lies in the
// dual of the cone {P ⪰ 0} because k_P is positive for P ⪰ 0,
// Proposition 3), and that the chunked path equals the block path.
func TestMomentIdentity(t *testing.T) {
	pb := testProblem(t, 12, 2, 1, 1, true, 1<<30, false)
	pc := testProblem(t, 12, 2, 1, 1, true, 8*55*12*3, false) // three rows per chunk
	if pc.B != nil || pc.chunk != 3 {
		t.Fatalf("chunked problem: basis %v, chunk %d", pc.B != nil, pc.chunk)
	}
	r := klearn.NewRand(1)
	beta := make([]float64, pb.m)
	for i := range beta {
		beta[i] = r.NormFloat64()
	}
	Mb, Mc := pb.moment(beta), pc.moment(beta)
	P := randSpectraplex(pb.w, 4, 1, 9)
	Kb, Kc := pb.gram(P), pc.gram(P)
	bv := mat.NewVecDense(pb.m, beta)
	want := mat.Inner(bv, Kb, bv)
	if got := frob(t, P, Mb); math.Abs(got-want) > 1e-10*math.Abs(want) {
		t.Errorf("⟨P, M⟩ = %v, βᵀKβ = %v", got, want)
	}
	if !mat.EqualApprox(Mb, Mc, 1e-10) || !mat.EqualApprox(Kb, Kc, 1e-10) {
		t.Errorf("chunked path differs from the block path")
	}
	if ok, _ := kernel.IsPSD(Mb, 1e-10); !ok {
		t.Errorf("M(β) is not positive semi-definite")
	}
}

// TestOptimalityAndDuality checks on a small instance: (i) J(P*) ≤ J(P)
// for 200 random feasible P (P* minimises (24)); (ii) every α feasible for
// the SVM gives a lower bound 2αᵀe − λ_max(M(β)) ≤ J(P*) (weak duality of
// the saddle problem); (iii) tr P* = 1, as J is non-increasing in the
// Loewner order (K(P) − K(P') = K(P − P') ⪰ 0 for P ⪰ P', Proposition 3);
// (iv) the learned Gram on training and new points is PSD.
func TestOptimalityAndDuality(t *testing.T) {
	X, y := toyData(18, 2, 11)
	l := Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: 2, NoBias: true, Tol: 1e-10}}
	l.Settings.Tol = 1e-8
	mod, err := l.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	Jstar := mod.Objective()
	p, err := newProblem(mod.xs, signs(y), mod.kern.TK, svm.Classifier{C: 2, NoBias: true, Tol: 1e-10}, 1<<30, true)
	if err != nil {
		t.Fatal(err)
	}
	r := klearn.NewRand(2)
	for k := 0; k < 200; k++ {
		P := randSpectraplex(p.w, 1+k%p.w, 0.2+0.8*r.Float64(), uint64(100+k))
		in, err := p.objective(P)
		if err != nil {
			t.Fatal(err)
		}
		if in.J < Jstar*(1-1e-7) {
			t.Fatalf("random feasible P %d has J = %v < J(P*) = %v", k, in.J, Jstar)
		}
		// A feasible α: the SVM solution at P (with 0 ≤ α ≤ C).
		lb, _, err := p.lowerBound(in)
		if err != nil {
			t.Fatal(err)
		}
		if lb > Jstar*(1+1e-7) {
			t.Fatalf("lower bound %v > J(P*) = %v", lb, Jstar)
		}
	}
	if tr := mat.Trace(mod.P()); math.Abs(tr-1) > 1e-9 {
		t.Errorf("tr P* = %v, want 1", tr)
	}
	if mod.Gap() > 1e-8 {
		t.Errorf("certified gap %v", mod.Gap())
	}
	Xall := mat.NewDense(28, 2, nil)
	Xall.Stack(X, klearntest.RandMatrix(10, 2, -0.5, 1.5, 4))
	K, err := kernel.Gram(mod.Kernel(), Xall)
	if err != nil {
		t.Fatal(err)
	}
	if lmin, _ := kernel.MinEigen(K); lmin < -1e-10*mat.Norm(K, 2) {
		t.Errorf("learned Gram has λ_min = %v", lmin)
	}
}

// TestSpectraplexProjection checks the projection onto {P ⪰ 0, tr P ≤ 1}
// by its variational inequality ⟨A − Π(A), S − Π(A)⟩ ≤ 0 for random S in
// the set.
func TestSpectraplexProjection(t *testing.T) {
	r := klearn.NewRand(3)
	for trial := 0; trial < 20; trial++ {
		w := 2 + trial%5
		A := mat.NewSymDense(w, nil)
		scale := []float64{0.05, 1, 10}[trial%3]
		for a := 0; a < w; a++ {
			for b := a; b < w; b++ {
				A.SetSym(a, b, scale*r.NormFloat64())
			}
		}
		Pi, err := projectSpectraplex(A)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := kernel.IsPSD(Pi, 1e-12); !ok || mat.Trace(Pi) > 1+1e-12 {
			t.Fatalf("projection infeasible: trace %v", mat.Trace(Pi))
		}
		var R mat.SymDense
		var negPi mat.SymDense
		negPi.ScaleSym(-1, Pi)
		R.AddSym(A, &negPi)
		for k := 0; k < 50; k++ {
			S := randSpectraplex(w, 1+k%w, r.Float64(), uint64(1000*trial+k))
			var D mat.SymDense
			D.AddSym(S, &negPi)
			if v := frob(t, &R, &D); v > 1e-12*(1+scale) {
				t.Fatalf("trial %d: ⟨A − Π(A), S − Π(A)⟩ = %v > 0", trial, v)
			}
		}
	}
}

// TestDecisionMatchesKernel checks the model's decision against
// Σ_i α_i y_i k(x_i, z) + b evaluated with Kernel().Eval on raw inputs.
func TestDecisionMatchesKernel(t *testing.T) {
	X, y := toyData(15, 3, 21)
	for i := range y {
		if y[i] < 0 {
			y[i] = 7 // arbitrary labels
		}
	}
	mod, err := Learner{Degree: 1, Margin: 0.2, SVM: svm.Classifier{C: 5}}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	Z := klearntest.RandMatrix(6, 3, -0.3, 1.3, 8)
	f, err := mod.Decision(Z)
	if err != nil {
		t.Fatal(err)
	}
	alpha, b := mod.SVM().Alpha(), mod.SVM().Bias()
	ys := signs(y)
	k := mod.Kernel()
	for r := 0; r < 6; r++ {
		want := b
		for i := range alpha {
			want += alpha[i] * ys[i] * k.Eval(X.RawRowView(i), Z.RawRowView(r))
		}
		if math.Abs(f[r]-want) > 1e-9*(1+math.Abs(want)) {
			t.Errorf("row %d: Decision %v, kernel sum %v", r, f[r], want)
		}
	}
	pred, err := mod.Predict(Z)
	if err != nil {
		t.Fatal(err)
	}
	for r, v := range pred {
		if (f[r] > 0) != (v == 7) {
			t.Errorf("row %d: decision %v, label %v", r, f[r], v)
		}
	}
}

// TestLibrary checks the Grams of Library against kernel.Gram and
// kernel.Cross of the same kernels.
func TestLibrary(t *testing.T) {
	X := klearntest.RandMatrix(9, 2, -1, 3, 1)
	Xte := klearntest.RandMatrix(4, 2, -2, 4, 2)
	Ps, err := RandomP(10, 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	Ks, Kte, err := Library(X, Xte, 1, 0.1, Ps)
	if err != nil {
		t.Fatal(err)
	}
	for _, P := range Ps {
		if math.Abs(mat.Trace(P)-1) > 1e-12 {
			t.Fatalf("tr P = %v", mat.Trace(P))
		}
	}
	checkLibraryEntries(t, X, Xte, 1, 0.1, Ps, Ks, Kte)
}

// frob is metrics.Frobenius, failing the test on an error.
func frob(t *testing.T, A, B mat.Matrix) float64 {
	t.Helper()
	v, err := metrics.Frobenius(A, B)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
