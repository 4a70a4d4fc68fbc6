package opt

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
)

// SolveSDP solves the semidefinite program p (see SDP) and its dual by an
// infeasible primal–dual path-following interior-point method with the
// HKM search direction (Helmberg, Rendl, Vanderbei & Wolkowicz 1996;
// Kojima, Shindoh & Hara 1997; Monteiro 1997) and Mehrotra's (1992)
// predictor–corrector, as in SDPT3 (Todd, Toh & Tütüncü 1998) and CSDP.
//
// Starting from X = ξI, Z = ηI, y = 0 (the scaled identities of SDPT3's
// infeasible starting point), every iteration solves the Newton system of
// the perturbed optimality conditions A(X) = b, A*(y) + Z = C, XZ = σμI
// with μ = ⟨X, Z⟩/N (N = Σ_b n_b + #LP): with residuals r_p = b − A(X),
// R_d = C − A*(y) − Z and a right-hand side G,
//
//	M Δy = b − A(G) + A(Z⁻¹R_d X),   M_ij = tr(A_i Z⁻¹ A_j X),
//	ΔZ = R_d − A*(Δy),
//	ΔX = sym(G − Z⁻¹ ΔZ X) − X,
//
// where sym(W) = (W + Wᵀ)/2 (the HKM symmetrisation) and the LP block is
// the diagonal special case. The predictor uses G = 0; the corrector uses
// G = σμZ⁻¹ − sym(Z⁻¹ ΔZ_a ΔX_a) with Mehrotra's centring σ =
// (⟨X + α_p ΔX_a, Z + α_d ΔZ_a⟩/⟨X, Z⟩)^e (e = 1 after short predictor
// steps, else max(1, 3 min(α_p, α_d)²), as in SDPT3). The Schur complement
// M is assembled block by block, each entry by one goroutine (so the
// result does not depend on GOMAXPROCS), exploiting the sparsity of the A_i
// as in Fujisawa, Kojima & Nakata (1997): for a dense or moderately sparse
// A_i the row M_i· = ⟨A_j, Z⁻¹A_iX⟩ comes from one product restricted to
// the non-zero rows of A_i; for a very sparse A_i the entries are summed
// directly over the non-zeros of A_i and A_j. M is factorised by the
// parallel blocked Cholesky of internal/linalg. Step lengths are
// min(1, γ α_max) with α_max from the smallest eigenvalue of L⁻¹ΔXL⁻ᵀ
// (X = LLᵀ) and γ = 0.9 + 0.09 min(α_p, α_d) (SDPT3). Free variables are
// split into differences of two LP variables.
//
// The iteration stops with Status Success when
//
//	⟨X,Z⟩/(1+|pobj|+|dobj|) ≤ Tol,  ‖r_p‖/(1+‖b‖) ≤ Tol,  ‖R_d‖/(1+‖C‖) ≤ Tol
//
// (Tol defaults to DefaultSDPTol = 1e-8, MaxIter to DefaultSDPMaxIter =
// 100). It stops with Status Failure and a Certificate when bᵀy > 0 and
// ‖A*(y) + Z‖ ≤ Tol·bᵀy (primal infeasible: y/bᵀy is a Farkas ray of the
// dual) or when ⟨C,X⟩ < 0 and ‖A(X)‖ ≤ Tol·|⟨C,X⟩| (dual infeasible: X/|⟨C,X⟩|
// is an improving ray of the primal), the tests of SDPT3. Failure without a
// certificate means the Schur complement could not be factorised or the
// steps became negligible (e.g. linearly dependent constraints, or a
// problem that is feasible but has no interior); the last iterate is
// returned. The Recorder sees Iteration{Iter, F: primal objective, Gap:
// relative gap} once per iteration (Iter = 0 is the starting point).
//
// Cost per iteration, for one PSD block of order n with m constraints:
// O(n³) for the factorisations, inverses and step lengths; the Schur
// complement costs O(m n³) for dense A_i (two n×n products each) and
// O(m² s²) for A_i with s non-zeros each; factorising M costs m³/3.
//
// BenchmarkSDP (one run each, default Settings, shared 2-core AMD EPYC,
// Go 1.26, gonum's pure-Go BLAS/LAPACK):
//
//	problem                               order  constraints  iters  time
//	SDP (17), fixed RBF Gram, m = 150       151     301 + LP    20    0.60 s
//	SDP (17), fixed RBF Gram, m = 300       301     601 + LP    22    4.5 s
//	MAX-CUT relaxation, n = 200             200     200         13    0.87 s
//	MAX-CUT relaxation, n = 400             400     400         13    5.8 s
//	100 dense random A_i, n = 100           100     100         12    2.1 s
//	100 dense random A_i, n = 200           200     100         14    13 s
//
// With sparse A_i the O(n³) dense algebra per iteration dominates (about
// 0.4 s at n = 400); dense A_i cost 4n³ flops each per iteration, so an
// LMI of order 615 with 600 dense coefficient matrices (SDP (24) at Colbert & Peet's
// largest size) needs about 5·10¹¹ flops per iteration.
//
// In Colbert & Peet (2020) the SDPs (5), (17) and (24) and the
// approximation problems (20)–(21) are of this form (see SDP for the dual
// form that LMIs in free variables take).
//
// References:
//   - C. Helmberg, F. Rendl, R. J. Vanderbei and H. Wolkowicz. An
//     interior-point method for semidefinite programming. SIAM J. Optim.
//     6(2):342–361, 1996.
//   - M. Kojima, S. Shindoh and S. Hara. Interior-point methods for the
//     monotone semidefinite linear complementarity problem in symmetric
//     matrices. SIAM J. Optim. 7(1):86–125, 1997.
//   - R. D. C. Monteiro. Primal–dual path-following algorithms for
//     semidefinite programming. SIAM J. Optim. 7(3):663–678, 1997.
//   - M. J. Todd, K.-C. Toh and R. H. Tütüncü. On the Nesterov–Todd
//     direction in semidefinite programming. SIAM J. Optim. 8(3):769–796,
//     1998; K.-C. Toh, M. J. Todd and R. H. Tütüncü. SDPT3 — a MATLAB
//     software package for semidefinite programming. Optim. Methods Softw.
//     11:545–581, 1999.
//   - S. Mehrotra. On the implementation of a primal–dual interior point
//     method. SIAM J. Optim. 2(4):575–601, 1992.
//   - K. Fujisawa, M. Kojima and K. Nakata. Exploiting sparsity in
//     primal–dual interior-point methods for semidefinite programming.
//     Math. Program. 79:235–253, 1997.
//   - B. Borchers. CSDP, a C library for semidefinite programming. Optim.
//     Methods Softw. 11:613–623, 1999.
//   - M. Colbert and M. M. Peet. A convex parametrization of a new class of
//     universal kernel functions. JMLR 21(45):1–29, 2020.
func SolveSDP(p *SDP, s *Settings) (*SDPResult, error) {
	maxIter, tol, rec, err := settings("SolveSDP", s, DefaultSDPMaxIter, DefaultSDPTol)
	if err != nil {
		return nil, err
	}
	q, err := sdpBuild(p)
	if err != nil {
		return nil, err
	}
	return q.solve(maxIter, tol, rec)
}

// sdpState is an iterate (X, x, y, Z, z).
type sdpState struct {
	X, Z [][]float64
	x, z []float64
	y    []float64
}

func (q *sdpProb) start() *sdpState {
	st := &sdpState{X: make([][]float64, len(q.blocks)), Z: make([][]float64, len(q.blocks)),
		y: make([]float64, q.m)}
	// SDPT3's infeaspt: ξ = max(10, √n, n max_i (1+|b_i|)/(1+‖A_i‖)),
	// η = max(10, √n, ‖C‖, max_i ‖A_i‖), per block.
	for b := range q.blocks {
		bl := &q.blocks[b]
		n := bl.n
		xi, eta := max(10, math.Sqrt(float64(n))), max(10, math.Sqrt(float64(n)))
		eta = max(eta, math.Sqrt(sdpDotVec(bl.C, bl.C)))
		for k := range bl.cons {
			c := &bl.cons[k]
			var na float64
			if c.dense != nil {
				na = math.Sqrt(sdpDotVec(c.dense, c.dense))
			} else {
				for _, e := range c.full {
					na += e.v * e.v
				}
				na = math.Sqrt(na)
			}
			xi = max(xi, float64(n)*(1+math.Abs(q.b[c.i]))/(1+na))
			eta = max(eta, na)
		}
		X, Z := make([]float64, n*n), make([]float64, n*n)
		for i := 0; i < n; i++ {
			X[i*n+i], Z[i*n+i] = xi, eta
		}
		st.X[b], st.Z[b] = X, Z
	}
	if q.nlp > 0 {
		n := float64(q.nlp)
		xi, eta := max(10, math.Sqrt(n)), max(10, math.Sqrt(n))
		eta = max(eta, math.Sqrt(sdpDotVec(q.clp, q.clp)))
		for i, row := range q.lpRows {
			if len(row) == 0 {
				continue
			}
			na := 0.0
			for _, e := range row {
				na += e.v * e.v
			}
			na = math.Sqrt(na)
			xi = max(xi, n*(1+math.Abs(q.b[i]))/(1+na))
			eta = max(eta, na)
		}
		st.x, st.z = make([]float64, q.nlp), make([]float64, q.nlp)
		for k := range st.x {
			st.x[k], st.z[k] = xi, eta
		}
	}
	return st
}

func (q *sdpProb) solve(maxIter int, tol float64, rec Recorder) (*SDPResult, error) {
	nb := len(q.blocks)
	st := q.start()
	N := float64(q.nlp)
	normC2 := sdpDotVec(q.clp, q.clp)
	for b := range q.blocks {
		N += float64(q.blocks[b].n)
		normC2 += sdpDotVec(q.blocks[b].C, q.blocks[b].C)
	}
	normC := math.Sqrt(normC2)
	normB := math.Sqrt(sdpDotVec(q.b, q.b))

	res := &SDPResult{}
	var chol linalg.Cholesky
	M := make([]float64, q.m*q.m)
	for it := 0; ; it++ {
		// Factorisations of the current iterate.
		LX, LZ, Zi := make([][]float64, nb), make([][]float64, nb), make([][]float64, nb)
		ok := true
		for b := range q.blocks {
			n := q.blocks[b].n
			var o1, o2, o3 bool
			LX[b], o1 = sdpChol(n, st.X[b])
			LZ[b], o2 = sdpChol(n, st.Z[b])
			if o2 {
				Zi[b], o3 = sdpInv(n, LZ[b])
			}
			ok = ok && o1 && o2 && o3
		}
		// Residuals and objectives.
		AX := q.aop(st.X, st.x)
		rp := make([]float64, q.m)
		for i := range rp {
			rp[i] = q.b[i] - AX[i]
		}
		Ay, ay := q.atop(st.y)
		Rd := make([][]float64, nb)
		rd := make([]float64, q.nlp)
		pobj, dobj, gap, dinf2, ray2 := sdpDotVec(q.clp, st.x), sdpDotVec(q.b, st.y), sdpDotVec(st.x, st.z), 0.0, 0.0
		for b := range q.blocks {
			bl := &q.blocks[b]
			r := make([]float64, bl.n*bl.n)
			for t := range r {
				r[t] = bl.C[t] - Ay[b][t] - st.Z[b][t]
				ray := Ay[b][t] + st.Z[b][t]
				ray2 += ray * ray
			}
			dinf2 += sdpDotVec(r, r)
			Rd[b] = r
			pobj += sdpDotVec(bl.C, st.X[b])
			gap += sdpDotVec(st.X[b], st.Z[b])
		}
		for k := range rd {
			rd[k] = q.clp[k] - ay[k] - st.z[k]
			dinf2 += rd[k] * rd[k]
			ray := ay[k] + st.z[k]
			ray2 += ray * ray
		}
		pinf := math.Sqrt(sdpDotVec(rp, rp)) / (1 + normB)
		dinf := math.Sqrt(dinf2) / (1 + normC)
		relgap := gap / (1 + math.Abs(pobj) + math.Abs(dobj))
		*res = SDPResult{PrimalObj: pobj, DualObj: dobj, Gap: gap, RelGap: relgap,
			PrimalInfeas: pinf, DualInfeas: dinf, Iterations: it}
		finish := func(status Status, cert SDPCertificate, err error) (*SDPResult, error) {
			res.Status, res.Certificate = status, cert
			q.fill(res, st)
			switch cert {
			case PrimalInfeasible:
				for i := range res.Y {
					res.Y[i] /= dobj
				}
				Ay, ay := q.atop(res.Y)
				for b := range res.Z {
					n := q.blocks[b].n
					for i := 0; i < n; i++ {
						for j := i; j < n; j++ {
							res.Z[b].SetSym(i, j, -Ay[b][i*n+j])
						}
					}
				}
				for k := range res.ZLP {
					res.ZLP[k] = -ay[k]
				}
			case DualInfeasible:
				for b := range res.X {
					res.X[b].ScaleSym(-1/pobj, res.X[b])
				}
				for k := range res.XLP {
					res.XLP[k] /= -pobj
				}
				for k := range res.XFree {
					res.XFree[k] /= -pobj
				}
			}
			return res, err
		}
		if !finite(pobj) || !finite(dobj) || !finite(gap) {
			return finish(Failure, NoCertificate, nil)
		}
		if rec != nil {
			if err := rec.Record(Iteration{Iter: it, F: pobj, Gap: relgap}); err != nil {
				return finish(RecorderStop, NoCertificate, err)
			}
		}
		if relgap <= tol && pinf <= tol && dinf <= tol {
			return finish(Success, NoCertificate, nil)
		}
		if dobj > 0 && math.Sqrt(ray2) <= tol*dobj {
			return finish(Failure, PrimalInfeasible, nil)
		}
		if pobj < 0 && math.Sqrt(sdpDotVec(AX, AX)) <= tol*(-pobj) {
			return finish(Failure, DualInfeasible, nil)
		}
		if it >= maxIter {
			return finish(IterationLimit, NoCertificate, nil)
		}
		if !ok {
			return finish(Failure, NoCertificate, nil)
		}

		// Schur complement M_ij = Σ_b tr(A_ib Z_b⁻¹ A_jb X_b) + Σ_k a_ik a_jk x_k/z_k.
		clear(M)
		for b := range q.blocks {
			q.blocks[b].schur(M, q.m, Zi[b], st.X[b])
		}
		dlp := make([]float64, q.nlp)
		for k := range dlp {
			dlp[k] = st.x[k] / st.z[k]
		}
		lpSchur(M, q.m, q.lpCols, dlp)
		if !q.factor(&chol, M) {
			return finish(Failure, NoCertificate, nil)
		}
		// R = sym(Z⁻¹ R_d X), r = r_d ∘ x/z, and A(R) + r.
		R := make([][]float64, nb)
		for b := range q.blocks {
			n := q.blocks[b].n
			t, r := make([]float64, n*n), make([]float64, n*n)
			sdpMul(n, t, Zi[b], Rd[b])
			sdpMul(n, r, t, st.X[b])
			sdpSym(n, r)
			R[b] = r
		}
		rl := make([]float64, q.nlp)
		for k := range rl {
			rl[k] = rd[k] * dlp[k]
		}
		AR := q.aop(R, rl)

		// direction solves the Newton system for right-hand side (G, g);
		// G == nil means G = 0.
		direction := func(G [][]float64, g []float64) (dX [][]float64, dx, dy []float64, dZ [][]float64, dz []float64, ok bool) {
			h := make([]float64, q.m)
			AG := make([]float64, q.m)
			if G != nil {
				AG = q.aop(G, g)
			}
			for i := range h {
				h[i] = q.b[i] - AG[i] + AR[i]
			}
			dy = make([]float64, q.m)
			if err := chol.SolveVecTo(dy, h); err != nil {
				return nil, nil, nil, nil, nil, false
			}
			Ady, ady := q.atop(dy)
			dX, dZ = make([][]float64, nb), make([][]float64, nb)
			for b := range q.blocks {
				n := q.blocks[b].n
				dzb := Ady[b]
				for t := range dzb {
					dzb[t] = Rd[b][t] - dzb[t]
				}
				t, w := make([]float64, n*n), make([]float64, n*n)
				sdpMul(n, t, Zi[b], dzb)
				sdpMul(n, w, t, st.X[b])
				for i := range w {
					w[i] = -w[i]
					if G != nil {
						w[i] += G[b][i]
					}
				}
				sdpSym(n, w)
				for i := range w {
					w[i] -= st.X[b][i]
				}
				dX[b], dZ[b] = w, dzb
			}
			dz, dx = ady, make([]float64, q.nlp)
			for k := range dz {
				dz[k] = rd[k] - dz[k]
				dx[k] = -dz[k]*dlp[k] - st.x[k]
				if g != nil {
					dx[k] += g[k]
				}
			}
			for _, v := range dy {
				if !finite(v) {
					return nil, nil, nil, nil, nil, false
				}
			}
			return dX, dx, dy, dZ, dz, true
		}
		steps := func(dX [][]float64, dx []float64, dZ [][]float64, dz []float64) (ap, ad float64) {
			ap, ad = math.Inf(1), math.Inf(1)
			for b := range q.blocks {
				n := q.blocks[b].n
				s := make([]float64, n*n)
				ap = min(ap, sdpMaxStep(n, LX[b], dX[b], s))
				ad = min(ad, sdpMaxStep(n, LZ[b], dZ[b], s))
			}
			for k := range dx {
				if dx[k] < 0 {
					ap = min(ap, -st.x[k]/dx[k])
				}
				if dz[k] < 0 {
					ad = min(ad, -st.z[k]/dz[k])
				}
			}
			return ap, ad
		}

		mu := gap / N
		// Predictor.
		dXa, dxa, _, dZa, dza, ok := direction(nil, nil)
		if !ok {
			return finish(Failure, NoCertificate, nil)
		}
		ap, ad := steps(dXa, dxa, dZa, dza)
		ap, ad = min(1, ap), min(1, ad)
		gapA := 0.0
		for b := range q.blocks {
			X, Z, dX, dZ := st.X[b], st.Z[b], dXa[b], dZa[b]
			for t := range X {
				gapA += (X[t] + ap*dX[t]) * (Z[t] + ad*dZ[t])
			}
		}
		for k := range st.x {
			gapA += (st.x[k] + ap*dxa[k]) * (st.z[k] + ad*dza[k])
		}
		expon := 1.0
		if mn := min(ap, ad); mn >= 1/math.Sqrt(3) {
			expon = max(1, 3*mn*mn)
		}
		sigma := min(1, math.Pow(max(gapA, 0)/gap, expon))
		// Corrector: G = σμZ⁻¹ − sym(Z⁻¹ ΔZa ΔXa), g = (σμ − Δz_a Δx_a)/z.
		G := make([][]float64, nb)
		for b := range q.blocks {
			n := q.blocks[b].n
			t, w := make([]float64, n*n), make([]float64, n*n)
			sdpMul(n, t, Zi[b], dZa[b])
			sdpMul(n, w, t, dXa[b])
			sdpSym(n, w)
			for i := range w {
				w[i] = sigma*mu*Zi[b][i] - w[i]
			}
			G[b] = w
		}
		g := make([]float64, q.nlp)
		for k := range g {
			g[k] = (sigma*mu - dza[k]*dxa[k]) / st.z[k]
		}
		dX, dx, dy, dZ, dz, ok := direction(G, g)
		if !ok {
			return finish(Failure, NoCertificate, nil)
		}
		ap2, ad2 := steps(dX, dx, dZ, dz)
		gamma := 0.9 + 0.09*min(ap, ad)
		ap, ad = min(1, gamma*ap2), min(1, gamma*ad2)
		if max(ap, ad) < 1e-10 {
			return finish(Failure, NoCertificate, nil)
		}
		for b := range q.blocks {
			for t := range st.X[b] {
				st.X[b][t] += ap * dX[b][t]
				st.Z[b][t] += ad * dZ[b][t]
			}
		}
		for k := range st.x {
			st.x[k] += ap * dx[k]
			st.z[k] += ad * dz[k]
		}
		for i := range st.y {
			st.y[i] += ad * dy[i]
		}
	}
}

// factor factorises the Schur complement (upper triangle of M), retrying
// with a small diagonal shift when round-off has made it indefinite.
func (q *sdpProb) factor(chol *linalg.Cholesky, M []float64) bool {
	m := q.m
	dmax := 0.0
	for i := 0; i < m; i++ {
		dmax = max(dmax, math.Abs(M[i*m+i]))
	}
	S := mat.NewSymDense(m, M)
	for _, shift := range []float64{0, 1e-14 * dmax, 1e-10 * dmax} {
		var err error
		if shift == 0 {
			err = chol.Factorize(S)
		} else {
			err = chol.FactorizeShift(S, shift)
		}
		if err == nil {
			return true
		}
	}
	return false
}

// fill copies the iterate st into res.
func (q *sdpProb) fill(res *SDPResult, st *sdpState) {
	res.X = make([]*mat.SymDense, len(q.blocks))
	res.Z = make([]*mat.SymDense, len(q.blocks))
	for b := range q.blocks {
		n := q.blocks[b].n
		res.X[b] = mat.NewSymDense(n, append([]float64(nil), st.X[b]...))
		res.Z[b] = mat.NewSymDense(n, append([]float64(nil), st.Z[b]...))
	}
	res.Y = append([]float64(nil), st.y...)
	res.XLP = append([]float64{}, st.x[:q.lp0]...)
	res.ZLP = append([]float64{}, st.z[:q.lp0]...)
	res.XFree = make([]float64, q.nfree)
	for k := range res.XFree {
		res.XFree[k] = st.x[q.lp0+k] - st.x[q.lp0+q.nfree+k]
	}
}
