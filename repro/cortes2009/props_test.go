package cortes2009

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/repro"
)

// TestEq1FailsOnMutatedKernels: Eq. (1)'s row holds on sonar kernels and
// fails where the paper's statement fails or cannot be told apart: three
// copies of one kernel (the monomials of equal degree coincide, fewer
// than N free coefficients) and a negative semi-definite base kernel
// (its odd powers are not PDS). Fewer than three kernels or trials is
// ErrParam, as is Projection with fewer than two; the input is not
// modified.
func TestEq1FailsOnMutatedKernels(t *testing.T) {
	pr, err := SmallProblem(3)
	if err != nil {
		t.Fatal(err)
	}
	before := mat.DenseCopyOf(pr.Ks[0])
	c, err := Eq1(pr, 6, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Outcome != repro.Reproduced {
		t.Fatalf("Eq. (1) on sonar: %s (%+v)", c.Outcome, c.Parts)
	}
	if !mat.Equal(before, pr.Ks[0]) {
		t.Error("Eq1 modified its input")
	}
	part := func(c repro.Claim, name string) repro.Outcome {
		i := slices.IndexFunc(c.Parts, func(p repro.Part) bool { return p.Name == name })
		if i < 0 {
			t.Fatalf("no part %q in %+v", name, c.Parts)
		}
		return c.Parts[i].Outcome
	}
	same := nkrr.Problem{Ks: []*mat.SymDense{pr.Ks[0], pr.Ks[0], pr.Ks[0]}, Y: pr.Y, Lambda: 1, Degree: 2}
	if c, err = Eq1(same, 6, 1); err != nil {
		t.Fatal(err)
	}
	if c.Outcome == repro.Reproduced || part(c, "parameters") != repro.NotReproduced || part(c, "Gram") != repro.Reproduced {
		t.Errorf("Eq. (1) on three equal kernels: %s (%+v)", c.Outcome, c.Parts)
	}
	var neg mat.SymDense
	neg.ScaleSym(-1, pr.Ks[1])
	mixed := nkrr.Problem{Ks: []*mat.SymDense{pr.Ks[0], &neg, pr.Ks[2]}, Y: pr.Y, Lambda: 1, Degree: 2}
	if c, err = Eq1(mixed, 6, 1); err != nil {
		t.Fatal(err)
	}
	if c.Outcome == repro.Reproduced || part(c, "PDS") != repro.NotReproduced {
		t.Errorf("Eq. (1) with −K_2: %s (%+v)", c.Outcome, c.Parts)
	}
	if _, err := Eq1(nkrr.Problem{Ks: pr.Ks[:2], Y: pr.Y}, 6, 1); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("Eq. (1) on two kernels: %v, want ErrParam", err)
	}
	if _, err := Eq1(pr, 2, 1); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("Eq. (1) with two trials for three degrees: %v, want ErrParam", err)
	}
	if _, err := Projection(1, 1); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("Projection with one trial: %v, want ErrParam", err)
	}
}

// TestAllTuples: the odometer gives each tuple of [0, d]^p with sum ≤ d
// once, C(p+d, d) of them (closed form).
func TestAllTuples(t *testing.T) {
	for _, c := range []struct{ p, d, n int }{{1, 1, 2}, {1, 4, 5}, {3, 1, 4}, {3, 2, 10}, {3, 3, 20}, {4, 3, 35}, {2, 5, 21}} {
		got := allTuples(c.p, c.d)
		seen := map[string]bool{}
		for _, e := range got {
			s := 0
			for _, x := range e {
				s += x
			}
			if s > c.d || len(e) != c.p {
				t.Fatalf("p %d d %d: tuple %v", c.p, c.d, e)
			}
			key := ""
			for _, x := range e {
				key += string(rune('0' + x))
			}
			if seen[key] {
				t.Fatalf("p %d d %d: %v twice", c.p, c.d, e)
			}
			seen[key] = true
		}
		if len(got) != c.n {
			t.Errorf("p %d d %d: %d tuples, want C(p+d, d) = %d", c.p, c.d, len(got), c.n)
		}
	}
}

// TestKKTResidualRejectsWrongPoints: the KKT residual is at round-off at
// a closed-form projection (v = c + 2u, ‖u‖_2 = 1, c ≫ 0: x = c + u; in
// ℓ1, v = c + (3, 0.5): x = c + (1, 0)) and at the exact projection, and
// above KKTTol at the point moved by 1e-6 and at the radial step's point
// wherever the two differ.
func TestKKTResidualRejectsWrongPoints(t *testing.T) {
	for _, c := range []struct {
		q       nkrr.Norm
		v, x, c []float64
	}{
		{nkrr.L2, []float64{3.2, 3.6}, []float64{2.6, 2.8}, []float64{2, 2}},
		{nkrr.L1, []float64{5, 2.5}, []float64{3, 2}, []float64{2, 2}},
	} {
		if res, active := kktResidual(c.v, c.c, 1, c.q, c.x); res > 1e-14 || !active {
			t.Errorf("%v: closed form: residual %.2g, active %v", c.q, res, active)
		}
		x, err := nkrr.ProjectEuclidean(c.v, c.c, 1, c.q)
		if err != nil {
			t.Fatal(err)
		}
		if math.Hypot(x[0]-c.x[0], x[1]-c.x[1]) > 1e-12 {
			t.Errorf("%v: ProjectEuclidean %v, closed form %v", c.q, x, c.x)
		}
		for k := range c.x {
			moved := slices.Clone(c.x)
			moved[k] += 1e-6
			if res, _ := kktResidual(c.v, c.c, 1, c.q, moved); res <= KKTTol {
				t.Errorf("%v: x moved by 1e-6 in %d: residual %.2g", c.q, k, res)
			}
		}
	}
	r := klearn.NewRand(5)
	differ := 0
	for trial := 0; trial < 400; trial++ {
		p := 1 + trial%5
		q := []nkrr.Norm{nkrr.L1, nkrr.L2}[trial%2]
		mu0, v := make([]float64, p), make([]float64, p)
		for k := range v {
			mu0[k] = 2 * r.Float64()
			v[k] = mu0[k] + 3*r.NormFloat64()
		}
		lam := 0.2 + 2*r.Float64()
		x, err := nkrr.ProjectEuclidean(v, mu0, lam, q)
		if err != nil {
			t.Fatal(err)
		}
		if res, _ := kktResidual(v, mu0, lam, q, x); res > KKTTol {
			t.Fatalf("%v: exact projection %v of %v: residual %.2g", q, x, v, res)
		}
		y, err := nkrr.ProjectRadial(v, mu0, lam, q)
		if err != nil {
			t.Fatal(err)
		}
		var gap float64
		for k := range x {
			gap = math.Max(gap, math.Abs(x[k]-y[k]))
		}
		if gap > 1e-6 {
			differ++
			if res, _ := kktResidual(v, mu0, lam, q, y); res <= KKTTol {
				t.Errorf("%v: radial point %v (exact %v) of %v passes the KKT check: residual %.2g", q, y, x, v, res)
			}
		}
	}
	if differ < 100 {
		t.Errorf("the radial step differs from the projection in only %d of 400 cases", differ)
	}
}
