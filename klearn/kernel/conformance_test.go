package kernel_test

import (
	"fmt"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"gonum.org/v1/gonum/mat"
)

// TestConformance runs every kernel family and composite through the
// klearntest.TestKernel suite (symmetry, PSD on random data, Eval ≡ Gram ≡
// Cross ≡ Diag, bad inputs, finite-difference gradients of Parametric ones).
func TestConformance(t *testing.T) {
	const d = 3
	gpk, err := kernel.GPKPolynomial(d, 2)
	if err != nil {
		t.Fatal(err)
	}
	rbfDPP, _ := kernel.DPPRBF(0.5, 10)
	kernels := map[string]kernel.Kernel{
		"Linear":            kernel.Linear{},
		"Polynomial":        kernel.Polynomial{Degree: 3, Gamma: 0.5, Coef0: 1},
		"PolynomialZero":    kernel.Polynomial{},
		"HPK":               kernel.HPK{Degree: 2},
		"HPK0":              kernel.HPK{},
		"NormalizedHPK":     kernel.NormalizedHPK{Degree: 3},
		"DPP":               rbfDPP,
		"Feature":           kernel.Feature{Index: 2},
		"RBF":               kernel.RBF{Gamma: 0.7},
		"RBFZero":           kernel.RBF{},
		"Gaussian":          kernel.Gaussian{Sigma: 1.2},
		"ARD":               kernel.ARD{Gamma: []float64{0.3, 1, 2}},
		"BlockGaussian":     kernel.BlockGaussian{Blocks: [][]int{{0, 2}, {1}}, Sigma: []float64{0.9, 1.7}},
		"Laplacian":         kernel.Laplacian{Gamma: 0.5},
		"RationalQuadratic": kernel.RationalQuadratic{C: 2},
		"Sum":               kernel.Sum{Kernels: []kernel.Kernel{kernel.RBF{Gamma: 1}, kernel.Linear{}}, Weights: []float64{0.5, 2}},
		"Product":           kernel.Product{Kernels: []kernel.Kernel{kernel.Laplacian{}, kernel.HPK{Degree: 2}}},
		"Scaled":            kernel.Scaled{K: kernel.RBF{}, C: 2.5},
		"Power":             kernel.Power{K: kernel.Polynomial{Degree: 1, Gamma: 1, Coef0: 1}, D: 3},
		"Normalized":        kernel.Normalized{K: kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}},
		"GPK":               gpk,
		"TK":                kernel.TK{Degree: 1, Lower: []float64{-1, -1, -1}, Upper: []float64{1, 1, 1}},
		"TKZero":            kernel.TK{},
	}
	for name, k := range kernels {
		t.Run(name, func(t *testing.T) { klearntest.TestKernel(t, k) })
	}
	t.Run("Dirichlet", func(t *testing.T) {
		klearntest.TestKernelWith(t, kernel.Dirichlet{Sigma: 2.5}, klearntest.KernelOptions{D: 1})
	})
}

// The Gaussian of Argyriou et al. (2006) and Afkanpour et al. (2013) in the σ convention: exp(−‖x−z‖²/σ²) equals the
// scikit-learn RBF with γ = 1/σ².
func ExampleGaussian() {
	X := mat.NewDense(2, 2, []float64{0, 0, 1, 1})
	K, _ := kernel.Gram(kernel.Gaussian{Sigma: 2}, X)
	R, _ := kernel.Gram(kernel.RBF{Gamma: 0.25}, X)
	fmt.Printf("%.6f %.6f\n", K.At(0, 1), R.At(0, 1))
	// Output: 0.606531 0.606531
}
