package tk

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestBoxQPInterior checks the interior-point solution of the SVM dual
// without bias against SMO (klearn/svm at Tol 1e-9) on full-rank and
// rank-deficient Gram matrices from C = 0.01 to 10⁴: the dual objectives
// agree to 1e-7 relative, α is in the box, and the KKT conditions hold up
// to the interior point's residual.
func TestBoxQPInterior(t *testing.T) {
	for _, m := range []int{5, 40, 120} {
		for _, rank := range []int{m, 3} {
			for _, C := range []float64{0.01, 1, 100, 1e4} {
				label := fmt.Sprintf("m=%d rank=%d C=%g", m, rank, C)
				r := klearn.NewRand(uint64(m*rank) + uint64(C*100))
				F := mat.NewDense(m, rank, nil)
				y := make([]float64, m)
				for i := 0; i < m; i++ {
					for j := 0; j < rank; j++ {
						F.Set(i, j, r.NormFloat64())
					}
					y[i] = 1
					if F.At(i, 0)+0.5*r.NormFloat64() < 0 {
						y[i] = -1
					}
				}
				y[0], y[1] = 1, -1
				K := mat.NewSymDense(m, nil)
				K.SymOuterK(1, F)
				Cv := make([]float64, m)
				for i := range Cv {
					Cv[i] = C
				}
				a, ok := boxQPInterior(K, y, Cv)
				if !ok {
					t.Errorf("%s: not converged", label)
					continue
				}
				smo, err := svm.Classifier{C: C, NoBias: true, Tol: 1e-9, MaxIter: 50_000_000}.FitGram(K, y)
				if err != nil {
					t.Fatal(err)
				}
				f := func(al []float64) float64 {
					b := make([]float64, m)
					var s float64
					for i := range al {
						b[i] = y[i] * al[i]
						s += al[i]
					}
					bv := mat.NewVecDense(m, b)
					return mat.Inner(bv, K, bv)/2 - s
				}
				fi, fs := f(a), f(smo.Alpha())
				if smo.Status() == svm.Converged && math.Abs(fi-fs) > 1e-7*max(1, math.Abs(fs)) {
					t.Errorf("%s: interior point f = %.12g, SMO f = %.12g", label, fi, fs)
				}
				if smo.Status() != svm.Converged && fi > fs+1e-9*math.Abs(fs) {
					t.Errorf("%s: interior point f = %.12g above SMO's unconverged %.12g", label, fi, fs)
				}
				for i, v := range a {
					if !(v >= 0 && v <= C) {
						t.Fatalf("%s: α_%d = %v outside [0, %g]", label, i, v, C)
					}
				}
			}
		}
	}
}
