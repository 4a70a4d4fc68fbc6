package opt

import "math"

// kktStats are the optimality partials of one block of the pairwise QP
// solver: the minimum of g, and over the support (x_i > 0) the maximum of g
// with its first index (−1 for an empty support) and ρ = Σ g_i x_i.
type kktStats struct {
	gmin, gmax, rho float64
	imax            int
}

// kktSweepGo is kktSweep in Go (without AVX2/FMA, or with -tags purego):
// ρ is summed in four interleaved partial sums, ((ρ₀ + ρ₁) + (ρ₂ + ρ₃))
// plus the tail in order; the comparisons left are rarely true (a new
// running extreme) and so predicted well.
func kktSweepGo(g, x, pen, qj, qi []float64, c float64) kktStats {
	n := len(g)
	x, pen, qj, qi = x[:n], pen[:n], qj[:n], qi[:n]
	s := kktStats{gmin: math.Inf(1), gmax: math.Inf(-1), imax: -1}
	var r0, r1, r2, r3 float64
	t := 0
	for ; t+4 <= n; t += 4 {
		g0 := g[t] + c*(qj[t]-qi[t])
		g1 := g[t+1] + c*(qj[t+1]-qi[t+1])
		g2 := g[t+2] + c*(qj[t+2]-qi[t+2])
		g3 := g[t+3] + c*(qj[t+3]-qi[t+3])
		g[t], g[t+1], g[t+2], g[t+3] = g0, g1, g2, g3
		r0 += g0 * x[t]
		r1 += g1 * x[t+1]
		r2 += g2 * x[t+2]
		r3 += g3 * x[t+3]
		s.sweep1(t, g0, pen[t])
		s.sweep1(t+1, g1, pen[t+1])
		s.sweep1(t+2, g2, pen[t+2])
		s.sweep1(t+3, g3, pen[t+3])
	}
	rho := (r0 + r1) + (r2 + r3)
	for ; t < n; t++ {
		gt := g[t] + c*(qj[t]-qi[t])
		g[t] = gt
		rho += gt * x[t]
		s.sweep1(t, gt, pen[t])
	}
	s.rho = rho
	return s
}

// sweep1 updates the running minimum and support maximum with g_t.
func (s *kktStats) sweep1(t int, gt, pen float64) {
	if gt < s.gmin {
		s.gmin = gt
	}
	if v := gt + pen; v > s.gmax {
		s.gmax, s.imax = v, t
	}
}

// wssSweepGo is wssSweep in Go (without AVX2/FMA, or with -tags purego),
// element by element.
func wssSweepGo(g, dg, row []float64, gm, di, m2 float64) (int, float64, float64) {
	n := len(g)
	dg, row = dg[:n], row[:n]
	bestJ, bestBB, bestA := -1, 0.0, 1.0
	for t, gj := range g {
		bj := gm - gj
		bb := bj * math.Abs(bj)
		a := di + dg[t] - m2*row[t]
		if a <= 0 {
			a = tau
		}
		if bb*bestA > bestBB*a {
			bestJ, bestBB, bestA = t, bb, a
		}
	}
	return bestJ, bestBB, bestA
}

// kktLanes is the lane state of kktSweepFMA: eight running minima, maxima
// over the support with their indices (as float64, exact below 2⁵³) and
// partial sums ρ, the current indices, the step 8 and the multiplier c.
type kktLanes struct {
	gmin, gmax, imax, rho, cur [8]float64
	step, c                    [4]float64
}

// wssLanes is the lane state and constants of wssSweepFMA.
type wssLanes struct {
	bb, a, idx, cur       [8]float64
	step, gm, di, m2, tau [4]float64
	abs                   [4]uint64
}

// kktSweep applies a pair step to one block of the gradient,
// g_t ← g_t + c·(qj_t − qi_t) (c = 2t·mul, qj and qi the block's parts of
// the rows of Q of the step's two variables), and returns the block's
// kktStats from the same pass: pen marks the support (0 for x_t > 0, −∞
// for x_t = 0), so the support's largest g_t is max_t (g_t + pen_t) with
// no branch on x, and ρ = Σ_t g_t x_t needs none (x_t = 0 adds 0). With
// AVX2 and FMA the first len − len mod 8 entries run in eight lanes
// (kktSweepFMA; lane l takes t ≡ l mod 8, ρ summed over the lanes in
// pairs, ((ρ₀ + ρ₄) + (ρ₁ + ρ₅)) + ((ρ₂ + ρ₆) + (ρ₃ + ρ₇)), the
// maximum's ties going to the lowest index) and the rest in order;
// otherwise kktSweepGo. Each is deterministic; they agree to rounding.
func kktSweep(g, x, pen, qj, qi []float64, c float64) kktStats {
	if !haveSweepFMA || len(g) < 8 {
		return kktSweepGo(g, x, pen, qj, qi, c)
	}
	n := len(g)
	x, pen, qj, qi = x[:n], pen[:n], qj[:n], qi[:n]
	k := n &^ 7
	st := kktLanes{step: [4]float64{8, 8, 8, 8}, c: [4]float64{c, c, c, c}}
	for l := range 8 {
		st.gmin[l], st.gmax[l], st.imax[l], st.cur[l] = math.Inf(1), math.Inf(-1), -1, float64(l)
	}
	kktSweepFMA(&g[0], &x[0], &pen[0], &qj[0], &qi[0], k, &st)
	s := st.reduce()
	for t := k; t < n; t++ {
		gt := g[t] + c*(qj[t]-qi[t])
		g[t] = gt
		s.rho += gt * x[t]
		s.sweep1(t, gt, pen[t])
	}
	return s
}

// kktScan returns the kktStats of one block of a current gradient (no
// step): kktSweep with c = 0, which leaves a finite g as it is
// (g + 0·(g − g) = g).
func kktScan(g, x, pen []float64) kktStats {
	return kktSweep(g, x, pen, g, g, 0)
}

// reduce combines the eight lanes: the smallest minimum, the largest
// maximum (the lowest index on ties) and
// ρ = ((ρ₀ + ρ₄) + (ρ₁ + ρ₅)) + ((ρ₂ + ρ₆) + (ρ₃ + ρ₇)).
func (st *kktLanes) reduce() kktStats {
	s := kktStats{gmin: math.Inf(1), gmax: math.Inf(-1), imax: -1}
	for l := range 8 {
		s.gmin = math.Min(s.gmin, st.gmin[l])
		if i := int(st.imax[l]); i >= 0 && (st.gmax[l] > s.gmax || st.gmax[l] == s.gmax && i < s.imax) {
			s.gmax, s.imax = st.gmax[l], i
		}
	}
	r := &st.rho
	s.rho = ((r[0] + r[4]) + (r[1] + r[5])) + ((r[2] + r[6]) + (r[3] + r[7]))
	return s
}

// wssSweep is the second-order working-set choice (WSS2 of Fan, Chen &
// Lin 2005, their Eqs. (17)–(19)) over one block: for the violating variable i
// (largest gradient gm on the support, H_ii = di, row the block's part of
// Q_i·) the j of largest gain b_j²/a_j, b_j = gm − g_j > 0,
// a_j = H_ii + H_jj − 2·mul·Q_ij (dg the block's H_jj, m2 = 2·mul; a_j ≤ 0
// replaced by tau). Gains are compared as b²a' > b'²a (no division), and
// b_j ≤ 0 is excluded without a branch: b_j·|b_j| ≤ 0 never beats the
// running best (≥ 0); ties go to the lowest index. It returns the
// block-relative j (−1 for none), b_j² and a_j. With AVX2 and FMA the first
// len − len mod 8 entries run in eight lanes (wssSweepFMA), the rest in
// order; otherwise wssSweepGo.
func wssSweep(g, dg, row []float64, gm, di, m2 float64) (int, float64, float64) {
	if !haveSweepFMA || len(g) < 8 {
		return wssSweepGo(g, dg, row, gm, di, m2)
	}
	n := len(g)
	dg, row = dg[:n], row[:n]
	k := n &^ 7
	var st wssLanes
	for l := range 8 {
		st.bb[l], st.a[l], st.idx[l], st.cur[l] = 0, 1, -1, float64(l)
	}
	for l := range 4 {
		st.step[l], st.gm[l], st.di[l], st.m2[l], st.tau[l] = 8, gm, di, m2, tau
		st.abs[l] = 1<<63 - 1
	}
	wssSweepFMA(&g[0], &dg[0], &row[0], k, &st)
	bestJ, bestBB, bestA := -1, 0.0, 1.0
	for l := range 8 {
		j := int(st.idx[l])
		if j < 0 {
			continue
		}
		lhs, rhs := st.bb[l]*bestA, bestBB*st.a[l]
		if lhs > rhs || lhs == rhs && j < bestJ {
			bestJ, bestBB, bestA = j, st.bb[l], st.a[l]
		}
	}
	for t := k; t < n; t++ {
		bj := gm - g[t]
		bb := bj * math.Abs(bj)
		a := di + dg[t] - m2*row[t]
		if a <= 0 {
			a = tau
		}
		if bb*bestA > bestBB*a {
			bestJ, bestBB, bestA = t, bb, a
		}
	}
	return bestJ, bestBB, bestA
}
