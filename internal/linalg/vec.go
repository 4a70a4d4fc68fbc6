package linalg

// dot returns Σ x_i y_i (len(y) ≥ len(x)) summed in 16 lanes, as dotGo
// describes; on CPUs with AVX2 and FMA it runs the vector kernel dotFMA,
// which sums in the same order with fused multiply-adds (so the two agree
// to a few ulps; each is deterministic).
func dot(x, y []float64) float64 {
	y = y[:len(x)]
	if haveFMA && len(x) > 0 {
		return dotFMA(&x[0], &y[0], len(x))
	}
	return dotGo(x, y)
}

// dotGo is the portable dot product: element i goes to lane i mod 16 for
// the first len(x) − len(x) mod 16 elements, the lanes are combined as
// t_l = (s_l + s_{l+4}) + (s_{l+8} + s_{l+12}) for l < 4 and
// s = (t_0 + t_2) + (t_1 + t_3), and the remaining elements are added to s
// in order. Sixteen independent sums hide the latency of the additions
// (a single running sum is one dependent chain).
func dotGo(x, y []float64) float64 {
	var a, b, c, d [4]float64
	y = y[:len(x)]
	i := 0
	for ; i+16 <= len(x); i += 16 {
		xs, ys := (*[16]float64)(x[i:i+16]), (*[16]float64)(y[i:i+16])
		for l := 0; l < 4; l++ {
			a[l] += xs[l] * ys[l]
			b[l] += xs[4+l] * ys[4+l]
			c[l] += xs[8+l] * ys[8+l]
			d[l] += xs[12+l] * ys[12+l]
		}
	}
	var t [4]float64
	for l := range t {
		t[l] = (a[l] + b[l]) + (c[l] + d[l])
	}
	s := (t[0] + t[2]) + (t[1] + t[3])
	for ; i < len(x); i++ {
		s += x[i] * y[i]
	}
	return s
}

// axpy sets y_i ← y_i + a·x_i (len(y) ≥ len(x)); on CPUs with AVX2 and FMA
// it runs axpyFMA, one fused multiply-add per element.
func axpy(a float64, x, y []float64) {
	y = y[:len(x)]
	if haveFMA && len(x) > 0 {
		axpyFMA(a, &x[0], &y[0], len(x))
		return
	}
	axpyGo(a, x, y)
}

func axpyGo(a float64, x, y []float64) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += a * v
	}
}

// Dot returns Σ x_i y_i over len(x) ≤ len(y) entries, summed in 16 lanes
// (AVX2/FMA kernel where the CPU has it; see dotGo for the order). The
// result depends only on x and y, not on the machine's load or GOMAXPROCS.
func Dot(x, y []float64) float64 { return dot(x, y) }

// Axpy sets y_i ← y_i + a·x_i for i < len(x) ≤ len(y) (one fused
// multiply-add per entry where the CPU has AVX2/FMA).
func Axpy(a float64, x, y []float64) { axpy(a, x, y) }
