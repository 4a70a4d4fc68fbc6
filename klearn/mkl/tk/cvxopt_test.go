package tk

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

type cvxoptCase struct {
	X         [][]float64 `json:"X"`
	Y         []float64   `json:"y"`
	Degree    int         `json:"degree"`
	C         float64     `json:"C"`
	Bias      bool        `json:"bias"`
	Margin    float64     `json:"margin"`
	T         float64     `json:"t"`
	P         [][]float64 `json:"P"`
	KIdentity [][]float64 `json:"K_identity"`
}

func dense(rows [][]float64) *mat.Dense {
	out := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		out.SetRow(i, r)
	}
	return out
}

// TestCvxoptSDP24 checks, on the instances of testdata/sdp24_cvxopt.json,
// the TK Gram with P = I against quadrature of Eq. (7), J at cvxopt's P*
// against cvxopt's t*, and the optimal values of both methods against t*.
func TestCvxoptSDP24(t *testing.T) {
	var fx struct{ Cases []cvxoptCase }
	klearntest.ReadJSON(t, "testdata/sdp24_cvxopt.json", &fx)
	if len(fx.Cases) == 0 {
		t.Fatal("no cases")
	}
	for ci, c := range fx.Cases {
		X := dense(c.X)
		cls := svm.Classifier{C: c.C, NoBias: !c.Bias, Tol: 1e-10}
		for _, meth := range []Method{InteriorPoint, ProjectedGradient} {
			l := Learner{Degree: c.Degree, Margin: c.Margin, SVM: cls, Method: meth, Settings: opt.Settings{Tol: 1e-8, MaxIter: 5000}}
			m, err := l.Fit(X, c.Y)
			if err != nil {
				t.Fatalf("case %d %v: %v", ci, meth, err)
			}
			if rel := math.Abs(m.Objective()-c.T) / c.T; rel > 1e-6 {
				t.Errorf("case %d %v: J(P*) = %.10g, cvxopt t* = %.10g (rel %.2g)", ci, meth, m.Objective(), c.T, rel)
			}
			if meth != InteriorPoint {
				continue
			}
			// The kernel's closed form (Corollary 13) against quadrature.
			tkI := m.kern.TK
			tkI.P = nil
			KI := tkI.Gram(m.xs)
			for i := range c.KIdentity {
				for j, want := range c.KIdentity[i] {
					if got := KI.At(i, j); math.Abs(got-want) > 1e-10*(1+math.Abs(want)) {
						t.Fatalf("case %d: K_I(%d,%d) = %.15g, quadrature %.15g", ci, i, j, got, want)
					}
				}
			}
			// J at cvxopt's P* equals its t*.
			p, err := newProblem(m.xs, signs(c.Y), m.kern.TK, l.SVM, 1<<30, true)
			if err != nil {
				t.Fatal(err)
			}
			p.cls.Tol = 1e-10
			Pref := mat.NewSymDense(len(c.P), nil)
			for i := range c.P {
				for j := i; j < len(c.P); j++ {
					Pref.SetSym(i, j, c.P[i][j])
				}
			}
			in, err := p.objective(Pref)
			if err != nil {
				t.Fatal(err)
			}
			if rel := math.Abs(in.J-c.T) / c.T; rel > 1e-6 {
				t.Errorf("case %d: J(cvxopt P*) = %.10g, t* = %.10g", ci, in.J, c.T)
			}
		}
	}
}

func signs(y []float64) []float64 {
	s, _, _ := binaryLabels(y)
	return s
}
