package kernel

import (
	"math"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// Operations on Gram matrices. Inputs are never modified. Functions without
// an error result panic only on shape mismatches the caller can check (as
// gonum/mat does); everything decided by the data returns an error.

func symData(K *mat.SymDense) ([]float64, int, int) {
	r := K.RawSymmetric()
	return r.Data, r.N, r.Stride
}

// mapSym returns f applied entrywise to the upper triangle of K (mirrored).
func mapSym(K *mat.SymDense, f func(i, j int, v float64) float64) *mat.SymDense {
	a, n, s := symData(K)
	out := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out[i*n+j] = f(i, j, a[i*s+j])
		}
	}
	return newSym(n, out)
}

// Hadamard returns the entrywise (Schur) product A ∘ B, positive
// semi-definite when A and B are (Schur product theorem; Cortes et al.'s
// Sec. 2). Errors: ErrEmpty (a nil or empty matrix), ErrShape (sizes
// differ), ErrNotFinite (a NaN or ±Inf entry, or a product that
// overflows).
func Hadamard(A, B *mat.SymDense) (*mat.SymDense, error) {
	if err := checkSyms("Hadamard", A, B); err != nil {
		return nil, err
	}
	return checkedSym("Hadamard", hadamard(A, B))
}

// checkedSym returns K, or an ErrNotFinite error when an entry of its upper
// triangle is NaN or ±Inf: the result of an operation on finite matrices
// that overflowed.
func checkedSym(what string, K *mat.SymDense) (*mat.SymDense, error) {
	a, n, s := symData(K)
	if err := checkFinite(a, n, n, s, true); err != nil {
		return nil, klearn.Errorf(err, "kernel: %s overflows", what)
	}
	return K, nil
}

func hadamard(A, B *mat.SymDense) *mat.SymDense {
	b, _, sb := symData(B)
	return mapSym(A, func(i, j int, v float64) float64 { return v * b[i*sb+j] })
}

// HadamardPower returns K^{∘d}, the entrywise d-th power (d = 0 gives the
// all-ones matrix; Donini & Aiolli's eq. 12 builds the HPK family as
// K_{d+1} = K_d ∘ K_1). Errors: ErrEmpty (nil or empty K), ErrParam (d < 0),
// ErrNotFinite (a NaN or ±Inf entry, or a power that overflows).
func HadamardPower(K *mat.SymDense, d int) (*mat.SymDense, error) {
	if err := checkSyms("HadamardPower", K); err != nil {
		return nil, err
	}
	if d < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "kernel: HadamardPower: d = %d, want ≥ 0", d)
	}
	return checkedSym("HadamardPower", hadamardPower(K, d))
}

func hadamardPower(K *mat.SymDense, d int) *mat.SymDense {
	return mapSym(K, func(_, _ int, v float64) float64 { return powInt(v, d) })
}

// checkSyms checks that the matrices are non-empty, finite and of one size.
func checkSyms(what string, Ks ...*mat.SymDense) error {
	for i, K := range Ks {
		if K == nil || K.SymmetricDim() == 0 {
			return klearn.Errorf(klearn.ErrEmpty, "kernel: %s: matrix %d is nil or empty", what, i)
		}
		if n := Ks[0].SymmetricDim(); K.SymmetricDim() != n {
			return klearn.Errorf(klearn.ErrShape, "kernel: %s of %d×%d and %d×%d matrices", what, n, n, K.SymmetricDim(), K.SymmetricDim())
		}
		a, n, s := symData(K)
		if err := checkFinite(a, n, n, s, true); err != nil {
			return klearn.Errorf(err, "kernel: %s: matrix %d", what, i)
		}
	}
	return nil
}

// Center returns C_n K C_n with C_n = I − 11ᵀ/n, the Gram matrix of the
// features centred in feature space (used by centred alignment, Afkanpour et al.'s Sec. 2):
// (K_c)_ij = K_ij − r_i − r_j + m, r the row means and m the grand mean.
// It is computed on K/2^e with 2^e near max |K_ij| and scaled back, so
// sums of entries near ±MaxFloat64 do not overflow. Errors: ErrEmpty (a
// nil or empty K), ErrNotFinite (a NaN or ±Inf entry, or a centred entry
// beyond MaxFloat64).
func Center(K *mat.SymDense) (*mat.SymDense, error) {
	if err := checkSyms("Center", K); err != nil {
		return nil, err
	}
	a, n, s := symData(K)
	var amax float64
	for i := 0; i < n; i++ {
		for _, v := range a[i*s+i : i*s+n] {
			amax = math.Max(amax, math.Abs(v))
		}
	}
	if amax <= 0x1p500 {
		return checkedSym("Center", center(K))
	}
	_, e := math.Frexp(amax)
	C := center(mapSym(K, func(_, _ int, v float64) float64 { return math.Ldexp(v, -e) }))
	return checkedSym("Center", mapSym(C, func(_, _ int, v float64) float64 { return math.Ldexp(v, e) }))
}

func center(K *mat.SymDense) *mat.SymDense {
	a, n, s := symData(K)
	r := make([]float64, n)
	var m float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var v float64
			if j >= i {
				v = a[i*s+j]
			} else {
				v = a[j*s+i]
			}
			r[i] += v
		}
		m += r[i]
		r[i] /= float64(n)
	}
	m /= float64(n * n)
	return mapSym(K, func(i, j int, v float64) float64 { return v - r[i] - r[j] + m })
}

// NormalizeGram returns K̃_ij = K_ij/√(K_ii K_jj), the Gram matrix of the
// Normalized kernel (unit diagonal). Rows whose diagonal is exactly 0 (a
// zero feature vector) become 0. A negative or non-finite diagonal entry is
// an error (ErrNotPSD / ErrNotFinite).
func NormalizeGram(K *mat.SymDense) (*mat.SymDense, error) {
	if err := checkDiag(K); err != nil {
		return nil, err
	}
	return normalizeSym(K), nil
}

func checkDiag(K *mat.SymDense) error {
	if _, err := klearn.CheckGram(K, -1); err != nil {
		return err
	}
	for i := 0; i < K.SymmetricDim(); i++ {
		if v := K.At(i, i); v < 0 {
			return klearn.Errorf(klearn.ErrNotPSD, "kernel: K[%d,%d] = %v < 0", i, i, v)
		}
	}
	return nil
}

func normalizeSym(K *mat.SymDense) *mat.SymDense {
	n := K.SymmetricDim()
	dg := make([]float64, n)
	for i := range dg {
		dg[i] = K.At(i, i)
	}
	return mapSym(K, func(i, j int, v float64) float64 { return normVal(v, dg[i], dg[j]) })
}

// NormalizeCross normalises a test×train kernel matrix consistently with
// NormalizeGram: C̃_ij = C_ij/√(k(a_i, a_i) k(b_j, b_j)), where diagA holds
// the test diagonal (Diag(k, A)) and diagB the training one. Entries with a
// zero diagonal factor become 0. Errors: ErrEmpty, ErrShape, ErrNotFinite
// (a NaN or ±Inf in C or a diagonal, or an entry that overflows), ErrNotPSD
// (a negative diagonal entry).
func NormalizeCross(C *mat.Dense, diagA, diagB []float64) (*mat.Dense, error) {
	m, n, err := klearn.CheckMatrix("kernel: NormalizeCross C", C)
	if err != nil {
		return nil, err
	}
	if len(diagA) != m || len(diagB) != n {
		return nil, klearn.Errorf(klearn.ErrShape, "kernel: NormalizeCross of %d×%d with diagonals of length %d and %d", m, n, len(diagA), len(diagB))
	}
	for _, d := range [][]float64{diagA, diagB} {
		for i, v := range d {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, klearn.Errorf(klearn.ErrNotFinite, "kernel: NormalizeCross diagonal[%d] = %v", i, v)
			}
			if v < 0 {
				return nil, klearn.Errorf(klearn.ErrNotPSD, "kernel: NormalizeCross diagonal[%d] = %v < 0", i, v)
			}
		}
	}
	out := mat.NewDense(m, n, nil)
	out.Apply(func(i, j int, v float64) float64 { return normVal(v, diagA[i], diagB[j]) }, C)
	raw := out.RawMatrix()
	if err := checkFinite(raw.Data, m, n, raw.Stride, false); err != nil {
		return nil, klearn.Errorf(err, "kernel: NormalizeCross overflows")
	}
	return out, nil
}

// TraceNormalize returns K/tr(K), the unit-trace normalisation used by the
// SimpleMKL toolbox and Kloft et al.'s ℓp-MKL.
// A non-positive trace is an error.
func TraceNormalize(K *mat.SymDense) (*mat.SymDense, error) {
	if _, err := klearn.CheckGram(K, -1); err != nil {
		return nil, err
	}
	var tr float64
	for i := 0; i < K.SymmetricDim(); i++ {
		tr += K.At(i, i)
	}
	if !(tr > 0) {
		return nil, klearn.Errorf(klearn.ErrNotPSD, "kernel: TraceNormalize of a matrix with trace %v", tr)
	}
	return mapSym(K, func(_, _ int, v float64) float64 { return v / tr }), nil
}

// Combine returns Σ_k w_k K_k (Donini & Aiolli's eq. 1's k_η,'s Σμ_iK_i). All
// matrices must have the same order and w one finite weight per matrix.
// Negative weights are allowed (Lanckriet et al.'s set) but then the
// result need not be positive semi-definite.
func Combine(w []float64, Ks []*mat.SymDense) (*mat.SymDense, error) {
	if len(Ks) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "kernel: Combine of no matrices")
	}
	if len(w) != len(Ks) {
		return nil, klearn.Errorf(klearn.ErrShape, "kernel: Combine of %d matrices with %d weights", len(Ks), len(w))
	}
	if err := klearn.CheckVector("kernel: Combine weights", w); err != nil {
		return nil, err
	}
	n := -1
	for i, K := range Ks {
		if K == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "kernel: Combine matrix %d is nil", i)
		}
		if n >= 0 && K.SymmetricDim() != n {
			return nil, klearn.Errorf(klearn.ErrShape, "kernel: Combine matrix %d is %d×%d, want %d×%d", i, K.SymmetricDim(), K.SymmetricDim(), n, n)
		}
		n = K.SymmetricDim()
	}
	out := make([]float64, n*n)
	nz := make([]int, 0, len(Ks)) // the matrices with a non-zero weight
	for k := range Ks {
		if w[k] != 0 {
			nz = append(nz, k)
		}
	}
	// Row by row in parallel, each row summed over k in index order (so the
	// result does not depend on GOMAXPROCS): the row of out stays in cache
	// while the rows of the K_k stream past.
	parallel.For(n, func(i int) {
		row := out[i*n+i : (i+1)*n]
		for _, k := range nz {
			a, _, s := symData(Ks[k])
			linalg.Axpy(w[k], a[i*s+i:i*s+n], row)
		}
	})
	if err := checkFinite(out, n, n, n, true); err != nil {
		return nil, err
	}
	return newSym(n, out), nil
}

// CombineCross returns Σ_k w_k C_k for test×train matrices of equal shape.
func CombineCross(w []float64, Ks []*mat.Dense) (*mat.Dense, error) {
	if len(Ks) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "kernel: CombineCross of no matrices")
	}
	if len(w) != len(Ks) {
		return nil, klearn.Errorf(klearn.ErrShape, "kernel: CombineCross of %d matrices with %d weights", len(Ks), len(w))
	}
	if err := klearn.CheckVector("kernel: CombineCross weights", w); err != nil {
		return nil, err
	}
	if Ks[0] == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "kernel: CombineCross matrix 0 is nil")
	}
	m, n := Ks[0].Dims()
	out := mat.NewDense(m, n, nil)
	for k, C := range Ks {
		if C == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "kernel: CombineCross matrix %d is nil", k)
		}
		if r, c := C.Dims(); r != m || c != n {
			return nil, klearn.Errorf(klearn.ErrShape, "kernel: CombineCross matrix %d is %d×%d, want %d×%d", k, r, c, m, n)
		}
		var t mat.Dense
		t.Scale(w[k], C)
		out.Add(out, &t)
	}
	raw := out.RawMatrix()
	if err := checkFinite(raw.Data, m, n, raw.Stride, false); err != nil {
		return nil, err
	}
	return out, nil
}

// MinEigen returns the smallest eigenvalue of the symmetric matrix K
// (gonum's EigenSym).
func MinEigen(K mat.Symmetric) (float64, error) {
	vals, err := eigenvalues(K)
	if err != nil {
		return 0, err
	}
	return vals[0], nil
}

func eigenvalues(K mat.Symmetric) ([]float64, error) {
	if _, err := klearn.CheckGram(K, -1); err != nil {
		return nil, err
	}
	// LAPACK's dsyev rescales a matrix whose norm is beyond 1e±146 itself,
	// but gonum's port panics on the small side; a matrix with entries
	// outside [2⁻⁴⁰⁰, 2⁴⁰⁰] is scaled here by an exact power of two and
	// its eigenvalues scaled back.
	var amax float64
	n := K.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			amax = math.Max(amax, math.Abs(K.At(i, j)))
		}
	}
	if amax == 0 {
		return make([]float64, n), nil
	}
	var e int
	if amax < 0x1p-400 || amax > 0x1p400 {
		_, e = math.Frexp(amax)
		S := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				S.SetSym(i, j, math.Ldexp(K.At(i, j), -e))
			}
		}
		K = S
	}
	var es mat.EigenSym
	if !es.Factorize(K, false) {
		return nil, klearn.Errorf(klearn.ErrNotConverged, "kernel: eigen-decomposition failed")
	}
	vals := es.Values(nil) // ascending
	for i := range vals {
		vals[i] = math.Ldexp(vals[i], e)
	}
	return vals, nil
}

// IsPSD reports whether λ_min(K) ≥ −tol·max(1, λ_max(K)), i.e. K is
// positive semi-definite up to a relative round-off tolerance. tol = 0
// means 1e-10; a negative or non-finite tol is an error.
func IsPSD(K mat.Symmetric, tol float64) (bool, error) {
	if err := klearn.CheckParam("kernel: IsPSD tol", tol, 0, math.MaxFloat64); err != nil {
		return false, err
	}
	if tol == 0 {
		tol = 1e-10
	}
	vals, err := eigenvalues(K)
	if err != nil {
		return false, err
	}
	return vals[0] >= -tol*max(1, math.Abs(vals[len(vals)-1])), nil
}

// AddJitter returns K + εI. Errors: ErrEmpty (nil or empty K), ErrParam
// (ε negative or not finite).
func AddJitter(K *mat.SymDense, eps float64) (*mat.SymDense, error) {
	if err := checkSyms("AddJitter", K); err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("kernel: AddJitter ε", eps, 0, math.MaxFloat64); err != nil {
		return nil, err
	}
	return mapSym(K, func(i, j int, v float64) float64 {
		if i == j {
			return v + eps
		}
		return v
	}), nil
}
