package metrics_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/metrics"
)

func ExampleAUC() {
	// Tied scores count one half: pairs (0.9, 0.4), (0.9, 0.1), (0.4, 0.1)
	// are ordered correctly and (0.4, 0.4) is a tie, so AUC = 3.5/4.
	auc, _ := metrics.AUC([]float64{1, 1, -1, -1}, []float64{0.9, 0.4, 0.4, 0.1})
	fmt.Println(auc)
	// Output: 0.875
}

func ExampleSpectralRatio() {
	// C(I_4) = tr(I)/‖I‖_F = 4/2 = 2 = √L, the most expressive kernel (Donini & Aiolli, 2017).
	I := mat.NewSymDense(4, []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})
	c, _ := metrics.SpectralRatio(I)
	cbar, _ := metrics.StandardizedSpectralRatio(I)
	r, _ := metrics.MEBRadiusApprox(I)
	fmt.Println(c, cbar, r)
	// Output: 2 1 0.75
}
