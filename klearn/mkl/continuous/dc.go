package continuous

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
)

// expSearcher is a Searcher of a Gaussian family κ = exp(−Σ_b D_b ω_b),
// ω_b = σ_b⁻² = e^{−2θ_b}, with the cached squared distances D_b.
type expSearcher interface {
	exponents() []*mat.SymDense
}

// DCResult is the answer of SearchDC: the search parameters θ̂ (log σ), the
// value ⟨c, G_x(θ̂)c⟩, and the cutting-plane run in the normalised
// coordinates z ∈ [0, 1]^B (ω = ω_lo + (ω_hi − ω_lo)∘z, values for the
// unit vector c/‖c‖).
type DCResult struct {
	Theta []float64
	Value float64
	Run   *opt.DCResult
}

// dcPairs holds the terms w·exp(−⟨β, z⟩) of one convex part.
type dcPairs struct {
	w    []float64
	beta []float64 // len(w)×B, row-major
	B    int
}

// dcChunk is the number of terms summed per task: partial sums are
// combined in chunk order, so the value is the same for any GOMAXPROCS.
const dcChunk = 4096

func (p *dcPairs) f(z []float64) float64 {
	nc := (len(p.w) + dcChunk - 1) / dcChunk
	part := make([]float64, nc)
	parallel.For(nc, func(c int) {
		var s float64
		for k := c * dcChunk; k < min((c+1)*dcChunk, len(p.w)); k++ {
			var a float64
			for b := 0; b < p.B; b++ {
				a += p.beta[k*p.B+b] * z[b]
			}
			s += p.w[k] * math.Exp(-a)
		}
		part[c] = s
	})
	var s float64
	for _, v := range part {
		s += v
	}
	return s
}

func (p *dcPairs) grad(g, z []float64) {
	nc := (len(p.w) + dcChunk - 1) / dcChunk
	part := make([][]float64, nc)
	parallel.For(nc, func(c int) {
		gc := make([]float64, p.B)
		for k := c * dcChunk; k < min((c+1)*dcChunk, len(p.w)); k++ {
			var a float64
			for b := 0; b < p.B; b++ {
				a += p.beta[k*p.B+b] * z[b]
			}
			v := p.w[k] * math.Exp(-a)
			for b := 0; b < p.B; b++ {
				gc[b] -= v * p.beta[k*p.B+b]
			}
		}
		part[c] = gc
	})
	for b := range g {
		g[b] = 0
	}
	for _, gc := range part {
		for b := range g {
			g[b] += gc[b]
		}
	}
}

// SearchDC solves step 2 of Algorithm 1 globally for a Gaussian family
// (GaussianBandwidth, GaussianBlocks): θ̂ = argmax_θ ⟨c, G_x(θ)c⟩ over the
// family's box, by the DC program (13) of Argyriou et al. (2006, Section 4)
// in ω = σ⁻², where the exponent is linear:
//
//	−⟨c, G_x(ω)c⟩ = −Σ_i c_i² + g(ω) − h(ω),
//	g(ω) = Σ_{i≠j, c_ic_j<0} |c_ic_j| e^{−⟨b_ij, ω⟩},
//	h(ω) = Σ_{i≠j, c_ic_j>0} c_ic_j e^{−⟨b_ij, ω⟩},
//
// b_ij,b = ‖x_i^b − x_j^b‖², both parts convex (positive sums of
// exponentials of linear functions). The paper's text assigns the two sums
// the other way round, which decomposes +⟨c, G c⟩ rather than the
// objective of (13). c is normalised to unit length (the argmax is
// scale-invariant) and ω rescaled to the unit box; the program is solved
// by opt.DCCuttingPlane (Algorithm 2), whose Status says whether the
// optimality certificate was reached. set nil uses its defaults.
func SearchDC(f Family, s Searcher, d int, c []float64, set *opt.DCSettings) (*DCResult, error) {
	es, ok := s.(expSearcher)
	var Ds []*mat.SymDense
	if ok {
		Ds = es.exponents()
	}
	if Ds == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "continuous: the DC step needs a Gaussian family (GaussianBandwidth or GaussianBlocks)")
	}
	n := Ds[0].SymmetricDim()
	if len(c) != n {
		return nil, klearn.Errorf(klearn.ErrShape, "continuous: SearchDC: c has %d entries, the data %d rows", len(c), n)
	}
	lo, hi, _ := f.Space(d)
	B := len(Ds)
	if len(lo) != B {
		return nil, klearn.Errorf(klearn.ErrParam, "continuous: SearchDC: the family has %d parameters, the searcher %d blocks", len(lo), B)
	}
	var nrm float64
	for _, v := range c {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "continuous: SearchDC: c is not finite")
		}
		nrm += v * v
	}
	nrm = math.Sqrt(nrm)
	if nrm == 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "continuous: SearchDC: c = 0")
	}
	u := make([]float64, n)
	for i := range u {
		u[i] = c[i] / nrm
	}
	// ω_b ∈ [e^{−2 hi_b}, e^{−2 lo_b}], ω = wl + span∘z.
	wl, span := make([]float64, B), make([]float64, B)
	for b := range wl {
		wl[b] = math.Exp(-2 * hi[b])
		span[b] = math.Exp(-2*lo[b]) - wl[b]
	}
	gp, hp := &dcPairs{B: B}, &dcPairs{B: B}
	var diag float64
	for i := 0; i < n; i++ {
		diag += u[i] * u[i]
		for j := i + 1; j < n; j++ {
			w := 2 * u[i] * u[j] // ordered pairs (i, j) and (j, i)
			if w == 0 {
				continue
			}
			var a float64
			row := make([]float64, B)
			for b, D := range Ds {
				a += D.At(i, j) * wl[b]
				row[b] = D.At(i, j) * span[b]
			}
			w *= math.Exp(-a)
			p := hp
			if w < 0 {
				p, w = gp, -w
			}
			p.w = append(p.w, w)
			p.beta = append(p.beta, row...)
		}
	}
	zlo, zhi := make([]float64, B), make([]float64, B)
	for b := range zhi {
		zhi[b] = 1
	}
	res, err := opt.DCCuttingPlane(opt.DCProblem{G: gp.f, GradG: gp.grad, H: hp.f, Lo: zlo, Hi: zhi}, set)
	if err != nil {
		return nil, klearn.Errorf(err, "continuous: SearchDC")
	}
	theta := make([]float64, B)
	for b := range theta {
		w := wl[b] + span[b]*res.X[b]
		theta[b] = math.Min(math.Max(-0.5*math.Log(w), lo[b]), hi[b])
	}
	return &DCResult{Theta: theta, Value: nrm * nrm * (diag - res.F), Run: res}, nil
}
