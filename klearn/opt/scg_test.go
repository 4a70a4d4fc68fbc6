package opt_test

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestSCGQuadratic checks SCG on f(x) = ½xᵀAx − bᵀx, A ≻ 0, against the
// closed-form minimiser A⁻¹b (to ‖A⁻¹‖·Tol: near the optimum f(x) −
// f(x + αp) cancels in floating point, which limits the attainable ‖∇f‖).
func TestSCGQuadratic(t *testing.T) {
	for _, n := range []int{2, 10, 40} {
		A := klearntest.RandPSD(n, n, uint64(n))
		for i := 0; i < n; i++ {
			A.SetSym(i, i, A.At(i, i)+0.1)
		}
		b := mat.NewVecDense(n, nil)
		r := klearn.NewRand(uint64(n + 1))
		for i := 0; i < n; i++ {
			b.SetVec(i, r.NormFloat64())
		}
		var want mat.VecDense
		if err := want.SolveVec(A, b); err != nil {
			t.Fatal(err)
		}
		p := opt.Problem{
			Func: func(x []float64) float64 {
				v := mat.NewVecDense(n, x)
				return 0.5*mat.Inner(v, A, v) - mat.Dot(b, v)
			},
			Grad: func(g, x []float64) {
				gv := mat.NewVecDense(n, g)
				gv.MulVec(A, mat.NewVecDense(n, x))
				gv.SubVec(gv, b)
			},
		}
		res, err := opt.SCG(p, make([]float64, n), &opt.Settings{Tol: 1e-8, MaxIter: 50 * n})
		if err != nil {
			t.Fatal(err)
		}
		if (res.Status != opt.Success && res.Status != opt.FunctionConvergence) || res.Gap > 1e-6 {
			t.Errorf("n = %d: status %v after %d iterations, ‖g‖ = %v", n, res.Status, res.Iterations, res.Gap)
		}
		for i, v := range res.X {
			if math.Abs(v-want.AtVec(i)) > 1e-6*(1+math.Abs(want.AtVec(i))) {
				t.Fatalf("n = %d: x[%d] = %v, A⁻¹b = %v", n, i, v, want.AtVec(i))
			}
		}
	}
}

// TestSCGRosenbrock checks SCG on the Rosenbrock function (minimum at 1).
func TestSCGRosenbrock(t *testing.T) {
	p := opt.Problem{
		Func: func(x []float64) float64 {
			return 100*math.Pow(x[1]-x[0]*x[0], 2) + math.Pow(1-x[0], 2)
		},
		Grad: func(g, x []float64) {
			g[0] = -400*x[0]*(x[1]-x[0]*x[0]) - 2*(1-x[0])
			g[1] = 200 * (x[1] - x[0]*x[0])
		},
	}
	res, err := opt.SCG(p, []float64{-1.2, 1}, &opt.Settings{Tol: 1e-9, MaxIter: 10000})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.X[0]-1) > 1e-6 || math.Abs(res.X[1]-1) > 1e-6 || res.Status != opt.Success {
		t.Errorf("x = %v, status %v, iterations %d", res.X, res.Status, res.Iterations)
	}
}

func TestSCGBadInputAndRecorder(t *testing.T) {
	f := opt.Problem{Func: func(x []float64) float64 { return x[0] * x[0] }, Grad: func(g, x []float64) { g[0] = 2 * x[0] }}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("no x0", func() error { _, err := opt.SCG(f, nil, nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("no gradient", func() error { _, err := opt.SCG(opt.Problem{Func: f.Func}, []float64{1}, nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("NaN x0", func() error { _, err := opt.SCG(f, []float64{math.NaN()}, nil); return err }, klearn.ErrNotFinite),
		klearntest.Bad("negative tol", func() error { _, err := opt.SCG(f, []float64{1}, &opt.Settings{Tol: -1}); return err }, klearn.ErrParam),
	})
	x0 := []float64{3}
	res, err := opt.SCG(f, x0, &opt.Settings{Recorder: opt.RecorderFunc(func(it opt.Iteration) error { return opt.ErrSCGStop })})
	if !errors.Is(err, opt.ErrSCGStop) || res.Status != opt.RecorderStop || res.Iterations != 1 || x0[0] != 3 {
		t.Errorf("recorder stop: err %v, status %v, iterations %d, x0 %v", err, res.Status, res.Iterations, x0)
	}
}
