package opt

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
)

// DCProblem is the DC program
//
//	φ̂ = min_{ω ∈ Ω} g(ω) − h(ω),   Ω = {ω ∈ [Lo, Hi] : α(ω) ≤ 0},
//
// with g, h and α convex (problem (13) of Argyriou, Hauser, Micchelli &
// Pontil 2006, "A DC-programming algorithm for kernel selection"). The
// caller supplies g, h and their (sub)gradients; α is optional (nil: Ω is
// the box).
type DCProblem struct {
	// G and H return g(ω) and h(ω); GradG writes a subgradient of g at ω
	// into s (GradH is not needed by the cutting-plane method).
	G, H  func(w []float64) float64
	GradG func(s, w []float64)
	// GradH writes a gradient of h at ω into s; only the local variant
	// (DCSettings.Local) needs it. EvalH, if not nil, returns h(ω) and
	// writes ∇h(ω) into s in one call (one pass over a sum of terms).
	GradH func(s, w []float64)
	EvalH func(s, w []float64) float64
	// Eval, if not nil, returns g(ω) and h(ω) and, for s not nil, writes
	// a subgradient of g at ω into s, in one call: the method then uses it
	// wherever it needs more than one of G, H and GradG at one point (one
	// pass over the terms of a sum in place of two or three).
	Eval func(s, w []float64) (g, h float64)
	// EvalG, if not nil, returns g(ω) and writes a subgradient of g at ω
	// into s in one call: at a vertex whose h is known (Case 1 of the
	// exact method) the method then skips the terms of h.
	EvalG func(s, w []float64) float64
	// Alpha and GradAlpha, if not nil, add the convex constraint α(ω) ≤ 0;
	// GradAlpha writes a subgradient of α.
	Alpha     func(w []float64) float64
	GradAlpha func(s, w []float64)
	// Lo and Hi are the box containing Ω (finite, Lo < Hi).
	Lo, Hi []float64
	// Interior is a point of Ω with α < 0 inside the open box; nil is the
	// box centre (which must then satisfy α < 0).
	Interior []float64
}

// DCSettings tunes DCCuttingPlane. A zero field selects its default.
type DCSettings struct {
	// MaxIter caps the cuts (default 300, the paper's cap for Algorithm 2).
	MaxIter int
	// Tol is the relative optimality tolerance: the method stops when the
	// certified gap φ^k − (lower bound) ≤ Tol·max(1, |φ^k|) (default 1e-9).
	Tol float64
	// Box starts from the box × [t_lo, t̄] prism instead of the paper's
	// simplex S⁰ ⊇ Ω; with Box and no Alpha no point of the outer
	// polytope leaves Ω, so Case 2 of the algorithm never occurs.
	Box bool
	// Local replaces the exact minimum of t − h(ω) over the vertices of
	// P^k (on-line vertex enumeration, whose vertex count grows fast with
	// the dimension) by a local minimum: the variant the paper uses for
	// more than two parameters (Section 6, where the local optimisation is
	// Matlab's fmincon). The local minimum is found by successive linear
	// programming over P^k (see localMin); the run then stops at a point
	// where no local descent of t − h is left, which is not a certificate
	// of the global optimum (DCResult.Local). GradH is required.
	Local bool
	// Recorder, if not nil, is called after each cut with F = φ^k and
	// Gap = the certified gap.
	Recorder Recorder
	// Cutoff, if not nil, is a value found elsewhere (when Ω is one piece
	// of a partitioned domain). Below φ⁰ it is the level of the cuts in
	// place of φ^k until a point of Ω beats it (the cuts stay valid for any
	// level ≥ φ̂ and are deeper the lower it is), and the run ends (Status
	// Success, Pruned) once the lower bound reaches *Cutoff −
	// Tol·max(1, |*Cutoff|): no point of Ω is better than the cutoff. A
	// lower bound of P⁰ (the linearisation of g at y⁰ less the largest h
	// on S⁰) already at the cutoff prunes before any cut.
	Cutoff *float64
}

// DCIter is one iteration of DCCuttingPlane: the best value φ^k found, the
// lower bound φ^k + min_{V(P^k)}(t − h(ω)) on φ̂, the case of the cut
// (1 or 2) and the number of vertices of P^k.
//
// In the local variant (DCSettings.Local) Vertices is 0, Lower is the
// valid but weak bound φ^k + min_{P^k} t − max_{V(S⁰)} h, and Local is
// φ^k + the local minimum of t − h(ω) found over P^k (its stopping test;
// not a bound).
type DCIter struct {
	Phi, Lower float64
	Case       int
	Vertices   int
	Local      float64
}

// DCResult is the answer of DCCuttingPlane. X is the best point y^k and F
// = g(X) − h(X) = φ^k; Lower is a certified lower bound on φ̂ (so F − Lower
// bounds the error); Status is Success when F − Lower ≤ Tol·max(1, |F|)
// (the optimality certificate of Horst & Thoai, Prop. 4.4: the minimum of
// t − h(ω) over {ω ∈ Ω, g(ω) − t ≤ φ^k} is 0 within the tolerance),
// IterationLimit when MaxIter cuts did not reach it, and Failure when a
// cut stopped separating its vertex in floating point (F − Lower is then
// the certified gap reached). Iters records the
// bounds per iteration (Iters[0] is the initial polytope).
//
// Local is true for a run of the local variant (DCSettings.Local): Status
// Success then means that the local minimum of t − h(ω) over P^k reached
// −Tol·max(1, |φ^k|) (no local improvement left), not that X is certified
// globally optimal; Lower stays a valid lower bound (usually far below F)
// and certifies only when F − Lower is within the tolerance, or when the
// run was pruned by its cutoff.
type DCResult struct {
	X          []float64
	F, Lower   float64
	Status     Status
	Pruned     bool
	Local      bool
	Iterations int
	Iters      []DCIter
}

// polytope is a bounded polyhedron {p : A_r·p ≤ b_r} in R^n kept together
// with its vertex list (on-line vertex enumeration: each cut removes the
// vertices it violates and adds the points where it crosses the edges from
// removed to kept vertices; two vertices span an edge when they share n−1
// active constraints with independent normals).
type polytope struct {
	n     int
	A     [][]float64
	b     []float64
	verts []vertex
	eps   float64
}

// vertex is a vertex of P^k with its active rows, the value h of h at ω
// or (exact false) an upper bound on it, and val = t − h: the objective
// t − h(ω) or a lower bound on it.
type vertex struct {
	p      []float64
	active []int
	h, val float64
	exact  bool
}

func (P *polytope) slack(r int, p []float64) float64 {
	var s float64
	for i, a := range P.A[r] {
		s += a * p[i]
	}
	return s - P.b[r]
}

// contains reports whether p satisfies every constraint to within eps.
func (P *polytope) contains(p []float64) bool {
	for r := range P.A {
		if P.slack(r, p) > P.eps {
			return false
		}
	}
	return true
}

// activeSet returns the constraints tight at p.
func (P *polytope) activeSet(p []float64) []int {
	var out []int
	for r := range P.A {
		if math.Abs(P.slack(r, p)) <= P.eps {
			out = append(out, r)
		}
	}
	return out
}

// addRow appends a·p ≤ b normalised to a unit normal; it returns false for
// a degenerate (zero) normal.
func (P *polytope) addRow(a []float64, b float64) bool {
	var nrm float64
	for _, v := range a {
		nrm += v * v
	}
	nrm = math.Sqrt(nrm)
	if !(nrm > 0) || math.IsInf(nrm, 0) || math.IsNaN(b) {
		return false
	}
	row := make([]float64, len(a))
	for i := range a {
		row[i] = a[i] / nrm
	}
	P.A = append(P.A, row)
	P.b = append(P.b, b/nrm)
	return true
}

// rankAtLeast reports whether the rows idx of A span a space of dimension
// ≥ k (Gram–Schmidt).
func (P *polytope) rankAtLeast(idx []int, k int) bool {
	var basis [][]float64
	for _, r := range idx {
		basis, _ = orthoAppend(basis, slices.Clone(P.A[r]), 1e-9)
		if len(basis) >= k {
			return true
		}
	}
	return len(basis) >= k
}

// orthoAppend takes v (modified) orthogonal to the orthonormal vectors of
// basis, in their order (one Gram–Schmidt step), and appends it normalised
// when its remaining norm exceeds min; ok reports whether it did.
func orthoAppend(basis [][]float64, v []float64, min float64) (out [][]float64, ok bool) {
	for _, q := range basis {
		var d float64
		for i := range v {
			d += v[i] * q[i]
		}
		for i := range v {
			v[i] -= d * q[i]
		}
	}
	var nrm float64
	for _, x := range v {
		nrm += x * x
	}
	if nrm = math.Sqrt(nrm); !(nrm > min) {
		return basis, false
	}
	for i := range v {
		v[i] /= nrm
	}
	return append(basis, v), true
}

func common(a, b []int) []int {
	var out []int
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// cut intersects P with the half-space a·p ≤ b. A new vertex p = u +
// λ(w − u) on the edge from a removed vertex u to a kept one w gets the
// upper bound (1 − λ)h(u) + λh(w) ≥ h(p) of the convex h (h evaluated
// lazily: DCCuttingPlane computes it only when the vertex's lower bound
// t − (bound) is the smallest). The vertex must (the one the cut separates
// in theory) is removed whenever its slack is positive, however small
// (steep linearisations give normalised violations below eps). cut
// reports whether any vertex was removed.
func (P *polytope) cut(a []float64, b float64, must int) bool {
	if !P.addRow(a, b) {
		return false
	}
	r := len(P.A) - 1
	var keep, drop []vertex
	for i, v := range P.verts {
		s := P.slack(r, v.p)
		switch {
		case s > P.eps || (i == must && s > 0):
			drop = append(drop, v)
		case s >= -P.eps:
			v.active = append(slices.Clone(v.active), r)
			keep = append(keep, v)
		default:
			keep = append(keep, v)
		}
	}
	if len(drop) == 0 {
		P.verts = keep
		return false
	}
	out := slices.Clone(keep)
	var fresh []vertex
	for _, u := range drop {
		su := P.slack(r, u.p)
		for _, w := range keep {
			sw := P.slack(r, w.p)
			if sw >= -P.eps {
				continue
			}
			cm := common(u.active, w.active)
			if len(cm) < P.n-1 || !P.rankAtLeast(cm, P.n-1) {
				continue
			}
			lam := su / (su - sw) // point u + lam(w−u) on the cut
			p := make([]float64, P.n)
			for i := range p {
				p[i] = u.p[i] + lam*(w.p[i]-u.p[i])
			}
			dup := false
			for _, q := range fresh {
				var d float64
				for i := range p {
					d = math.Max(d, math.Abs(p[i]-q.p[i]))
				}
				if d <= P.eps {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			// The bound, with a margin for the rounding of the interpolation.
			h := (1-lam)*u.h + lam*w.h
			h += 1e-13 * (math.Abs(u.h) + math.Abs(w.h))
			fresh = append(fresh, vertex{p: p, active: P.activeSet(p), h: h, val: p[P.n-1] - h})
		}
	}
	P.verts = append(out, P.facetVertices(r, fresh)...)
	return true
}

// facetVertices returns the extreme points of the points fresh, which lie
// on the plane of row r. In exact arithmetic the points a cut creates are
// the vertices of its new facet; in floating point, constraints that are
// active within eps at a vertex without being so (near-parallel
// linearisations, steep ones) make pairs of vertices look adjacent when
// they are not, and each such pair adds a point inside the facet (the
// segment between two points of P meets the plane inside P). Those
// points are not vertices, and left in they breed more (in one Table 2
// run of Argyriou et al., 484 vertices became 4 518 in eight cuts of a
// polytope with 168 facets, which has at most 2·168 − 4 = 332). The
// facet is the convex hull of the points, so its vertices are the hull's
// extreme points: for one parameter (n = 2) the two ends of the segment,
// for two (n = 3) the corners of the convex polygon, by Andrew's monotone
// chain in coordinates of the plane. Points strictly on a hull edge are
// not corners. Larger n keeps every point (the exact method is meant for
// one or two parameters; DCSettings.Local serves more).
func (P *polytope) facetVertices(r int, fresh []vertex) []vertex {
	if len(fresh) <= P.n-1 || P.n < 2 || P.n > 3 {
		return fresh
	}
	// An orthonormal basis of the plane a·p = b (a = P.A[r], unit norm):
	// the unit vectors taken orthogonal to a and to each other.
	basis := [][]float64{P.A[r]}
	for e := 0; e < P.n && len(basis) < P.n; e++ {
		v := make([]float64, P.n)
		v[e] = 1
		basis, _ = orthoAppend(basis, v, 0.5)
	}
	basis = basis[1:]
	coord := func(v vertex, k int) float64 {
		var d float64
		for i, x := range v.p {
			d += x * basis[k][i]
		}
		return d
	}
	if P.n == 2 {
		lo, hi := 0, 0
		for i := range fresh {
			if coord(fresh[i], 0) < coord(fresh[lo], 0) {
				lo = i
			}
			if coord(fresh[i], 0) > coord(fresh[hi], 0) {
				hi = i
			}
		}
		if lo == hi {
			return fresh[lo : lo+1]
		}
		return []vertex{fresh[min(lo, hi)], fresh[max(lo, hi)]}
	}
	type pt struct {
		x, y float64
		i    int
	}
	pts := make([]pt, len(fresh))
	var cx, cy float64
	for i := range fresh {
		pts[i] = pt{coord(fresh[i], 0), coord(fresh[i], 1), i}
		cx += pts[i].x / float64(len(fresh))
		cy += pts[i].y / float64(len(fresh))
	}
	var ext float64 // the facet's radius about its centroid
	for i := range pts {
		pts[i].x -= cx
		pts[i].y -= cy
		ext = math.Max(ext, math.Hypot(pts[i].x, pts[i].y))
	}
	slices.SortFunc(pts, func(p, q pt) int {
		if c := cmp.Compare(p.x, q.x); c != 0 {
			return c
		}
		return cmp.Compare(p.y, q.y)
	})
	// A turn counts as convex when its cross product exceeds what a
	// displacement of eps (the tolerance of a vertex's position) gives: a
	// point within eps of a hull edge is on the edge.
	tol := P.eps * ext
	cross := func(o, p, q pt) float64 { return (p.x-o.x)*(q.y-o.y) - (p.y-o.y)*(q.x-o.x) }
	hull := make([]pt, 0, 2*len(pts))
	for _, q := range pts {
		for len(hull) >= 2 && cross(hull[len(hull)-2], hull[len(hull)-1], q) <= tol {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, q)
	}
	for i, lower := len(pts)-2, len(hull)+1; i >= 0; i-- {
		q := pts[i]
		for len(hull) >= lower && cross(hull[len(hull)-2], hull[len(hull)-1], q) <= tol {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, q)
	}
	hull = hull[:len(hull)-1] // the last point is the first
	idx := make([]int, len(hull))
	for k, q := range hull {
		idx[k] = q.i
	}
	slices.Sort(idx) // the order of creation, as without pruning
	out := make([]vertex, len(idx))
	for k, i := range idx {
		out[k] = fresh[i]
	}
	return out
}

// DCCuttingPlane solves the DC program p by the cutting-plane method of
// Horst & Thoai (1999), Algorithm 2 of Argyriou et al. (2006). The outer
// polytope P^k ⊇ {(ω, t) : ω ∈ Ω, g(ω) − φ^k ≤ t ≤ t̄} is kept with its
// vertices (exact on-line vertex enumeration, practical for one or two
// parameters); each iteration takes the vertex (ω^k, t^k) minimising the
// concave t − h(ω), stops with the optimality certificate when that
// minimum is ≥ −Tol·max(1, |φ^k|), and otherwise cuts (ω^k, t^k) off:
// Case 1 (ω^k ∈ Ω) by the linearisation of g at ω^k,
// ⟨ω−ω^k, s^k⟩ + g(ω^k) − φ^{k+1} − t ≤ 0, and Case 2 (ω^k ∉ Ω) at the
// zero (ζ^k, θ^k) of β^k = max{α(ω), g(ω) − t − φ^k} on the segment to the
// interior point (y⁰, t̄), with a subgradient of β^k taken at (ζ^k, θ^k)
// (the printed algorithm takes it at (ω^k, t^k), which does not give a
// valid cut). The incumbent y^k moves to ω^k (Case 1) or ζ^k (Case 2) when
// that lowers g − h. P⁰ is the prism over the simplex S⁰ with vertices Lo
// and Lo + D(Hi_i − Lo_i)e_i (or over the box, DCSettings.Box), cut above
// at t̄ and below by the linearisation of g at y⁰. With a Cutoff below φ^k
// the cuts use the cutoff as their level (a valid outer approximation of
// {g − t ≤ cutoff}, deeper than that of φ^k), which is what makes a piece
// of a partitioned domain cheap to rule out; DCProblem.Eval and EvalG save
// passes over a sum of terms. h is evaluated lazily at the vertices a cut
// creates: each carries the chord bound of the convex h along its edge,
// and h is computed only where that bound could make the vertex the
// minimiser, so the vertex chosen is the exact argmin all the same.
//
// With DCSettings.Local the vertex list is not kept: the vertex to cut is
// found by a local search over the inequalities of P^k (the paper's
// variant for more than two parameters, Section 6), the run stops when the
// local search finds no value below −Tol·max(1, |φ^k|), and the result is
// a local solution (DCResult.Local), with a valid but weak lower bound.
//
// Errors wrap ErrParam (inconsistent bounds, no interior point, missing
// functions) and ErrNotFinite (g or h not finite at a point of P⁰).
func DCCuttingPlane(p DCProblem, set *DCSettings) (*DCResult, error) {
	var cfg DCSettings
	if set != nil {
		cfg = *set
	}
	if cfg.MaxIter == 0 {
		cfg.MaxIter = 300
	}
	if cfg.Tol == 0 {
		cfg.Tol = 1e-9
	}
	if cfg.MaxIter < 0 || !(cfg.Tol > 0) || math.IsInf(cfg.Tol, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "opt: DCCuttingPlane: MaxIter = %d, Tol = %v", cfg.MaxIter, cfg.Tol)
	}
	if p.G == nil || p.H == nil || p.GradG == nil || (p.Alpha == nil) != (p.GradAlpha == nil) {
		return nil, klearn.Errorf(klearn.ErrParam, "opt: DCCuttingPlane: G, H and GradG are required, Alpha and GradAlpha go together")
	}
	if cfg.Local && p.GradH == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "opt: DCCuttingPlane: the local variant needs GradH")
	}
	D := len(p.Lo)
	if D == 0 || len(p.Hi) != D {
		return nil, klearn.Errorf(klearn.ErrParam, "opt: DCCuttingPlane: box has %d lower and %d upper bounds", D, len(p.Hi))
	}
	for i := range p.Lo {
		if !finite(p.Lo[i]) || !finite(p.Hi[i]) || !(p.Lo[i] < p.Hi[i]) {
			return nil, klearn.Errorf(klearn.ErrParam, "opt: DCCuttingPlane: box [%v, %v] in coordinate %d", p.Lo[i], p.Hi[i], i)
		}
	}
	// α̃ = max(α, box violation): Ω = {α̃ ≤ 0}.
	alpha := func(w []float64) float64 {
		a := math.Inf(-1)
		if p.Alpha != nil {
			a = p.Alpha(w)
		}
		for i := range w {
			a = math.Max(a, math.Max(p.Lo[i]-w[i], w[i]-p.Hi[i]))
		}
		return a
	}
	gradAlpha := func(s, w []float64) {
		best, bi, sign := math.Inf(-1), -1, 0.0
		for i := range w {
			if v := p.Lo[i] - w[i]; v > best {
				best, bi, sign = v, i, -1
			}
			if v := w[i] - p.Hi[i]; v > best {
				best, bi, sign = v, i, 1
			}
		}
		if p.Alpha != nil && p.Alpha(w) >= best {
			p.GradAlpha(s, w)
			return
		}
		for i := range s {
			s[i] = 0
		}
		s[bi] = sign
	}
	y0 := p.Interior
	if y0 == nil {
		y0 = make([]float64, D)
		for i := range y0 {
			y0[i] = (p.Lo[i] + p.Hi[i]) / 2
		}
	}
	if len(y0) != D || !(alpha(y0) < 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "opt: DCCuttingPlane: the interior point %v is not strictly inside Ω", y0)
	}
	y0 = slices.Clone(y0)

	// Vertices of S⁰ (simplex or box).
	var sv [][]float64
	if cfg.Box {
		for mask := 0; mask < 1<<D; mask++ {
			v := make([]float64, D)
			for i := range v {
				v[i] = p.Lo[i]
				if mask&(1<<i) != 0 {
					v[i] = p.Hi[i]
				}
			}
			sv = append(sv, v)
		}
	} else {
		sv = append(sv, slices.Clone(p.Lo))
		for i := 0; i < D; i++ {
			v := slices.Clone(p.Lo)
			v[i] += float64(D) * (p.Hi[i] - p.Lo[i])
			sv = append(sv, v)
		}
	}
	eval := p.Eval
	if eval == nil {
		eval = func(s, w []float64) (float64, float64) {
			if s != nil {
				p.GradG(s, w)
			}
			return p.G(w), p.H(w)
		}
	}
	s0 := make([]float64, D)
	g0, h0 := eval(s0, y0)
	phi := g0 - h0
	if !finite(phi) || !finite(g0) || slices.ContainsFunc(s0, func(v float64) bool { return !finite(v) }) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: DCCuttingPlane: g, h or ∇g not finite at the interior point")
	}
	// t̄ > max_V g − φ_lb with φ_lb ≤ φ̂ (g bounded below by its linearisation at y⁰,
	// h above by its maximum over the vertices).
	maxG, maxH, minLin := math.Inf(-1), math.Inf(-1), math.Inf(1)
	hs := make([]float64, len(sv)) // h on S⁰'s vertices, for P⁰'s
	for j, v := range sv {
		gv, hv := eval(nil, v)
		hs[j] = hv
		if !finite(gv) || !finite(hv) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: DCCuttingPlane: g or h not finite at the vertex %v of S⁰", v)
		}
		maxG, maxH = math.Max(maxG, gv), math.Max(maxH, hv)
		var lin float64
		for i := range v {
			lin += s0[i] * (v[i] - y0[i])
		}
		minLin = math.Min(minLin, lin)
	}
	phiLB := g0 + minLin - maxH
	// lev is the level of the cuts: φ^k, or the cutoff when it is lower.
	lev := func() float64 {
		if cfg.Cutoff != nil && *cfg.Cutoff < phi {
			return *cfg.Cutoff
		}
		return phi
	}
	if cfg.Cutoff != nil && phiLB >= *cfg.Cutoff-cfg.Tol*math.Max(1, math.Abs(*cfg.Cutoff)) {
		return &DCResult{X: y0, F: phi, Lower: math.Min(phiLB, phi), Status: Success, Pruned: true,
			Iters: []DCIter{{Phi: phi, Lower: math.Min(phiLB, phi)}}}, nil
	}
	tbar := maxG - math.Min(phiLB, lev()) + 1
	scale := math.Max(1, math.Abs(tbar))
	for i := range p.Lo {
		scale = math.Max(scale, math.Max(math.Abs(p.Lo[i]), math.Abs(p.Hi[i])))
	}

	n := D + 1
	P := &polytope{n: n, eps: 1e-11 * scale}
	// Facets of S⁰; base lists the rows ω_i ≥ Lo_i and t ≤ t̄, active at
	// the vertex (Lo, t̄) of P⁰ that every P^k keeps (the local variant's
	// start).
	var base []int
	if cfg.Box {
		for i := 0; i < D; i++ {
			a := make([]float64, n)
			a[i] = -1
			base = append(base, len(P.A))
			P.addRow(a, -p.Lo[i])
			a = make([]float64, n)
			a[i] = 1
			P.addRow(a, p.Hi[i])
		}
	} else {
		// ω_i ≥ Lo_i, and Σ_i (ω_i − Lo_i)/(Hi_i − Lo_i) ≤ D.
		a := make([]float64, n)
		var rhs float64
		for i := 0; i < D; i++ {
			e := make([]float64, n)
			e[i] = -1
			base = append(base, len(P.A))
			P.addRow(e, -p.Lo[i])
			a[i] = 1 / (p.Hi[i] - p.Lo[i])
			rhs += p.Lo[i] / (p.Hi[i] - p.Lo[i])
		}
		P.addRow(a, float64(D)+rhs)
	}
	// t ≤ t̄, and ⟨s⁰, ω − y⁰⟩ + g(y⁰) − φ⁰ − t ≤ 0.
	top := make([]float64, n)
	top[D] = 1
	base = append(base, len(P.A))
	P.addRow(top, tbar)
	baseX := append(slices.Clone(p.Lo), tbar)
	bot := make([]float64, n)
	var rhs0 float64
	for i := 0; i < D; i++ {
		bot[i] = s0[i]
		rhs0 += s0[i] * y0[i]
	}
	bot[D] = -1
	P.addRow(bot, rhs0-g0+lev())
	for j, v := range sv {
		if cfg.Local {
			break
		}
		for _, t := range []float64{tbar, g0 - lev() + dotv(s0, v) - dotv(s0, y0)} {
			q := append(slices.Clone(v), t)
			P.verts = append(P.verts, vertex{p: q, active: P.activeSet(q), h: hs[j], val: t - hs[j], exact: true})
		}
	}

	res := &DCResult{X: y0, F: phi, Status: IterationLimit, Local: cfg.Local}
	ss := make([]float64, D)
	// The local variant's pieces: h and ∇h (cached), g at the incumbent,
	// and the point of the last cut, linearised first in the next search.
	hc := &hCache{h: p.H, hg: p.EvalH, m: map[string]hEntry{}}
	if hc.hg == nil {
		hc.hg = func(s, w []float64) float64 {
			p.GradH(s, w)
			return p.H(w)
		}
	}
	lastLin := append(slices.Clone(y0), 0.0)
	var xt []float64 // the local variant's vertex of least t
	var gy float64
	var gyAt []float64
	for k := 0; ; k++ {
		var vk vertex
		bi := -1
		L := lev()
		var it DCIter
		if cfg.Local {
			// Successive LPs linearised at the last cut vertex: a vertex with
			// t − h below the stopping level is cut at once; otherwise the
			// edge descent from it, and then a second local search
			// linearised at the incumbent on the lower surface t = g − L (g
			// cached per incumbent), look further before the run stops.
			stop := -cfg.Tol * math.Max(1, math.Abs(L))
			x1, W1, v1, ok1 := P.slp(baseX, base, lastLin, hc)
			if ok1 && v1 >= stop {
				x1, _, v1 = P.descend(x1, W1, v1, hc)
			}
			v2, ok2 := math.Inf(1), true
			var x2 []float64
			if ok1 && v1 >= stop {
				if gyAt == nil || !slices.Equal(gyAt, res.X) {
					gy, _ = eval(nil, res.X)
					gyAt = slices.Clone(res.X)
				}
				inc := append(slices.Clone(res.X), gy-L)
				x2, _, v2, ok2 = P.localMin(baseX, base, inc, hc)
			}
			// The least t over P^k: the last one found while the cuts since
			// have kept it (a cut only removes points, so a minimiser that
			// satisfies it stays one), else the simplex method from P⁰'s
			// vertex.
			okt := true
			if xt == nil || !P.contains(xt) {
				ct := make([]float64, n)
				ct[D] = 1
				xt, _, okt = P.lpMin(ct, base, baseX)
			}
			if !ok1 || !ok2 || !okt {
				res.Status = Failure
				break
			}
			vk = vertex{p: x1, val: v1}
			if v2 < v1 {
				vk = vertex{p: x2, val: v2}
			}
			lastLin = slices.Clone(vk.p)
			res.Lower = math.Min(L+xt[D]-maxH, phi)
			it = DCIter{Phi: phi, Lower: res.Lower, Local: L + vk.val}
		} else {
			// The vertex of least t − h: evaluate h at the vertex of least
			// lower bound until that vertex's value is exact.
			for {
				bi = 0
				for i, v := range P.verts {
					if v.val < P.verts[bi].val {
						bi = i
					}
				}
				v := &P.verts[bi]
				if v.exact {
					break
				}
				v.h = p.H(v.p[:D])
				v.val, v.exact = v.p[D]-v.h, true
			}
			vk = P.verts[bi]
			res.Lower = math.Min(L+vk.val, phi)
			it = DCIter{Phi: phi, Lower: res.Lower, Vertices: len(P.verts)}
		}
		if vk.val >= -cfg.Tol*math.Max(1, math.Abs(L)) {
			res.Status, res.Pruned = Success, L < phi
			res.Iters = append(res.Iters, it)
			break
		}
		if cfg.Cutoff != nil && res.Lower >= *cfg.Cutoff-cfg.Tol*math.Max(1, math.Abs(*cfg.Cutoff)) {
			res.Status, res.Pruned = Success, true
			res.Iters = append(res.Iters, it)
			break
		}
		if k >= cfg.MaxIter {
			res.Iters = append(res.Iters, it)
			break
		}
		wk, tk := vk.p[:D], vk.p[D]
		a := make([]float64, n)
		var b float64
		if alpha(wk) <= 0 { // Case 1
			it.Case = 1
			var gk, hk float64
			if p.EvalG != nil && vk.exact {
				gk, hk = p.EvalG(ss, wk), vk.h
			} else {
				gk, hk = eval(ss, wk)
			}
			if f := gk - hk; f < phi {
				phi = f
				res.X = slices.Clone(wk)
			}
			// ⟨ω−ω^k, s⟩ + g(ω^k) − φ^{k+1} − t ≤ 0
			for i := 0; i < D; i++ {
				a[i] = ss[i]
			}
			a[D] = -1
			b = dotv(ss, wk) - gk + lev()
		} else { // Case 2
			it.Case = 2
			L := lev()
			beta := func(w []float64, t float64) float64 {
				a := alpha(w)
				if a > 0 { // β > 0 without g
					return a
				}
				return math.Max(a, p.G(w)-t-L)
			}
			lo, hi := 0.0, 1.0 // β > 0 at λ = 0 (ω^k), < 0 at λ = 1 ((y⁰, t̄))
			pt := func(l float64) ([]float64, float64) {
				w := make([]float64, D)
				for i := range w {
					w[i] = wk[i] + l*(y0[i]-wk[i])
				}
				return w, tk + l*(tbar-tk)
			}
			for j := 0; j < 100 && hi-lo > 1e-15; j++ {
				m := (lo + hi) / 2
				w, t := pt(m)
				if beta(w, t) > 0 {
					lo = m
				} else {
					hi = m
				}
			}
			zeta, theta := pt(hi) // β^k ≤ 0 here: a point of the convex set
			gz, hz := eval(ss, zeta)
			az := alpha(zeta)
			bz := math.Max(az, gz-theta-L)
			// s ∈ ∂β^k(ζ, θ): the active piece (β^k uses φ^k, before the update).
			if az >= gz-theta-L {
				gradAlpha(ss, zeta)
				copy(a, ss)
				a[D] = 0
			} else {
				copy(a, ss)
				a[D] = -1
			}
			// ⟨(ω,t) − (ζ,θ), s⟩ + β(ζ,θ) ≤ 0
			b = dotv(a[:D], zeta) + a[D]*theta - bz
			if az <= 0 {
				if f := gz - hz; f < phi {
					phi = f
					res.X = slices.Clone(zeta)
				}
			}
		}
		var removed bool
		if cfg.Local {
			// The cut must separate (ω^k, t^k) (ℓ^k(ω^k, t^k) > 0).
			var sl float64
			for i := range a {
				sl += a[i] * vk.p[i]
			}
			removed = sl > b && P.addRow(a, b)
		} else {
			removed = P.cut(a, b, bi)
		}
		res.Iterations = k + 1
		it.Phi = phi
		res.Iters = append(res.Iters, it)
		if !removed || (!cfg.Local && len(P.verts) == 0) {
			// The cut no longer separates the vertex in floating point:
			// the gap φ − Lower is as small as this precision allows.
			res.Status = Failure
			break
		}
		if cfg.Recorder != nil {
			if err := cfg.Recorder.Record(Iteration{Iter: k + 1, F: phi, Gap: phi - res.Lower, X: res.X}); err != nil {
				res.Status = RecorderStop
				res.F = phi
				return res, err
			}
		}
	}
	res.F = phi
	if res.Lower > phi {
		res.Lower = phi
	}
	return res, nil
}

// solveSmall solves M x = r for a small square M (Gaussian elimination with
// partial pivoting, M and r untouched); ok is false for a singular M.
func solveSmall(M [][]float64, r []float64) ([]float64, bool) {
	n := len(r)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(slices.Clone(M[i]), r[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if !(math.Abs(a[p][c]) > 1e-13) {
			return nil, false
		}
		a[c], a[p] = a[p], a[c]
		for i := c + 1; i < n; i++ {
			f := a[i][c] / a[c][c]
			for j := c; j <= n; j++ {
				a[i][j] -= f * a[c][j]
			}
		}
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := a[i][n]
		for j := i + 1; j < n; j++ {
			s -= a[i][j] * x[j]
		}
		x[i] = s / a[i][i]
	}
	return x, true
}

// lpMin minimises ⟨c, p⟩ over the polytope {A p ≤ b} by the simplex
// method in inequality form (Bland's rule, so no cycling on degenerate
// vertices), from the vertex x whose active rows are basis (n independent
// rows). It returns the optimal vertex and its basis, ok false when a basis
// became singular in floating point or the pivots ran out.
func (P *polytope) lpMin(c []float64, basis []int, x []float64) ([]float64, []int, bool) {
	n := P.n
	W := slices.Clone(basis)
	x = slices.Clone(x)
	var cn float64
	for _, v := range c {
		cn = math.Max(cn, math.Abs(v))
	}
	AW := make([][]float64, n)
	AT := make([][]float64, n)
	for it := 0; it < 50*len(P.A)+100; it++ {
		for i, r := range W {
			AW[i] = P.A[r]
		}
		for i := range AT {
			AT[i] = make([]float64, n)
			for j := range AT[i] {
				AT[i][j] = AW[j][i]
			}
		}
		negc := make([]float64, n)
		for i := range c {
			negc[i] = -c[i]
		}
		mu, ok := solveSmall(AT, negc) // c + A_Wᵀμ = 0
		if !ok {
			return x, W, false
		}
		leave := -1
		for i, m := range mu { // Bland: the smallest row index with μ < 0
			if m < -1e-12*cn && (leave < 0 || W[i] < W[leave]) {
				leave = i
			}
		}
		if leave < 0 {
			return x, W, true // KKT: μ ≥ 0
		}
		d, enter, step, ok := P.edge(x, W, AW, leave)
		if !ok || enter < 0 {
			return x, W, false // singular, or unbounded: P is bounded, so rounding
		}
		for i := range x {
			x[i] += step * d[i]
		}
		W[leave] = enter
	}
	return x, W, false
}

// edge returns the direction d leaving the row W[j] inwards at the vertex
// x (A_W d = −e_j, AW the rows of W) and the ratio test along it: the row
// met first and the step to it (enter −1 when none is met), ok false for
// a singular A_W.
func (P *polytope) edge(x []float64, W []int, AW [][]float64, j int) ([]float64, int, float64, bool) {
	e := make([]float64, P.n)
	e[j] = -1
	d, ok := solveSmall(AW, e)
	if !ok {
		return nil, -1, 0, false
	}
	enter, step := -1, math.Inf(1)
	for r := range P.A {
		if slices.Contains(W, r) {
			continue
		}
		var ad, ax float64
		for i, a := range P.A[r] {
			ad += a * d[i]
			ax += a * x[i]
		}
		if ad <= 1e-12 {
			continue
		}
		if st := math.Max(0, P.b[r]-ax) / ad; st < step {
			enter, step = r, st
		}
	}
	return d, enter, step, true
}

// neighbours returns the vertices adjacent to the vertex x with active
// rows W (n independent rows): for each row of W, the end of the edge that
// leaves it (the other rows kept) and the basis there; degenerate edges
// (of length 0) are left out.
func (P *polytope) neighbours(x []float64, W []int) ([][]float64, [][]int) {
	n := P.n
	AW := make([][]float64, n)
	for i, r := range W {
		AW[i] = P.A[r]
	}
	var xs [][]float64
	var Ws [][]int
	for j := range W {
		d, enter, step, ok := P.edge(x, W, AW, j)
		if !ok || enter < 0 || !(step > P.eps) {
			continue
		}
		y := slices.Clone(x)
		for i := range y {
			y[i] += step * d[i]
		}
		V := slices.Clone(W)
		V[j] = enter
		xs, Ws = append(xs, y), append(Ws, V)
	}
	return xs, Ws
}

// localMin is the local step of the variant DCSettings.Local: from the
// vertex x0 (active rows basis0) it minimises the concave t − h(ω) over P
// by successive linear programming (for a concave objective the minimum of
// its linearisation at a point lies at a vertex no worse than the point:
// each LP moves to a vertex at least as good, and the loop stops at a
// vertex optimal for its own linearisation, a KKT point of the concave
// minimisation), then by steepest descent along the edges of P (to the
// best adjacent vertex while one is lower), so that the vertex returned
// is a local minimum over the vertex graph of P: no adjacent vertex is
// lower. lin0 is the point of the first linearisation; hc gives h and
// ∇h. It returns the vertex, its basis and t − h there, ok
// false on a numerical failure of an LP.
func (P *polytope) localMin(x0 []float64, basis0 []int, lin0 []float64, hc *hCache) ([]float64, []int, float64, bool) {
	x, W, best, ok := P.slp(x0, basis0, lin0, hc)
	if !ok {
		return x, W, best, false
	}
	x, W, best = P.descend(x, W, best, hc)
	return x, W, best, true
}

// slp is the successive linear programming of localMin.
func (P *polytope) slp(x0 []float64, basis0 []int, lin0 []float64, hc *hCache) ([]float64, []int, float64, bool) {
	D := P.n - 1
	c := make([]float64, P.n)
	s := make([]float64, D)
	hc.grad(s, lin0[:D])
	x, W, best := x0, basis0, math.Inf(1)
	tiny := func(v float64) float64 { return 1e-15 * math.Max(1, math.Abs(v)) }
	for it := 0; it < 100; it++ {
		for i := range s {
			c[i] = -s[i]
		}
		c[D] = 1
		y, V, ok := P.lpMin(c, W, x)
		if !ok {
			return x, W, best, false
		}
		v := y[D] - hc.grad(s, y[:D])
		if it > 0 && !(v < best-tiny(best)) {
			break
		}
		x, W, best = y, V, v
	}
	return x, W, best, true
}

// descend is the edge descent of localMin from the vertex x (active rows
// W, t − h = best).
func (P *polytope) descend(x []float64, W []int, best float64, hc *hCache) ([]float64, []int, float64) {
	D := P.n - 1
	tiny := func(v float64) float64 { return 1e-15 * math.Max(1, math.Abs(v)) }
	for it := 0; it < 10*len(P.A)+100; it++ {
		xs, Ws := P.neighbours(x, W)
		bj, bv := -1, best
		for j, y := range xs {
			if v := y[D] - hc.value(y[:D]); v < bv-tiny(bv) {
				bj, bv = j, v
			}
		}
		if bj < 0 {
			break
		}
		x, W, best = xs[bj], Ws[bj], bv
	}
	return x, W, best
}

// hCache remembers h and ∇h at the points the local variant visits (its
// searches start from one vertex of P⁰ and revisit the same vertices from
// one cut to the next).
type hCache struct {
	h  func(w []float64) float64
	hg func(s, w []float64) float64
	m  map[string]hEntry
}

type hEntry struct {
	h    float64
	grad []float64 // nil until asked for
}

func cacheKey(w []float64) string {
	b := make([]byte, 0, 8*len(w))
	for _, v := range w {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	return string(b)
}

// value returns h(ω).
func (c *hCache) value(w []float64) float64 {
	k := cacheKey(w)
	if e, ok := c.m[k]; ok {
		return e.h
	}
	v := c.h(w)
	c.m[k] = hEntry{h: v}
	return v
}

// grad returns h(ω) and writes ∇h(ω) into s.
func (c *hCache) grad(s, w []float64) float64 {
	k := cacheKey(w)
	if e, ok := c.m[k]; ok && e.grad != nil {
		copy(s, e.grad)
		return e.h
	}
	v := c.hg(s, w)
	c.m[k] = hEntry{h: v, grad: slices.Clone(s)}
	return v
}
