package tk

import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// factored computes K(P) and M(β) of SDP (24) from kernel.TKFactors
// instead of the basis rows of kernel.TK.PairBasis. With u_k^g the
// x-monomials x_k^δ of the monomials of class g (z-exponent γ_g) and P^b
// the q×q blocks of P (b = Q, R, Rᵀ, S: P_ij, P_{i,q+j}, P_{q+i,j},
// P_{q+i,q+j}), Corollary 13 (eq. 23) gives
//
//	K_kl = Σ_σ Σ_b c_b(σ; k, l) Φ_bσ(k, l),  Φ_bσ(k, l) = Σ_{γ_g+γ_h=σ} (u_k^g)ᵀ P^b_gh u_l^h.
//
// A class with one monomial whose δ is 0 has u ≡ 1 ("unit"); a term
// between two unit classes is a constant, a term with one unit class a
// number per point, so that per pair only the terms between two non-unit
// classes are bilinear forms (for degree 1 one: the class γ = 0, the
// monomials 1, x_1, …, x_n). Per pair the work is two dot products of
// length 4·NSum and the bilinear forms, where PairBasis's row has
// q(2q + 1) entries. The moments M(β)_ab = ½Σ_{kl} β_kβ_l (G_ab + G_ba)(x_k, x_l)
// are the same sums taken the other way (see moment).
type factored struct {
	f    *kernel.TKFactors
	m, q int
	ns   int // number of sums σ; 4·ns factors a pair
	// unit[g]: class g is a single monomial with δ = 0; mem[g] its
	// monomials; U[g] (m × len(mem[g]), row-major) the u_k^g of a non-unit
	// class.
	unit []bool
	mem  [][]int
	U    [][]float64
	// uu, ku, ul, bil: the class pairs (g, h) with both, only h, only g,
	// neither unit.
	uu, ku, ul, bil []classPair
	bilLen          int // Σ over bil of len(mem[g]) (×4 blocks: the V of a point)
	bilOff          []int
}

type classPair struct{ g, h, s int }

// colChunks is the fixed number of partial column sums of factored.moment
// (each m × 4·NSum), so that the result does not depend on GOMAXPROCS.
const colChunks = 4

func newFactored(f *kernel.TKFactors) *factored {
	z := &factored{f: f, m: f.M, q: f.Q, ns: f.NSum}
	ng := f.NClass
	z.mem = make([][]int, ng)
	for i, g := range f.Class {
		z.mem[g] = append(z.mem[g], i)
	}
	z.unit = make([]bool, ng)
	z.U = make([][]float64, ng)
	for g, mg := range z.mem {
		z.unit[g] = len(mg) == 1 && f.DeltaZero[mg[0]]
		if z.unit[g] {
			continue
		}
		u := make([]float64, z.m*len(mg))
		for k := 0; k < z.m; k++ {
			for a, i := range mg {
				u[k*len(mg)+a] = f.XD[k*z.q+i]
			}
		}
		z.U[g] = u
	}
	for g := 0; g < ng; g++ {
		for h := 0; h < ng; h++ {
			cp := classPair{g, h, f.Sum[g*ng+h]}
			switch {
			case z.unit[g] && z.unit[h]:
				z.uu = append(z.uu, cp)
			case z.unit[h]:
				z.ku = append(z.ku, cp)
			case z.unit[g]:
				z.ul = append(z.ul, cp)
			default:
				z.bilOff = append(z.bilOff, z.bilLen)
				z.bil = append(z.bil, cp)
				z.bilLen += len(z.mem[g])
			}
		}
	}
	return z
}

// blocks returns the four q×q blocks P^b of P, row-major.
func (z *factored) blocks(P *mat.SymDense) [4][]float64 {
	q := z.q
	var pb [4][]float64
	for b := range pb {
		pb[b] = make([]float64, q*q)
	}
	for i := 0; i < q; i++ {
		for j := 0; j < q; j++ {
			pb[0][i*q+j] = P.At(i, j)
			pb[1][i*q+j] = P.At(i, q+j)
			pb[2][i*q+j] = P.At(q+i, j)
			pb[3][i*q+j] = P.At(q+i, q+j)
		}
	}
	return pb
}

// u returns u_k^g of a non-unit class.
func (z *factored) u(g, k int) []float64 {
	n := len(z.mem[g])
	return z.U[g][k*n : (k+1)*n]
}

// gram returns K(P) (eq. 23 through the factors; see factored).
func (z *factored) gram(P *mat.SymDense) *mat.SymDense {
	m, w, q := z.m, 4*z.ns, z.q
	pb := z.blocks(P)
	// E_k = the constants + the terms with a unit h (per k); A_l = the
	// terms with a unit g (per l); V_l = P^b_gh u_l^h of the bilinear pairs,
	// block-major (V[o + b·|I_g| + a]).
	cst := make([]float64, w)
	for _, cp := range z.uu {
		i, j := z.mem[cp.g][0], z.mem[cp.h][0]
		for b := 0; b < 4; b++ {
			cst[4*cp.s+b] += pb[b][i*q+j]
		}
	}
	E := make([]float64, m*w)
	A := make([]float64, m*w)
	V := make([]float64, m*4*z.bilLen)
	parallel.For(m, func(k int) {
		e := E[k*w : (k+1)*w]
		copy(e, cst)
		for _, cp := range z.ku {
			j, u := z.mem[cp.h][0], z.u(cp.g, k)
			for b := 0; b < 4; b++ {
				var s float64
				for a, i := range z.mem[cp.g] {
					s += u[a] * pb[b][i*q+j]
				}
				e[4*cp.s+b] += s
			}
		}
		al := A[k*w : (k+1)*w]
		for _, cp := range z.ul {
			i, u := z.mem[cp.g][0], z.u(cp.h, k)
			for b := 0; b < 4; b++ {
				row := pb[b][i*q:]
				var s float64
				for a, j := range z.mem[cp.h] {
					s += row[j] * u[a]
				}
				al[4*cp.s+b] += s
			}
		}
		v := V[k*4*z.bilLen : (k+1)*4*z.bilLen]
		for t, cp := range z.bil {
			u, o := z.u(cp.h, k), 4*z.bilOff[t]
			ng := len(z.mem[cp.g])
			for b := 0; b < 4; b++ {
				for a, i := range z.mem[cp.g] {
					row := pb[b][i*q:]
					var s float64
					for c, j := range z.mem[cp.h] {
						s += row[j] * u[c]
					}
					v[o+b*ng+a] = s
				}
			}
		}
	})
	out := make([]float64, m*m)
	C := z.f.C
	parallel.For(m, func(k int) {
		ek := E[k*w : (k+1)*w]
		for l := k; l < m; l++ {
			c := C[kernel.PairIndex(k, l, m)*w:][:w]
			s := linalg.Dot(c, ek) + linalg.Dot(c, A[l*w:(l+1)*w])
			vl := V[l*4*z.bilLen : (l+1)*4*z.bilLen]
			for t, cp := range z.bil {
				u, o, ng := z.u(cp.g, k), 4*z.bilOff[t], len(z.mem[cp.g])
				c0, c1, c2, c3 := c[4*cp.s], c[4*cp.s+1], c[4*cp.s+2], c[4*cp.s+3]
				v0, v1, v2, v3 := vl[o:o+ng], vl[o+ng:o+2*ng], vl[o+2*ng:o+3*ng], vl[o+3*ng:o+4*ng]
				var d float64
				for a, x := range u {
					d += x * (c0*v0[a] + c1*v1[a] + c2*v2[a] + c3*v3[a])
				}
				s += d
			}
			out[k*m+l] = s
		}
	})
	return mat.NewSymDense(m, out)
}

// moment returns M(β) = ½(N + Nᵀ), N_ab = Σ_{k≤l} w_kl G_ab(x_k, x_l)
// with w_kl = β_kβ_l on the diagonal and 2β_kβ_l off it (so that ⟨P, M⟩ =
// βᵀK(P)β, as problem.moment). By the factors, with W^bσ_kl = w_kl
// c_b(σ; k, l), the block (g, h) of N^b is Σ_{k≤l} W^bσ_kl u_k^g (u_l^h)ᵀ:
// from the row sums Σ_{l≥k} W_kl when u^h ≡ 1, the column sums Σ_{k≤l} W_kl
// when u^g ≡ 1, both when both are, and Σ_k u_k^g ⊗ Y_k, Y_k =
// Σ_{l≥k} W_kl u_l^h, for a bilinear pair. Every partial sum belongs to one
// point and they are added in a fixed order, so the result does not depend
// on GOMAXPROCS.
func (z *factored) moment(beta []float64) *mat.SymDense {
	m, w, q := z.m, 4*z.ns, z.q
	C := z.f.C
	row := make([]float64, m*w) // Σ_{l≥k} w_kl c_kl
	col := make([]float64, m*w) // Σ_{k≤l} w_kl c_kl
	Y := make([]float64, m*4*z.bilLenH())
	weight := func(k, l int) float64 {
		x := beta[k] * beta[l]
		if l != k {
			x *= 2
		}
		return x
	}
	// The row sums and Y belong to one k; the column sums are accumulated
	// per chunk of rows (k ≡ c mod colChunks, a fixed number) and the
	// chunks added in order.
	nY := 4 * z.bilLenH()
	cols := make([][]float64, colChunks)
	parallel.For(colChunks, func(ch int) {
		var cc []float64
		for k := ch; k < m; k += colChunks {
			if beta[k] == 0 {
				continue
			}
			if cc == nil {
				cc = make([]float64, m*w)
			}
			rk := row[k*w : (k+1)*w]
			yk := Y[k*nY : (k+1)*nY]
			for l := k; l < m; l++ {
				x := weight(k, l)
				if x == 0 {
					continue
				}
				c := C[kernel.PairIndex(k, l, m)*w:][:w]
				linalg.Axpy(x, c, rk)
				linalg.Axpy(x, c, cc[l*w:(l+1)*w])
				o := 0
				for _, cp := range z.bil {
					u, nh := z.u(cp.h, l), len(z.mem[cp.h])
					for b := 0; b < 4; b++ {
						xb := x * c[4*cp.s+b]
						y := yk[o+b*nh : o+(b+1)*nh]
						for a, v := range u {
							y[a] += xb * v
						}
					}
					o += 4 * nh
				}
			}
		}
		cols[ch] = cc
	})
	for _, cc := range cols {
		if cc != nil {
			floats.Add(col, cc)
		}
	}
	// N^b as four q×q blocks, nb[b][i*q+j].
	var nb [4][]float64
	for b := range nb {
		nb[b] = make([]float64, q*q)
	}
	for k := 0; k < m; k++ {
		if beta[k] == 0 {
			continue
		}
		rk, ck := row[k*w:(k+1)*w], col[k*w:(k+1)*w]
		for _, cp := range z.uu {
			i, j := z.mem[cp.g][0], z.mem[cp.h][0]
			for b := 0; b < 4; b++ {
				nb[b][i*q+j] += rk[4*cp.s+b]
			}
		}
		for _, cp := range z.ku {
			j, u := z.mem[cp.h][0], z.u(cp.g, k)
			for b := 0; b < 4; b++ {
				for a, i := range z.mem[cp.g] {
					nb[b][i*q+j] += rk[4*cp.s+b] * u[a]
				}
			}
		}
		for _, cp := range z.ul {
			i, u := z.mem[cp.g][0], z.u(cp.h, k)
			for b := 0; b < 4; b++ {
				for a, j := range z.mem[cp.h] {
					nb[b][i*q+j] += ck[4*cp.s+b] * u[a]
				}
			}
		}
		yk := Y[k*nY : (k+1)*nY]
		o := 0
		for _, cp := range z.bil {
			u, nh := z.u(cp.g, k), len(z.mem[cp.h])
			for b := 0; b < 4; b++ {
				y := yk[o+b*nh : o+(b+1)*nh]
				for a, i := range z.mem[cp.g] {
					for c, j := range z.mem[cp.h] {
						nb[b][i*q+j] += u[a] * y[c]
					}
				}
			}
			o += 4 * nh
		}
	}
	// M = ½(N + Nᵀ) on the full 2q×2q index set.
	N := func(a, c int) float64 {
		b := 0
		if a >= q {
			a, b = a-q, 2
		}
		if c >= q {
			c, b = c-q, b+1
		}
		return nb[b][a*q+c]
	}
	M := mat.NewSymDense(2*q, nil)
	for a := 0; a < 2*q; a++ {
		M.SetSym(a, a, N(a, a))
		for c := a + 1; c < 2*q; c++ {
			M.SetSym(a, c, (N(a, c)+N(c, a))/2)
		}
	}
	return M
}

// bilLenH is Σ over the bilinear pairs of len(mem[h]) (the Y of a point,
// per block).
func (z *factored) bilLenH() int {
	n := 0
	for _, cp := range z.bil {
		n += len(z.mem[cp.h])
	}
	return n
}
