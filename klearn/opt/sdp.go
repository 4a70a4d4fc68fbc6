package opt

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Block indices of an SDPEntry outside the PSD blocks.
const (
	// SDPLP marks an entry of the non-negative (LP) block; I is the variable.
	SDPLP = -1
	// SDPFree marks an entry of the free-variable block; I is the variable.
	SDPFree = -2
)

// Default settings of SolveSDP.
const (
	// DefaultSDPTol is the default relative tolerance on the duality gap and
	// on the primal and dual infeasibilities (the SDPT3 default gaptol).
	DefaultSDPTol = 1e-8
	// DefaultSDPMaxIter is the default iteration limit.
	DefaultSDPMaxIter = 100
)

// SDPEntry is one coefficient of an SDP in the sparse format of SDPA
// (Fujisawa, Kojima & Nakata 1997): the value V at position (I, J) of block
// Block of the matrix of constraint Con (of the cost when the entry is in
// SDP.C, where Con is ignored). In a PSD block (0 ≤ Block < len(Blocks)) the
// matrices are symmetric: an entry at (I, J) also sets (J, I), so give each
// off-diagonal pair once. In the LP and free blocks (Block = SDPLP or
// SDPFree) I is the variable's index and J is ignored. Entries at the same
// position are added.
type SDPEntry struct {
	Con   int
	Block int
	I, J  int
	V     float64
}

// SDP is a semidefinite program in standard (SDPA/SDPT3) form over the
// product of PSD cones of orders Blocks, the non-negative orthant of
// dimension LP and the free space of dimension Free. The primal problem is
//
//	min  Σ_b ⟨C_b, X_b⟩ + cᵀx + fᵀu
//	s.t. Σ_b ⟨A_ib, X_b⟩ + a_iᵀx + g_iᵀu = b_i,   i = 1..m,
//	     X_b ⪰ 0,  x ≥ 0,  u free,
//
// with ⟨A, X⟩ = tr(AX), and its Lagrangian dual is
//
//	max  bᵀy
//	s.t. Z_b = C_b − Σ_i y_i A_ib ⪰ 0,  z = c − Σ_i y_i a_i ≥ 0,
//	     f − Σ_i y_i g_i = 0.
//
// C holds the entries of (C_b, c, f), A the entries of (A_ib, a_i, g_i) and
// B the right-hand side b (m = len(B)). Missing entries are zero.
//
// Linear matrix inequalities in free variables, such as the kernel-learning
// SDPs (5), (17) and (24) of Colbert & Peet (2020) and the LP/SDP
// kernel-matrix approximations (20)–(21), are the dual problem: the decision
// variables are y, the objective coefficients go into B (negated for a
// minimisation), each LMI F₀ + Σ y_i F_i ⪰ 0 is a PSD block with C_b = F₀
// and A_ib = −F_i, each scalar inequality is an LP variable and each
// equality among the y is a free variable.
type SDP struct {
	Blocks []int
	LP     int
	Free   int
	C      []SDPEntry
	A      []SDPEntry
	B      []float64
}

// AddC adds v at (i, j) of block block of the cost (see SDPEntry). It
// returns an ErrEmpty error on a nil *SDP; the entry itself is checked by
// SolveSDP.
func (p *SDP) AddC(block, i, j int, v float64) error {
	if p == nil {
		return klearn.Errorf(klearn.ErrEmpty, "opt: SDP.AddC on a nil *SDP")
	}
	p.C = append(p.C, SDPEntry{Block: block, I: i, J: j, V: v})
	return nil
}

// AddA adds v at (i, j) of block block of constraint con (see SDPEntry),
// with the errors of AddC.
func (p *SDP) AddA(con, block, i, j int, v float64) error {
	if p == nil {
		return klearn.Errorf(klearn.ErrEmpty, "opt: SDP.AddA on a nil *SDP")
	}
	p.A = append(p.A, SDPEntry{Con: con, Block: block, I: i, J: j, V: v})
	return nil
}

// AddDenseC adds the symmetric matrix S to PSD block block of the cost.
// S must be square of the block's order, finite and symmetric (to 1e-12
// relative); only its non-zero upper-triangle entries are stored.
func (p *SDP) AddDenseC(block int, S mat.Matrix) error {
	if p == nil {
		return klearn.Errorf(klearn.ErrEmpty, "opt: SDP.AddDenseC on a nil *SDP")
	}
	ent, err := sdpDenseEntries(p, -1, block, S)
	p.C = append(p.C, ent...)
	return err
}

// AddDenseA adds the symmetric matrix S to PSD block block of constraint
// con (≥ 0), as AddDenseC does for the cost.
func (p *SDP) AddDenseA(con, block int, S mat.Matrix) error {
	if p == nil {
		return klearn.Errorf(klearn.ErrEmpty, "opt: SDP.AddDenseA on a nil *SDP")
	}
	if con < 0 {
		return klearn.Errorf(klearn.ErrParam, "opt: SDP: constraint index %d < 0", con)
	}
	ent, err := sdpDenseEntries(p, con, block, S)
	p.A = append(p.A, ent...)
	return err
}

func sdpDenseEntries(p *SDP, con, block int, S mat.Matrix) ([]SDPEntry, error) {
	if block < 0 || block >= len(p.Blocks) {
		return nil, klearn.Errorf(klearn.ErrShape, "opt: SDP: block %d is not a PSD block (have %d)", block, len(p.Blocks))
	}
	if S == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: SDP: nil matrix for block %d", block)
	}
	n := p.Blocks[block]
	r, c := S.Dims()
	if r != n || c != n {
		return nil, klearn.Errorf(klearn.ErrShape, "opt: SDP: matrix for block %d is %d×%d, want %d×%d", block, r, c, n, n)
	}
	amax := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := S.At(i, j)
			if !finite(v) {
				return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: SDP: block %d entry (%d,%d) = %v", block, i, j, v)
			}
			amax = max(amax, math.Abs(v))
		}
	}
	var ent []SDPEntry
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			v, w := S.At(i, j), S.At(j, i)
			if math.Abs(v-w) > 1e-12*amax {
				return nil, klearn.Errorf(klearn.ErrShape, "opt: SDP: matrix for block %d is not symmetric: (%d,%d) = %v, (%d,%d) = %v", block, i, j, v, j, i, w)
			}
			if v != 0 {
				ent = append(ent, SDPEntry{Con: max(con, 0), Block: block, I: i, J: j, V: 0.5 * (v + w)})
			}
		}
	}
	return ent, nil
}

// SDPCertificate says which infeasibility certificate SolveSDP found.
type SDPCertificate int

const (
	// NoCertificate: no infeasibility was detected.
	NoCertificate SDPCertificate = iota
	// PrimalInfeasible: SDPResult.Y holds y with bᵀy = 1 and
	// −Σ_i y_i A_i ⪰ 0, −Σ_i y_i a_i ≥ 0, Σ_i y_i g_i = 0 (to the
	// tolerance; Z and ZLP hold −Σ y_i A_i, −Σ y_i a_i): a Farkas
	// certificate that no feasible X exists (the dual is unbounded).
	PrimalInfeasible
	// DualInfeasible: SDPResult.X, XLP, XFree hold X ⪰ 0, x ≥ 0, u with
	// ⟨C, X⟩ + cᵀx + fᵀu = −1 and A(X) ≈ 0: a ray along which the primal
	// objective is unbounded below, so the dual is infeasible.
	DualInfeasible
)

func (c SDPCertificate) String() string {
	switch c {
	case NoCertificate:
		return "NoCertificate"
	case PrimalInfeasible:
		return "PrimalInfeasible"
	case DualInfeasible:
		return "DualInfeasible"
	}
	return "SDPCertificate(?)"
}

// SDPResult is the answer of SolveSDP.
type SDPResult struct {
	// X are the primal PSD blocks, XLP the LP variables, XFree the free
	// variables.
	X     []*mat.SymDense
	XLP   []float64
	XFree []float64
	// Y are the dual variables (one per constraint), Z = C − Σ y_i A_i the
	// dual slack blocks and ZLP = c − Σ y_i a_i the LP dual slacks.
	Y   []float64
	Z   []*mat.SymDense
	ZLP []float64
	// PrimalObj = Σ⟨C_b, X_b⟩ + cᵀx + fᵀu and DualObj = bᵀy.
	PrimalObj, DualObj float64
	// Gap = Σ⟨X_b, Z_b⟩ + xᵀz, the complementarity gap, and RelGap =
	// Gap/(1 + |PrimalObj| + |DualObj|).
	Gap, RelGap float64
	// PrimalInfeas = ‖b − A(X)‖₂/(1 + ‖b‖₂); DualInfeas = ‖C − A*(y) −
	// Z‖/(1 + ‖C‖), Frobenius norms over all blocks (the free block's
	// equality residual f − Σ y_i g_i included).
	PrimalInfeas, DualInfeas float64
	// Iterations is the number of interior-point iterations.
	Iterations int
	// Status is Success when RelGap, PrimalInfeas and DualInfeas are all
	// at most Settings.Tol; IterationLimit at MaxIter; RecorderStop; and
	// Failure when the iteration broke down (a step or the Schur complement
	// factorisation failed) or an infeasibility certificate was found (see
	// Certificate).
	Status Status
	// Certificate is set when Status is Failure because the problem was
	// found infeasible; X.. or Y then hold the normalised certificate.
	Certificate SDPCertificate
}

// Internal problem representation.

type sdpEnt struct {
	r, c int
	v    float64
}

// sdpCon is constraint i restricted to one PSD block.
type sdpCon struct {
	i     int
	ent   []sdpEnt  // upper-triangle entries r ≤ c (sparse storage)
	full  []sdpEnt  // both triangles (sparse storage)
	dense []float64 // n×n full, row-major (dense storage), else nil
	rows  []int     // distinct rows of the full matrix (sparse storage)
	nnz   int       // upper-triangle non-zeros
	fpath bool      // Schur rows by F = Z⁻¹ A X (else elementwise)
	dup   int       // the first constraint of the block with the same dense matrix (itself if none or sparse)
}

type sdpBlock struct {
	n    int
	C    []float64 // n×n row-major
	cons []sdpCon  // F-path constraints first
}

type sdpLPEnt struct {
	k int // variable (or constraint, in cols)
	v float64
}

type sdpProb struct {
	m      int
	blocks []sdpBlock
	nlp    int // LP variables after splitting the free ones
	lp0    int // LP variables of the user
	nfree  int
	clp    []float64
	lpRows [][]sdpLPEnt // per constraint: (variable, value)
	lpCols [][]sdpLPEnt // per variable: (constraint, value)
	b      []float64
}

// sdpBuild validates p and builds the internal representation. Free
// variable k becomes the LP pair x⁺ = lp0+k, x⁻ = lp0+nfree+k.
func sdpBuild(p *SDP) (*sdpProb, error) {
	if p == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: SolveSDP: nil problem")
	}
	m := len(p.B)
	if m == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: SolveSDP: no constraints (len(B) = 0)")
	}
	if p.LP < 0 || p.Free < 0 {
		return nil, klearn.Errorf(klearn.ErrShape, "opt: SolveSDP: LP = %d, Free = %d, want ≥ 0", p.LP, p.Free)
	}
	nvar := p.LP + p.Free
	var sq float64 // Σ_b n_b², in float64: the orders may be absurd
	for b, n := range p.Blocks {
		if n < 1 {
			return nil, klearn.Errorf(klearn.ErrShape, "opt: SolveSDP: block %d has order %d, want ≥ 1", b, n)
		}
		nvar += n
		sq += float64(n) * float64(n)
	}
	// The interior-point iteration keeps about eight n_b×n_b matrices per
	// block and the m×m Schur complement with its factor.
	if err := klearn.CheckAlloc("opt: SolveSDP's block matrices", 64, int(min(sq, 1<<60))); err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("opt: SolveSDP's Schur complement", 16, m, m); err != nil {
		return nil, err
	}
	if nvar == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: SolveSDP: no variables")
	}
	for i, v := range p.B {
		if !finite(v) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: SolveSDP: B[%d] = %v", i, v)
		}
	}
	check := func(what string, k int, e SDPEntry, isA bool) error {
		if !finite(e.V) {
			return klearn.Errorf(klearn.ErrNotFinite, "opt: SolveSDP: %s[%d].V = %v", what, k, e.V)
		}
		if isA && (e.Con < 0 || e.Con >= m) {
			return klearn.Errorf(klearn.ErrShape, "opt: SolveSDP: %s[%d].Con = %d, want in [0, %d)", what, k, e.Con, m)
		}
		switch {
		case e.Block == SDPLP:
			if e.I < 0 || e.I >= p.LP {
				return klearn.Errorf(klearn.ErrShape, "opt: SolveSDP: %s[%d]: LP variable %d, want in [0, %d)", what, k, e.I, p.LP)
			}
		case e.Block == SDPFree:
			if e.I < 0 || e.I >= p.Free {
				return klearn.Errorf(klearn.ErrShape, "opt: SolveSDP: %s[%d]: free variable %d, want in [0, %d)", what, k, e.I, p.Free)
			}
		case e.Block >= 0 && e.Block < len(p.Blocks):
			n := p.Blocks[e.Block]
			if e.I < 0 || e.I >= n || e.J < 0 || e.J >= n {
				return klearn.Errorf(klearn.ErrShape, "opt: SolveSDP: %s[%d]: position (%d,%d) outside block %d of order %d", what, k, e.I, e.J, e.Block, n)
			}
		default:
			return klearn.Errorf(klearn.ErrShape, "opt: SolveSDP: %s[%d].Block = %d, want in [0, %d) or SDPLP or SDPFree", what, k, e.Block, len(p.Blocks))
		}
		return nil
	}
	for k, e := range p.C {
		if err := check("C", k, e, false); err != nil {
			return nil, err
		}
	}
	for k, e := range p.A {
		if err := check("A", k, e, true); err != nil {
			return nil, err
		}
	}

	q := &sdpProb{m: m, lp0: p.LP, nfree: p.Free, nlp: p.LP + 2*p.Free, b: append([]float64(nil), p.B...)}
	q.clp = make([]float64, q.nlp)
	q.blocks = make([]sdpBlock, len(p.Blocks))
	for b, n := range p.Blocks {
		q.blocks[b] = sdpBlock{n: n, C: make([]float64, n*n)}
	}
	for _, e := range p.C {
		switch e.Block {
		case SDPLP:
			q.clp[e.I] += e.V
		case SDPFree:
			q.clp[q.lp0+e.I] += e.V
			q.clp[q.lp0+q.nfree+e.I] -= e.V
		default:
			bl := &q.blocks[e.Block]
			bl.C[e.I*bl.n+e.J] += e.V
			if e.I != e.J {
				bl.C[e.J*bl.n+e.I] += e.V
			}
		}
	}

	// LP part: merge duplicates per (constraint, variable).
	lpMap := make(map[[2]int]float64)
	var psd []SDPEntry
	for _, e := range p.A {
		switch e.Block {
		case SDPLP:
			lpMap[[2]int{e.Con, e.I}] += e.V
		case SDPFree:
			lpMap[[2]int{e.Con, q.lp0 + e.I}] += e.V
			lpMap[[2]int{e.Con, q.lp0 + q.nfree + e.I}] -= e.V
		default:
			if e.I > e.J {
				e.I, e.J = e.J, e.I
			}
			psd = append(psd, e)
		}
	}
	keys := make([][2]int, 0, len(lpMap))
	for k, v := range lpMap {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a][0] != keys[b][0] {
			return keys[a][0] < keys[b][0]
		}
		return keys[a][1] < keys[b][1]
	})
	q.lpRows = make([][]sdpLPEnt, m)
	q.lpCols = make([][]sdpLPEnt, q.nlp)
	for _, k := range keys {
		v := lpMap[k]
		q.lpRows[k[0]] = append(q.lpRows[k[0]], sdpLPEnt{k[1], v})
		q.lpCols[k[1]] = append(q.lpCols[k[1]], sdpLPEnt{k[0], v})
	}

	// PSD part: sort by (block, constraint, row, col) and merge.
	sort.SliceStable(psd, func(a, b int) bool {
		x, y := psd[a], psd[b]
		if x.Block != y.Block {
			return x.Block < y.Block
		}
		if x.Con != y.Con {
			return x.Con < y.Con
		}
		if x.I != y.I {
			return x.I < y.I
		}
		return x.J < y.J
	})
	for s := 0; s < len(psd); {
		t := s
		for t < len(psd) && psd[t].Block == psd[s].Block && psd[t].Con == psd[s].Con {
			t++
		}
		bl := &q.blocks[psd[s].Block]
		con := sdpCon{i: psd[s].Con}
		for k := s; k < t; {
			e := psd[k]
			v := 0.0
			for k < t && psd[k].I == e.I && psd[k].J == e.J {
				v += psd[k].V
				k++
			}
			if v != 0 {
				con.ent = append(con.ent, sdpEnt{e.I, e.J, v})
			}
		}
		s = t
		if len(con.ent) == 0 {
			continue
		}
		n := bl.n
		con.nnz = len(con.ent)
		if 4*con.nnz > n*(n+1) { // more than half the upper triangle: dense storage
			con.dense = make([]float64, n*n)
			for _, e := range con.ent {
				con.dense[e.r*n+e.c] = e.v
				con.dense[e.c*n+e.r] = e.v
			}
			con.ent = nil
		} else {
			seen := make(map[int]bool)
			for _, e := range con.ent {
				con.full = append(con.full, e)
				if e.r != e.c {
					con.full = append(con.full, sdpEnt{e.c, e.r, e.v})
				}
				for _, r := range [2]int{e.r, e.c} {
					if !seen[r] {
						seen[r] = true
						con.rows = append(con.rows, r)
					}
				}
			}
			sort.Ints(con.rows)
		}
		bl.cons = append(bl.cons, con)
	}
	for b := range q.blocks {
		q.blocks[b].classify()
	}
	return q, nil
}

// classify chooses, per constraint, how its row of the Schur complement is
// computed (Fujisawa, Kojima & Nakata 1997): through the dense product
// F = Z⁻¹ A_i X (cost ≈ 2n²·#rows(A_i) + Σ_j nnz(A_j)) or entrywise,
// M_ij = Σ A_i[k,l] A_j[p,q] Z⁻¹[l,p] X[q,k] (cost ≈ 4 nnz(A_i) Σ_j
// nnz(A_j)). F-path constraints are ordered first so that every pair (i,j)
// is computed exactly once.
func (bl *sdpBlock) classify() {
	n := float64(bl.n)
	tot := 0.0
	for _, c := range bl.cons {
		tot += float64(c.nnz)
	}
	for k := range bl.cons {
		c := &bl.cons[k]
		if c.dense != nil {
			c.fpath = true
			continue
		}
		costF := 2*n*n*float64(len(c.rows)) + tot
		costE := 4 * float64(c.nnz) * tot
		c.fpath = costF < costE
	}
	sort.SliceStable(bl.cons, func(a, b int) bool { return bl.cons[a].fpath && !bl.cons[b].fpath })
	// Constraints with the same dense matrix, bit for bit (the two sides of
	// an absolute value, |⟨A, X⟩ − b| ≤ t, give two), share their part of
	// the Schur complement (schur).
	seen := make(map[uint64][]int)
	for k := range bl.cons {
		c := &bl.cons[k]
		c.dup = k
		if c.dense == nil {
			continue
		}
		h := sdpHash(c.dense)
		for _, j := range seen[h] {
			if sdpSameBits(bl.cons[j].dense, c.dense) {
				c.dup = j
				break
			}
		}
		if c.dup == k {
			seen[h] = append(seen[h], k)
		}
	}
}

// sdpHash is the FNV-1a hash of the bits of v.
func sdpHash(v []float64) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range v {
		h = (h ^ math.Float64bits(x)) * 1099511628211
	}
	return h
}

// sdpSameBits reports whether a and b hold the same bits.
func sdpSameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i, x := range a {
		if math.Float64bits(x) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
