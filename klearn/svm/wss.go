package svm

import (
	"math"
)

// The two scans of the working-set selection (selectWorkingSet), over the
// active prefix, in Go and — on amd64 with AVX2 — in vector assembly
// (wss_amd64.s) that processes 4 or 8 variables per step. Both compute the
// same numbers with the same operations per element (no fused
// multiply-adds), and the vector lanes keep LIBSVM's tie rule: each lane
// keeps the last index attaining its maximum and the reduction takes the
// largest index among the lanes attaining the overall maximum, which is the
// last index a sequential scan with ≥ would keep.

// upState holds the lane state of scanUpAVX2: two sets of four maxima,
// their indices (as float64, exact below 2⁵³), the current indices and the
// step 8.
type upState struct {
	g, idx, cur [8]float64
	step        [4]float64
}

// lowState holds the lane state and constants of scanLowAVX2.
type lowState struct {
	g2, best, idx, cur, step [4]float64
	gmax, qdi, tau           [4]float64
	abs                      [4]uint64
}

// scanUp returns max_t (up_t − H_t) over t < len(H) and the last t
// attaining it (up_t is 0 on I_up and −∞ off it, so the maximum is m(α) of
// Eq. (16) of Fan, Chen & Lin 2005, or −∞ when I_up is empty).
func scanUp(H, up []float64) (gmax float64, i int) {
	up = up[:len(H)]
	gmax, i = math.Inf(-1), -1
	k := 0
	if haveAVX2 && len(H) >= 16 {
		k = len(H) &^ 7
		var st upState
		for l := range st.g {
			st.g[l], st.idx[l], st.cur[l] = math.Inf(-1), -1, float64(l)
		}
		st.step = [4]float64{8, 8, 8, 8}
		scanUpAVX2(&H[0], &up[0], k, &st)
		gmax, i = reduceLanes(st.g[:], st.idx[:])
	}
	for t := k; t < len(H); t++ {
		// H is finite, so only t ∉ I_up ties with the initial −∞.
		if f := up[t] - H[t]; f >= gmax {
			gmax, i = f, t
		}
	}
	return gmax, i
}

// scanLow is the second scan of WSS2 for the chosen i with m(α) = gmax:
// it returns gmax2 = max_{t∈I_low} H_t (= −M(α)) and the last t maximising
// the score s_t = b_t|b_t|/a_t with b_t = gmax + H_t and
// a_t = K_ii + K_tt − 2K_it (τ if ≤ 0) among the t ∈ I_low with s_t > 0, or
// j = −1 if there is none.
func scanLow(H, low, QD, Ki []float64, gmax, QDi float64) (gmax2 float64, j int) {
	low, QD, Ki = low[:len(H)], QD[:len(H)], Ki[:len(H)]
	gmax2, j = math.Inf(-1), -1
	best := 0.0
	k := 0
	if haveAVX2 && len(H) >= 8 {
		k = len(H) &^ 3
		var st lowState
		for l := range st.g2 {
			st.g2[l], st.idx[l], st.cur[l], st.step[l] = math.Inf(-1), -1, float64(l), 4
			st.gmax[l], st.qdi[l], st.tau[l] = gmax, QDi, tau
			st.abs[l] = 1<<63 - 1
		}
		scanLowAVX2(&H[0], &low[0], &QD[0], &Ki[0], k, &st)
		for _, g := range st.g2 {
			gmax2 = max(gmax2, g)
		}
		best, j = reduceLanes(st.best[:], st.idx[:])
	}
	// The product test skips the division for the many t that cannot win:
	// s_t ≥ best implies b|b| ≥ best·a·(1 − 2⁻⁵⁰) under rounding.
	const slack = 1 - 0x1p-50
	for t := k; t < len(H); t++ {
		hl := H[t] + low[t] // H_t on I_low, −∞ off it
		if hl > gmax2 {
			gmax2 = hl
		}
		b := gmax + hl
		quad := QDi + QD[t] - 2*Ki[t]
		if quad <= 0 {
			quad = tau
		}
		if bb := b * math.Abs(b); bb >= best*quad*slack && bb > 0 {
			if sc := bb / quad; sc >= best && sc > 0 {
				best, j = sc, t
			}
		}
	}
	return gmax2, j
}

// reduceLanes returns the largest value among the lanes and the largest
// index among the lanes holding it (indices are −1 for empty lanes).
func reduceLanes(v, idx []float64) (float64, int) {
	best, at := v[0], idx[0]
	for l := 1; l < len(v); l++ {
		if v[l] > best || (v[l] == best && idx[l] > at) {
			best, at = v[l], idx[l]
		}
	}
	return best, int(at)
}
