package argyriou2006

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/viz"
)

// Explorer is the exploration of notebook 03: Algorithm 1 (the greedy
// method, square loss, step 2 by the DC program) over the Gaussians
// exp(−‖x−x'‖²/σ²) with σ in [σ_lo, σ_hi], on banana, as the range moves;
// its chart is the step-2 objective ⟨c, G_x(σ)c⟩ over σ at the final
// kernel (the kernel a next step would add maximises it) and the weights of
// the kernels the greedy steps picked.
type Explorer struct {
	X *mat.Dense
	y []float64
}

// ExploreMu is the regularisation μ of the exploration.
const ExploreMu = 0.1

// NewExplorer draws n points of banana with seed.
func NewExplorer(n int, seed uint64) (*Explorer, error) {
	d, err := datasets.Banana(n, seed)
	if err != nil {
		return nil, err
	}
	y, err := datasets.Binary(d, "+1")
	if err != nil {
		return nil, err
	}
	return &Explorer{X: d.X, y: y}, nil
}

// Greedy runs Algorithm 1 with σ in [lo, hi], for at most 5 steps.
func (e *Explorer) Greedy(lo, hi float64) (*continuous.GreedyModel, error) {
	return e.greedy(lo, hi, 5)
}

func (e *Explorer) greedy(lo, hi float64, steps int) (*continuous.GreedyModel, error) {
	if e == nil || !(lo > 0) || !(hi > lo) || math.IsInf(hi, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "argyriou2006: explore: σ range [%g, %g], want 0 < lo < hi", lo, hi)
	}
	return continuous.Greedy{Family: continuous.GaussianBandwidth{Lower: lo, Upper: hi}, Mu: ExploreMu, MaxSteps: steps, Step2: continuous.DC}.Fit(e.X, e.y)
}

// Objective returns ⟨c, G_x(σ)c⟩ at the σ given, for the model's c =
// −2μ(K_x + μI)⁻¹y normalised to ‖c‖ = 1 (the scale of the test of Eq. (10)).
func (e *Explorer) Objective(m *continuous.GreedyModel, sigmas []float64) ([]float64, error) {
	K, err := kernel.Gram(m.Kernel(), e.X)
	if err != nil {
		return nil, err
	}
	n := len(e.y)
	A := mat.NewDense(n, n, nil)
	A.Copy(K)
	for i := range n {
		A.Set(i, i, A.At(i, i)+ExploreMu)
	}
	var c mat.VecDense
	if err := c.SolveVec(A, mat.NewVecDense(n, append([]float64(nil), e.y...))); err != nil {
		return nil, klearn.Errorf(klearn.ErrNotPSD, "argyriou2006: explore: K_x + μI: %v", err)
	}
	c.ScaleVec(-1/mat.Norm(&c, 2), &c)
	out := make([]float64, len(sigmas))
	for k, s := range sigmas {
		G, err := kernel.Gram(kernel.RBF{Gamma: 1 / (s * s)}, e.X)
		if err != nil {
			return nil, err
		}
		out[k] = mat.Inner(&c, G, &c)
	}
	return out, nil
}

// Draw is the chart of Greedy and Objective: the objective over the range
// (with the kernels picked, their weights in the title) and the weights.
func (e *Explorer) Draw(lo, hi float64) (viz.Chart, error) {
	m, err := e.Greedy(lo, hi)
	if err != nil {
		return nil, err
	}
	const pts = 40
	sig := make([]float64, pts)
	for i := range sig {
		sig[i] = lo * math.Pow(hi/lo, float64(i)/(pts-1))
	}
	obj, err := e.Objective(m, sig)
	if err != nil {
		return nil, err
	}
	atoms := m.Atoms()
	var cats []string
	var w []float64
	for _, a := range atoms {
		cats = append(cats, fmt.Sprintf("σ = %.3g", a.Params[0]))
		w = append(w, a.Weight)
	}
	curve := &viz.Line{Title: "step 2's objective at the learned kernel", XLabel: "σ", YLabel: "⟨c, G_x(σ) c⟩", Scale: viz.LogX,
		Series: []viz.Series{{Name: "⟨c, G_x(σ) c⟩", X: sig, Y: obj}}}
	bars := &viz.Bar{Title: "kernels picked (weights λ_j)", XLabel: "kernel", YLabel: "λ_j", Categories: cats,
		Groups: []viz.BarGroup{{Name: "λ", Values: w}}}
	return &viz.Grid{Title: fmt.Sprintf("Banana, greedy over σ ∈ [%.3g, %.3g]: %d kernels, error %.4g", lo, hi, len(atoms), last(m.Errors())),
		Panels: []viz.Chart{curve, bars}, Cols: 2}, nil
}
