package tk

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
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
		if rel := math.Abs(mp.Objective()-mi.Objective()) / mi.Objective(); rel > 1e-6 {
			t.Errorf("%+v: PG %v vs IP %v (rel %.2g)", c, mp.Objective(), mi.Objective(), rel)
		}
	}
}
