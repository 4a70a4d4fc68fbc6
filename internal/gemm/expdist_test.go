package gemm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// expDistRef is ExpDist's definition, entry by entry, with math.Exp.
func expDistRef(seg, nb []float64, ni, negh float64) []float64 {
	out := make([]float64, len(seg))
	for j, g := range seg {
		d2 := max(0, ni+nb[j]-2*g)
		if d2 == 0 {
			out[j] = 1
		} else {
			out[j] = math.Exp(negh * d2)
		}
	}
	return out
}

func sameBits(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
}

// TestExpDistMatchesMathExp checks ExpDist (the vector path where the CPU
// has AVX2 and FMA) bit for bit against math.Exp: exponents y = −d spread
// over [0, 760] (normal results, the edge of the vector range at −708,
// subnormal results and underflow past −745), squared distances from the
// distance trick that are negative, zero, tiny and large, NaN and infinite
// inputs, γ = 0 and +∞, and lengths that are not multiples of four.
func TestExpDistMatchesMathExp(t *testing.T) { checkExpDist(t) }

func checkExpDist(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	check := func(name string, seg, nb []float64, ni, negh float64) {
		t.Helper()
		want := expDistRef(seg, nb, ni, negh)
		got := append([]float64(nil), seg...)
		ExpDist(got, nb, ni, negh)
		for j := range want {
			if !sameBits(got[j], want[j]) {
				t.Fatalf("%s: entry %d (g %v, nb %v, ni %v, negh %v): got %v (%#x), math.Exp gives %v (%#x)",
					name, j, seg[j], nb[j], ni, negh, got[j], math.Float64bits(got[j]), want[j], math.Float64bits(want[j]))
			}
		}
	}
	// Exponents alone: x = nb[j], y = −x.
	for _, hi := range []float64{1e-12, 1e-3, 1, 30, 700, 708.5, 760} {
		for _, n := range []int{1, 3, 4, 7, 8, 12, 15, 64, 1001} {
			nb := make([]float64, n)
			for j := range nb {
				nb[j] = rng.Float64() * hi
			}
			check("exponents", make([]float64, n), nb, 0, -1)
		}
	}
	// Every argument near the edges, with a few exact multiples of ln 2/2.
	var edge []float64
	for _, c := range []float64{0, 707.9, 708, 708.1, 709, 744.4, 745.2, 0.5 * math.Ln2, math.Ln2, 100 * math.Ln2} {
		for k := -8; k <= 8; k++ {
			edge = append(edge, math.Max(0, c+float64(k)*1e-13*math.Max(c, 1)))
		}
	}
	check("edges", make([]float64, len(edge)), edge, 0, -1)
	// The distance trick on random rows: ni + nb − 2g around zero and
	// positive, with the γ of an MNIST-sized RBF and others.
	for _, negh := range []float64{-1.0 / 784, -0.02, -1, -3.7, 0, math.Inf(-1)} {
		n := 203
		seg, nb := make([]float64, n), make([]float64, n)
		ni := 50 + rng.Float64()*100
		for j := range seg {
			nb[j] = 50 + rng.Float64()*100
			switch j % 5 {
			case 0: // identical rows: x = 0, or a rounding error either side
				seg[j] = (ni + nb[j]) / 2 * (1 + float64(rng.IntN(5)-2)*1e-16)
			default:
				seg[j] = rng.Float64() * math.Sqrt(ni*nb[j])
			}
		}
		check("distances", seg, nb, ni, negh)
	}
	// Non-finite inputs in some groups, finite ones around them.
	seg, nb := make([]float64, 40), make([]float64, 40)
	for j := range seg {
		nb[j] = rng.Float64()
	}
	seg[5], seg[17], nb[22], nb[33] = math.NaN(), math.Inf(1), math.Inf(1), math.NaN()
	check("non-finite", seg, nb, 0.3, -2)
	check("ni infinite", seg[:12], nb[:12], math.Inf(1), -2)
}

// BenchmarkExpDist maps a row of 4000 inner products of MNIST-like rows to
// Gaussian kernel values (γ = 1/784), in cache.
func BenchmarkExpDist(b *testing.B) {
	const n = 4000
	rng := rand.New(rand.NewPCG(5, 6))
	nb, src := make([]float64, n), make([]float64, n)
	for j := range nb {
		nb[j] = 200 + 100*rng.Float64()
		src[j] = 150 + 50*rng.Float64()
	}
	seg := make([]float64, n)
	for b.Loop() {
		copy(seg, src)
		ExpDist(seg, nb, 250, -1.0/784)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/entry")
}
