package continuous

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// GaussianBlocks is the block Gaussian exp(−Σ_b ‖x^b − x'^b‖²/σ_b²)
// (kernel.BlockGaussian: one isotropic variance per block of features, the
// kernels of Argyriou et al. 2006, Section 5, with blocks the halves or
// quadrants of an image, kernel.ImageBlocks), searched in u_b = log σ_b
// over [log Lower, log Upper] with restarts from Starts (scalars s, each
// the start σ = (s, …, s)). Zero values as for GaussianBandwidth. Features
// in no block are ignored.
type GaussianBlocks struct {
	Blocks       [][]int
	Lower, Upper float64
	Starts       []float64
}

func (g GaussianBlocks) check(d int) (lo, hi float64, err error) {
	lo, hi, err = GaussianBandwidth{Lower: g.Lower, Upper: g.Upper}.check()
	if err != nil {
		return 0, 0, err
	}
	sig := make([]float64, len(g.Blocks))
	for i := range sig {
		sig[i] = 1
	}
	if err := (kernel.BlockGaussian{Blocks: g.Blocks, Sigma: sig}).Validate(d); err != nil {
		return 0, 0, klearn.Errorf(err, "continuous: GaussianBlocks")
	}
	return lo, hi, nil
}

// Space returns the box in log σ (one coordinate per block).
func (g GaussianBlocks) Space(int) ([]float64, []float64, [][]float64) {
	lo, hi, _ := g.check(0)
	return logBox(g.Starts, lo, hi, len(g.Blocks))
}

// Params returns (σ_1, …, σ_B) = e^θ for a θ with one entry per block.
func (g GaussianBlocks) Params(theta []float64) ([]float64, error) {
	return expParams("GaussianBlocks", theta, len(g.Blocks))
}

// Kernel returns the kernel.BlockGaussian of θ.
func (g GaussianBlocks) Kernel(theta []float64) (kernel.Kernel, error) {
	s, err := g.Params(theta)
	if err != nil {
		return nil, err
	}
	return kernel.BlockGaussian{Blocks: g.Blocks, Sigma: s}, nil
}

// Prepare caches the squared distances of every block.
func (g GaussianBlocks) Prepare(X *mat.Dense) (Searcher, error) {
	_, d, err := klearn.CheckMatrix("continuous: X", X)
	if err != nil {
		return nil, err
	}
	if _, _, err := g.check(d); err != nil {
		return nil, err
	}
	var Ds []*mat.SymDense
	for _, blk := range g.Blocks {
		D, err := kernel.SquaredDistances(linalg.Columns(X, blk))
		if err != nil {
			return nil, err
		}
		Ds = append(Ds, D)
	}
	return &blockSearcher{D: Ds}, nil
}

// blockSearcher serves GaussianBlocks from the cached squared distances
// D_b of each block: κ = exp(−Σ_b D_b e^{−2u_b}).
type blockSearcher struct {
	D []*mat.SymDense
}

func (s *blockSearcher) shape() (int, int) { return s.D[0].SymmetricDim(), len(s.D) }

func (s *blockSearcher) Inner(P *mat.SymDense, theta, grad []float64) (float64, error) {
	n := s.D[0].SymmetricDim()
	if err := checkInner(P, theta, grad, n, len(s.D)); err != nil {
		return 0, err
	}
	G := make([]float64, len(s.D))
	H := gaussInner(P, theta, G, func(i, j int, d []float64) {
		for b, D := range s.D {
			d[b] = D.At(i, j)
		}
	})
	if _, err := checkValue(H, G); err != nil {
		return 0, err
	}
	if grad != nil {
		copy(grad, G)
	}
	return H, nil
}

// gaussInner returns h(θ) = Σ_{i≤j} w_ij exp(−Σ_b d_b(i, j) e^{−2θ_b})
// (w_ij = P_ij, doubled off the diagonal: h = ⟨P, K⟩_F) and writes
// ∂h/∂θ_b = Σ_{i≤j} w_ij κ_ij 2 d_b(i, j) e^{−2θ_b} into grad (not nil);
// dist(i, j, d) writes the squared distances d_b(i, j) of the pair in
// each block. Rows are summed in parallel and combined in row order (the
// same value for any GOMAXPROCS).
func gaussInner(P *mat.SymDense, theta, grad []float64, dist func(i, j int, d []float64)) float64 {
	n := P.SymmetricDim()
	B := len(theta)
	inv := make([]float64, B)
	for b, u := range theta {
		inv[b] = math.Exp(-2 * u)
	}
	h := make([]float64, n)
	gs := make([][]float64, n)
	parallel.For(n, func(i int) {
		g := make([]float64, B)
		d := make([]float64, B)
		var hi float64
		for j := i; j < n; j++ {
			w := P.At(i, j)
			if j != i {
				w *= 2
			}
			dist(i, j, d)
			var a float64
			for b := range d {
				a += d[b] * inv[b]
			}
			kv := w * math.Exp(-a)
			hi += kv
			for b := range d {
				g[b] += kv * 2 * d[b] * inv[b]
			}
		}
		h[i], gs[i] = hi, g
	})
	var H float64
	for b := range grad {
		grad[b] = 0
	}
	for i := range h { // fixed order: the same sum for any GOMAXPROCS
		H += h[i]
		for b := range grad {
			grad[b] += gs[i][b]
		}
	}
	return H
}

func (s *blockSearcher) Gram(theta []float64) (*mat.SymDense, error) {
	if err := checkTheta("Gram", theta, len(s.D)); err != nil {
		return nil, err
	}
	n := s.D[0].SymmetricDim()
	K := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			var a float64
			for b, D := range s.D {
				a += D.At(i, j) * math.Exp(-2*theta[b])
			}
			K.SetSym(i, j, math.Exp(-a))
		}
	}
	return K, nil
}

func (s *blockSearcher) exponents() []*mat.SymDense { return slices.Clone(s.D) }
