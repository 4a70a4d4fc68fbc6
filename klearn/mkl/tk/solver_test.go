package tk

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// toyData returns m points in [0, 1]ⁿ labelled by a circle (with 10 % of
// the labels flipped so that the problem is not separable).
func toyData(m, n int, seed uint64) (*mat.Dense, []float64) {
	r := klearn.NewRand(seed)
	X := mat.NewDense(m, n, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		var s float64
		for j := 0; j < n; j++ {
			v := r.Float64()
			X.Set(i, j, v)
			s += (v - 0.5) * (v - 0.5)
		}
		y[i] = 1
		if s > 0.1*float64(n) {
			y[i] = -1
		}
		if r.Float64() < 0.1 {
			y[i] = -y[i]
		}
	}
	if y[0] == y[1] {
		y[1] = -y[0]
	}
	return X, y
}

func TestProjectedGradientMatchesInteriorPoint(t *testing.T) {
	for _, c := range []struct {
		m, n, d int
		C       float64
		noBias  bool
	}{
		{16, 1, 0, 1, true},
		{16, 1, 1, 10, false},
		{20, 2, 1, 1, true},
		{20, 2, 0, 100, false},
		{24, 2, 1, 1000, true}, // inner solves by the interior point after SMO's cap
	} {
		X, y := toyData(c.m, c.n, uint64(c.m+c.n+c.d))
		base := Learner{Degree: c.d, SVM: svm.Classifier{C: c.C, NoBias: c.noBias, Tol: 1e-10}}
		ip := base
		ip.Method = InteriorPoint
		mi, err := ip.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		pg := base
		pg.Settings = opt.Settings{Tol: 1e-7, MaxIter: 5000}
		mp, err := pg.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		r := mi.SDP()
		t.Logf("%+v: IP t=%.10g J(P*)=%.10g relgap=%.2g pinf=%.2g dinf=%.2g it=%d; PG J=%.10g gap=%.2g it=%d solves=%d status=%v",
			c, -r.DualObj, mi.Objective(), r.RelGap, r.PrimalInfeas, r.DualInfeas, r.Iterations, mp.Objective(), mp.Gap(), mp.Iterations(), mp.SVMSolves(), mp.Status())
		t.Logf("%+v: %d of the PG's inner solves by the interior point", c, mp.InteriorSolves())
		if rel := math.Abs(mp.Objective()-mi.Objective()) / mi.Objective(); rel > 1e-6 {
			t.Errorf("%+v: PG %v vs IP %v (rel %.2g)", c, mp.Objective(), mi.Objective(), rel)
		}
	}
}

// TestInteriorPointKKT checks the interior-point solution of SDP (24)
// independently of the solver's own residuals: the LMI rebuilt from the
// returned (t, γ, ν, δ, P) with kernel.TK.Gram is positive semi-definite,
// ν, δ ≥ 0, P ⪰ 0 and tr P ≤ 1 hold to the tolerance, the solver's gap and
// infeasibilities are small, and t equals the SVM value J(P).
func TestInteriorPointKKT(t *testing.T) {
	for _, bias := range []bool{false, true} {
		X, y := toyData(14, 2, 41)
		C := 2.0
		l := Learner{Degree: 1, Margin: 0.05, SVM: svm.Classifier{C: C, NoBias: !bias, Tol: 1e-10}, Method: InteriorPoint}
		mod, err := l.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		r := mod.SDP()
		if r.Status != opt.Success || r.RelGap > 1e-7 || r.PrimalInfeas > 1e-7 || r.DualInfeas > 1e-7 {
			t.Fatalf("bias=%v: status %v, gap %v, infeasibilities %v %v", bias, r.Status, r.RelGap, r.PrimalInfeas, r.DualInfeas)
		}
		m := 14
		lay := newSDPLayout(m, 55, bias)
		tt := r.Y[lay.t]
		gam := 0.0
		if bias {
			gam = r.Y[lay.gamma]
		}
		P := mat.NewSymDense(10, nil)
		for k, ab := range tkPairs(10) {
			P.SetSym(ab.A, ab.B, r.Y[lay.P+k])
		}
		kern := mod.kern.TK
		kern.P = P
		K := kern.Gram(mod.xs)
		ys := signs(y)
		F := mat.NewSymDense(m+1, nil)
		var dsum float64
		for k := 0; k < m; k++ {
			nu, de := r.Y[lay.nu+k], r.Y[lay.delta+k]
			if nu < -1e-7 || de < -1e-7 {
				t.Fatalf("ν_%d = %v, δ_%d = %v", k, nu, k, de)
			}
			dsum += de
			for j := k; j < m; j++ {
				F.SetSym(k, j, ys[k]*ys[j]*K.At(k, j))
			}
			F.SetSym(k, m, 1+nu-de+gam*ys[k])
		}
		F.SetSym(m, m, tt-2*C*dsum)
		lmin, err := kernel.MinEigen(F)
		if err != nil {
			t.Fatal(err)
		}
		if lmin < -1e-6*mat.Norm(F, 2) {
			t.Errorf("bias=%v: rebuilt LMI has λ_min = %v (‖F‖ = %v)", bias, lmin, mat.Norm(F, 2))
		}
		if pmin, _ := kernel.MinEigen(P); pmin < -1e-7 || mat.Trace(P) > 1+1e-7 {
			t.Errorf("bias=%v: P has λ_min %v and trace %v", bias, pmin, mat.Trace(P))
		}
		if math.Abs(tt-mod.Objective()) > 1e-6*tt {
			t.Errorf("bias=%v: t = %v, J(P*) = %v", bias, tt, mod.Objective())
		}
	}
}
