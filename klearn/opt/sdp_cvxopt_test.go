package opt

import (
	"math"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/klearntest"
)

type sdpFixture struct {
	Provenance string `json:"provenance"`
	Instances  []struct {
		Blocks    []int           `json:"blocks"`
		LP        int             `json:"lp"`
		M         int             `json:"m"`
		C         [][][]float64   `json:"C"`
		Clp       []float64       `json:"c"`
		A         [][][][]float64 `json:"A"`
		Alp       [][]float64     `json:"a"`
		B         []float64       `json:"b"`
		Y         []float64       `json:"y"`
		X         [][][]float64   `json:"X"`
		Xlp       []float64       `json:"x"`
		DualObj   float64         `json:"dual_obj"`
		PrimalObj float64         `json:"primal_obj"`
	} `json:"instances"`
}

func denseOf(rows [][]float64) *mat.Dense {
	n := len(rows)
	d := mat.NewDense(n, n, nil)
	for i, r := range rows {
		d.SetRow(i, r)
	}
	return d
}

// TestSDPCvxopt compares SolveSDP with cvxopt 1.3.0's solvers.sdp on random
// strictly feasible instances (testdata/sdp_cvxopt.json, written by
// scripts/fixtures/opt_sdp_cvxopt.py with abstol = reltol = feastol = 1e-10).
func TestSDPCvxopt(t *testing.T) {
	t.Parallel()
	var fx sdpFixture
	klearntest.ReadJSON(t, filepath.Join("testdata", "sdp_cvxopt.json"), &fx)
	if len(fx.Instances) == 0 {
		t.Fatal("no instances")
	}
	for k, in := range fx.Instances {
		p := &SDP{Blocks: in.Blocks, LP: in.LP, B: in.B}
		for b := range in.Blocks {
			if err := p.AddDenseC(b, denseOf(in.C[b])); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < in.M; i++ {
				if err := p.AddDenseA(i, b, denseOf(in.A[i][b])); err != nil {
					t.Fatal(err)
				}
			}
		}
		for j, v := range in.Clp {
			p.AddC(SDPLP, j, 0, v)
		}
		for i := 0; i < in.M; i++ {
			for j, v := range in.Alp[i] {
				p.AddA(i, SDPLP, j, 0, v)
			}
		}
		r, err := SolveSDP(p, &Settings{Tol: 1e-10})
		if err != nil {
			t.Fatal(err)
		}
		checkSDPOptimal(t, p, r, 1e-8)
		near(t, "dual objective", r.DualObj, in.DualObj, 1e-8)
		near(t, "primal objective", r.PrimalObj, in.PrimalObj, 1e-8)
		// Random instances are non-degenerate, so the solution is unique and
		// both solvers find it, but only to ≈ √(gap tolerance): measured
		// differences are up to 2.4e-6 in y and 1.1e-5 in X, while the
		// objectives agree to 1e-10.
		const tol = 1e-4
		for i, v := range in.Y {
			if math.Abs(r.Y[i]-v) > tol*(1+math.Abs(v)) {
				t.Errorf("instance %d: y[%d] = %.10g, cvxopt %.10g", k, i, r.Y[i], v)
			}
		}
		for b := range in.Blocks {
			X := denseOf(in.X[b])
			if d := mat.Norm(diffOf(r.X[b], X), math.Inf(1)); d > tol*(1+mat.Norm(X, math.Inf(1))) {
				t.Errorf("instance %d: ‖X[%d] − X_cvxopt‖∞ = %g", k, b, d)
			}
		}
		for j, v := range in.Xlp {
			if math.Abs(r.XLP[j]-v) > tol*(1+math.Abs(v)) {
				t.Errorf("instance %d: x[%d] = %.10g, cvxopt %.10g", k, j, r.XLP[j], v)
			}
		}
		t.Logf("instance %d (blocks %v, LP %d, m %d): %d iterations, objective %.12g (cvxopt %.12g)", k, in.Blocks, in.LP, in.M, r.Iterations, r.DualObj, in.DualObj)
	}
}

func diffOf(a, b mat.Matrix) *mat.Dense {
	var d mat.Dense
	d.Sub(a, b)
	return &d
}
