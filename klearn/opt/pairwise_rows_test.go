package opt

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// rowsOf is a SymRows over a SymDense (Gather by At).
type rowsOf struct{ atOnly }

func (r rowsOf) Gather(i int, cols []int, dst []float64) {
	for k, j := range cols {
		dst[k] = r.k.At(i, j)
	}
}

// TestDenseSymRows checks the row-by-row copy of a SymRows against
// denseSym's copy of the same SymDense, bit for bit (signed and unsigned,
// with a scale and a shift, a permutation of the classes, on 1 and 2
// goroutines), KOMDQP, SimplexQP and a KOMDPath on it against the
// SymDense's results, the error of a non-finite entry (the same entry
// reported as for the SymDense) and of a negative diagonal, and that the
// inputs are unchanged.
func TestDenseSymRows(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	K, y := rbfGram(300, 3, 0.7, 9)
	Kc := mat.NewSymDense(300, nil)
	Kc.CopySym(K)
	yc := slices.Clone(y)
	pos := make([]int, 300)
	newKOMD("t", K, y, pos)
	R := rowsOf{atOnly{K}}
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		for _, s := range [][]float64{nil, y} {
			a, b := make([]float64, 300*300), make([]float64, 300*300)
			ma, err := denseSym("t", K, s, pos, 0.7, 0.3, a)
			if err != nil {
				t.Fatal(err)
			}
			mb, err := denseSym("t", R, s, pos, 0.7, 0.3, b)
			if err != nil {
				t.Fatal(err)
			}
			if ma != mb || !slices.EqualFunc(a, b, sameFloat) {
				t.Fatalf("procs=%d signed=%v: the row-by-row copy differs (amax %v vs %v)", procs, s != nil, ma, mb)
			}
		}
	}
	for name, solve := range map[string]func(K mat.Symmetric) (*Result, error){
		"KOMDQP":    func(K mat.Symmetric) (*Result, error) { return KOMDQP(K, y, 0.2, nil) },
		"SimplexQP": func(K mat.Symmetric) (*Result, error) { return SimplexQP(K, nil) },
		"KOMDPath": func(K mat.Symmetric) (*Result, error) {
			p, err := NewKOMDPath(K, y)
			if err != nil {
				return nil, err
			}
			if _, err := p.Solve(0.5, nil, nil); err != nil {
				return nil, err
			}
			return p.Solve(0.3, nil, nil)
		},
	} {
		a, err := solve(K)
		if err != nil {
			t.Fatal(err)
		}
		b, err := solve(R)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameResult(a, b); err != nil {
			t.Errorf("%s on SymRows: %v", name, err)
		}
	}
	if !mat.Equal(K, Kc) || !slices.Equal(y, yc) {
		t.Error("an input was modified")
	}
	bad := mat.NewSymDense(300, nil)
	bad.CopySym(K)
	bad.SetSym(40, 17, math.NaN())
	bad.SetSym(250, 251, math.Inf(1))
	_, e1 := KOMDQP(bad, y, 0.2, nil)
	_, e2 := KOMDQP(rowsOf{atOnly{bad}}, y, 0.2, nil)
	if !errors.Is(e2, klearn.ErrNotFinite) || e1 == nil || e1.Error() != e2.Error() {
		t.Errorf("non-finite entry: %v, want %v", e2, e1)
	}
	bad.CopySym(K)
	bad.SetSym(7, 7, -1)
	if _, err := KOMDQP(rowsOf{atOnly{bad}}, y, 0.2, nil); !errors.Is(err, klearn.ErrNotPSD) {
		t.Errorf("negative diagonal: %v", err)
	}
}
