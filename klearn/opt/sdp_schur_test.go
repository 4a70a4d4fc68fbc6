package opt

import (
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestSDPDotVec4 checks that sdpDotVec4 returns sdpConDot's four results
// for dense constraint matrices bit for bit (the same operations in the
// same order), at lengths that are and are not multiples of four.
func TestSDPDotVec4(t *testing.T) {
	rng := klearn.NewRand(4)
	for _, n := range []int{0, 1, 3, 49, 400} {
		v := make([][]float64, 5)
		for k := range v {
			v[k] = make([]float64, n)
			for i := range v[k] {
				v[k][i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4))
			}
		}
		s0, s1, s2, s3 := sdpDotVec4(v[0], v[1], v[2], v[3], v[4])
		for k, s := range []float64{s0, s1, s2, s3} {
			if want := sdpConDot(0, &sdpCon{dense: v[k]}, v[4]); math.Float64bits(s) != math.Float64bits(want) {
				t.Errorf("n = %d, sum %d: %v, sdpConDot %v", n, k, s, want)
			}
		}
	}
}

// schurReference is schur as it was before the classes of equal dense
// matrices (each F-path row with its own F and one sdpConDot per entry;
// the entrywise rows, unchanged, by schurEntry): the values
// TestSDPSchurClasses holds schur to, bit for bit.
func schurReference(bl *sdpBlock, M []float64, m int, zi, x []float64) {
	n := bl.n
	idx := func(i, j int) int {
		if i > j {
			i, j = j, i
		}
		return i*m + j
	}
	var sc sdpScratch
	for a := range bl.cons {
		ca := &bl.cons[a]
		if ca.fpath {
			F := bl.fmat(ca, zi, x, &sc)
			for b := a; b < len(bl.cons); b++ {
				M[idx(ca.i, bl.cons[b].i)] += sdpConDot(n, &bl.cons[b], F)
			}
			continue
		}
		for b := a; b < len(bl.cons); b++ {
			M[idx(ca.i, bl.cons[b].i)] += bl.schurEntry(ca, &bl.cons[b], zi, x)
		}
	}
}

// TestSDPSchurClasses builds one block of order 9 with dense constraint
// matrices that repeat (five distinct among eleven, each repeat a separate
// AddDenseA, as the two sides of an absolute value are) and three sparse
// ones (F-path beside the dense ones), in mixed order, and a second block
// with sparse constraints alone (entrywise rows). The Schur complement of
// schur equals the per-constraint reference bit for bit, for GOMAXPROCS 1
// and 2, and M_ij = tr(A_i Z⁻¹ A_j X) computed directly with gonum to
// 1e-12 relative; equal matrices share a class, others do not.
func TestSDPSchurClasses(t *testing.T) {
	const n = 9
	rng := klearn.NewRand(8)
	sym := func() *mat.SymDense {
		A := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				A.SetSym(i, j, rng.NormFloat64())
			}
		}
		return A
	}
	distinct := []*mat.SymDense{sym(), sym(), sym(), sym(), sym()}
	p := &SDP{Blocks: []int{n}}
	var As []*mat.SymDense // A_i of every constraint, for the direct check
	con := 0
	addDense := func(A *mat.SymDense) {
		if err := p.AddDenseA(con, 0, A); err != nil {
			t.Fatal(err)
		}
		As, con = append(As, A), con+1
	}
	addSparse := func(ent [][3]float64) {
		A := mat.NewSymDense(n, nil)
		for _, e := range ent {
			p.AddA(con, 0, int(e[0]), int(e[1]), e[2])
			A.SetSym(int(e[0]), int(e[1]), e[2])
		}
		As, con = append(As, A), con+1
	}
	row := make([][3]float64, n) // a full row and column: F-path
	for j := range row {
		row[j] = [3]float64{2, float64(j), rng.NormFloat64()}
	}
	for _, k := range []int{0, 1, 0, 2, 1, 3, 0, 4, 2, 1, 4} {
		addDense(distinct[k])
		if con == 3 {
			addSparse([][3]float64{{1, 1, 2}, {0, 4, -1}})
		}
		if con == 7 {
			addSparse(row)
		}
	}
	addSparse([][3]float64{{5, 6, 0.5}})
	p.B = make([]float64, con)
	checkSchur(t, p, As, 8, 3, rng)
	// Sparse constraints alone: entrywise rows.
	p, As, con = &SDP{Blocks: []int{n}}, nil, 0
	addSparse([][3]float64{{1, 1, 2}})
	addSparse([][3]float64{{0, 4, -1}})
	addSparse([][3]float64{{5, 6, 0.5}, {3, 3, 1}})
	p.B = make([]float64, con)
	checkSchur(t, p, As, 3, 0, rng)
}

// checkSchur builds p (one block, constraint matrices As) and compares
// schur with schurReference and with tr(A_i Z⁻¹ A_j X) at random positive
// definite Z⁻¹ and X, after checking the classes of equal dense matrices
// (wantClasses) and the number of sparse F-path constraints.
func checkSchur(t *testing.T, p *SDP, As []*mat.SymDense, wantClasses, wantSparseF int, rng interface{ NormFloat64() float64 }) {
	t.Helper()
	n := p.Blocks[0]
	q, err := sdpBuild(p)
	if err != nil {
		t.Fatal(err)
	}
	bl := &q.blocks[0]
	classes, fpathSparse := map[int]bool{}, 0
	for k, c := range bl.cons {
		classes[c.dup] = true
		if c.dup != k && !sdpSameBits(c.dense, bl.cons[c.dup].dense) {
			t.Fatalf("constraint %d shares the class of %d without the same matrix", k, c.dup)
		}
		if c.fpath && c.dense == nil {
			fpathSparse++
		}
	}
	if len(classes) != wantClasses || fpathSparse != wantSparseF {
		t.Fatalf("%d classes, %d sparse F-path constraints; want %d and %d", len(classes), fpathSparse, wantClasses, wantSparseF)
	}
	// A positive definite X and Z⁻¹.
	pd := func() []float64 {
		A := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				A.Set(i, j, rng.NormFloat64())
			}
		}
		var S mat.Dense
		S.Mul(A, A.T())
		for i := 0; i < n; i++ {
			S.Set(i, i, S.At(i, i)+1)
		}
		return S.RawMatrix().Data
	}
	zi, x := pd(), pd()
	m := q.m
	ref := make([]float64, m*m)
	schurReference(bl, ref, m, zi, x)
	for _, procs := range []int{1, 2} {
		prev := runtime.GOMAXPROCS(procs)
		got := make([]float64, m*m)
		bl.schur(got, m, zi, x)
		runtime.GOMAXPROCS(prev)
		for k := range got {
			if math.Float64bits(got[k]) != math.Float64bits(ref[k]) {
				t.Fatalf("GOMAXPROCS %d: M[%d,%d] = %v, reference %v", procs, k/m, k%m, got[k], ref[k])
			}
		}
	}
	Zi, X := mat.NewDense(n, n, zi), mat.NewDense(n, n, x)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			var T, U mat.Dense
			T.Mul(As[i], Zi)
			T.Mul(&T, As[j])
			U.Mul(&T, X)
			want := mat.Trace(&U)
			if d := math.Abs(ref[i*m+j] - want); d > 1e-12*max(1, math.Abs(want)) {
				t.Errorf("M[%d,%d] = %v, tr(A_i Z⁻¹ A_j X) = %v", i, j, ref[i*m+j], want)
			}
		}
	}
}

// TestSDPLPSchur checks lpSchur against the loop it replaced in solve
// (M[i·m + j] += d_k·a_ik·a_jk per term), bit for bit, on LP columns that
// are dense (a variable in every constraint, as the weights of Figure 2's
// Gaussian sums), sparse and empty, with values over eight decades, and
// against Σ_k d_k a_ik a_jk by gonum (A·D·Aᵀ) to 1e-13.
func TestSDPLPSchur(t *testing.T) {
	rng := klearn.NewRand(8)
	m, nlp := 37, 12
	cols := make([][]sdpLPEnt, nlp)
	A := mat.NewDense(m, nlp, nil)
	for k := range cols {
		for i := 0; i < m; i++ {
			if k < 4 || rng.IntN(5) == 0 && k != 7 { // column 7 empty
				v := rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4))
				cols[k] = append(cols[k], sdpLPEnt{i, v})
				A.Set(i, k, v)
			}
		}
	}
	dlp := make([]float64, nlp)
	for k := range dlp {
		dlp[k] = math.Exp(rng.NormFloat64() * 3)
	}
	M0 := make([]float64, m*m)
	for i := range M0 {
		M0[i] = rng.NormFloat64()
	}
	want := append([]float64(nil), M0...)
	for k := range dlp {
		col := cols[k]
		for s, e := range col {
			for _, f := range col[s:] {
				want[e.k*m+f.k] += dlp[k] * e.v * f.v
			}
		}
	}
	got := append([]float64(nil), M0...)
	lpSchur(got, m, cols, dlp)
	var AD, ADA mat.Dense
	AD.Mul(A, mat.NewDiagDense(nlp, dlp))
	ADA.Mul(&AD, A.T())
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			at := i*m + j
			if math.Float64bits(got[at]) != math.Float64bits(want[at]) {
				t.Fatalf("M[%d,%d] = %v, the old loop %v", i, j, got[at], want[at])
			}
			if j >= i {
				if e := ADA.At(i, j) + M0[at]; math.Abs(got[at]-e) > 1e-13*(math.Abs(e)+mat.Norm(&ADA, math.Inf(1))) {
					t.Fatalf("M[%d,%d] = %v, A·D·Aᵀ gives %v", i, j, got[at], e)
				}
			} else if got[at] != M0[at] {
				t.Fatalf("M[%d,%d] below the diagonal changed", i, j)
			}
		}
	}
}
