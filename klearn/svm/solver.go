package svm

import (
	"math"
	"sync/atomic"

	"gonum.org/v1/gonum/floats"
)

// tau replaces a non-positive curvature a_ij in the working-set selection and
// the update (TAU of LIBSVM; Fan, Chen & Lin 2005, §4 "non-PSD kernels").
const tau = 1e-12

// Status reports how a solver stopped.
type Status int

const (
	// Converged means the stopping condition of Eq. (28) of Fan, Chen & Lin
	// (2005), m(α) − M(α) < Tol (with bias), or the largest projected-gradient
	// violation < Tol (without bias), was met.
	Converged Status = iota
	// MaxIterReached means the iteration limit stopped the solver first; the
	// model is usable but not optimal to Tol.
	MaxIterReached
)

func (s Status) String() string {
	switch s {
	case Converged:
		return "converged"
	case MaxIterReached:
		return "max-iter"
	}
	return "unknown"
}

// fillFunc writes K(p, q_k) into dst[k] for the global indices p and q.
type fillFunc func(dst []float64, p int, q []int)

const (
	atLower int8 = iota
	atUpper
	free
)

// solver is LIBSVM's Solver (svm.cpp, version 3.24) specialised to C-SVC,
// p = −e: it minimises f(α) = ½αᵀQα − eᵀα, 0 ≤ α_i ≤ C_i, with yᵀα = 0
// unless noBias, where Q_ij = y_i y_j K_ij. All per-variable arrays are in
// the current (shrinking) order; perm maps positions to problem-local
// indices and gidx to indices of the kernel source.
//
// The solver works in label space: it keeps H = y∘G (H_t = y_tG_t, so
// −y_tG_t = −H_t is the quantity WSS2 ranks) and H̄ = y∘Ḡ, and caches rows
// of K rather than of Q. The update G ← G + Δα_i Q_i becomes the plain
// axpy H ← H + (y_iΔα_i) K_i and no row is ever multiplied by labels.
// Since y_t = ±1, every product with y_t is exact: the iterates are
// bit-for-bit those of the G-space formulation (and of LIBSVM's, up to its
// float32 cache).
type solver struct {
	l, active    int
	y, H, Hbar   []float64
	alpha, C, QD []float64
	status       []int8
	up, low      []float64 // 0 if t ∈ I_up(α) (y_tα_t can grow) / t ∈ I_low(α), else −∞
	perm, gidx   []int
	cache        *lruCache
	fill         fillFunc
	eps          float64
	shrinking    bool
	unshrink     bool
	noBias       bool
	maxIter      int
	iter         int
	stat         Status
	rho, obj     float64
	alphaOut     []float64 // α in problem-local order, after solve
	diag         func(p int) float64
	abort        *atomic.Bool // see source.abort
	init         []float64    // feasible starting α (problem-local order), nil: α = 0
}

// newSolver prepares a problem over the kernel-source indices idx with
// labels y (±1) and per-example bounds C.
func newSolver(idx []int, y, C []float64, fill fillFunc, diag func(int) float64, cacheFloats int) *solver {
	l := len(idx)
	s := &solver{
		l: l, active: l,
		y: append([]float64(nil), y...), C: append([]float64(nil), C...),
		H: make([]float64, l), Hbar: make([]float64, l),
		alpha: make([]float64, l), QD: make([]float64, l),
		status: make([]int8, l), up: make([]float64, l), low: make([]float64, l),
		perm: make([]int, l), gidx: append([]int(nil), idx...),
		cache: newLRUCache(l, cacheFloats),
		fill:  fill, diag: diag,
	}
	for i := range s.perm {
		s.perm[i] = i
		s.QD[i] = diag(idx[i])
	}
	return s
}

// row returns K_{i,0:n} (current order) from the cache, computing missing entries.
func (s *solver) row(i, n int) []float64 {
	data, start := s.cache.get(i, n)
	if start < n {
		s.fill(data[start:n], s.gidx[i], s.gidx[start:n])
	}
	return data[:n]
}

func (s *solver) updateStatus(i int) {
	switch {
	case s.alpha[i] >= s.C[i]:
		s.status[i] = atUpper
	case s.alpha[i] <= 0:
		s.status[i] = atLower
	default:
		s.status[i] = free
	}
	// Eq. (16) of Fan, Chen & Lin (2005).
	st, pos := s.status[i], s.y[i] > 0
	s.up[i] = mask((pos && st != atUpper) || (!pos && st != atLower))
	s.low[i] = mask((pos && st != atLower) || (!pos && st != atUpper))
}

func (s *solver) swapIndex(i, j int) {
	s.cache.swapIndex(i, j)
	s.y[i], s.y[j] = s.y[j], s.y[i]
	s.H[i], s.H[j] = s.H[j], s.H[i]
	s.Hbar[i], s.Hbar[j] = s.Hbar[j], s.Hbar[i]
	s.alpha[i], s.alpha[j] = s.alpha[j], s.alpha[i]
	s.C[i], s.C[j] = s.C[j], s.C[i]
	s.QD[i], s.QD[j] = s.QD[j], s.QD[i]
	s.status[i], s.status[j] = s.status[j], s.status[i]
	s.up[i], s.up[j] = s.up[j], s.up[i]
	s.low[i], s.low[j] = s.low[j], s.low[i]
	s.perm[i], s.perm[j] = s.perm[j], s.perm[i]
	s.gidx[i], s.gidx[j] = s.gidx[j], s.gidx[i]
}

// reconstructGradient recomputes G on the shrunk variables from
// Ḡ_i = Σ_{α_j = C_j} C_j Q_ij and the free variables (LIBSVM's
// reconstruct_gradient; Chang & Lin 2011, §5.1), in label space:
// H_i = H̄_i − y_i + Σ_{j free} α_j y_j K_ij.
func (s *solver) reconstructGradient() {
	l, a := s.l, s.active
	if a == l {
		return
	}
	for j := a; j < l; j++ {
		s.H[j] = s.Hbar[j] - s.y[j]
	}
	nFree := 0
	for j := 0; j < a; j++ {
		if s.status[j] == free {
			nFree++
		}
	}
	if nFree*l > 2*a*(l-a) {
		for i := a; i < l; i++ {
			Ki := s.row(i, a)
			g := 0.0
			for j := 0; j < a; j++ {
				if s.status[j] == free {
					g += s.alpha[j] * s.y[j] * Ki[j]
				}
			}
			s.H[i] += g
		}
	} else {
		for i := 0; i < a; i++ {
			if s.status[i] == free {
				floats.AddScaled(s.H[a:l], s.y[i]*s.alpha[i], s.row(i, l)[a:l])
			}
		}
	}
}

// solve runs SMO from α = 0, or from init when it is set.
func (s *solver) solve() {
	l := s.l
	for i := range s.H {
		s.H[i] = -s.y[i] // G = −e
	}
	if s.init != nil {
		copy(s.alpha, s.init)
	}
	for i := 0; i < l; i++ {
		s.updateStatus(i)
	}
	if s.init != nil {
		// G = Qα − e and Ḡ = Σ_{α_j = C_j} C_j Q_j, in label space.
		for j := 0; j < l; j++ {
			if a := s.alpha[j]; a > 0 {
				Kj := s.row(j, l)
				floats.AddScaled(s.H, s.y[j]*a, Kj)
				if s.status[j] == atUpper {
					floats.AddScaled(s.Hbar, s.y[j]*s.C[j], Kj)
				}
			}
		}
	}
	counter := min(l, 1000) + 1
	maxIter := s.maxIter
	for s.iter < maxIter {
		if s.abort != nil && s.abort.Load() {
			break
		}
		counter--
		if counter == 0 {
			counter = min(l, 1000)
			if s.shrinking {
				s.doShrinking()
			}
		}
		i, j, ok := s.selectWorkingSet()
		if !ok {
			s.reconstructGradient()
			s.active = l
			i, j, ok = s.selectWorkingSet()
			if !ok {
				break
			}
			counter = 1 // shrink at the next iteration
		}
		s.iter++
		if s.noBias {
			s.updateOne(i)
		} else {
			s.updatePair(i, j)
		}
	}
	if s.iter >= maxIter {
		s.stat = MaxIterReached
		if s.active < l {
			s.reconstructGradient()
			s.active = l
		}
	}
	if s.noBias {
		s.rho = 0
	} else {
		s.rho = s.calculateRho()
	}
	v := 0.0
	for i := 0; i < l; i++ {
		v += s.alpha[i] * (s.y[i]*s.H[i] - 1)
	}
	s.obj = v / 2
	s.alphaOut = make([]float64, l)
	for i := 0; i < l; i++ {
		s.alphaOut[s.perm[i]] = s.alpha[i]
	}
	s.cache.release()
}

// mask is 0 for members of an index set and −∞ for the others: added to a
// finite value it keeps it or sends it to −∞, which the running maxima of
// the working-set selection then ignore without a branch.
func mask(in bool) float64 {
	if in {
		return 0
	}
	return math.Inf(-1)
}

// selectWorkingSet is WSS2 of Fan, Chen & Lin (2005), Eqs. (17)–(19) as in
// LIBSVM: i = argmax_{t∈I_up} −y_t G_t, then
// j = argmin_{t∈I_low, −y_tG_t < −y_iG_i} −b_it²/a_it with
// b_it = −y_iG_i + y_tG_t and a_it = K_ii + K_tt − 2K_it (τ if ≤ 0).
// Without bias it picks the single variable with the largest second-order
// gain G_i²/Q_ii among the KKT violators (j is unused).
//
// In label space F_t = −y_tG_t = −H_t and b_it = m + H_t with m = F_i. The
// scans (scanUp, scanLow in wss.go) are free of data-dependent branches:
// membership enters through the 0/−∞ masks, and the candidate score
// s_t = b_it·|b_it|/a_it is positive exactly for the candidates b_it > 0
// (−∞ or ≤ 0 otherwise). For candidates s_t = b_it²/a_it, and s_t ≥ s_best
// is LIBSVM's test obj_diff ≤ obj_diff_min with obj_diff = −b²/a computed
// the same way, so ties go to the last index as in LIBSVM.
func (s *solver) selectWorkingSet() (int, int, bool) {
	if s.noBias {
		return s.selectOne()
	}
	a := s.active
	gmax, i := scanUp(s.H[:a], s.up)
	if gmax == math.Inf(-1) {
		return -1, -1, false
	}
	Ki := s.row(i, a)
	gmax2, j := scanLow(s.H[:a], s.low, s.QD, Ki, gmax, s.QD[i])
	if gmax+gmax2 < s.eps {
		return -1, -1, false
	}
	if j == -1 {
		return s.selectPairExact(i, Ki, gmax)
	}
	return i, j, true
}

// selectPairExact is the second scan of WSS2 with explicit branches, for
// the case where every candidate score underflows to 0 (a_it beyond
// ~1e300), which the fast scan cannot rank.
func (s *solver) selectPairExact(i int, Ki []float64, gmax float64) (int, int, bool) {
	j, objMin := -1, math.Inf(1)
	for t := 0; t < len(Ki); t++ {
		if s.low[t] != 0 {
			continue
		}
		if b := gmax + s.H[t]; b > 0 {
			quad := s.QD[i] + s.QD[t] - 2*Ki[t]
			if quad <= 0 {
				quad = tau
			}
			if obj := -(b * b) / quad; obj <= objMin {
				j, objMin = t, obj
			}
		}
	}
	if j == -1 {
		return -1, -1, false
	}
	return i, j, true
}

// violation is the projected-gradient KKT violation of variable t for the
// problem without the equality constraint.
func (s *solver) violation(t int) float64 {
	g := s.y[t] * s.H[t]
	switch s.status[t] {
	case atLower:
		return max(-g, 0)
	case atUpper:
		return max(g, 0)
	}
	return math.Abs(g)
}

func (s *solver) selectOne() (int, int, bool) {
	a := s.active
	best, bestGain, vmax := -1, -1.0, 0.0
	for t := 0; t < a; t++ {
		v := s.violation(t)
		if v <= 0 {
			continue
		}
		if v > vmax {
			vmax = v
		}
		q := s.QD[t]
		if q <= 0 {
			q = tau
		}
		if gain := v * v / q; gain > bestGain {
			best, bestGain = t, gain
		}
	}
	if vmax < s.eps || best == -1 {
		return -1, -1, false
	}
	return best, -1, true
}

// updateOne minimises f exactly along coordinate i:
// α_i ← clip(α_i − G_i/Q_ii, 0, C_i).
func (s *solver) updateOne(i int) {
	q := s.QD[i]
	if q <= 0 {
		q = tau
	}
	old := s.alpha[i]
	ai := min(max(old-s.y[i]*s.H[i]/q, 0), s.C[i])
	s.alpha[i] = ai
	d := ai - old
	if d == 0 {
		return
	}
	floats.AddScaled(s.H[:s.active], s.y[i]*d, s.row(i, s.active))
	s.afterUpdate(i, old)
}

// afterUpdate maintains the status and H̄ = y∘Ḡ after α_i changed from old.
func (s *solver) afterUpdate(i int, old float64) {
	wasUpper := s.status[i] == atUpper
	s.updateStatus(i)
	if isUpper := s.status[i] == atUpper; wasUpper != isUpper {
		c := s.y[i] * s.C[i]
		if wasUpper {
			c = -c
		}
		floats.AddScaled(s.Hbar, c, s.row(i, s.l))
	}
}

// updatePair solves the two-variable subproblem analytically (Platt 1999;
// the clipping of LIBSVM's Solver::Solve).
func (s *solver) updatePair(i, j int) {
	a := s.active
	Ki := s.row(i, a)
	Kj := s.row(j, a)
	Ci, Cj := s.C[i], s.C[j]
	oi, oj := s.alpha[i], s.alpha[j]
	ai, aj := oi, oj
	Gi, Gj := s.y[i]*s.H[i], s.y[j]*s.H[j]
	// K_ii + K_jj − 2K_ij = Q_ii + Q_jj ∓ 2Q_ij for y_i = ±y_j.
	quad := s.QD[i] + s.QD[j] - 2*Ki[j]
	if quad <= 0 {
		quad = tau
	}
	if s.y[i] != s.y[j] {
		delta := (-Gi - Gj) / quad
		diff := ai - aj
		ai += delta
		aj += delta
		if diff > 0 {
			if aj < 0 {
				aj = 0
				ai = diff
			}
		} else {
			if ai < 0 {
				ai = 0
				aj = -diff
			}
		}
		if diff > Ci-Cj {
			if ai > Ci {
				ai = Ci
				aj = Ci - diff
			}
		} else {
			if aj > Cj {
				aj = Cj
				ai = Cj + diff
			}
		}
	} else {
		delta := (Gi - Gj) / quad
		sum := ai + aj
		ai -= delta
		aj += delta
		ai, aj = clipSum(ai, aj, sum, Ci)
		aj, ai = clipSum(aj, ai, sum, Cj)
	}
	s.alpha[i], s.alpha[j] = ai, aj
	di, dj := ai-oi, aj-oj
	floats.AddScaled(s.H[:a], s.y[i]*di, Ki[:a])
	floats.AddScaled(s.H[:a], s.y[j]*dj, Kj[:a])
	s.afterUpdate(i, oi)
	s.afterUpdate(j, oj)
}

func (s *solver) beShrunk(i int, gmax1, gmax2 float64) bool {
	g := s.y[i] * s.H[i]
	switch s.status[i] {
	case atUpper:
		if s.noBias {
			return -g > gmax1
		}
		if s.y[i] > 0 {
			return -g > gmax1
		}
		return -g > gmax2
	case atLower:
		if s.noBias {
			return g > gmax1
		}
		if s.y[i] > 0 {
			return g > gmax2
		}
		return g > gmax1
	}
	return false
}

// doShrinking removes bounded variables that are unlikely to move
// (LIBSVM's do_shrinking; Chang & Lin 2011, §5.1). Without bias a bounded
// variable is shrunk when its gradient points outwards by more than the
// largest current violation.
func (s *solver) doShrinking() {
	gmax1, gmax2 := math.Inf(-1), math.Inf(-1)
	var gap float64
	if s.noBias {
		for t := 0; t < s.active; t++ {
			gmax1 = max(gmax1, s.violation(t))
		}
		gap = gmax1
	} else {
		for i := 0; i < s.active; i++ {
			g := s.y[i] * s.H[i]
			if s.y[i] > 0 {
				if s.status[i] != atUpper && -g >= gmax1 {
					gmax1 = -g
				}
				if s.status[i] != atLower && g >= gmax2 {
					gmax2 = g
				}
			} else {
				if s.status[i] != atUpper && -g >= gmax2 {
					gmax2 = -g
				}
				if s.status[i] != atLower && g >= gmax1 {
					gmax1 = g
				}
			}
		}
		gap = gmax1 + gmax2
	}
	if !s.unshrink && gap <= s.eps*10 {
		s.unshrink = true
		s.reconstructGradient()
		s.active = s.l
	}
	for i := 0; i < s.active; i++ {
		if s.beShrunk(i, gmax1, gmax2) {
			s.active--
			for s.active > i {
				if !s.beShrunk(s.active, gmax1, gmax2) {
					s.swapIndex(i, s.active)
					break
				}
				s.active--
			}
		}
	}
}

// calculateRho returns ρ = −b: the mean of y_iG_i over free variables, or
// the midpoint of the feasible interval when none is free (LIBSVM's
// calculate_rho; with G = Qα − e this is the mean over free SVs of
// Σ_j α_j y_j K_ij − y_i, i.e. minus the b of §2 of Colbert & Peet (2020)).
func (s *solver) calculateRho() float64 {
	nFree := 0
	ub, lb := math.Inf(1), math.Inf(-1)
	sumFree := 0.0
	for i := 0; i < s.active; i++ {
		yG := s.H[i]
		switch s.status[i] {
		case atUpper:
			if s.y[i] < 0 {
				ub = min(ub, yG)
			} else {
				lb = max(lb, yG)
			}
		case atLower:
			if s.y[i] > 0 {
				ub = min(ub, yG)
			} else {
				lb = max(lb, yG)
			}
		default:
			nFree++
			sumFree += yG
		}
	}
	if nFree > 0 {
		return sumFree / float64(nFree)
	}
	return (ub + lb) / 2
}

// clipSum moves (x, y) along the line x + y = sum back into the box, as in
// the equal-label branch of the update in LIBSVM 3.24's Solver::Solve: when
// sum > c it caps x at c, otherwise it lifts y to 0. Applied with the roles
// of the two variables swapped it clips the other bound.
func clipSum(x, y, sum, c float64) (float64, float64) {
	if sum > c {
		if x > c {
			return c, sum - c
		}
	} else if y < 0 {
		return sum, 0
	}
	return x, y
}
