package nn

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// TestGradientFiniteDifferences checks backpropagation against central
// differences of the mean cross-entropy, for two and three classes.
func TestGradientFiniteDifferences(t *testing.T) {
	for _, k := range []int{2, 3} {
		nt := net{d: 4, h: 6, k: k}
		S := klearntest.RandMatrix(15, 4, -1, 1, uint64(k))
		cls := make([]int, 15)
		for i := range cls {
			cls[i] = i % k
		}
		r := klearn.NewRand(uint64(10 + k))
		w := make([]float64, nt.size())
		for i := range w {
			w[i] = r.NormFloat64()
		}
		g := make([]float64, len(w))
		nt.grad(g, w, S, cls)
		h := 1e-6
		for i := range w {
			wp := append([]float64(nil), w...)
			wm := append([]float64(nil), w...)
			wp[i] += h
			wm[i] -= h
			fd := (nt.loss(wp, S, cls) - nt.loss(wm, S, cls)) / (2 * h)
			if math.Abs(fd-g[i]) > 1e-7*(1+math.Abs(fd)) {
				t.Errorf("k = %d, weight %d: backprop %.10g, finite difference %.10g", k, i, g[i], fd)
			}
		}
	}
}

// TestNguyenWidrow checks the initial hidden rows have norm 0.7·H^{1/d}
// and biases within ±that norm.
func TestNguyenWidrow(t *testing.T) {
	nt := net{d: 3, h: 8, k: 2}
	w := nguyenWidrow(nt, klearn.NewRand(1))
	beta := 0.7 * math.Pow(8, 1.0/3)
	for j := 0; j < nt.h; j++ {
		row := mat.NewVecDense(nt.d, w[j*nt.d:(j+1)*nt.d])
		if math.Abs(mat.Norm(row, 2)-beta) > 1e-12 || math.Abs(w[nt.h*nt.d+j]) > beta {
			t.Fatalf("hidden unit %d: norm %v, bias %v, β = %v", j, mat.Norm(row, 2), w[nt.h*nt.d+j], beta)
		}
	}
}
