package protocol

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
)

// HCurve is the function the search of stage t of CA-1D minimises,
// h(σ) = −⟨K(κ_σ), F'((K(k_{t−1}))_c)⟩_F (Eq. (2) with its sign flipped,
// Supplement B.1 and Figure 3), on a logarithmic grid of σ; Minima is its
// number of interior local minima on the grid and Found the σ the
// multistart search chose at that stage.
type HCurve struct {
	Task         string
	Stage        int
	Sigma, H     []float64
	Minima       int
	Found, Gamma float64 `json:",omitempty"`
}

// hCurves runs CA-1D (stagewise.CA, at most stages stages) on the training
// sample and, at each stage, records h on points σ log-spaced over
// [lo, hi] for the stage's centred gradient P (CA's Trace), evaluated by
// the family's own Searcher (an evaluation independent of CA's search),
// with the σ CA's multistart search chose.
func hCurves(task string, tr sample, starts []float64, stages, points int, lo, hi float64) ([]HCurve, error) {
	if stages < 1 || points < 3 || !(lo > 0 && hi > lo) {
		return nil, klearn.Errorf(klearn.ErrParam, "afkanpour2013: h(σ) curves: %d stages, %d points on [%g, %g]", stages, points, lo, hi)
	}
	fam := continuous.GaussianBandwidth{Starts: starts}
	s, err := fam.Prepare(tr.X)
	if err != nil {
		return nil, err
	}
	var (
		out      []HCurve
		curveErr error
	)
	trace := func(st stagewise.StageInfo) {
		if curveErr != nil {
			return
		}
		c := HCurve{Task: task, Stage: st.Stage, Found: st.Sigma[0]}
		for i := 0; i < points; i++ {
			sig := lo * math.Pow(hi/lo, float64(i)/float64(points-1))
			h, err := s.Inner(st.P, []float64{math.Log(sig)}, nil)
			if err != nil {
				curveErr = err
				return
			}
			c.Sigma, c.H = append(c.Sigma, sig), append(c.H, -h)
		}
		c.Minima = localMinima(c.H)
		out = append(out, c)
	}
	if _, err := (stagewise.CA{Family: fam, T: stages, Trace: trace}).Learn(tr.X, tr.y); err != nil {
		return nil, err
	}
	if curveErr != nil {
		return nil, curveErr
	}
	return out, nil
}

// localMinima counts the interior local minima of h on its grid: valleys
// whose walls rise on both sides by more than 10⁻⁶ of h's range, so that
// rounding wiggles on the flat tails (σ far below or above every
// distance) do not count.
func localMinima(h []float64) int {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range h {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	tol := 1e-6 * (hi - lo)
	count := 0
	// Walk the sequence, remembering the last extreme; a minimum counts
	// when a descent of more than tol is followed by an ascent of more
	// than tol.
	ext, down := h[0], false
	for _, v := range h[1:] {
		switch {
		case !down && v < ext-tol:
			down, ext = true, v
		case down && v < ext:
			ext = v
		case down && v > ext+tol:
			count++
			down, ext = false, v
		case !down && v > ext:
			ext = v
		}
	}
	return count
}
