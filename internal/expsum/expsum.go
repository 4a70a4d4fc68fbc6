// Package expsum evaluates sums of exponentials of linear functions,
//
//	f(z) = Σ_k w_k exp(−⟨β_k, z⟩),   ∇f(z) = −Σ_k w_k exp(−⟨β_k, z⟩) β_k,
//
// the two convex parts of the DC program of Argyriou et al. (2006, eq. 13)
// for Gaussian kernels, where k runs over pairs of points and the sums are
// the bulk of the cost of the exact DC method. Sum evaluates four terms at
// once with AVX2/FMA where the CPU has them, and thirty-two at once (four
// interleaved steps of eight) with AVX-512F where it also has that; the Go
// code performs the same operations in the same order with math.FMA, so
// all three give the same bits, on any machine, with or without the vector
// kernels (TestKernelMatchesGo, TestKernel512MatchesGo, TestSumPathsAgree).
// The exponential is latency-bound (a chain of about thirty dependent
// operations): on AMD Zen 4, which runs a 512-bit operation as two 256-bit
// halves, the 512-bit kernel's eight chains in flight still evaluate a sum
// of 4 096 terms with four columns and the gradient in 7.2 µs against the
// AVX2 kernel's 15.1 µs (BenchmarkSum, one core).
//
// The exponential is a kernel of its own (exp, not math.Exp): the argument is
// reduced by n = round(x·log₂e) with ln 2 split in two parts (x − n·ln 2 to
// within an ulp), exp of the reduced argument |r| ≤ ln 2 / 2 is the Taylor
// polynomial of degree 13 (truncation below 5·10⁻¹⁸ relative) in Horner form
// with fused multiply-adds, and 2ⁿ is applied as two powers of two (so that
// results down to the subnormals and up to overflow come out right). It is
// within two ulps of math.Exp (itself within one of the correctly rounded
// value) and equal to it on about 89 % of arguments (TestExpAccuracy);
// arguments beyond ±1400 are clamped there, which gives 0 below and +Inf
// above, as math.Exp does.
package expsum

import "math"

// lanes is the number of terms a vector step handles (four float64 in a
// 256-bit register).
const lanes = 4

// Constants of exp, each also in the kernel's data (expsum_amd64.s) with the
// same bits.
const (
	expLimit = 1400.0
	log2e    = math.Log2E
	ln2hi    = 0.69314718055994528622676398299518041312694549560546875 // float64 nearest ln 2
	ln2lo    = 2.3190468138462996e-17                                  // ln 2 − ln2hi, rounded
	magic    = 0x1.8p52                                                // x + magic holds round(x) in its low bits
)

// coef are the Taylor coefficients 1/k! of exp, k = 0…13, each rounded to
// float64.
var coef = [14]float64{
	1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040, 1.0 / 40320,
	1.0 / 362880, 1.0 / 3628800, 1.0 / 39916800, 1.0 / 479001600, 1.0 / 6227020800,
}

// exp returns e^x for finite x with the operations of the vector kernel, in
// its order (see the package doc).
func exp(x float64) float64 {
	if x < -expLimit {
		x = -expLimit
	}
	if x > expLimit {
		x = expLimit
	}
	n := math.RoundToEven(x * log2e)
	r := math.FMA(-n, ln2hi, x)
	r = math.FMA(-n, ln2lo, r)
	p := coef[13]
	for k := 12; k >= 0; k-- {
		p = math.FMA(p, r, coef[k])
	}
	n1 := math.Floor(n * 0.5)
	n2 := n - n1
	return float64(p*pow2(n1)) * pow2(n2)
}

// pow2 returns 2ⁿ for an integer n with −1022 ≤ n ≤ 1023, read from the low
// bits of n + magic.
func pow2(n float64) float64 {
	return math.Float64frombits((math.Float64bits(n+magic) + 1023) << 52)
}

// Sum returns Σ_k w_k exp(−⟨β_k, z⟩) over k < len(w), where β_k,b =
// beta[b·stride + k] (column b of the β matrix starts at b·stride), and,
// for g not nil, writes the gradient −Σ_k w_k exp(−⟨β_k, z⟩) β_k into
// g[:len(z)]. Terms k < len(w) − len(w) mod 4 go to lane k mod 4; the lanes
// are combined as (s₀ + s₂) + (s₁ + s₃), and the last len(w) mod 4 terms are
// added in order; each ⟨β_k, z⟩ is summed over b in order with fused
// multiply-adds, and so is each lane of the gradient. The caller guarantees
// finite inputs, len(g) ≥ len(z) and len(beta) ≥ (len(z) − 1)·stride +
// len(w); a nil or empty w gives 0.
func Sum(w, beta []float64, stride int, z, g []float64) float64 {
	return sum(w, beta, stride, z, g, nil)
}

// Terms writes each term w_k exp(−⟨β_k, z⟩) into out[k] for k < len(w)
// and returns their sum, with the operations and order of Sum (the same
// sum); len(out) ≥ len(w).
func Terms(out, w, beta []float64, stride int, z []float64) float64 {
	if len(out) < len(w) {
		panic("expsum: Terms: out shorter than w")
	}
	return sum(w, beta, stride, z, nil, out[:len(w)])
}

// sum is Sum, storing the terms into out when it is not nil.
func sum(w, beta []float64, stride int, z, g, out []float64) float64 {
	n, B := len(w), len(z)
	if n == 0 {
		for b := range z {
			if g != nil {
				g[b] = 0
			}
		}
		return 0
	}
	if B > 0 {
		_ = beta[(B-1)*stride+n-1] // bounds, once
	}
	// acc holds the value lanes, then the gradient lanes of each b.
	var buf [lanes * 9]float64
	acc := buf[:]
	if B > 8 {
		acc = make([]float64, lanes*(B+1))
	} else {
		acc = acc[:lanes*(B+1)]
	}
	grad := g != nil
	n4 := n - n%lanes
	if n4 > 0 {
		if haveFMA && B > 0 {
			k := 0
			if nb := n4 - n4%block512; have512 && nb > 0 {
				var o *float64
				if out != nil {
					o = &out[0]
				}
				sum512(&w[0], &beta[0], stride, nb, &z[0], B, &acc[0], o, grad)
				k = nb
			}
			if k < n4 {
				var o *float64
				if out != nil {
					o = &out[k]
				}
				sumFMA(&w[k], &beta[k], stride, n4-k, &z[0], B, &acc[0], o, grad)
			}
		} else {
			sumGo(w[:n4], beta, stride, z, acc, out, grad)
		}
	}
	s := (acc[0] + acc[2]) + (acc[1] + acc[3])
	for b := 0; grad && b < B; b++ {
		l := acc[lanes*(b+1) : lanes*(b+2)]
		g[b] = (l[0] + l[2]) + (l[1] + l[3])
	}
	for k := n4; k < n; k++ {
		v := float64(w[k] * exp(-dot(beta, stride, k, z)))
		s += v
		if out != nil {
			out[k] = v
		}
		for b := 0; grad && b < B; b++ {
			g[b] = math.FMA(v, beta[b*stride+k], g[b])
		}
	}
	for b := 0; grad && b < B; b++ {
		g[b] = -g[b]
	}
	return s
}

// dot returns ⟨β_k, z⟩ summed over b in order with fused multiply-adds.
func dot(beta []float64, stride, k int, z []float64) float64 {
	var a float64
	for b, zb := range z {
		a = math.FMA(beta[b*stride+k], zb, a)
	}
	return a
}

// sumGo adds the terms k < len(w) (a multiple of four) into the lanes of acc
// (values, then the gradient lanes of each b when grad) and stores them into
// out when it is not nil: the operations of sumFMA, in its order.
func sumGo(w, beta []float64, stride int, z, acc, out []float64, grad bool) {
	for k0 := 0; k0 < len(w); k0 += lanes {
		for l := 0; l < lanes; l++ {
			k := k0 + l
			v := float64(w[k] * exp(-dot(beta, stride, k, z)))
			acc[l] += v
			if out != nil {
				out[k] = v
			}
			for b := 0; grad && b < len(z); b++ {
				i := lanes*(b+1) + l
				acc[i] = math.FMA(v, beta[b*stride+k], acc[i])
			}
		}
	}
}
