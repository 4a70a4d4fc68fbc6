package expsum

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// ulps returns the distance of a and b in units in the last place (the
// number of float64 values between them), for finite a, b of one sign.
func ulps(a, b float64) uint64 {
	x, y := math.Float64bits(a), math.Float64bits(b)
	if x > y {
		return x - y
	}
	return y - x
}

// TestExpAccuracy compares exp with math.Exp (itself within one ulp of e^x)
// over the whole range: at most two ulps apart for normal results, at most one
// subnormal step apart below, and the special points exactly.
func TestExpAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var worst uint64
	same := 0
	const N = 200000
	for i := 0; i < N; i++ {
		var x float64
		switch i % 4 {
		case 0:
			x = -745 + 1454*rng.Float64()
		case 1:
			x = -1 + 2*rng.Float64()
		case 2:
			x = -40 * rng.Float64()
		default:
			x = math.Ldexp(rng.Float64(), -rng.IntN(60))
		}
		got, want := exp(x), math.Exp(x)
		if want < 0x1p-1022 {
			if math.Abs(got-want) > 2*math.SmallestNonzeroFloat64 {
				t.Fatalf("exp(%v) = %v, math.Exp %v (subnormal)", x, got, want)
			}
			continue
		}
		d := ulps(got, want)
		if d > 2 {
			t.Fatalf("exp(%v) = %v, math.Exp %v: %d ulps apart", x, got, want, d)
		}
		if d == 0 {
			same++
		}
		worst = max(worst, d)
	}
	if same < N*8/10 {
		t.Errorf("exp equals math.Exp on %d of %d arguments only", same, N)
	}
	t.Logf("worst %d ulp; equal to math.Exp on %.1f %% of arguments", worst, 100*float64(same)/N)
	for _, c := range []struct{ x, want float64 }{
		{0, 1}, {math.Copysign(0, -1), 1}, {1, math.E}, {-1e6, 0}, {-746, 0}, {1e6, math.Inf(1)}, {710, math.Inf(1)},
		{-708.3, math.Exp(-708.3)}, {-1022 * math.Ln2, math.Exp(-1022 * math.Ln2)}, {-745.1, math.SmallestNonzeroFloat64},
	} {
		if got := exp(c.x); ulps(got, c.want) > 1 {
			t.Errorf("exp(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	// Just below the overflow threshold ln(MaxFloat64) ≈ 709.7827 the result
	// is finite (math.Exp on amd64 returns +Inf there).
	if got, want := exp(709.75), math.Exp(709)*math.Exp(0.75); math.IsInf(got, 0) || math.Abs(got-want) > 1e-15*want {
		t.Errorf("exp(709.75) = %v, want %v", got, want)
	}
}

// problem returns n random terms in B columns of stride n + 3 (β ≥ 0, as
// squared distances; w of both signs) and a point z of the unit box.
func problem(rng *rand.Rand, n, B int) (w, beta, z []float64, stride int) {
	stride = n + 3
	w = make([]float64, n)
	beta = make([]float64, max(0, (B-1)*stride+n))
	z = make([]float64, B)
	for k := range w {
		w[k] = rng.NormFloat64()
	}
	for i := range beta {
		beta[i] = math.Exp(6 * rng.NormFloat64())
	}
	for b := range z {
		z[b] = rng.Float64() * 0.1
	}
	return
}

// hardProblem is problem with some exponents that overflow the clamp, give
// subnormals or vanish, and z of order one.
func hardProblem(rng *rand.Rand, n, B int) (w, beta, z []float64, stride int) {
	w, beta, z, stride = problem(rng, n, B)
	for i := range beta {
		switch rng.IntN(50) {
		case 0:
			beta[i] = 1e9
		case 1:
			beta[i] = -1e9
		case 2:
			beta[i] = 7000 + 10*rng.Float64() // exp near the subnormals
		case 3:
			beta[i] = 0
		}
	}
	for i := range z {
		z[i] = rng.Float64()
	}
	return
}

// sameBits fails the test at the first entry where got and want differ in
// their bits.
func sameBits(t *testing.T, what string, got, want []float64) {
	t.Helper()
	for i := range want {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Fatalf("%s %d: kernel %v, Go %v", what, i, got[i], want[i])
		}
	}
}

// naive is the sum and gradient with math.Exp, term by term.
func naive(w, beta []float64, stride int, z []float64) (float64, []float64, float64) {
	g := make([]float64, len(z))
	var s, scale float64
	for k := range w {
		var a float64
		for b := range z {
			a += beta[b*stride+k] * z[b]
		}
		v := w[k] * math.Exp(-a)
		s += v
		scale += math.Abs(v)
		for b := range z {
			g[b] -= v * beta[b*stride+k]
		}
	}
	return s, g, scale
}

// TestSumMatchesNaive checks Sum and its gradient against the term-by-term
// sums with math.Exp, for every tail length and one to five columns.
func TestSumMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 41; n++ {
		for B := 1; B <= 5; B++ {
			w, beta, z, stride := problem(rng, n, B)
			ws, bs, zs := append([]float64(nil), w...), append([]float64(nil), beta...), append([]float64(nil), z...)
			g := make([]float64, B)
			s := Sum(w, beta, stride, z, g)
			s0 := Sum(w, beta, stride, z, nil)
			want, wg, scale := naive(w, beta, stride, z)
			out := make([]float64, n+1)
			out[n] = 42
			if st := Terms(out, w, beta, stride, z); s != s0 || st != s {
				t.Fatalf("n=%d B=%d: Sum with gradient %v, without %v, Terms %v", n, B, s, s0, st)
			}
			if out[n] != 42 {
				t.Fatalf("n=%d B=%d: Terms wrote past len(w)", n, B)
			}
			for k := range w {
				// The same fused dot product (a rounded differently moves
				// e^{−a} by |a| ulps), then math.Exp.
				var a float64
				for b := range z {
					a = math.FMA(beta[b*stride+k], z[b], a)
				}
				if want := w[k] * math.Exp(-a); math.Abs(out[k]-want) > 1e-15*math.Abs(want) {
					t.Fatalf("n=%d B=%d: term %d = %v, want %v", n, B, k, out[k], want)
				}
			}
			if math.Abs(s-want) > 1e-14*scale {
				t.Fatalf("n=%d B=%d: Sum %v, naive %v (scale %v)", n, B, s, want, scale)
			}
			for b := range g {
				var gs float64
				for k := range w {
					gs += math.Abs(w[k] * beta[b*stride+k])
				}
				if math.Abs(g[b]-wg[b]) > 1e-14*gs {
					t.Fatalf("n=%d B=%d: ∂_%d = %v, naive %v", n, B, b, g[b], wg[b])
				}
			}
			for i := range w {
				if w[i] != ws[i] {
					t.Fatal("Sum changed w")
				}
			}
			for i := range beta {
				if beta[i] != bs[i] {
					t.Fatal("Sum changed beta")
				}
			}
			for i := range z {
				if z[i] != zs[i] {
					t.Fatal("Sum changed z")
				}
			}
		}
	}
	if s := Sum(nil, nil, 0, []float64{1, 2}, []float64{5, 5}); s != 0 {
		t.Errorf("empty sum = %v", s)
	}
	if s := Terms(nil, nil, nil, 0, []float64{1}); s != 0 {
		t.Errorf("empty sum = %v", s)
	}
	// No columns: Σ w_k.
	if s := Sum([]float64{1, 2, 3, 4, 5}, nil, 0, nil, nil); s != 15 {
		t.Errorf("sum without columns = %v, want 15", s)
	}
}

// TestSumGradientFiniteDifference checks the gradient against central
// differences of Sum itself.
func TestSumGradientFiniteDifference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	w, beta, z, stride := problem(rng, 203, 3)
	for i := range beta {
		beta[i] = math.Mod(beta[i], 20) // moderate curvature for the difference quotient
	}
	g := make([]float64, 3)
	Sum(w, beta, stride, z, g)
	for b := range z {
		const h = 1e-6
		zp, zm := append([]float64(nil), z...), append([]float64(nil), z...)
		zp[b] += h
		zm[b] -= h
		fd := (Sum(w, beta, stride, zp, nil) - Sum(w, beta, stride, zm, nil)) / (2 * h)
		if math.Abs(fd-g[b]) > 1e-6*(1+math.Abs(g[b])) {
			t.Errorf("∂_%d: %v, central difference %v", b, g[b], fd)
		}
	}
}

// TestKernelMatchesGo runs the vector kernel and the Go code on the same
// terms: the same bits, lane by lane, values and gradients, including
// arguments that underflow, overflow the clamp and give subnormals.
func TestKernelMatchesGo(t *testing.T) {
	if !haveFMA {
		t.Skip("no AVX2/FMA kernel on this CPU or build")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{4, 8, 12, 40, 1000, 1004} {
		for B := 1; B <= 6; B++ {
			w, beta, z, stride := hardProblem(rng, n, B)
			for _, grad := range []bool{false, true} {
				a, b := make([]float64, lanes*(B+1)), make([]float64, lanes*(B+1))
				oa, ob := make([]float64, n), make([]float64, n)
				sumFMA(&w[0], &beta[0], stride, n, &z[0], B, &a[0], &oa[0], grad)
				sumGo(w, beta, stride, z, b, ob, grad)
				sameBits(t, fmt.Sprintf("n=%d B=%d grad=%v: lane", n, B, grad), a, b)
				sameBits(t, fmt.Sprintf("n=%d B=%d grad=%v: term", n, B, grad), oa, ob)
				c := make([]float64, lanes*(B+1))
				sumFMA(&w[0], &beta[0], stride, n, &z[0], B, &c[0], nil, grad)
				for i := range c {
					if math.Float64bits(a[i]) != math.Float64bits(c[i]) {
						t.Fatalf("n=%d B=%d grad=%v: lane %d differs without out", n, B, grad, i)
					}
				}
			}
		}
	}
}

func BenchmarkSum(b *testing.B) {
	for _, B := range []int{2, 4} {
		rng := rand.New(rand.NewPCG(1, 1))
		w, beta, z, stride := problem(rng, 4096, B)
		g := make([]float64, B)
		b.Run("kernel/B="+string(rune('0'+B)), func(b *testing.B) {
			for b.Loop() {
				Sum(w, beta, stride, z, g)
			}
		})
		b.Run("mathExp/B="+string(rune('0'+B)), func(b *testing.B) {
			for b.Loop() {
				naive(w, beta, stride, z)
			}
		})
	}
}
