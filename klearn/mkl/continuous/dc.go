package continuous

import (
	"math"
	"sort"

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
// value ⟨c, G_x(θ̂)c⟩, and the cutting-plane runs over the pieces of the
// box merged into one record (values for the unit vector c/‖c‖): X in the
// normalised coordinates z ∈ [0, 1]^B of the whole box (ω = ω_lo +
// (ω_hi − ω_lo)∘z), F the best value, Lower the smallest lower bound over
// the pieces (a piece pruned by the incumbent contributes a bound ≥ F), Status
// Success when every piece was certified or pruned or when F − Lower is
// within the tolerance, Iterations the cuts
// of all pieces, and Iters their records in order, with φ the best value
// found so far and Lower the bound of the piece being cut.
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

func (p *dcPairs) f(z []float64) float64 { return p.eval(nil, z) }

func (p *dcPairs) grad(g, z []float64) { p.eval(g, z) }

// eval returns Σ_k w_k exp(−⟨β_k, z⟩) and, for g not nil, writes its
// gradient into g, in one parallel pass (partial sums combined in chunk
// order: the same values for any GOMAXPROCS).
func (p *dcPairs) eval(g, z []float64) float64 {
	nc := (len(p.w) + dcChunk - 1) / dcChunk
	B := p.B
	part := make([]float64, nc)
	var gs []float64
	if g != nil {
		gs = make([]float64, nc*B)
	}
	parallel.For(nc, func(c int) {
		k0, k1 := c*dcChunk, min((c+1)*dcChunk, len(p.w))
		w, beta := p.w[k0:k1], p.beta[k0*B:k1*B]
		var s float64
		if gs == nil {
			for k, wk := range w {
				row := beta[k*B : (k+1)*B : (k+1)*B]
				var a float64
				for b, v := range row {
					a += v * z[b]
				}
				s += wk * math.Exp(-a)
			}
		} else {
			gc := gs[c*B : (c+1)*B]
			for k, wk := range w {
				row := beta[k*B : (k+1)*B : (k+1)*B]
				var a float64
				for b, v := range row {
					a += v * z[b]
				}
				v := wk * math.Exp(-a)
				s += v
				for b, bv := range row {
					gc[b] -= v * bv
				}
			}
		}
		part[c] = s
	})
	var s float64
	for _, v := range part {
		s += v
	}
	for b := range g {
		g[b] = 0
		for c := 0; c < nc; c++ {
			g[b] += gs[c*B+b]
		}
	}
	return s
}

// evalDC returns g(z) and h(z) and, for s not nil, writes ∇g(z) into s,
// in one parallel pass over the terms of both parts (partial sums combined
// in chunk order: the same values for any GOMAXPROCS).
func evalDC(gp, hp *dcPairs, s, z []float64) (float64, float64) {
	ng := (len(gp.w) + dcChunk - 1) / dcChunk
	nh := (len(hp.w) + dcChunk - 1) / dcChunk
	B := gp.B
	part := make([]float64, ng+nh)
	var grads []float64
	if s != nil {
		grads = make([]float64, ng*B)
	}
	parallel.For(ng+nh, func(c int) {
		p, k0 := gp, c*dcChunk
		if c >= ng {
			p, k0 = hp, (c-ng)*dcChunk
		}
		var sum float64
		for k := k0; k < min(k0+dcChunk, len(p.w)); k++ {
			row := p.beta[k*B : (k+1)*B]
			var a float64
			for b, v := range row {
				a += v * z[b]
			}
			v := p.w[k] * math.Exp(-a)
			sum += v
			if grads != nil && c < ng {
				for b, bv := range row {
					grads[c*B+b] -= v * bv
				}
			}
		}
		part[c] = sum
	})
	var g, h float64
	for c, v := range part {
		if c < ng {
			g += v
		} else {
			h += v
		}
	}
	if s != nil {
		for b := range s {
			s[b] = 0
		}
		for c := 0; c < ng; c++ {
			for b := range s {
				s[b] += grads[c*B+b]
			}
		}
	}
	return g, h
}

// refineStarts is the number of best piece centres SearchDC refines by a
// local search before the cutting plane (three gave the same cuts as one
// on the Table 2 cells).
const refineStarts = 1

// pieceFactor is the largest ratio ω_hi/ω_lo of one piece of SearchDC
// with exact vertex enumeration (one or two parameters). On the quick
// Table 2 cell (odd vs. even, [75, 25000]) factors 2, 3, 5, 8 and 12 took
// 8.6, 5.6, 4.1, 3.5 and 3.0 s of CPU; 5 is the largest that kept every
// certificate with the largest gap of an uncertified step below 10⁻⁴ (8
// left 1.3·10⁻⁴, 12 one certificate fewer). localPieceFactor is that of
// the local variant (more than two parameters), whose number of pieces
// grows as the power B of the count per coordinate: on the quick
// four-variance run factor 100 (2⁴ pieces) took less CPU than 30 (3⁴).
const (
	pieceFactor      = 5
	localPieceFactor = 100
)

// dcDrop bounds, relative to the sum of all terms, the terms SearchDC
// leaves out of a piece: below the rounding of that sum.
const dcDrop = 1e-15

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
// scale-invariant); the box of ω is cut into pieces spanning a factor ≤ 5
// per coordinate (log-spaced), each rescaled to the unit box and solved by
// opt.DCCuttingPlane (Algorithm 2) with the best value found so far as a
// cutoff, so that the global optimum is certified piece by piece (Status).
// The pairwise squared distances are read once per call; the value at
// every piece's centre, the best centre then refined by the bounded
// quasi-Newton search over the whole box (the maximum often lies on a
// ridge across pieces), gives the first incumbent, and a piece whose bound
// g(ω_hi) − h(ω_lo) ≤ g − h (both parts decrease in every ω_b) is already
// at the incumbent is pruned without a cut. Inside a piece the cut level
// is the incumbent (DCSettings.Cutoff), g, h and ∇g come from one parallel
// pass over the pairs (deterministic partial sums), and terms below
// 10⁻¹⁵ of the piece's total (together) are left out, their mass of h
// taken off the piece's lower bound. set nil uses the solver's defaults;
// its MaxIter caps each piece.
//
// Each piece starts from the prism over the piece itself (DCSettings.Box)
// rather than over the paper's simplex S⁰ ⊇ piece (vertices ω_lo and
// ω_lo + B(ω_hi − ω_lo)_b e_b): both are valid inputs of Algorithm 2 and
// reach the same certified optimum (TestSearchDCStarts against brute
// force), in one parameter they coincide, and in two the prism needs fewer
// cuts (no vertex leaves the box, so no Case-2 bisection, and P⁰ is
// smaller) and no evaluation of g and h outside the piece.
//
// More than two parameters (the paper's four image quadrants) run the
// local variant of Algorithm 2 (DCSettings.Local, as the paper does with a
// local optimiser in Section 6) on pieces spanning a factor ≤ 100: exact
// vertex enumeration grows too fast with the dimension. Run.Local is then
// true, Status Success says that every piece visited passed the local
// test or was pruned (not a certificate, unless Run.F − Run.Lower is
// within the tolerance), and Run.Lower remains a valid, weak, bound.
func SearchDC(f Family, s Searcher, d int, c []float64, set *opt.DCSettings) (*DCResult, error) {
	return searchDC(f, s, d, c, set, false)
}

// searchDC is SearchDC, with each piece started from the paper's simplex
// S⁰ ⊇ piece (vertices Lo and Lo + B(Hi_b − Lo_b)e_b) instead of the
// prism over the piece when simplex is true (the tests compare the two
// starts).
func searchDC(f Family, s Searcher, d int, c []float64, set *opt.DCSettings, simplex bool) (*DCResult, error) {
	if f == nil || s == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "continuous: SearchDC with a nil family or searcher")
	}
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
	u, nrm, err := unit(c)
	if err != nil {
		return nil, klearn.Errorf(err, "continuous: SearchDC")
	}
	// The pairs i < j with their signed weights 2u_iu_j (ordered pairs (i, j)
	// and (j, i)) and per-block squared distances.
	var wgt, dist []float64
	var diag float64
	for i := 0; i < n; i++ {
		diag += u[i] * u[i]
		for j := i + 1; j < n; j++ {
			w := 2 * u[i] * u[j]
			if w == 0 {
				continue
			}
			wgt = append(wgt, w)
			for _, D := range Ds {
				dist = append(dist, D.At(i, j))
			}
		}
	}
	// ω_b ∈ [e^{−2 hi_b}, e^{−2 lo_b}], cut into pieces spanning a factor
	// ≤ pieceFactor each (log-spaced): in ω the terms vary on very different
	// scales (e^{−ωb_ij} with b_ij ~ 10⁶ on raw pixels), and the cutting
	// plane converges much faster on such pieces.
	var cfg opt.DCSettings
	if set != nil {
		cfg = *set
	}
	if B > 2 {
		cfg.Local = true
	}
	factor := float64(pieceFactor)
	if cfg.Local {
		factor = localPieceFactor
	}
	cuts := make([][]float64, B)
	for b := range cuts {
		wl, wh := math.Exp(-2*hi[b]), math.Exp(-2*lo[b])
		k := max(1, int(math.Ceil(math.Log(wh/wl)/math.Log(factor)-1e-9)))
		for j := 0; j <= k; j++ {
			cuts[b] = append(cuts[b], wl*math.Pow(wh/wl, float64(j)/float64(k)))
		}
		cuts[b][0], cuts[b][k] = wl, wh
	}
	type piece struct {
		wl, span   []float64
		mid, bound float64
	}
	var pieces []piece
	idx := make([]int, B)
	for {
		pc := piece{wl: make([]float64, B), span: make([]float64, B)}
		for b := range idx {
			pc.wl[b] = cuts[b][idx[b]]
			pc.span[b] = cuts[b][idx[b]+1] - pc.wl[b]
		}
		pieces = append(pieces, pc)
		b := 0
		for ; b < B; b++ {
			idx[b]++
			if idx[b] < len(cuts[b])-1 {
				break
			}
			idx[b] = 0
		}
		if b == B {
			break
		}
	}
	// parts returns g and h on a piece in its unit box, without the terms
	// whose largest value on the piece (at its lower corner) is negligible:
	// a term goes when it is below dcDrop·S/N, S the sum of the N terms'
	// largest values, so that all dropped terms together stay below
	// dcDrop·S; dropH is the dropped mass of h, subtracted from the piece's
	// lower bound to keep it valid.
	parts := func(pc piece) (gp, hp *dcPairs, dropH float64) {
		gp, hp = &dcPairs{B: B}, &dcPairs{B: B}
		scaled := make([]float64, len(wgt))
		var S float64
		for k, w := range wgt {
			var a float64
			for b := 0; b < B; b++ {
				a += dist[k*B+b] * pc.wl[b]
			}
			scaled[k] = w * math.Exp(-a)
			S += math.Abs(scaled[k])
		}
		floor := dcDrop * S / float64(max(1, len(wgt)))
		for k, w := range scaled {
			p := hp
			if w < 0 {
				p, w = gp, -w
			}
			if w <= floor {
				if p == hp {
					dropH += w
				}
				continue
			}
			p.w = append(p.w, w)
			for b := 0; b < B; b++ {
				p.beta = append(p.beta, dist[k*B+b]*pc.span[b])
			}
		}
		return gp, hp, dropH
	}
	// The pieces' centres give the first incumbent; the bound g(ω_hi) −
	// h(ω_lo) ≤ g − h on a piece (g and h decrease in every ω_b) prunes a
	// piece before any cut once the incumbent is at or below it.
	at := func(w []float64) (float64, float64) {
		nc := (len(wgt) + dcChunk - 1) / dcChunk
		gs, hs := make([]float64, nc), make([]float64, nc)
		parallel.For(nc, func(c int) {
			for k := c * dcChunk; k < min((c+1)*dcChunk, len(wgt)); k++ {
				var a float64
				for b := 0; b < B; b++ {
					a += dist[k*B+b] * w[b]
				}
				if v := wgt[k] * math.Exp(-a); v < 0 {
					gs[c] -= v
				} else {
					hs[c] += v
				}
			}
		})
		var g, h float64
		for c := range gs {
			g, h = g+gs[c], h+hs[c]
		}
		return g, h
	}
	best := make([]float64, B)
	total := &opt.DCResult{F: math.Inf(1), Lower: math.Inf(1), Status: opt.Success, Local: cfg.Local}
	// score sets a piece's centre value (a candidate incumbent) and bound.
	score := func(pc *piece) {
		w := make([]float64, B)
		for b := range w {
			w[b] = pc.wl[b] + pc.span[b]/2
		}
		g, h := at(w)
		pc.mid = g - h
		if pc.mid < total.F {
			total.F = pc.mid
			copy(best, w)
		}
		for b := range w {
			w[b] = pc.wl[b] + pc.span[b]
		}
		gHi, _ := at(w)
		_, hLo := at(pc.wl)
		pc.bound = gHi - hLo
	}
	for i := range pieces {
		score(&pieces[i])
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-9
	}
	zlo, zhi := make([]float64, B), make([]float64, B)
	for b := range zhi {
		zhi[b] = 1
	}
	// Visit the pieces best centre first.
	sort.SliceStable(pieces, func(i, j int) bool { return pieces[i].mid < pieces[j].mid })
	// Refine the best centre by the bounded quasi-Newton search over the
	// whole box (in log σ, across the pieces): the maximum often lies on a
	// ridge through several pieces, and an incumbent near it from the start
	// is a deeper cut level and a sharper pruning test on every piece.
	P := outer(u)
	prob := opt.Problem{
		Func: func(th []float64) float64 {
			v, err := s.Inner(P, th, nil)
			if err != nil {
				return math.NaN()
			}
			return -v
		},
		Grad: func(gr, th []float64) {
			if _, err := s.Inner(P, th, gr); err != nil {
				for b := range gr {
					gr[b] = math.NaN()
				}
			}
			for b := range gr {
				gr[b] = -gr[b]
			}
		},
	}
	for _, pc := range pieces[:min(refineStarts, len(pieces))] {
		th0 := make([]float64, B)
		for b := range th0 {
			th0[b] = math.Min(math.Max(-0.5*math.Log(pc.wl[b]+pc.span[b]/2), lo[b]), hi[b])
		}
		r, err := opt.LBFGSB(prob, th0, lo, hi, &opt.Settings{MaxIter: DefaultSearchMaxIter})
		if err != nil {
			continue
		}
		w := make([]float64, B)
		for b := range w {
			w[b] = math.Exp(-2 * r.X[b])
		}
		if g, h := at(w); g-h < total.F {
			total.F = g - h
			copy(best, w)
		}
	}
	cfg.Box = !simplex
	for _, pc := range pieces {
		if pc.bound >= total.F-tol*math.Max(1, math.Abs(total.F)) {
			total.Lower = math.Min(total.Lower, pc.bound)
			total.Iters = append(total.Iters, opt.DCIter{Phi: total.F, Lower: pc.bound})
			continue
		}
		gp, hp, dropH := parts(pc)
		cut := total.F
		cfg.Cutoff = &cut
		res, err := opt.DCCuttingPlane(opt.DCProblem{G: gp.f, GradG: gp.grad, H: hp.f, GradH: hp.grad, EvalH: hp.eval, EvalG: gp.eval, Lo: zlo, Hi: zhi,
			Eval: func(s, z []float64) (float64, float64) { return evalDC(gp, hp, s, z) }}, &cfg)
		if err != nil {
			return nil, klearn.Errorf(err, "continuous: SearchDC")
		}
		for _, it := range res.Iters {
			it.Phi = math.Min(it.Phi, total.F)
			it.Lower -= dropH
			total.Iters = append(total.Iters, it)
		}
		total.Iterations += res.Iterations
		if res.F < total.F {
			total.F = res.F
			for b := range best {
				best[b] = pc.wl[b] + pc.span[b]*res.X[b]
			}
		}
		total.Lower = math.Min(total.Lower, res.Lower-dropH)
		if res.Status != opt.Success && total.Status == opt.Success {
			total.Status = res.Status
		}
	}
	total.Lower = math.Min(total.Lower, total.F)
	// The pieces' bounds together certify the optimum even when a piece
	// stopped at its cap before the final incumbent could prune it.
	if total.F-total.Lower <= tol*math.Max(1, math.Abs(total.F)) {
		total.Status = opt.Success
	}
	total.X = make([]float64, B)
	theta := make([]float64, B)
	for b := range theta {
		wl, wh := math.Exp(-2*hi[b]), math.Exp(-2*lo[b])
		total.X[b] = (best[b] - wl) / (wh - wl)
		theta[b] = math.Min(math.Max(-0.5*math.Log(best[b]), lo[b]), hi[b])
	}
	value := nrm * nrm * (diag - total.F)
	if math.IsInf(value, 0) || math.IsNaN(value) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "continuous: SearchDC: the value ⟨c, G c⟩ = ‖c‖²·%g with ‖c‖ = %g overflows; scale c down (the maximiser does not depend on its length)", diag-total.F, nrm)
	}
	return &DCResult{Theta: theta, Value: value, Run: total}, nil
}
