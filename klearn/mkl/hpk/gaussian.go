package hpk

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/gemm"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
)

// Gaussian returns the Gaussian kernel matrix exp(−γ‖x_i − x_j‖²) of unit
// vectors from their cosine matrix K1 (CosineGram): on the unit sphere
// ‖x − z‖² = 2 − 2⟨x, z⟩, so the kernel is a function of the cosine, the
// one whose Maclaurin series WeightsRBF truncates. Each entry is
// gemm.ExpDist's exponential of the distance 2 − 2(K1)_ij (clamped at 0,
// so the diagonal is 1), computed on the upper triangle and mirrored to
// the lower one, so that the result holds both triangles, as
// kernel.Gram's do. It reads K1 once and forms no n×n matrix but the
// result; K1 is not modified.
// Errors: ErrParam (γ not positive and finite), ErrEmpty, ErrNotFinite.
func Gaussian(K1 *mat.SymDense, gamma float64) (*mat.SymDense, error) {
	if err := checkGamma("Gaussian", gamma); err != nil {
		return nil, err
	}
	n, err := klearn.CheckGram(K1, -1)
	if err != nil {
		return nil, klearn.Errorf(err, "hpk: Gaussian: K1")
	}
	ones := onesOf(n)
	k1 := K1.RawSymmetric()
	K := mat.NewSymDense(n, nil)
	d := K.RawSymmetric()
	parallel.For(n, func(i int) {
		row := d.Data[i*d.Stride+i : i*d.Stride+n]
		copy(row, k1.Data[i*k1.Stride+i:i*k1.Stride+n])
		gemm.ExpDist(row, ones, 1, -gamma)
	})
	mirror(d.Data, n, d.Stride)
	return K, nil
}

// GaussianMulCross returns Σ_j exp(−γ‖a_r − b_j‖²) u_j for each row r of
// the test×train cosine matrix C1 of unit vectors (CosineCross) and each
// vector u of us, the exponentials as Gaussian's, each row's formed once
// for all the vectors, without forming the test×train kernel: a kernel
// machine's decision values on the test rows, u its signed dual
// coefficients, before the bias. The same bits for any GOMAXPROCS; C1 and
// us are not modified.
// Errors: ErrParam (γ), ErrEmpty (C1 or no vector), ErrNotFinite,
// ErrShape (a vector whose length is not the number of columns of C1).
func GaussianMulCross(C1 *mat.Dense, gamma float64, us ...[]float64) ([][]float64, error) {
	if err := checkGamma("GaussianMulCross", gamma); err != nil {
		return nil, err
	}
	r, n, err := klearn.CheckMatrix("hpk: GaussianMulCross: C1", C1)
	if err != nil {
		return nil, err
	}
	if err := checkVectors("GaussianMulCross", n, us); err != nil {
		return nil, err
	}
	ones := onesOf(n)
	c1 := C1.RawMatrix()
	return rowProducts(c1.Data, r, n, c1.Stride, us, func(row, buf []float64) {
		copy(buf, row)
		gemm.ExpDist(buf, ones, 1, -gamma)
	}), nil
}

// checkGamma refuses a γ that is not positive and finite.
func checkGamma(fn string, gamma float64) error {
	if !(gamma > 0) || math.IsInf(gamma, 0) {
		return klearn.Errorf(klearn.ErrParam, "hpk: %s: γ = %v, want a positive finite value", fn, gamma)
	}
	return nil
}

// onesOf returns n ones (the unit norms of gemm.ExpDist's distance trick).
func onesOf(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}
