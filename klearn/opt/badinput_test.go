package opt_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// FuzzOpt feeds a fuzzed symmetric 4×4 matrix M (any float64 bits, made
// PSD as AᵀA when psd is set), a linear term, a regularisation λ and a
// tolerance to the QP solvers (KOMDQP, SimplexQP, MEB, BoxQP, NNQP), to
// SCG and LBFGSB on ½xᵀMx + cᵀx, to Minimize1D on a quadratic and to a 2×2
// SDP: each must return an error wrapping a klearn sentinel or finite
// answers, never claim Success on what it did not solve, and leave its
// inputs unchanged. The seeds run in every go test.
func FuzzOpt(f *testing.F) {
	ok := klearntest.FuzzBytes(2, 0.5, 0.1, -0.2, 0.5, 1.5, 0.3, 0, 0.1, 0.3, 1, 0.2, -0.2, 0, 0.2, 3)
	f.Add(ok, 0.5, 0.0, true)
	f.Add(ok, 0.0, 1e-3, false)
	f.Add(ok, 1.0, -1.0, true)
	f.Add(klearntest.FuzzBytes(math.NaN(), 1), 0.5, 0.0, true)
	f.Add(klearntest.FuzzBytes(math.Inf(1), 1, 2), 0.5, 0.0, false)
	f.Add(klearntest.FuzzBytes(1e300, -1e300, 3e299, 0.5), 0.5, 0.0, true)
	f.Add(klearntest.FuzzBytes(-1, 0, 0, -1), 0.5, math.NaN(), false)
	f.Add(klearntest.FuzzBytes(1e-300, 0, 0), math.NaN(), math.Inf(1), true)
	f.Fuzz(func(t *testing.T, data []byte, lambda, tol float64, psd bool) {
		A := klearntest.FuzzMatrix(data, 4, 4)
		M := mat.NewSymDense(4, nil)
		if psd {
			M.SymOuterK(1, A.T())
		} else {
			for i := 0; i < 4; i++ {
				for j := i; j < 4; j++ {
					M.SetSym(i, j, A.At(i, j))
				}
			}
		}
		c := A.RawRowView(0)
		c = append([]float64(nil), c...)
		y := []float64{-1, 1, -1, 1}
		lo, hi := []float64{-1, -1, -1, -1}, []float64{1, 1, 1, 1}
		before := klearntest.Values(M, c, y, lo, hi)
		set := &opt.Settings{Tol: tol, MaxIter: 200}
		check := func(what string, r *opt.Result, err error) {
			t.Helper()
			if err == nil {
				klearntest.CheckFuzz(t, what, nil, r.X, r.F)
			} else {
				klearntest.CheckFuzz(t, what, err)
			}
		}
		r, err := opt.KOMDQP(M, y, lambda, set)
		check("KOMDQP", r, err)
		r, err = opt.SimplexQP(M, set)
		check("SimplexQP", r, err)
		r, err = opt.MEB(M, set)
		check("MEB", r, err)
		r, err = opt.BoxQP(M, c, lo, hi, set)
		check("BoxQP", r, err)
		r, err = opt.NNQP(M, c, set)
		check("NNQP", r, err)
		quad := opt.Problem{
			Func: func(x []float64) float64 {
				return 0.5*mat.Inner(mat.NewVecDense(4, x), M, mat.NewVecDense(4, x)) + mat.Dot(mat.NewVecDense(4, c), mat.NewVecDense(4, x))
			},
			Grad: func(g, x []float64) {
				v := mat.NewVecDense(4, g)
				v.MulVec(M, mat.NewVecDense(4, x))
				for i := range g {
					g[i] += c[i]
				}
			},
		}
		r, err = opt.SCG(quad, []float64{0.1, 0.2, 0.3, 0.4}, set)
		check("SCG", r, err)
		r, err = opt.LBFGSB(quad, []float64{0, 0, 0, 0}, lo, hi, set)
		check("LBFGSB", r, err)
		a, b := M.At(0, 0), c[0]
		r, err = opt.Minimize1D(opt.Problem1D{
			Func:  func(x float64) float64 { return a*x*x + b*x },
			Deriv: func(x float64) float64 { return 2*a*x + b },
		}, -1, 1, lambda, set)
		check("Minimize1D", r, err)
		// max ⟨B, y⟩ s.t. C − y·A ⪰ 0 on one 2×2 block: C from M, A = I.
		p := &opt.SDP{Blocks: []int{2}, B: []float64{lambda}}
		klearntest.CheckFuzz(t, "AddDenseC", p.AddDenseC(0, M.SliceSym(0, 2)))
		klearntest.CheckFuzz(t, "AddA", p.AddA(0, 0, 0, 0, 1))
		klearntest.CheckFuzz(t, "AddA", p.AddA(0, 0, 1, 1, 1))
		if sr, err := opt.SolveSDP(p, set); err == nil {
			klearntest.CheckFuzz(t, "SolveSDP", nil, sr.Y, sr.PrimalObj, sr.DualObj)
		} else {
			klearntest.CheckFuzz(t, "SolveSDP", err)
		}
		if !klearntest.SameBits(before, klearntest.Values(M, c, y, lo, hi)) {
			t.Errorf("an input was modified")
		}
	})
}
