package afkanpour2013

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
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

// hCurves retraces Algorithm 1 for CA-1D on the training sample (K_0 = εI,
// the gradient of Eq. (3) centred, the multistart search, the step of
// Proposition 2, stopping when the gain is at most θ) for at most stages
// stages, and records h on points σ log-spaced over [lo, hi] at each
// stage. Its choices must be those of stagewise.CA (a test checks it).
func hCurves(task string, tr sample, starts []float64, stages, points int, lo, hi float64) ([]HCurve, error) {
	if stages < 1 || points < 3 || !(lo > 0 && hi > lo) {
		return nil, klearn.Errorf(klearn.ErrParam, "afkanpour2013: h(σ) curves: %d stages, %d points on [%g, %g]", stages, points, lo, hi)
	}
	fam := continuous.GaussianBandwidth{Starts: starts}
	s, err := fam.Prepare(tr.X)
	if err != nil {
		return nil, err
	}
	n := len(tr.y)
	var ybar float64
	for _, v := range tr.y {
		ybar += v / float64(n)
	}
	yt := make([]float64, n)
	for i, v := range tr.y {
		yt[i] = v - ybar
	}
	Ks := mat.NewSymDense(n, nil)
	Ks.SymOuterK(1, mat.NewVecDense(n, yt))
	K := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		K.SetSym(i, i, stagewise.DefaultEps)
	}
	f, err := stagewise.Alignment(K, Ks)
	if err != nil {
		return nil, err
	}
	var out []HCurve
	for t := 1; t <= stages; t++ {
		G, err := stagewise.Gradient(K, Ks)
		if err != nil {
			return nil, err
		}
		P, err := kernel.Center(G)
		if err != nil {
			return nil, err
		}
		c := HCurve{Task: task, Stage: t}
		for i := 0; i < points; i++ {
			sig := lo * math.Pow(hi/lo, float64(i)/float64(points-1))
			c.Sigma = append(c.Sigma, sig)
			h, err := s.Inner(P, []float64{math.Log(sig)}, nil)
			if err != nil {
				return nil, err
			}
			c.H = append(c.H, -h)
		}
		c.Minima = localMinima(c.H)
		theta, _, err := continuous.Search(fam, s, 1, P, nil)
		if err != nil {
			return nil, err
		}
		c.Found = math.Exp(theta[0])
		out = append(out, c)
		Gt, err := s.Gram(theta)
		if err != nil {
			return nil, err
		}
		Kp, err := kernel.Center(Gt)
		if err != nil {
			return nil, err
		}
		eta, err := stagewise.Step(K, Kp, Ks, stagewise.DefaultEtaMax)
		if err != nil {
			return nil, err
		}
		if eta == 0 {
			break
		}
		next := mat.NewSymDense(n, nil)
		next.AddSym(K, scaled(eta, Kp))
		fn, err := stagewise.Alignment(next, Ks)
		if err != nil {
			return nil, err
		}
		K = next
		if !(fn > f+stagewise.DefaultTheta) {
			break
		}
		f = fn
	}
	return out, nil
}

func scaled(a float64, K *mat.SymDense) *mat.SymDense {
	var out mat.SymDense
	out.ScaleSym(a, K)
	return &out
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
