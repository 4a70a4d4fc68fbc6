package opt

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

var rosenbrock = Problem{
	Func: func(x []float64) float64 {
		var f float64
		for i := 0; i+1 < len(x); i++ {
			a, b := 1-x[i], x[i+1]-x[i]*x[i]
			f += a*a + 100*b*b
		}
		return f
	},
	Grad: func(g, x []float64) {
		for i := range g {
			g[i] = 0
		}
		for i := 0; i+1 < len(x); i++ {
			b := x[i+1] - x[i]*x[i]
			g[i] += -2*(1-x[i]) - 400*x[i]*b
			g[i+1] += 200 * b
		}
	},
}

func beale(x []float64) float64 {
	a := 1.5 - x[0] + x[0]*x[1]
	b := 2.25 - x[0] + x[0]*x[1]*x[1]
	c := 2.625 - x[0] + x[0]*x[1]*x[1]*x[1]
	return a*a + b*b + c*c
}

func bealeGrad(g, x []float64) {
	u, v := x[0], x[1]
	a := 1.5 - u + u*v
	b := 2.25 - u + u*v*v
	c := 2.625 - u + u*v*v*v
	g[0] = 2*a*(v-1) + 2*b*(v*v-1) + 2*c*(v*v*v-1)
	g[1] = 2*a*u + 2*b*2*u*v + 2*c*3*u*v*v
}

func TestLBFGSBTestFunctions(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	cases := []struct {
		name        string
		p           Problem
		x0, lo, hi  []float64
		want        []float64
		fwant, xtol float64
	}{
		// Unconstrained minimiser (1, 1), f = 0 (closed form).
		{"rosenbrock free", rosenbrock, []float64{-1.2, 1}, []float64{-2, -2}, []float64{2, 2}, []float64{1, 1}, 0, 1e-5},
		// x ≤ 0.5 active: y = x² is optimal for fixed x and (1−x)² decreases
		// up to the bound, so x* = (0.5, 0.25), f* = 0.25 (closed form).
		{"rosenbrock active", rosenbrock, []float64{-1.2, 1}, []float64{-inf, -inf}, []float64{0.5, inf}, []float64{0.5, 0.25}, 0.25, 1e-6},
		// 10-D extended Rosenbrock, minimiser all ones; start projected
		// from outside the box.
		{"rosenbrock 10-D", rosenbrock, []float64{5, -5, 5, -5, 5, -5, 5, -5, 5, -5}, fill(10, -2), fill(10, 2), fill(10, 1), 0, 1e-5},
		// Beale: minimiser (3, 0.5), f = 0 (Beale 1958).
		{"beale", Problem{Func: beale, Grad: bealeGrad}, []float64{1, 1}, []float64{-4.5, -4.5}, []float64{4.5, 4.5}, []float64{3, 0.5}, 0, 1e-5},
		// Beale with finite-difference gradients.
		{"beale FD", Problem{Func: beale}, []float64{1, 1}, []float64{-4.5, -4.5}, []float64{4.5, 4.5}, []float64{3, 0.5}, 0, 1e-4},
	}
	for _, c := range cases {
		res, err := LBFGSB(c.p, c.x0, c.lo, c.hi, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Status != Success && res.Status != FunctionConvergence {
			t.Errorf("%s: status %v", c.name, res.Status)
		}
		for i := range c.want {
			if math.Abs(res.X[i]-c.want[i]) > c.xtol {
				t.Errorf("%s: x = %v, want %v", c.name, res.X, c.want)
				break
			}
		}
		if math.Abs(res.F-c.fwant) > 1e-8 {
			t.Errorf("%s: f = %g, want %g", c.name, res.F, c.fwant)
		}
	}
}

func fill(n int, v float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = v
	}
	return x
}

// TestLBFGSBBoundedQuadratic cross-checks f(v) = vᵀMv − 2aᵀv on v ≥ 0
// against NNQP (exact KKT), and a diagonal box-constrained quadratic
// against its closed form x_i = clip(b_i/d_i, l_i, u_i).
func TestLBFGSBBoundedQuadratic(t *testing.T) {
	t.Parallel()
	rng := klearn.NewRand(11)
	p := 8
	B := mat.NewDense(p+2, p, nil)
	for i := 0; i < p+2; i++ {
		for j := 0; j < p; j++ {
			B.Set(i, j, rng.NormFloat64())
		}
	}
	M := mat.NewSymDense(p, nil)
	M.SymOuterK(1, B.T())
	a := make([]float64, p)
	for i := range a {
		a[i] = 3 * rng.NormFloat64()
	}
	prob := Problem{
		Func: func(v []float64) float64 {
			x := mat.NewVecDense(p, v)
			return mat.Inner(x, M, x) - 2*mat.Dot(x, mat.NewVecDense(p, a))
		},
		Grad: func(g, v []float64) {
			gv := mat.NewVecDense(p, g)
			gv.MulVec(M, mat.NewVecDense(p, v))
			for i := range g {
				g[i] = 2 * (g[i] - a[i])
			}
		},
	}
	ref, err := NNQP(M, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := LBFGSB(prob, fill(p, 1), fill(p, 0), nil, &Settings{Tol: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	active := 0
	for i := range res.X {
		if ref.X[i] == 0 {
			active++
		}
		if math.Abs(res.X[i]-ref.X[i]) > 1e-7 {
			t.Errorf("x = %v, NNQP %v", res.X, ref.X)
			break
		}
	}
	if active == 0 {
		t.Errorf("test instance has no active bound; pick another seed")
	}
	// Diagonal quadratic ½Σd_i x_i² − b_i x_i on a box: closed form.
	d := []float64{1, 10, 100, 0.5}
	b := []float64{3, -20, 50, 1}
	lo := []float64{0, -1, -1, -5}
	hi := []float64{2, 1, 1, 5}
	q := Problem{
		Func: func(x []float64) float64 {
			var f float64
			for i := range x {
				f += 0.5*d[i]*x[i]*x[i] - b[i]*x[i]
			}
			return f
		},
		Grad: func(g, x []float64) {
			for i := range x {
				g[i] = d[i]*x[i] - b[i]
			}
		},
	}
	res, err = LBFGSB(q, []float64{1, 0, 0, 0}, lo, hi, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range d {
		if want := clamp(b[i]/d[i], lo[i], hi[i]); math.Abs(res.X[i]-want) > 1e-7 {
			t.Errorf("diag quadratic x[%d] = %g, want %g", i, res.X[i], want)
		}
	}
}

func TestLBFGSBErrors(t *testing.T) {
	t.Parallel()
	nanF := Problem{Func: func([]float64) float64 { return math.NaN() }}
	cases := []struct {
		name   string
		p      Problem
		x0     []float64
		lo, hi []float64
		want   error
	}{
		{"nil func", Problem{}, []float64{1}, nil, nil, klearn.ErrEmpty},
		{"empty x0", rosenbrock, nil, nil, nil, klearn.ErrEmpty},
		{"NaN x0", rosenbrock, []float64{math.NaN(), 1}, nil, nil, klearn.ErrNotFinite},
		{"lower > upper", rosenbrock, []float64{0, 0}, []float64{1, 0}, []float64{0, 1}, klearn.ErrParam},
		{"bound shape", rosenbrock, []float64{0, 0}, []float64{1}, nil, klearn.ErrShape},
		{"NaN bound", rosenbrock, []float64{0, 0}, nil, []float64{math.NaN(), 1}, klearn.ErrNotFinite},
		{"f(x0) NaN", nanF, []float64{0}, nil, nil, klearn.ErrNotFinite},
	}
	for _, c := range cases {
		if _, err := LBFGSB(c.p, c.x0, c.lo, c.hi, nil); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	// lower == upper pins the variable.
	res, err := LBFGSB(rosenbrock, []float64{0, 0}, []float64{0.3, -1}, []float64{0.3, 1}, nil)
	if err != nil || res.X[0] != 0.3 || math.Abs(res.X[1]-0.09) > 1e-6 {
		t.Errorf("pinned: %v %v, want (0.3, 0.09)", res.X, err)
	}
}

func TestMultistart(t *testing.T) {
	t.Parallel()
	// Tilted double well f = (x²−1)² + 0.3x: local minima near ±1, the
	// left one lower (f(−1) ≈ −0.3 < f(1) ≈ 0.3).
	p := Problem{
		Func: func(x []float64) float64 { return (x[0]*x[0]-1)*(x[0]*x[0]-1) + 0.3*x[0] },
		Grad: func(g, x []float64) { g[0] = 4*x[0]*(x[0]*x[0]-1) + 0.3 },
	}
	ms, err := Multistart(p, [][]float64{{2}, {-2}, {0.5}}, []float64{-3}, []float64{3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ms.BestIndex != 1 || ms.Best.X[0] > -0.9 || len(ms.Local) != 3 {
		t.Fatalf("best %d at %v", ms.BestIndex, ms.Best.X)
	}
	// Stationarity of every local result (f′ = 0 to the default tolerance).
	for k, r := range ms.Local {
		if g := 4*r.X[0]*(r.X[0]*r.X[0]-1) + 0.3; math.Abs(g) > 1e-6 {
			t.Errorf("start %d: f′(%g) = %g", k, r.X[0], g)
		}
	}
	if _, err := Multistart(p, nil, nil, nil, nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no starts: %v", err)
	}
	if _, err := Multistart(p, [][]float64{{1}, {1, 2}}, nil, nil, nil); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("ragged starts: %v", err)
	}
}

func TestMinimize1D(t *testing.T) {
	t.Parallel()
	cube := math.Cbrt(0.25)
	cases := []struct {
		name      string
		p         Problem1D
		lo, hi, x float64
		want      float64
	}{
		// (x−2)² on [0, 1]: bound x = 1 active (closed form).
		{"active bound", Problem1D{Func: func(x float64) float64 { return (x - 2) * (x - 2) }, Deriv: func(x float64) float64 { return 2 * (x - 2) }, Deriv2: func(float64) float64 { return 2 }}, 0, 1, 0.2, 1},
		// x⁴ − x: f′ = 4x³ − 1 = 0 at x = (1/4)^{1/3} (closed form).
		{"quartic newton", Problem1D{Func: func(x float64) float64 { return x*x*x*x - x }, Deriv: func(x float64) float64 { return 4*x*x*x - 1 }, Deriv2: func(x float64) float64 { return 12 * x * x }}, -1, 2, 1.5, cube},
		{"quartic secant", Problem1D{Func: func(x float64) float64 { return x*x*x*x - x }, Deriv: func(x float64) float64 { return 4*x*x*x - 1 }}, -1, 2, -0.5, cube},
		// cos on [0, 2π] from x = 0.3 where f″ < 0: golden fallback, then
		// Newton near π (closed form minimiser π).
		{"concave start", Problem1D{Func: math.Cos, Deriv: func(x float64) float64 { return -math.Sin(x) }, Deriv2: func(x float64) float64 { return -math.Cos(x) }}, 0, 2 * math.Pi, 0.3, math.Pi},
		// −log x − 3 log(1−x): f′ = 0 at x = 1/4 (closed form); the start
		// x0 = 5 is projected to hi = 0.999.
		{"projected x0", Problem1D{Func: func(x float64) float64 { return -math.Log(x) - 3*math.Log(1-x) }, Deriv: func(x float64) float64 { return -1/x + 3/(1-x) }}, 0.001, 0.999, 5, 0.25},
	}
	for _, c := range cases {
		res, err := Minimize1D(c.p, c.lo, c.hi, c.x, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Status != Success || math.Abs(res.X[0]-c.want) > 1e-8 {
			t.Errorf("%s: x = %.12g (%v, %d iterations), want %.12g", c.name, res.X[0], res.Status, res.Iterations, c.want)
		}
	}
	f := Problem1D{Func: math.Cos, Deriv: math.Sin}
	for _, c := range []struct {
		name   string
		p      Problem1D
		lo, hi float64
		want   error
	}{
		{"nil deriv", Problem1D{Func: math.Cos}, 0, 1, klearn.ErrEmpty},
		{"lo > hi", f, 1, 0, klearn.ErrParam},
		{"inf bound", f, 0, math.Inf(1), klearn.ErrNotFinite},
		{"NaN bound", f, math.NaN(), 1, klearn.ErrNotFinite},
	} {
		if _, err := Minimize1D(c.p, c.lo, c.hi, 0.5, nil); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}
