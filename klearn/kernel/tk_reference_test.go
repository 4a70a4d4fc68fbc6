package kernel

// tkReference is the TK basis as computed up to 22b6e13: every T-product of
// Corollary 13 of Colbert & Peet (2020) runs over all n coordinates, O(q²n)
// per pair of points. It is kept verbatim as the test reference of
// tkEval.basis, which must reproduce it bit for bit.
type tkReference struct {
	n, q     int
	delta    [][]int // x exponents of monomial i
	gsum     [][]int // γ_i + γ_j + 1 for pair (i, j), flattened i*q+j
	a, b     []float64
	maxPower int
	ta, tb   []float64
}

func newTKReference(t TK, n int) *tkReference {
	exps, _ := Monomials(2*n, t.Degree)
	e := &tkReference{n: n, q: len(exps), maxPower: 2*t.Degree + 1}
	e.delta = make([][]int, e.q)
	gam := make([][]int, e.q)
	for i, ex := range exps {
		e.delta[i] = ex[:n]
		gam[i] = ex[n:]
	}
	e.gsum = make([][]int, e.q*e.q)
	for i := 0; i < e.q; i++ {
		for j := 0; j < e.q; j++ {
			z := make([]int, n)
			for k := range z {
				z[k] = gam[i][k] + gam[j][k] + 1
			}
			e.gsum[i*e.q+j] = z
		}
	}
	e.a, e.b = t.Lower, t.Upper
	if e.a == nil {
		e.a, e.b = make([]float64, n), make([]float64, n)
		for k := range e.b {
			e.b[k] = 1
		}
	}
	e.ta, e.tb = e.powTable(e.a), e.powTable(e.b)
	return e
}

// powTable is tkEval's (unchanged since 22b6e13).
func (e *tkReference) powTable(u []float64) []float64 {
	return (&tkEval{n: e.n, maxPower: e.maxPower}).powTable(u, nil)
}

// basis returns the 2q×2q basis G(x, y), row-major.
func (e *tkReference) basis(x, y []float64) []float64 {
	n, q, mp := e.n, e.q, e.maxPower+1
	xc, yc, p := make([]float64, n), make([]float64, n), make([]float64, n)
	for k := 0; k < n; k++ {
		xc[k] = min(max(x[k], e.a[k]), e.b[k])
		yc[k] = min(max(y[k], e.a[k]), e.b[k])
		p[k] = max(xc[k], yc[k])
	}
	ta, tb := e.ta, e.tb
	tx, ty, tp := e.powTable(xc), e.powTable(yc), e.powTable(p)
	xd, yd := make([]float64, q), make([]float64, q)
	for i := 0; i < q; i++ {
		xd[i] = monomial(xc, e.delta[i])
		yd[i] = monomial(yc, e.delta[i])
	}
	w := 2 * q
	dst := make([]float64, w*w)
	for i := 0; i < q; i++ {
		for j := 0; j < q; j++ {
			z := e.gsum[i*q+j]
			Ta, Tx, Ty, Tp := 1.0, 1.0, 1.0, 1.0
			for k, zk := range z {
				o := k*mp + zk
				bk := tb[o]
				Ta *= bk - ta[o]
				Tx *= bk - tx[o]
				Ty *= bk - ty[o]
				Tp *= bk - tp[o]
			}
			m := xd[i] * yd[j]
			dst[i*w+j] = m * Tp
			dst[i*w+q+j] = m * (Tx - Tp)
			dst[(q+i)*w+j] = m * (Ty - Tp)
			dst[(q+i)*w+q+j] = m * (Ta - Tx - Ty + Tp)
		}
	}
	return dst
}
