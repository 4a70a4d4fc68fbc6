package opt_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// boxObjective returns ½xᵀQx + cᵀx.
func boxObjective(Q mat.Symmetric, c, x []float64) float64 {
	xv := mat.NewVecDense(len(x), x)
	f := mat.Inner(xv, Q, xv) / 2
	for i := range x {
		f += c[i] * x[i]
	}
	return f
}

// checkBoxKKT checks the KKT conditions of BoxQP's answer: x in the box,
// z, s ≥ 0, ‖Qx + c − z + s‖∞ ≤ tol·scale and the complementarity
// Σ z(x − lo) + s(hi − x) ≤ tol·max(1, |f|), and F = f(x).
func checkBoxKKT(t *testing.T, label string, Q mat.Symmetric, c, lo, hi []float64, res *opt.Result, tol float64) {
	t.Helper()
	n := len(c)
	x := res.X
	if len(res.Multipliers) != 2*n {
		t.Fatalf("%s: %d multipliers, want %d", label, len(res.Multipliers), 2*n)
	}
	z, s := res.Multipliers[:n], res.Multipliers[n:]
	g := mat.NewVecDense(n, nil)
	g.MulVec(Q, mat.NewVecDense(n, x))
	f := boxObjective(Q, c, x)
	var comp, rmax, scale float64
	for i := 0; i < n; i++ {
		if !(x[i] >= lo[i] && x[i] <= hi[i]) {
			t.Fatalf("%s: x[%d] = %v outside [%g, %g]", label, i, x[i], lo[i], hi[i])
		}
		if z[i] < 0 || s[i] < 0 {
			t.Fatalf("%s: negative multiplier z[%d] = %g, s[%d] = %g", label, i, z[i], i, s[i])
		}
		rmax = max(rmax, math.Abs(g.AtVec(i)+c[i]-z[i]+s[i]))
		scale = max(scale, 1+math.Abs(c[i])+z[i]+s[i])
		comp += z[i]*(x[i]-lo[i]) + s[i]*(hi[i]-x[i])
	}
	if rmax > tol*scale {
		t.Errorf("%s: dual residual %g > %g·%g", label, rmax, tol, scale)
	}
	if comp > tol*max(1, math.Abs(f)) {
		t.Errorf("%s: complementarity %g > %g·max(1, |f| = %g)", label, comp, tol, math.Abs(f))
	}
	if math.Abs(res.F-f) > 1e-10*max(1, math.Abs(f)) { // sums of large terms of both signs at C = 10⁴
		t.Errorf("%s: Result.F = %.15g, f(X) = %.15g", label, res.F, f)
	}
}

// bruteBoxQP minimises ½xᵀQx + cᵀx over lo ≤ x ≤ hi, Q positive definite,
// by enumerating the 3ⁿ assignments of each variable to its lower bound,
// its upper bound or free: the free part solves Q_FF x_F = −(c_F + Q_FB x_B),
// and the optimum is the best feasible candidate (the optimum's own active
// set is among them, and for it the solve is exact).
func bruteBoxQP(Q *mat.SymDense, c, lo, hi []float64) ([]float64, float64) {
	n := len(c)
	best, bestF := []float64(nil), math.Inf(1)
	code := make([]int, n)
	for {
		x := make([]float64, n)
		var free []int
		for i, k := range code {
			switch k {
			case 0:
				x[i] = lo[i]
			case 1:
				x[i] = hi[i]
			default:
				free = append(free, i)
			}
		}
		ok := true
		if nf := len(free); nf > 0 {
			A := mat.NewDense(nf, nf, nil)
			b := mat.NewVecDense(nf, nil)
			for a, i := range free {
				r := -c[i]
				for j := 0; j < n; j++ {
					if code[j] != 2 {
						r -= Q.At(i, j) * x[j]
					}
				}
				b.SetVec(a, r)
				for bb, j := range free {
					A.Set(a, bb, Q.At(i, j))
				}
			}
			var sol mat.VecDense
			if err := sol.SolveVec(A, b); err != nil {
				ok = false
			} else {
				for a, i := range free {
					x[i] = sol.AtVec(a)
					if x[i] < lo[i]-1e-12 || x[i] > hi[i]+1e-12 {
						ok = false
					}
				}
			}
		}
		if ok {
			if f := boxObjective(Q, c, x); f < bestF {
				best, bestF = x, f
			}
		}
		i := 0
		for ; i < n; i++ {
			code[i]++
			if code[i] < 3 {
				break
			}
			code[i] = 0
		}
		if i == n {
			return best, bestF
		}
	}
}

// randomPSD returns FFᵀ + ridge·I for an n×rank Gaussian F.
func randomPSD(r interface{ NormFloat64() float64 }, n, rank int, ridge float64) *mat.SymDense {
	F := mat.NewDense(n, rank, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < rank; j++ {
			F.Set(i, j, r.NormFloat64())
		}
	}
	Q := mat.NewSymDense(n, nil)
	Q.SymOuterK(1, F)
	for i := 0; i < n; i++ {
		Q.SetSym(i, i, Q.At(i, i)+ridge)
	}
	return Q
}

// TestBoxQPBruteForce compares BoxQP with the enumeration of all 3ⁿ active
// sets on random positive definite problems with general boxes (negative
// lower bounds, narrow and wide boxes, and fixed variables lo_i = hi_i):
// the optimal values agree to 1e-9 relative, x to 1e-6, and the KKT
// conditions hold to the solver's tolerance.
func TestBoxQPBruteForce(t *testing.T) {
	t.Parallel()
	for trial := 0; trial < 40; trial++ {
		r := klearn.NewRand(uint64(1000 + trial))
		n := 1 + trial%6
		Q := randomPSD(r, n, n, 0.05)
		c, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := 0; i < n; i++ {
			c[i] = 3 * r.NormFloat64()
			lo[i] = r.NormFloat64()
			hi[i] = lo[i] + math.Exp(2*r.NormFloat64())
			if trial%5 == 4 && i == 0 {
				hi[i] = lo[i] // a fixed variable
			}
		}
		label := fmt.Sprintf("trial %d n=%d", trial, n)
		res, err := opt.BoxQP(Q, c, lo, hi, nil)
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		if res.Status != opt.Success {
			t.Fatalf("%s: status %v", label, res.Status)
		}
		checkBoxKKT(t, label, Q, c, lo, hi, res, 1e-9)
		xb, fb := bruteBoxQP(Q, c, lo, hi)
		if math.Abs(res.F-fb) > 1e-9*max(1, math.Abs(fb)) {
			t.Errorf("%s: F = %.12g, brute force %.12g", label, res.F, fb)
		}
		for i := range xb {
			if math.Abs(res.X[i]-xb[i]) > 1e-6*(1+math.Abs(xb[i])) {
				t.Errorf("%s: x[%d] = %.10g, brute force %.10g", label, i, res.X[i], xb[i])
			}
		}
	}
}

// TestBoxQPSVMDual solves the SVM dual without bias (Q_ij = y_i y_j K_ij,
// c = −e, 0 ≤ α ≤ C) on full-rank and rank-deficient Gram matrices from
// C = 0.01 to 10⁴ and compares with SMO (klearn/svm at Tol 1e-9): the dual
// objectives agree to 1e-7 relative (or BoxQP's is below SMO's when SMO
// stops at its iteration limit), and the KKT conditions hold.
func TestBoxQPSVMDual(t *testing.T) {
	t.Parallel()
	for _, m := range []int{5, 40, 120} {
		for _, rank := range []int{m, 3} {
			for _, C := range []float64{0.01, 1, 100, 1e4} {
				label := fmt.Sprintf("m=%d rank=%d C=%g", m, rank, C)
				r := klearn.NewRand(uint64(m*rank) + uint64(C*100))
				F := mat.NewDense(m, rank, nil)
				y := make([]float64, m)
				for i := 0; i < m; i++ {
					for j := 0; j < rank; j++ {
						F.Set(i, j, r.NormFloat64())
					}
					y[i] = 1
					if F.At(i, 0)+0.5*r.NormFloat64() < 0 {
						y[i] = -1
					}
				}
				y[0], y[1] = 1, -1
				K := mat.NewSymDense(m, nil)
				K.SymOuterK(1, F)
				Q := mat.NewSymDense(m, nil)
				c, lo, hi := make([]float64, m), make([]float64, m), make([]float64, m)
				for i := 0; i < m; i++ {
					c[i], hi[i] = -1, C
					for j := i; j < m; j++ {
						Q.SetSym(i, j, y[i]*y[j]*K.At(i, j))
					}
				}
				res, err := opt.BoxQP(Q, c, lo, hi, nil)
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				if res.Status != opt.Success {
					t.Errorf("%s: status %v after %d steps", label, res.Status, res.Iterations)
					continue
				}
				checkBoxKKT(t, label, Q, c, lo, hi, res, 1e-9)
				smo, err := svm.Classifier{C: C, NoBias: true, Tol: 1e-9, MaxIter: 50_000_000}.FitGram(K, y)
				if err != nil {
					t.Fatal(err)
				}
				fi, fs := res.F, boxObjective(Q, c, smo.Alpha())
				if smo.Status() == svm.Converged && math.Abs(fi-fs) > 1e-7*max(1, math.Abs(fs)) {
					t.Errorf("%s: interior point f = %.12g, SMO f = %.12g", label, fi, fs)
				}
				if smo.Status() != svm.Converged && fi > fs+1e-9*math.Abs(fs) {
					t.Errorf("%s: interior point f = %.12g above SMO's unconverged %.12g", label, fi, fs)
				}
			}
		}
	}
}

// TestBoxQPCvxopt solves the NNQP instances of testdata/cvxopt.json
// (min vᵀMv − 2aᵀv over v ≥ 0, cvxopt 1.3.0's solutions; see
// testdata/README.md) as box QPs with Q = 2M, c = −2a and an upper bound
// 10 far above the solution (max v* < 0.4), and compares value and
// solution with cvxopt's.
func TestBoxQPCvxopt(t *testing.T) {
	t.Parallel()
	var fx struct {
		Instances []struct {
			Kind string    `json:"kind"`
			N    int       `json:"n"`
			K    []float64 `json:"K"`
			A    []float64 `json:"a"`
			X    []float64 `json:"x"`
			F    float64   `json:"f"`
		} `json:"instances"`
	}
	klearntest.ReadJSON(t, "testdata/cvxopt.json", &fx)
	var count int
	for k, in := range fx.Instances {
		if in.Kind != "nnqp" {
			continue
		}
		count++
		Q := mat.NewSymDense(in.N, nil)
		c, lo, hi := make([]float64, in.N), make([]float64, in.N), make([]float64, in.N)
		for i := 0; i < in.N; i++ {
			c[i], hi[i] = -2*in.A[i], 10
			for j := i; j < in.N; j++ {
				Q.SetSym(i, j, 2*in.K[i*in.N+j])
			}
		}
		res, err := opt.BoxQP(Q, c, lo, hi, nil)
		if err != nil {
			t.Fatalf("%d: %v", k, err)
		}
		label := fmt.Sprintf("instance %d n=%d", k, in.N)
		checkBoxKKT(t, label, Q, c, lo, hi, res, 1e-9)
		if math.Abs(res.F-in.F) > 1e-8*(1+math.Abs(in.F)) {
			t.Errorf("%s: F = %.12g, cvxopt %.12g", label, res.F, in.F)
		}
		for i := range res.X {
			if math.Abs(res.X[i]-in.X[i]) > 1e-5 {
				t.Errorf("%s: x[%d] = %g, cvxopt %g", label, i, res.X[i], in.X[i])
			}
		}
	}
	if count < 2 {
		t.Fatalf("only %d NNQP instances", count)
	}
}

// TestBoxQPStops checks the iteration limit, the Recorder's stop, and that
// the iterate is inside the box in both cases.
func TestBoxQPStops(t *testing.T) {
	t.Parallel()
	r := klearn.NewRand(7)
	n := 30
	Q := randomPSD(r, n, 5, 0)
	c, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range c {
		c[i], hi[i] = r.NormFloat64(), 100
	}
	res, err := opt.BoxQP(Q, c, lo, hi, &opt.Settings{MaxIter: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != opt.IterationLimit || res.Iterations != 2 {
		t.Errorf("MaxIter 2: status %v after %d steps", res.Status, res.Iterations)
	}
	var seen int
	stop := errors.New("stop")
	res, err = opt.BoxQP(Q, c, lo, hi, &opt.Settings{Recorder: opt.RecorderFunc(func(it opt.Iteration) error {
		if seen++; it.Iter == 3 {
			return stop
		}
		return nil
	})})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != opt.RecorderStop || seen != 4 {
		t.Errorf("Recorder: status %v, %d calls", res.Status, seen)
	}
	for _, v := range res.X {
		if !(v > 0 && v < 100) {
			t.Fatalf("iterate %v not inside the box", v)
		}
	}
}

// TestBoxQPBadInput checks the wrapped errors on bad input and that the
// inputs are not modified.
func TestBoxQPBadInput(t *testing.T) {
	t.Parallel()
	Q := mat.NewSymDense(2, []float64{2, 1, 1, 2})
	c, lo, hi := []float64{-1, 1}, []float64{0, 0}, []float64{1, 1}
	nan := math.NaN()
	Qnan := mat.NewSymDense(2, []float64{2, nan, nan, 2})
	var nilQ *mat.SymDense
	for _, tc := range []struct {
		name      string
		Q         mat.Symmetric
		c, lo, hi []float64
		s         *opt.Settings
		want      error
	}{
		{"nil Q", nil, c, lo, hi, nil, klearn.ErrEmpty},
		{"typed nil Q", nilQ, c, lo, hi, nil, klearn.ErrEmpty},
		{"short c", Q, c[:1], lo, hi, nil, klearn.ErrShape},
		{"short lo", Q, c, lo[:1], hi, nil, klearn.ErrShape},
		{"long hi", Q, c, lo, []float64{1, 1, 1}, nil, klearn.ErrShape},
		{"NaN in Q", Qnan, c, lo, hi, nil, klearn.ErrNotFinite},
		{"NaN in c", Q, []float64{nan, 1}, lo, hi, nil, klearn.ErrNotFinite},
		{"NaN in lo", Q, c, []float64{0, nan}, hi, nil, klearn.ErrNotFinite},
		{"infinite hi", Q, c, lo, []float64{math.Inf(1), 1}, nil, klearn.ErrNotFinite},
		{"inverted box", Q, c, lo, []float64{1, -1}, nil, klearn.ErrParam},
		{"negative MaxIter", Q, c, lo, hi, &opt.Settings{MaxIter: -1}, klearn.ErrParam},
		{"NaN Tol", Q, c, lo, hi, &opt.Settings{Tol: nan}, klearn.ErrParam},
	} {
		res, err := opt.BoxQP(tc.Q, tc.c, tc.lo, tc.hi, tc.s)
		if !errors.Is(err, tc.want) || res != nil {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	res, err := opt.BoxQP(Q, c, lo, hi, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c[0] != -1 || c[1] != 1 || lo[0] != 0 || hi[1] != 1 || Q.At(0, 1) != 1 {
		t.Error("input modified")
	}
	// min x² + xy + y² − x + y over [0,1]²: x = ½, y = 0.
	if math.Abs(res.X[0]-0.5) > 1e-8 || math.Abs(res.X[1]) > 1e-8 {
		t.Errorf("x = %v, want (0.5, 0)", res.X)
	}
}
