package opt

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// cube returns the polytope [0, 1]³ with its eight vertices.
func cube() *polytope {
	P := &polytope{n: 3, eps: 1e-11}
	for i := 0; i < 3; i++ {
		a := make([]float64, 3)
		a[i] = -1
		P.addRow(a, 0)
		a = make([]float64, 3)
		a[i] = 1
		P.addRow(a, 1)
	}
	for c := 0; c < 8; c++ {
		p := []float64{float64(c & 1), float64(c >> 1 & 1), float64(c >> 2 & 1)}
		P.verts = append(P.verts, vertex{p: p, active: P.activeSet(p)})
	}
	return P
}

// bruteVertices enumerates the vertices of {A p ≤ b} from every triple of
// rows (the points where three independent planes meet and every row
// holds), merged within tol.
func bruteVertices(P *polytope, tol float64) [][]float64 {
	var out [][]float64
	m := len(P.A)
	for i := 0; i < m; i++ {
		for j := i + 1; j < m; j++ {
			for k := j + 1; k < m; k++ {
				A := mat.NewDense(3, 3, append(append(append([]float64{}, P.A[i]...), P.A[j]...), P.A[k]...))
				var x mat.VecDense
				if err := x.SolveVec(A, mat.NewVecDense(3, []float64{P.b[i], P.b[j], P.b[k]})); err != nil || mat.Cond(A, 1) > 1e10 {
					continue
				}
				p := []float64{x.AtVec(0), x.AtVec(1), x.AtVec(2)}
				ok := true
				for r := range P.A {
					if P.slack(r, p) > tol {
						ok = false
						break
					}
				}
				dup := false
				for _, q := range out {
					if math.Max(math.Abs(p[0]-q[0]), math.Max(math.Abs(p[1]-q[1]), math.Abs(p[2]-q[2]))) <= tol {
						dup = true
						break
					}
				}
				if ok && !dup {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// Cuts by tangent planes of a paraboloid at clustered points (nearly
// parallel, as the linearisations of a DC run near its optimum) keep the
// vertex list within the bound 2F − 4 of a 3-polytope with F facets and
// inside every constraint; where the planes are far enough apart for a
// brute-force enumeration to be exact (spread 0.3), the list is exactly
// the polytope's vertices.
func TestPolytopeCutsStayExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for _, spread := range []float64{0.3, 1e-3, 1e-5} {
		P := cube()
		for c := 0; c < 60; c++ {
			x, y := 0.5+spread*(rng.Float64()-0.5), 0.5+spread*(rng.Float64()-0.5)
			// t ≥ x² + y² linearised at (x, y), in the coordinates (ω₁, ω₂, t).
			P.cut([]float64{2 * x, 2 * y, -1}, x*x+y*y, -1)
			if f := len(P.A); len(P.verts) > 2*f-4 {
				t.Fatalf("spread %g, cut %d: %d vertices, over 2F − 4 = %d", spread, c, len(P.verts), 2*f-4)
			}
		}
		for _, v := range P.verts {
			for r := range P.A {
				if s := P.slack(r, v.p); s > 1e-9 {
					t.Fatalf("spread %g: vertex %v violates row %d by %g", spread, v.p, r, s)
				}
			}
		}
		if spread < 0.1 {
			continue
		}
		want := bruteVertices(P, 1e-9)
		if len(want) != len(P.verts) {
			t.Errorf("spread %g: %d vertices listed, %d by brute force", spread, len(P.verts), len(want))
		}
		for _, q := range want {
			found := false
			for _, v := range P.verts {
				if math.Max(math.Abs(v.p[0]-q[0]), math.Max(math.Abs(v.p[1]-q[1]), math.Abs(v.p[2]-q[2]))) <= 1e-7 {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("spread %g: vertex %v is missing from the list", spread, q)
			}
		}
	}
}

// facetVertices keeps the corners of the new facet and drops the points a
// near-degenerate adjacency puts inside it or on its edges, in the order
// of creation; for one parameter it keeps the segment's two ends.
func TestFacetVertices(t *testing.T) {
	P := cube()
	P.addRow([]float64{1, 1, 1}, 1.5) // the plane x + y + z = 1.5
	r := len(P.A) - 1
	on := func(x, y float64) vertex { return vertex{p: []float64{x, y, 1.5 - x - y}} }
	// A hexagon of corners (the cube's section), its centre, a midpoint of
	// an edge, and a point near the centre.
	corners := []vertex{on(0.5, 0), on(1, 0), on(1, 0.5), on(0.5, 1), on(0, 1), on(0, 0.5)}
	fresh := []vertex{on(0.5, 0.5), corners[0], corners[1], on(0.75, 0), corners[2], corners[3], on(0.5, 0.49), corners[4], corners[5]}
	got := P.facetVertices(r, fresh)
	if len(got) != len(corners) {
		t.Fatalf("%d points kept, want the %d corners", len(got), len(corners))
	}
	for k, v := range got {
		if !slicesEqual(v.p, corners[k].p) {
			t.Errorf("point %d kept is %v, want corner %v (in order of creation)", k, v.p, corners[k].p)
		}
	}
	// Three points or fewer on the plane are all kept when they are corners.
	if got := P.facetVertices(r, corners[:3]); len(got) != 3 {
		t.Errorf("a triangle kept %d points", len(got))
	}
	// One parameter: the facet is a segment on the line y = 0.3.
	Q := &polytope{n: 2, eps: 1e-11}
	Q.addRow([]float64{0, 1}, 0.3)
	seg := []vertex{{p: []float64{0.4, 0.3}}, {p: []float64{0.1, 0.3}}, {p: []float64{0.9, 0.3}}, {p: []float64{0.5, 0.3}}}
	if got := Q.facetVertices(0, seg); len(got) != 2 || got[0].p[0] != 0.1 || got[1].p[0] != 0.9 {
		t.Errorf("segment ends: %v", got)
	}
}

func slicesEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-15 {
			return false
		}
	}
	return true
}
