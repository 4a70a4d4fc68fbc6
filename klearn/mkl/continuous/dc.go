package continuous

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/expsum"
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

// dcPairs holds the terms w_k·exp(−⟨β_k, z⟩) of one convex part, β by
// columns: β_k,b = beta[b·len(w) + k] (the layout expsum.Sum reads four
// terms at a time).
type dcPairs struct {
	w    []float64
	beta []float64
	B    int
}

// newDCPairs returns the part with the weights w and the terms' rows β_k =
// rows[k·B : (k+1)·B].
func newDCPairs(w, rows []float64, B int) *dcPairs {
	n := len(w)
	p := &dcPairs{w: w, beta: make([]float64, n*B), B: B}
	for k := 0; k < n; k++ {
		for b := 0; b < B; b++ {
			p.beta[b*n+k] = rows[k*B+b]
		}
	}
	return p
}

// terms writes each term w_k exp(−⟨β_k, z⟩) into out and returns their sum.
func (p *dcPairs) terms(out, z []float64) float64 {
	return expsum.Terms(out, p.w, p.beta, len(p.w), z)
}

// restrict returns the part on a piece {lo + span∘z : z ∈ [0, 1]^B} in its
// unit coordinates, given the terms at its lower corner (terms of p at
// lo): weights w_k e^{−⟨β_k, lo⟩} and rows β_k∘span, without the terms at
// or below floor, whose sum it returns.
func (p *dcPairs) restrict(terms, span []float64, floor float64) (*dcPairs, float64) {
	var keep []int
	var dropped float64
	for k, v := range terms {
		if v <= floor {
			dropped += v
			continue
		}
		keep = append(keep, k)
	}
	n, B := len(keep), p.B
	q := &dcPairs{w: make([]float64, n), beta: make([]float64, n*B), B: B}
	for i, k := range keep {
		q.w[i] = terms[k]
	}
	for b := 0; b < B; b++ {
		col, out := p.beta[b*len(p.w):(b+1)*len(p.w)], q.beta[b*n:(b+1)*n]
		for i, k := range keep {
			out[i] = col[k] * span[b]
		}
	}
	return q, dropped
}

// dcChunk is the number of terms summed per task: partial sums are
// combined in chunk order, so the value is the same for any GOMAXPROCS.
const dcChunk = 4096

func (p *dcPairs) f(z []float64) float64 { return p.eval(nil, z) }

func (p *dcPairs) grad(g, z []float64) { p.eval(g, z) }

// chunks returns the number of tasks of eval.
func (p *dcPairs) chunks() int { return (len(p.w) + dcChunk - 1) / dcChunk }

// sum returns chunk c's sum of terms and, for g not nil, writes its
// gradient into g[:B] (expsum.Sum: four terms per vector step, the same
// bits with or without the CPU's vector units).
func (p *dcPairs) sum(c int, z, g []float64) float64 {
	k0, k1 := c*dcChunk, min((c+1)*dcChunk, len(p.w))
	return expsum.Sum(p.w[k0:k1], p.beta[k0:], len(p.w), z, g)
}

// eval returns Σ_k w_k exp(−⟨β_k, z⟩) and, for g not nil, writes its
// gradient into g, in one parallel pass (BlockSum on chunks of dcChunk
// terms: the same values for any GOMAXPROCS).
func (p *dcPairs) eval(g, z []float64) float64 { return BlockSum(0, p.w, p.beta, z, dcChunk, g) }

// BlockSum returns start + Σ_k w_k exp(−⟨β_k, z⟩) over the len(w) terms,
// β by columns (β_k,b = beta[b·len(w) + k], the layout expsum.Sum reads),
// summed by expsum.Sum on fixed blocks of block terms in parallel and
// added to start in block order (the same bits for any GOMAXPROCS); for g
// not nil (of len(z) entries) it writes the gradient
// −Σ_k w_k exp(−⟨β_k, z⟩) β_k into g, the blocks' gradients summed in
// block order. It is the pair sum of the Gaussian searchers: the parts of
// SearchDC, the rank-one step 2 (rankone.go) and package stagewise's stage
// searchers (w the weights 2P_ij of the pairs i < j, β their squared
// distances, z = e^{−2θ}, start the diagonal's Σ_i P_ii). The caller
// guarantees finite inputs, block > 0 and len(beta) ≥ (len(z) − 1)·len(w)
// + len(w).
func BlockSum(start float64, w, beta, z []float64, block int, g []float64) float64 {
	m, B := len(w), len(z)
	nb := (m + block - 1) / block
	part := make([]float64, nb)
	var gs []float64
	if g != nil {
		gs = make([]float64, nb*B)
	}
	parallel.For(nb, func(b int) {
		lo, hi := b*block, min((b+1)*block, m)
		var gb []float64
		if gs != nil {
			gb = gs[b*B : (b+1)*B]
		}
		part[b] = expsum.Sum(w[lo:hi], beta[lo:], m, z, gb)
	})
	s := start
	for _, v := range part {
		s += v
	}
	sumChunks(g, gs, nb)
	return s
}

// sumChunks sets g_b to the sum over the nc chunks of their gradients gs
// (chunk-major), in chunk order; g nil does nothing.
func sumChunks(g, gs []float64, nc int) {
	B := len(g)
	for b := range g {
		g[b] = 0
		for c := 0; c < nc; c++ {
			g[b] += gs[c*B+b]
		}
	}
}

// evalDC returns g(z) and h(z) and, for s not nil, writes ∇g(z) into s,
// in one parallel pass over the terms of both parts (partial sums combined
// in chunk order: the same values for any GOMAXPROCS).
func evalDC(gp, hp *dcPairs, s, z []float64) (float64, float64) {
	ng, nh := gp.chunks(), hp.chunks()
	B := gp.B
	part := make([]float64, ng+nh)
	var grads []float64
	if s != nil {
		grads = make([]float64, ng*B)
	}
	parallel.For(ng+nh, func(c int) {
		if c >= ng {
			part[c] = hp.sum(c-ng, z, nil)
			return
		}
		var gc []float64
		if grads != nil {
			gc = grads[c*B : (c+1)*B]
		}
		part[c] = gp.sum(c, z, gc)
	})
	var g, h float64
	for c, v := range part {
		if c < ng {
			g += v
		} else {
			h += v
		}
	}
	sumChunks(s, grads, ng)
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

// pieceWave is the number of pieces SearchDC runs at once, each with the
// incumbent of the wave's start as its cutoff and merged in visiting
// order, so the result does not depend on GOMAXPROCS.
const pieceWave = 2

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
// opt.DCCuttingPlane (Algorithm 2) with the best value found before it as a
// cutoff, so that the global optimum is certified piece by piece (Status).
// The pieces run pieceWave at a time on separate goroutines (each with the
// incumbent of its wave's start; merged in visiting order, so the result is
// the same for any GOMAXPROCS): nearly every piece is visited at every
// greedy step, and the cutting plane's linear programs are sequential.
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
// its MaxIter caps each piece; its Recorder is not called (the pieces run
// concurrently).
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
	// The pairs i < j with their weights |2u_iu_j| (ordered pairs (i, j)
	// and (j, i)) and per-block squared distances, split by the sign of
	// u_iu_j into the terms of g (negative) and of h (positive).
	var gw, grows, hw, hrows []float64
	var diag float64
	for i := 0; i < n; i++ {
		diag += u[i] * u[i]
		for j := i + 1; j < n; j++ {
			w := 2 * u[i] * u[j]
			if w == 0 {
				continue
			}
			pw, rows := &hw, &hrows
			if w < 0 {
				pw, rows, w = &gw, &grows, -w
			}
			*pw = append(*pw, w)
			for _, D := range Ds {
				*rows = append(*rows, D.At(i, j))
			}
		}
	}
	gAll, hAll := newDCPairs(gw, grows, B), newDCPairs(hw, hrows, B)
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
		gs, hs := make([]float64, len(gAll.w)), make([]float64, len(hAll.w))
		S := gAll.terms(gs, pc.wl) + hAll.terms(hs, pc.wl)
		floor := dcDrop * S / float64(max(1, len(gs)+len(hs)))
		gp, _ = gAll.restrict(gs, pc.span, floor)
		hp, dropH = hAll.restrict(hs, pc.span, floor)
		return gp, hp, dropH
	}
	// The pieces' centres give the first incumbent; the bound g(ω_hi) −
	// h(ω_lo) ≤ g − h on a piece (g and h decrease in every ω_b) prunes a
	// piece before any cut once the incumbent is at or below it.
	at := func(w []float64) (float64, float64) { return evalDC(gAll, hAll, nil, w) }
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
	cfg.Recorder = nil // the pieces of a wave run at once
	for w0 := 0; w0 < len(pieces); w0 += pieceWave {
		wave := pieces[w0:min(w0+pieceWave, len(pieces))]
		cut := total.F
		runs := make([]*opt.DCResult, len(wave))
		drops := make([]float64, len(wave))
		errs := make([]error, len(wave))
		parallel.For(len(wave), func(i int) {
			pc := wave[i]
			if pc.bound >= cut-tol*math.Max(1, math.Abs(cut)) {
				return // pruned
			}
			gp, hp, dropH := parts(pc)
			pcfg, level := cfg, cut
			pcfg.Cutoff = &level
			runs[i], errs[i] = opt.DCCuttingPlane(opt.DCProblem{G: gp.f, GradG: gp.grad, H: hp.f, GradH: hp.grad, EvalH: hp.eval, EvalG: gp.eval, Lo: zlo, Hi: zhi,
				Eval: func(s, z []float64) (float64, float64) { return evalDC(gp, hp, s, z) }}, &pcfg)
			drops[i] = dropH
		})
		for i, pc := range wave {
			if errs[i] != nil {
				return nil, klearn.Errorf(errs[i], "continuous: SearchDC")
			}
			res := runs[i]
			if res == nil {
				total.Lower = math.Min(total.Lower, pc.bound)
				total.Iters = append(total.Iters, opt.DCIter{Phi: total.F, Lower: pc.bound})
				continue
			}
			for _, it := range res.Iters {
				it.Phi = math.Min(it.Phi, total.F)
				it.Lower -= drops[i]
				total.Iters = append(total.Iters, it)
			}
			total.Iterations += res.Iterations
			if res.F < total.F {
				total.F = res.F
				for b := range best {
					best[b] = pc.wl[b] + pc.span[b]*res.X[b]
				}
			}
			total.Lower = math.Min(total.Lower, res.Lower-drops[i])
			if res.Status != opt.Success && total.Status == opt.Success {
				total.Status = res.Status
			}
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
