package opt

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// rbfGram returns the RBF Gram matrix exp(−γ‖x_i − x_j‖²) of n random
// points in R^d, and labels from the sign of the first coordinate plus
// noise (both classes forced present).
func rbfGram(n, d int, gamma float64, seed uint64) (*mat.SymDense, []float64) {
	rng := klearn.NewRand(seed)
	X := make([][]float64, n)
	y := make([]float64, n)
	for i := range X {
		X[i] = make([]float64, d)
		for k := range X[i] {
			X[i][k] = rng.NormFloat64()
		}
		y[i] = 1
		if X[i][0]+0.5*rng.NormFloat64() < 0 {
			y[i] = -1
		}
	}
	y[0] = 1
	if n > 1 {
		y[1] = -1
	}
	K := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			var s float64
			for k := 0; k < d; k++ {
				t := X[i][k] - X[j][k]
				s += t * t
			}
			K.SetSym(i, j, math.Exp(-gamma*s))
		}
	}
	return K, y
}

// checkSimplexKKT verifies the KKT conditions of min xᵀHx + cᵀx over a
// product of simplices, recomputing g = 2Hx + c from scratch:
// feasibility, g_i − ρ_k ≥ −tol (dual feasibility of μ_i = g_i − ρ_k) and
// x_i(g_i − ρ_k) ≤ tol (complementary slackness), with ρ_k the returned
// multipliers.
func checkSimplexKKT(t *testing.T, H *mat.Dense, c []float64, group []int, res *Result, tol float64) {
	t.Helper()
	n, _ := H.Dims()
	x := res.X
	sum := make([]float64, len(res.Multipliers))
	for i, v := range x {
		if v < 0 || math.IsNaN(v) {
			t.Fatalf("x[%d] = %g infeasible", i, v)
		}
		sum[group[i]] += v
	}
	for k, s := range sum {
		if math.Abs(s-1) > 1e-12 {
			t.Fatalf("group %d sums to %.15g, want 1", k, s)
		}
	}
	g := make([]float64, n)
	var f float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			g[i] += 2 * H.At(i, j) * x[j]
		}
		f += x[i] * g[i] / 2
		if c != nil {
			g[i] += c[i]
			f += c[i] * x[i]
		}
	}
	if math.Abs(f-res.F) > 1e-10*(1+math.Abs(f)) {
		t.Errorf("F = %.15g, recomputed %.15g", res.F, f)
	}
	for i := 0; i < n; i++ {
		mu := g[i] - res.Multipliers[group[i]]
		if mu < -tol {
			t.Errorf("stationarity: μ[%d] = g − ρ = %g < 0", i, mu)
		}
		if x[i]*mu > tol {
			t.Errorf("complementary slackness: x[%d]·μ = %g", i, x[i]*mu)
		}
	}
}

func komdH(K *mat.SymDense, y []float64, lambda float64) *mat.Dense {
	n := len(y)
	H := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := (1 - lambda) * y[i] * y[j] * K.At(i, j)
			if i == j {
				v += lambda
			}
			H.Set(i, j, v)
		}
	}
	return H
}

func groups(y []float64) []int {
	g := make([]int, len(y))
	for i, v := range y {
		if v < 0 {
			g[i] = 1
		}
	}
	return g
}

func TestKOMDKKT(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 3, 5, 17, 60, 200} {
		for _, lambda := range []float64{0, 1e-3, 0.1, 0.5, 0.99, 1} {
			t.Run(fmt.Sprintf("n=%d/lambda=%g", n, lambda), func(t *testing.T) {
				K, y := rbfGram(n, 3, 0.7, uint64(n))
				res, err := KOMDQP(K, y, lambda, &Settings{Tol: 1e-11, MaxIter: 1000000})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != Success {
					t.Fatalf("status %v", res.Status)
				}
				// KKT residuals of order Tol·D (D ≤ 1 for an RBF Gram).
				checkSimplexKKT(t, komdH(K, y, lambda), nil, groups(y), res, 1e-9)
			})
		}
	}
}

func TestKOMDClosedForms(t *testing.T) {
	t.Parallel()
	K, y := rbfGram(9, 2, 1, 3)
	// λ = 1: min ‖γ‖² over two simplices is uniform per class (closed form),
	// F = 1/n₊ + 1/n₋.
	var np, nn float64
	for _, v := range y {
		if v > 0 {
			np++
		} else {
			nn++
		}
	}
	res, err := KOMDQP(K, y, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range res.X {
		want := 1 / np
		if y[i] < 0 {
			want = 1 / nn
		}
		if math.Abs(v-want) > 1e-15 {
			t.Errorf("λ=1: γ[%d] = %g, want %g", i, v, want)
		}
	}
	if math.Abs(res.F-(1/np+1/nn)) > 1e-15 {
		t.Errorf("λ=1: F = %g, want %g", res.F, 1/np+1/nn)
	}
	// One example per class: γ = (1, 1) is the only feasible point, so
	// F = (1−λ)(K₁₁ + K₂₂ − 2K₁₂) + 2λ (closed form).
	K2 := mat.NewSymDense(2, []float64{2, 0.5, 0.5, 3})
	for _, lambda := range []float64{0, 0.3, 1} {
		res, err := KOMDQP(K2, []float64{1, -1}, lambda, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := (1-lambda)*(2+3-1) + 2*lambda
		if res.X[0] != 1 || res.X[1] != 1 || math.Abs(res.F-want) > 1e-14 {
			t.Errorf("λ=%g: γ = %v, F = %g, want (1,1), %g", lambda, res.X, res.F, want)
		}
	}
	// Zero kernel, λ = 0: F ≡ 0 on Γ.
	Z := mat.NewSymDense(6, nil)
	res, err = KOMDQP(Z, []float64{1, 1, -1, 1, -1, -1}, 0, nil)
	if err != nil || res.F != 0 || res.Status != Success {
		t.Errorf("zero K: F = %v, status %v, err %v", res.F, res.Status, err)
	}
	// Duplicate points across classes with a linear kernel: the hulls
	// intersect, so min γᵀYKYγ = 0 at λ = 0 (distance between hulls).
	X := []float64{0, 1, 1, 2} // points 1 and 2 coincide, opposite labels
	yd := []float64{1, 1, -1, -1}
	Kd := mat.NewSymDense(4, nil)
	for i := range X {
		for j := i; j < 4; j++ {
			Kd.SetSym(i, j, X[i]*X[j])
		}
	}
	res, err = KOMDQP(Kd, yd, 0, &Settings{Tol: 1e-14})
	if err != nil {
		t.Fatal(err)
	}
	if res.F > 1e-12 {
		t.Errorf("intersecting hulls: F = %g, want 0", res.F)
	}
}

func TestKOMDErrors(t *testing.T) {
	t.Parallel()
	K, y := rbfGram(5, 2, 1, 1)
	bad := mat.NewSymDense(5, nil)
	bad.CopySym(K)
	bad.SetSym(1, 3, math.NaN())
	cases := []struct {
		name   string
		K      mat.Symmetric
		y      []float64
		lambda float64
		s      *Settings
		want   error
	}{
		{"nil K", nil, y, 0.1, nil, klearn.ErrEmpty},
		{"nil SymDense", (*mat.SymDense)(nil), y, 0.1, nil, klearn.ErrEmpty},
		{"NaN in K", bad, y, 0.1, nil, klearn.ErrNotFinite},
		{"NaN in K, λ=1", bad, y, 1, nil, klearn.ErrNotFinite},
		{"shape", K, y[:4], 0.1, nil, klearn.ErrShape},
		{"one class", K, []float64{1, 1, 1, 1, 1}, 0.1, nil, klearn.ErrOneClass},
		{"labels", K, []float64{1, 0, -1, 1, 1}, 0.1, nil, klearn.ErrLabels},
		{"NaN label", K, []float64{1, math.NaN(), -1, 1, 1}, 0.1, nil, klearn.ErrNotFinite},
		{"λ<0", K, y, -0.1, nil, klearn.ErrParam},
		{"λ>1", K, y, 1.5, nil, klearn.ErrParam},
		{"λ NaN", K, y, math.NaN(), nil, klearn.ErrParam},
		{"Tol<0", K, y, 0.1, &Settings{Tol: -1}, klearn.ErrParam},
		{"MaxIter<0", K, y, 0.1, &Settings{MaxIter: -1}, klearn.ErrParam},
	}
	for _, c := range cases {
		_, err := KOMDQP(c.K, c.y, c.lambda, c.s)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

func TestKOMDInputNotMutated(t *testing.T) {
	t.Parallel()
	K, y := rbfGram(30, 3, 0.5, 9)
	K0 := mat.NewSymDense(K.SymmetricDim(), nil)
	K0.CopySym(K)
	y0 := append([]float64(nil), y...)
	if _, err := KOMDQP(K, y, 0.2, nil); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(K, K0) || fmt.Sprint(y) != fmt.Sprint(y0) {
		t.Error("KOMD mutated its input")
	}
}

func TestQPRecorder(t *testing.T) {
	t.Parallel()
	K, y := rbfGram(40, 3, 0.5, 2)
	var tr Trace
	res, err := KOMDQP(K, y, 0.1, &Settings{Recorder: &tr})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Iters) < res.Iterations+1 {
		t.Fatalf("recorded %d iterations, solver made %d", len(tr.Iters), res.Iterations)
	}
	// Pairwise descent never increases the objective.
	for k := 1; k < len(tr.Iters); k++ {
		if tr.Iters[k].F > tr.Iters[k-1].F+1e-14 {
			t.Fatalf("F increased at %d: %g → %g", k, tr.Iters[k-1].F, tr.Iters[k].F)
		}
	}
	stop := errors.New("stop")
	res, err = KOMDQP(K, y, 0.1, &Settings{Recorder: RecorderFunc(func(it Iteration) error {
		if it.Iter == 3 {
			return stop
		}
		return nil
	})})
	if !errors.Is(err, stop) || res.Status != RecorderStop || res.Iterations != 3 {
		t.Errorf("recorder stop: err %v, status %v, iterations %d", err, res.Status, res.Iterations)
	}
	// MaxIter reached: feasible iterate, IterationLimit, no error.
	res, err = KOMDQP(K, y, 0.01, &Settings{MaxIter: 2})
	if err != nil || res.Status != IterationLimit || res.Iterations != 2 {
		t.Errorf("MaxIter: err %v, status %v, iterations %d", err, res.Status, res.Iterations)
	}
}

func TestSimplexQPAndMEB(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 2, 7, 50, 150} {
		K, _ := rbfGram(n, 2, 0.3, uint64(100+n))
		res, err := SimplexQP(K, &Settings{Tol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		H := mat.NewDense(n, n, nil)
		H.Copy(K)
		checkSimplexKKT(t, H, nil, make([]int, n), res, 1e-9)
		mres, err := MEB(K, &Settings{Tol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		c := make([]float64, n)
		for i := range c {
			c[i] = -K.At(i, i)
		}
		// KKT of the minimisation form min αᵀKα − Σ α_i K_ii, whose value is −r².
		mmin := *mres
		mmin.F = -mres.F
		checkSimplexKKT(t, H, c, make([]int, n), &mmin, 1e-9)
		// With K_ii = 1 the MEB squared radius is 1 − min αᵀKα.
		if math.Abs(mres.F-(1-res.F)) > 1e-9 {
			t.Errorf("n=%d: r² = %g but 1 − min αᵀKα = %g", n, mres.F, 1-res.F)
		}
	}
	// Closed forms: r*(11ᵀ) = 0 and r*(I_L) = 1 − 1/L.
	L := 8
	I := mat.NewSymDense(L, nil)
	J := mat.NewSymDense(L, nil)
	for i := 0; i < L; i++ {
		I.SetSym(i, i, 1)
		for j := i; j < L; j++ {
			J.SetSym(i, j, 1)
		}
	}
	if r, err := MEB(I, nil); err != nil || math.Abs(r.F-(1-1.0/float64(L))) > 1e-9 {
		t.Errorf("MEB(I) = %v, %v; want r² = %g", r, err, 1-1.0/float64(L))
	}
	if r, err := MEB(J, nil); err != nil || math.Abs(r.F) > 1e-12 {
		t.Errorf("MEB(11ᵀ) = %v, %v; want r² = 0", r, err)
	}
	// Points 0, 2 and 1.5 on a line (linear kernel): the ball is [0, 2],
	// centre 1, r² = 1, α = (½, ½, 0) (closed form).
	pts := []float64{0, 2, 1.5}
	K := mat.NewSymDense(3, nil)
	for i := range pts {
		for j := i; j < 3; j++ {
			K.SetSym(i, j, pts[i]*pts[j])
		}
	}
	r, err := MEB(K, &Settings{Tol: 1e-13})
	if err != nil || math.Abs(r.F-1) > 1e-10 || math.Abs(r.X[0]-0.5) > 1e-6 || r.X[2] > 1e-6 {
		t.Errorf("MEB on a line: %+v err %v; want r² = 1, α = (½, ½, 0)", r, err)
	}
	for _, bad := range []mat.Symmetric{nil, mat.NewSymDense(2, []float64{1, math.Inf(1), math.Inf(1), 1})} {
		if _, err := MEB(bad, nil); err == nil {
			t.Errorf("MEB(%v): no error", bad)
		}
		if _, err := SimplexQP(bad, nil); err == nil {
			t.Errorf("SimplexQP(%v): no error", bad)
		}
	}
}

func TestNNQP(t *testing.T) {
	t.Parallel()
	rng := klearn.NewRand(7)
	for _, tc := range []struct{ p, rank int }{{1, 1}, {2, 2}, {5, 5}, {10, 10}, {10, 4}, {30, 30}, {30, 12}} {
		B := mat.NewDense(tc.rank, tc.p, nil)
		for i := 0; i < tc.rank; i++ {
			for j := 0; j < tc.p; j++ {
				B.Set(i, j, rng.NormFloat64())
			}
		}
		M := mat.NewSymDense(tc.p, nil)
		M.SymOuterK(1, B.T())
		// a = Bᵀb keeps a in range(M) so the problem is bounded.
		b := make([]float64, tc.rank)
		for i := range b {
			b[i] = 2 * rng.NormFloat64()
		}
		a := make([]float64, tc.p)
		for j := range a {
			for i := range b {
				a[j] += B.At(i, j) * b[i]
			}
		}
		res, err := NNQP(M, a, nil)
		if err != nil {
			t.Fatalf("p=%d rank=%d: %v", tc.p, tc.rank, err)
		}
		scale := 1 + mat.Norm(M, math.Inf(1))
		var f float64
		for i := 0; i < tc.p; i++ {
			var mv float64
			for j := 0; j < tc.p; j++ {
				mv += M.At(i, j) * res.X[j]
			}
			mu := 2 * (mv - a[i])
			f += res.X[i]*mv - 2*res.X[i]*a[i]
			if res.X[i] < 0 || mu < -1e-9*scale || math.Abs(res.X[i]*mu) > 1e-9*scale {
				t.Errorf("p=%d rank=%d: KKT fails at %d: v=%g μ=%g", tc.p, tc.rank, i, res.X[i], mu)
			}
		}
		if math.Abs(f-res.F) > 1e-9*scale {
			t.Errorf("F = %g, recomputed %g", res.F, f)
		}
	}
	// Degenerate inputs.
	if res, err := NNQP(mat.NewSymDense(3, nil), []float64{-1, 0, -2}, nil); err != nil || res.F != 0 {
		t.Errorf("M = 0, a ≤ 0: want v = 0, got %v %v", res, err)
	}
	if _, err := NNQP(mat.NewSymDense(2, nil), []float64{1, 0}, nil); !errors.Is(err, klearn.ErrSingular) {
		t.Errorf("unbounded: err = %v, want ErrSingular", err)
	}
	if _, err := NNQP(mat.NewSymDense(2, []float64{1, 2, 2, 1}), []float64{1, 1}, nil); !errors.Is(err, klearn.ErrNotPSD) {
		t.Errorf("indefinite: err = %v, want ErrNotPSD", err)
	}
	if _, err := NNQP(mat.NewSymDense(2, []float64{1, 0, 0, 1}), []float64{1}, nil); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("shape: err = %v", err)
	}
	if _, err := NNQP(mat.NewSymDense(2, []float64{1, 0, 0, 1}), []float64{1, math.NaN()}, nil); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN: err = %v", err)
	}
	// Diagonal M: v_i = max(a_i, 0)/M_ii (closed form).
	res, err := NNQP(mat.NewSymDense(3, []float64{2, 0, 0, 0, 4, 0, 0, 0, 1}), []float64{1, -3, 0.5}, nil)
	if err != nil || math.Abs(res.X[0]-0.5) > 1e-15 || res.X[1] != 0 || math.Abs(res.X[2]-0.5) > 1e-15 {
		t.Errorf("diagonal: %v %v", res.X, err)
	}
}

type fixture struct {
	Provenance string `json:"provenance"`
	Instances  []struct {
		Kind   string    `json:"kind"`
		N      int       `json:"n"`
		Lambda float64   `json:"lambda"`
		K      []float64 `json:"K"`
		Y      []float64 `json:"y"`
		A      []float64 `json:"a"`
		X      []float64 `json:"x"`
		F      float64   `json:"f"`
	} `json:"instances"`
}

// TestCvxopt compares with cvxopt 1.3.0 solutions written by
// scripts/fixtures/opt_cvxopt.py (testdata/README.md).
func TestCvxopt(t *testing.T) {
	t.Parallel()
	var fx fixture
	klearntest.ReadJSON(t, "testdata/cvxopt.json", &fx)
	if len(fx.Instances) < 10 {
		t.Fatalf("only %d instances", len(fx.Instances))
	}
	for k, in := range fx.Instances {
		K := mat.NewSymDense(in.N, in.K)
		s := &Settings{Tol: 1e-13}
		var res *Result
		var err error
		switch in.Kind {
		case "komd":
			res, err = KOMDQP(K, in.Y, in.Lambda, s)
		case "simplex":
			res, err = SimplexQP(K, s)
		case "meb":
			// The fixture holds the minimisation form's value, −r².
			if res, err = MEB(K, s); err == nil {
				res.F = -res.F
			}
		case "nnqp":
			res, err = NNQP(K, in.A, nil)
		default:
			t.Fatalf("unknown kind %q", in.Kind)
		}
		if err != nil {
			t.Fatalf("%d %s: %v", k, in.Kind, err)
		}
		// cvxopt's interior point reaches ~1e-9 relative accuracy; our
		// answers satisfy KKT to ~1e-12, so F agrees to the former.
		if math.Abs(res.F-in.F) > 1e-8*(1+math.Abs(in.F)) {
			t.Errorf("%d %s n=%d: F = %.12g, cvxopt %.12g", k, in.Kind, in.N, res.F, in.F)
		}
		if in.Kind == "komd" && in.Lambda == 0 {
			continue // γ need not be unique when λ = 0
		}
		for i := range res.X {
			if math.Abs(res.X[i]-in.X[i]) > 1e-5 {
				t.Errorf("%d %s n=%d: x[%d] = %g, cvxopt %g", k, in.Kind, in.N, i, res.X[i], in.X[i])
				break
			}
		}
	}
}

// BenchmarkKOMDQP solves the KOMD QP (λ = 0.1, default Settings) on the RBF Gram of
// n Gaussian points in R^10 (γ = 1/10); the Gram is built outside the timer.
func BenchmarkKOMDQP(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			K, y := rbfGram(n, 10, 0.1, 1)
			b.ResetTimer()
			var iters int
			for i := 0; i < b.N; i++ {
				res, err := KOMDQP(K, y, 0.1, nil)
				if err != nil {
					b.Fatal(err)
				}
				iters = res.Iterations
			}
			b.ReportMetric(float64(iters), "steps")
		})
	}
}
