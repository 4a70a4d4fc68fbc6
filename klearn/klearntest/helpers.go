package klearntest

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Sentinels lists every klearn sentinel error; an error from the public API
// must wrap one of them.
var Sentinels = []error{
	klearn.ErrShape, klearn.ErrEmpty, klearn.ErrNotFinite, klearn.ErrOneClass,
	klearn.ErrLabels, klearn.ErrParam, klearn.ErrNotPSD, klearn.ErrSingular,
	klearn.ErrNotConverged, klearn.ErrNotFitted, klearn.ErrMissingData, klearn.ErrUnknown,
	klearn.ErrIO,
}

// IsSentinel reports whether err wraps one of the klearn sentinels.
func IsSentinel(err error) bool {
	for _, s := range Sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// Safe runs f and returns the value of a panic, or nil if f returned normally.
func Safe(f func()) (panicked any) {
	defer func() { panicked = recover() }()
	f()
	return nil
}

// ExpectError runs call and fails t unless it returns an error that wraps a
// klearn sentinel. A panic is reported as a failure, not propagated.
func ExpectError(t testing.TB, name string, call func() error) {
	t.Helper()
	var err error
	if p := Safe(func() { err = call() }); p != nil {
		t.Errorf("%s: panicked (%v), want an error", name, p)
		return
	}
	if err == nil {
		t.Errorf("%s: no error", name)
		return
	}
	if !IsSentinel(err) {
		t.Errorf("%s: error %q wraps no klearn sentinel", name, err)
	}
}

// ExpectErrorIs runs call and fails t unless its error wraps target.
func ExpectErrorIs(t testing.TB, name string, target error, call func() error) {
	t.Helper()
	var err error
	if p := Safe(func() { err = call() }); p != nil {
		t.Errorf("%s: panicked (%v), want %v", name, p, target)
		return
	}
	if !errors.Is(err, target) {
		t.Errorf("%s: error %v, want %v", name, err, target)
	}
}

// RandMatrix returns an n×d matrix with independent uniform entries in
// [lo, hi) drawn from klearn.NewRand(seed).
func RandMatrix(n, d int, lo, hi float64, seed uint64) *mat.Dense {
	r := klearn.NewRand(seed)
	data := make([]float64, n*d)
	for i := range data {
		data[i] = lo + (hi-lo)*r.Float64()
	}
	return mat.NewDense(n, d, data)
}

// RandPSD returns a random n×n PSD matrix G·Gᵀ/r of rank min(n, r).
func RandPSD(n, r int, seed uint64) *mat.SymDense {
	G := RandMatrix(n, r, -1, 1, seed)
	K := mat.NewSymDense(n, nil)
	K.SymOuterK(1/float64(r), G)
	return K
}

// Close reports |a − b| ≤ tol·max(1, |a|, |b|).
func Close(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// CloseSlices fails t if a and b differ in length or in any entry beyond the
// relative tolerance of Close.
func CloseSlices(t testing.TB, name string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: length %d, want %d", name, len(got), len(want))
	}
	for i := range got {
		if !Close(got[i], want[i], tol) {
			t.Fatalf("%s[%d] = %.17g, want %.17g (tol %g)", name, i, got[i], want[i], tol)
		}
	}
}

// SameBits reports bit-for-bit equal slices (NaN equal to itself, −0 ≠ +0).
func SameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameBits(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// SameMatrixBits reports bit-for-bit equal matrices of one shape.
func SameMatrixBits(a, b mat.Matrix) bool {
	ra, ca := a.Dims()
	rb, cb := b.Dims()
	if ra != rb || ca != cb {
		return false
	}
	for i := 0; i < ra; i++ {
		for j := 0; j < ca; j++ {
			if !sameBits(a.At(i, j), b.At(i, j)) {
				return false
			}
		}
	}
	return true
}

// ReadJSON decodes the JSON file at path (a test fixture, e.g. under
// testdata/) into v, failing the test if it cannot be read or decoded.
func ReadJSON(t testing.TB, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// LiveHeap returns about 1.3 GB of touched memory (in 64 MB blocks, as a
// notebook kernel holding earlier Gram matrices would) for heap "1.3GB",
// nil for "fresh", after a garbage collection. Benchmarks keep the result
// alive (runtime.KeepAlive) to measure a parallel path inside a busy heap.
func LiveHeap(heap string) [][]float64 {
	if heap == "fresh" {
		runtime.GC()
		return nil
	}
	var live [][]float64
	for i := 0; i < 20; i++ {
		blk := make([]float64, 8<<20)
		for j := range blk {
			blk[j] = float64(j)
		}
		live = append(live, blk)
	}
	runtime.GC()
	return live
}
