package kernel

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"

	"github.com/kernelab/kernelab/klearn"
)

// tkBasisCase is a degree, a box and pairs of points for the basis tests:
// random points inside the box, points outside it (clipped), points on its
// faces (where the degree-0 factor b_k − u_k is 0 or u_k − a_k is 0),
// x = y, and pairs that share some coordinates.
type tkBasisCase struct {
	n, d   int
	lo, hi []float64
	pts    [][2][]float64
}

func tkBasisCases() []tkBasisCase {
	var out []tkBasisCase
	for ci, nd := range [][2]int{{1, 0}, {1, 3}, {2, 1}, {2, 3}, {3, 2}, {3, 3}, {5, 3}, {8, 2}, {8, 3}, {13, 1}, {13, 2}, {34, 0}, {34, 1}} {
		n, d := nd[0], nd[1]
		r := klearn.NewRand(uint64(100 + ci))
		lo, hi := make([]float64, n), make([]float64, n)
		for k := range lo {
			lo[k] = -0.5 * r.Float64()
			hi[k] = 1 + r.Float64()
		}
		if ci%3 == 0 { // the unit box of the zero value
			lo, hi = nil, nil
		}
		a, b := lo, hi
		if a == nil {
			a, b = make([]float64, n), make([]float64, n)
			for k := range b {
				b[k] = 1
			}
		}
		pt := func() []float64 {
			v := make([]float64, n)
			for k := range v {
				v[k] = a[k] + (b[k]-a[k])*r.Float64()
			}
			return v
		}
		c := tkBasisCase{n: n, d: d, lo: lo, hi: hi}
		x, y := pt(), pt()
		c.pts = append(c.pts, [2][]float64{x, y}, [2][]float64{y, x}, [2][]float64{x, x})
		// Outside the box, on its faces, sharing coordinates.
		u, v, w := pt(), pt(), pt()
		for k := 0; k < n; k++ {
			switch k % 4 {
			case 0:
				u[k], v[k] = b[k], a[k]-1
			case 1:
				u[k], v[k] = b[k]+2, b[k]
			case 2:
				v[k] = u[k]
			}
			if k%5 == 1 {
				w[k] = b[k] - 1e-300
			}
		}
		c.pts = append(c.pts, [2][]float64{u, v}, [2][]float64{v, u}, [2][]float64{w, x})
		out = append(out, c)
	}
	return out
}

// TestTKBasisReference: the basis from the distinct exponent sums and the
// prefix products is the O(q²n) loop of 22b6e13 (tkReference) bit for bit,
// on every degree 0–3 and dimension 1–34 of tkBasisCases, through Basis and
// through the scratch that Gram, PairBasis and the blocks reuse from pair
// to pair; and pairRow, which PairBasis, GramBlocks and CrossBlocks store,
// is the reference's G_aa and G_ab + G_ba in the order of tkPairs, bit for
// bit (the products rounded before the sum: run it with GOAMD64=v3 too,
// where the compiler may fuse a product into the sum that follows it).
func TestTKBasisReference(t *testing.T) {
	t.Parallel()
	for _, c := range tkBasisCases() {
		tk := TK{Degree: c.d, Lower: c.lo, Upper: c.hi}
		ref := newTKReference(tk, c.n)
		e := tk.setup(c.n)
		sc := e.scratch()
		if ns, want := len(e.taSig), must(MonomialCount(c.n, 2*c.d)); ns != want {
			t.Errorf("n=%d d=%d: %d distinct sums γ_i + γ_j, want C(n + 2d, 2d) = %d", c.n, c.d, ns, want)
		}
		w := 2 * e.q
		pairs, row := tkPairs(w), e.rowBuf(sc)
		if len(row) != len(pairs) {
			t.Fatalf("n=%d d=%d: a row of %d entries, %d pairs", c.n, c.d, len(row), len(pairs))
		}
		for pi, xy := range c.pts {
			want := ref.basis(xy[0], xy[1])
			e.basis(xy[0], xy[1], sc)
			for at, g := range sc.G {
				if math.Float64bits(g) != math.Float64bits(want[at]) {
					t.Fatalf("n=%d d=%d pair %d: G[%d, %d] = %v, reference %v", c.n, c.d, pi, at/w, at%w, g, want[at])
				}
			}
			e.pairRow(xy[0], xy[1], sc, row)
			for p, ab := range pairs {
				v := want[ab.A*w+ab.B]
				if ab.A != ab.B {
					v += want[ab.B*w+ab.A]
				}
				if math.Float64bits(row[p]) != math.Float64bits(v) {
					t.Fatalf("n=%d d=%d pair %d: pairRow entry (%d, %d) = %v, reference %v", c.n, c.d, pi, ab.A, ab.B, row[p], v)
				}
			}
			if pi == 0 {
				G := tk.Basis(xy[0], xy[1]).RawMatrix().Data
				for at, g := range G {
					if math.Float64bits(g) != math.Float64bits(want[at]) {
						t.Fatalf("n=%d d=%d: Basis entry %d = %v, reference %v", c.n, c.d, at, g, want[at])
					}
				}
			}
		}
		// The comparison sees a change of one ulp in one coordinate.
		x := append([]float64(nil), c.pts[0][0]...)
		x[c.n-1] = math.Nextafter(x[c.n-1], math.Inf(-1))
		e.basis(x, c.pts[0][1], sc)
		want := ref.basis(c.pts[0][0], c.pts[0][1])
		diff := false
		for at, g := range sc.G {
			diff = diff || g != want[at]
		}
		if !diff && c.d+c.n > 1 {
			t.Errorf("n=%d d=%d: a moved point gives the same basis", c.n, c.d)
		}
	}
}

// TestTKBasisOneDimensional: every entry of G against Corollary 13's blocks
// built from one-dimensional integrals, T(u, b, ζ) = Π_k ∫_{u_k}^{b_k}
// z^{ζ_k − 1} dz each by a (d + 1)-point Gauss–Legendre rule (exact for
// degree ≤ 2d + 1) and the monomials by math.Pow: a computation that shares
// neither the power tables nor the sums σ nor the prefix products, for
// n up to 34 and d ≤ 3 (a sample of the entries when q is large). The
// tolerance is relative to the terms of each entry, m·(|T(a)| + |T(x)| +
// |T(y)| + |T(p*)|), since the R and S blocks are differences.
func TestTKBasisOneDimensional(t *testing.T) {
	t.Parallel()
	for _, c := range tkBasisCases() {
		tk := TK{Degree: c.d, Lower: c.lo, Upper: c.hi}
		e := tk.setup(c.n)
		sc := e.scratch()
		exps := must(Monomials(2*c.n, c.d))
		q, n := len(exps), c.n
		gx, gw := make([]float64, c.d+1), make([]float64, c.d+1)
		T := func(u []float64, zeta []int) float64 {
			v := 1.0
			for k := 0; k < n; k++ {
				if !(u[k] < e.b[k]) { // an empty interval
					v *= 0
					continue
				}
				quad.Legendre{}.FixedLocations(gx, gw, u[k], e.b[k])
				var s float64
				for r := range gx {
					s += gw[r] * math.Pow(gx[r], float64(zeta[k]-1))
				}
				v *= s
			}
			return v
		}
		mono := func(u []float64, ex []int) float64 {
			v := 1.0
			for k := 0; k < n; k++ {
				v *= math.Pow(u[k], float64(ex[k]))
			}
			return v
		}
		r := klearn.NewRand(uint64(7 * n))
		zeta := make([]int, n)
		for pi, xy := range c.pts {
			xc, yc, p := make([]float64, n), make([]float64, n), make([]float64, n)
			for k := 0; k < n; k++ {
				xc[k] = min(max(xy[0][k], e.a[k]), e.b[k])
				yc[k] = min(max(xy[1][k], e.a[k]), e.b[k])
				p[k] = max(xc[k], yc[k])
			}
			e.basis(xy[0], xy[1], sc)
			w := 2 * q
			for s := 0; s < min(q*q, 1500); s++ {
				i, j := s/q, s%q
				if q*q > 1500 {
					i, j = r.IntN(q), r.IntN(q)
				}
				for k := 0; k < n; k++ {
					zeta[k] = exps[i][n+k] + exps[j][n+k] + 1
				}
				m := mono(xc, exps[i][:n]) * mono(yc, exps[j][:n])
				Ta, Tx, Ty, Tp := T(e.a, zeta), T(xc, zeta), T(yc, zeta), T(p, zeta)
				scale := math.Abs(m) * (math.Abs(Ta) + math.Abs(Tx) + math.Abs(Ty) + math.Abs(Tp))
				for _, v := range []struct {
					got, want float64
				}{
					{sc.G[i*w+j], m * Tp},
					{sc.G[i*w+q+j], m * (Tx - Tp)},
					{sc.G[(q+i)*w+j], m * (Ty - Tp)},
					{sc.G[(q+i)*w+q+j], m * (Ta - Tx - Ty + Tp)},
				} {
					if math.Abs(v.got-v.want) > 1e-13*scale+1e-300 {
						t.Fatalf("n=%d d=%d pair %d (%d, %d): %v, one-dimensional integrals %v (scale %v)", n, c.d, pi, i, j, v.got, v.want, scale)
					}
				}
			}
		}
	}
}

// TestTKQuadratureHigher: Eval against the defining integral (eq. 7 of
// Colbert & Peet 2020) by TK.Quadrature in three and four dimensions, for
// d = 3 and d = 2, at points inside, outside and on the faces of the box
// (TestTKIntegral covers n ≤ 2, d ≤ 2).
func TestTKQuadratureHigher(t *testing.T) {
	t.Parallel()
	for _, nd := range [][2]int{{3, 3}, {4, 2}} {
		n, d := nd[0], nd[1]
		lo, hi := make([]float64, n), make([]float64, n)
		for k := range lo {
			lo[k], hi[k] = -0.3, 1.2+0.1*float64(k)
		}
		tk := TK{Degree: d, Lower: lo, Upper: hi, P: randPSD(2*must(TKSize(n, d)), uint64(60+n))}
		pts := [][2][]float64{
			{[]float64{0.1, 0.7, -0.2, 0.9}[:n], []float64{0.5, 0.2, 1.0, 0.9}[:n]},
			{[]float64{1.2, -1, 0.4, 2}[:n], []float64{0.3, 1.3, -0.3, 0.5}[:n]},
		}
		for _, xy := range pts {
			got := tk.Eval(xy[0], xy[1])
			want, err := tk.Quadrature(xy[0], xy[1], false)
			if err != nil {
				t.Fatal(err)
			}
			if !near(got, want, 1e-10) {
				t.Fatalf("n=%d d=%d at %v: closed form %v, quadrature %v", n, d, xy, got, want)
			}
		}
	}
}
