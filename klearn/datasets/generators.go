package datasets

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Generators. Every random generator takes an explicit seed and draws from
// klearn.NewRand(seed), so the same call returns the same data on any
// machine. Class labels follow the Dataset convention (Y is a class index
// into Classes); for the binary generators Classes = {"-1", "+1"}, so
// Binary(ds) gives the ±1 labels of the formulas below. Unless stated
// otherwise the classes are exactly balanced (⌈n/k⌉ or ⌊n/k⌋ rows each) and
// appear in random order.

var pm = []string{"-1", "+1"}

// balancedLabels returns n class indices, as equal as possible over k
// classes, in an order drawn from rng.
func balancedLabels(rng *rand.Rand, n, k int) []int {
	lab := make([]int, n)
	for i := range lab {
		lab[i] = i % k
	}
	rng.Shuffle(n, func(i, j int) { lab[i], lab[j] = lab[j], lab[i] })
	return lab
}

func checkN(name string, n, min, d int) error {
	if n < min {
		return klearn.Errorf(klearn.ErrParam, "datasets: %s: n = %d, need n ≥ %d", name, n, min)
	}
	if err := klearn.CheckAlloc("datasets: "+name+": an n×(d+1) data set", 8, n, max(d, 0)+1); err != nil {
		return err
	}
	return nil
}

func xnames(d int) []string {
	s := make([]string, d)
	for j := range s {
		s[j] = fmt.Sprintf("x%d", j+1)
	}
	return s
}

// TwoSpirals returns Lang & Witbrock's (1988) two-spirals benchmark (CMU
// benchmark collection): for i = 0,…,96, φ = iπ/16 and ρ = 6.5(104−i)/104,
// the point (ρ sin φ, ρ cos φ) is class +1 and its negation (−ρ sin φ,
// −ρ cos φ) is class −1. 194×2, 97/97, no randomness; rows alternate +1, −1.
func TwoSpirals() *Dataset {
	X := mat.NewDense(194, 2, nil)
	y := make([]float64, 194)
	for i := 0; i < 97; i++ {
		phi := float64(i) * math.Pi / 16
		rho := 6.5 * float64(104-i) / 104
		x1, x2 := rho*math.Sin(phi), rho*math.Cos(phi)
		X.Set(2*i, 0, x1)
		X.Set(2*i, 1, x2)
		y[2*i] = 1
		X.Set(2*i+1, 0, -x1)
		X.Set(2*i+1, 1, -x2)
		y[2*i+1] = 0
	}
	return &Dataset{Name: "two-spirals", X: X, Y: y, Classes: pm, FeatureNames: xnames(2),
		Description: "Two spirals (Lang & Witbrock, 1988)"}
}

// TwoSpiralsSample draws n points along the arms of TwoSpirals' curves:
// t ∼ U[0, 96] (the benchmark's index made continuous), φ = tπ/16,
// ρ = 6.5(104 − t)/104, the point (ρ sin φ, ρ cos φ) for class +1 and its
// negation for class −1, then N(0, σ²) added to each coordinate. The arms
// of the two classes are 1 apart (ρ falls by 2 per turn), so σ is in units
// of that gap. Classes are balanced, in random order. The noise has its
// own stream, so the same seed gives the same arm positions for every σ.
// Needs n ≥ 2, σ ≥ 0 finite.
func TwoSpiralsSample(n int, sigma float64, seed uint64) (*Dataset, error) {
	if err := checkN("TwoSpiralsSample", n, 2, 2); err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("datasets: TwoSpiralsSample: σ", sigma, 0, math.MaxFloat64); err != nil {
		return nil, err
	}
	rng, noise := klearn.NewRand(seed), klearn.NewRand(seed^0x5eed5eed)
	lab := balancedLabels(rng, n, 2)
	X := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		t := 96 * rng.Float64()
		phi, rho := t*math.Pi/16, 6.5*(104-t)/104
		s := 1.0
		if lab[i] == 0 {
			s = -1
		}
		X.Set(i, 0, s*rho*math.Sin(phi)+sigma*noise.NormFloat64())
		X.Set(i, 1, s*rho*math.Cos(phi)+sigma*noise.NormFloat64())
		y[i] = float64(lab[i])
	}
	return &Dataset{Name: "two-spirals-sample", X: X, Y: y, Classes: pm, FeatureNames: xnames(2),
		Description: "Points along Lang & Witbrock's (1988) two spirals"}, nil
}

// CircleRadius returns r = (2^{d−1} Γ(1+d/2) / π^{d/2})^{1/d}, the radius of
// the d-ball whose volume is half that of [−1, 1]^d (mlbench.circle).
// Errors: d < 1 (ErrParam).
func CircleRadius(d int) (float64, error) {
	if d < 1 {
		return 0, klearn.Errorf(klearn.ErrParam, "datasets: CircleRadius: d = %d, need d ≥ 1", d)
	}
	lg, _ := math.Lgamma(1 + float64(d)/2)
	return math.Exp((float64(d-1)*math.Ln2 + lg - float64(d)/2*math.Log(math.Pi)) / float64(d)), nil
}

// Circle is mlbench.circle (Leisch & Dimitriadou): x ∼ U[−1, 1]^d, class "1"
// when ‖x‖ < CircleRadius(d) and "2" otherwise. For d ≤ 3 the ball lies
// inside the cube and both classes have prior 1/2; for d ≥ 4 the radius
// exceeds 1 and class "1" is rarer (as in mlbench). Class counts are random
// (binomial), as in mlbench. Needs n ≥ 1, d ≥ 1.
func Circle(n, d int, seed uint64) (*Dataset, error) {
	if err := checkN("Circle", n, 1, d); err != nil {
		return nil, err
	}
	r, err := CircleRadius(d)
	if err != nil {
		return nil, klearn.Errorf(err, "datasets: Circle")
	}
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, d, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		row := X.RawRowView(i)
		s := 0.0
		for j := range row {
			row[j] = 2*rng.Float64() - 1
			s += row[j] * row[j]
		}
		if math.Sqrt(s) >= r {
			y[i] = 1
		}
	}
	return &Dataset{Name: "circle", X: X, Y: y, Classes: []string{"1", "2"}, FeatureNames: xnames(d),
		Description: "Circle in a hypercube (mlbench.circle)"}, nil
}

// Banana is PRTools' gendatb (Duin et al.) with r = 5, s = 1: class +1 has
// t ∼ U(0.125π, 1.375π) and x = r(sin t, cos t) + N(0, s²I); class −1 has
// t ∼ U(−0.875π, 0.375π) and x = r(sin t, cos t) + N(0, s²I) − 0.75r(1, 1).
// Rätsch's 5300-point draw is not shipped; this is the generator of its shape.
func Banana(n int, seed uint64) (*Dataset, error) {
	if err := checkN("Banana", n, 2, 2); err != nil {
		return nil, err
	}
	const r, s = 5.0, 1.0
	rng := klearn.NewRand(seed)
	lab := balancedLabels(rng, n, 2)
	X := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i, c := range lab {
		var t, off float64
		if c == 1 {
			t = (0.125 + 1.25*rng.Float64()) * math.Pi
		} else {
			t = (-0.875 + 1.25*rng.Float64()) * math.Pi
			off = -0.75 * r
		}
		X.Set(i, 0, r*math.Sin(t)+s*rng.NormFloat64()+off)
		X.Set(i, 1, r*math.Cos(t)+s*rng.NormFloat64()+off)
		y[i] = float64(c)
	}
	return &Dataset{Name: "banana", X: X, Y: y, Classes: pm, FeatureNames: xnames(2),
		Description: "Banana (PRTools gendatb, r = 5, s = 1)"}, nil
}

// Ringnorm is Breiman's (1996, TR 460) ringnorm as in mlbench: class "1" ∼
// N(0, 4I_d) and class "2" ∼ N(a·1, I_d) with a = 1/√d. Rätsch's version has
// d = 20 and n = 7400.
func Ringnorm(n, d int, seed uint64) (*Dataset, error) {
	if err := checkN("Ringnorm", n, 2, d); err != nil {
		return nil, err
	}
	if d < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "datasets: Ringnorm: d = %d, need d ≥ 1", d)
	}
	rng := klearn.NewRand(seed)
	lab := balancedLabels(rng, n, 2)
	a := 1 / math.Sqrt(float64(d))
	X := mat.NewDense(n, d, nil)
	y := make([]float64, n)
	for i, c := range lab {
		row := X.RawRowView(i)
		for j := range row {
			if c == 0 {
				row[j] = 2 * rng.NormFloat64()
			} else {
				row[j] = a + rng.NormFloat64()
			}
		}
		y[i] = float64(c)
	}
	return &Dataset{Name: "ringnorm", X: X, Y: y, Classes: []string{"1", "2"}, FeatureNames: xnames(d),
		Description: "Ringnorm (Breiman, 1996)"}, nil
}

// WaveformBase returns Breiman's three triangular waves on 21 points:
// h1(i) = max(6 − |i − 7|, 0), h2(i) = max(6 − |i − 15|, 0),
// h3(i) = max(6 − |i − 11|, 0), i = 1,…,21.
func WaveformBase() [3][21]float64 {
	var h [3][21]float64
	for i := 1; i <= 21; i++ {
		for k, c := range []int{7, 15, 11} {
			h[k][i-1] = math.Max(6-math.Abs(float64(i-c)), 0)
		}
	}
	return h
}

// Waveform is Breiman et al.'s (1984, CART) waveform: class k ∈ {1, 2, 3} has
// x = u·h_i + (1−u)·h_j + ε with u ∼ U(0, 1), ε ∼ N(0, I_21) and
// (i, j) = (1, 2), (1, 3), (2, 3) (see WaveformBase). Classes "1", "2", "3";
// Rätsch's binary task is class 1 against 2 and 3: Binary(ds, "1").
func Waveform(n int, seed uint64) (*Dataset, error) {
	if err := checkN("Waveform", n, 3, 21); err != nil {
		return nil, err
	}
	h := WaveformBase()
	pairs := [3][2]int{{0, 1}, {0, 2}, {1, 2}}
	rng := klearn.NewRand(seed)
	lab := balancedLabels(rng, n, 3)
	X := mat.NewDense(n, 21, nil)
	y := make([]float64, n)
	for i, c := range lab {
		u := rng.Float64()
		a, b := h[pairs[c][0]], h[pairs[c][1]]
		row := X.RawRowView(i)
		for j := range row {
			row[j] = u*a[j] + (1-u)*b[j] + rng.NormFloat64()
		}
		y[i] = float64(c)
	}
	return &Dataset{Name: "waveform", X: X, Y: y, Classes: []string{"1", "2", "3"}, FeatureNames: xnames(21),
		Description: "Waveform (Breiman et al., 1984)"}, nil
}

// Friedman1 is Friedman's (1991) regression problem #1, the 8-D nonlinear
// stand-in for kin-8nm: x ∼ U[0, 1]^10 and
// y = 10 sin(π x1 x2) + 20 (x3 − 0.5)² + 10 x4 + 5 x5 + noise·N(0, 1)
// (x6…x10 are irrelevant; Friedman 1991 uses noise = 1).
func Friedman1(n int, noise float64, seed uint64) (*Dataset, error) {
	if err := checkN("Friedman1", n, 1, 10); err != nil {
		return nil, err
	}
	if noise < 0 || math.IsNaN(noise) || math.IsInf(noise, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "datasets: Friedman1: noise = %g must be finite and ≥ 0", noise)
	}
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, 10, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		x := X.RawRowView(i)
		for j := range x {
			x[j] = rng.Float64()
		}
		y[i] = 10*math.Sin(math.Pi*x[0]*x[1]) + 20*(x[2]-0.5)*(x[2]-0.5) + 10*x[3] + 5*x[4] + noise*rng.NormFloat64()
	}
	return &Dataset{Name: "friedman1", X: X, Y: y, FeatureNames: xnames(10),
		Description: "Friedman #1 (Friedman, 1991)"}, nil
}

// SineFrequencyTarget is f(x) = sin(√2 x) + sin(√12 x) + sin(√60 x), the
// target of Afkanpour et al. (2013), Section 3.1.
func SineFrequencyTarget(x float64) float64 {
	return math.Sin(math.Sqrt2*x) + math.Sin(math.Sqrt(12)*x) + math.Sin(math.Sqrt(60)*x)
}

// SineFrequency is the first synthetic problem of Afkanpour, Szepesvári &
// Bowling (2013), Section 3.1: x ∼ U[−10, 10] and
// y = sign(f(x)) with f = SineFrequencyTarget (f(x) = 0 gives +1). Class
// counts are random, as in the paper (train 500, validation 500, test 1000).
func SineFrequency(n int, seed uint64) (*Dataset, error) {
	if err := checkN("SineFrequency", n, 1, 1); err != nil {
		return nil, err
	}
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		x := 20*rng.Float64() - 10
		X.Set(i, 0, x)
		if SineFrequencyTarget(x) >= 0 {
			y[i] = 1
		}
	}
	return &Dataset{Name: "sine-frequency", X: X, Y: y, Classes: pm, FeatureNames: []string{"x"},
		Description: "Sine-frequency problem (Afkanpour et al., 2013, Sec. 3.1)"}, nil
}

// GaussianRelevanceMean returns μ1 = ρθ/‖θ‖ with ρ = 1.75 and θ_i = (i/d)^γ,
// i = 1,…,d (Afkanpour et al., 2013, Section 3.1). Errors: ErrParam (d < 1,
// γ negative or not finite, or d too large to allocate).
func GaussianRelevanceMean(d int, gamma float64) ([]float64, error) {
	if d < 1 || gamma < 0 || math.IsNaN(gamma) || math.IsInf(gamma, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "datasets: GaussianRelevanceMean: need d ≥ 1 and finite γ ≥ 0, got d = %d, γ = %g", d, gamma)
	}
	if err := klearn.CheckAlloc("datasets: GaussianRelevanceMean", 8, d); err != nil {
		return nil, err
	}
	mu := make([]float64, d)
	s := 0.0
	for i := range mu {
		mu[i] = math.Pow(float64(i+1)/float64(d), gamma)
		s += mu[i] * mu[i]
	}
	s = 1.75 / math.Sqrt(s)
	for i := range mu {
		mu[i] *= s
	}
	return mu, nil
}

// GaussianRelevance is the second synthetic problem of Afkanpour, Szepesvári
// & Bowling (2013), Section 3.1: class +1 ∼ N(μ1, I_d),
// class −1 ∼ N(−μ1, I_d), μ1 = GaussianRelevanceMean(d, γ); the paper uses
// d = 50 and γ ∈ {0, 1, 2, 5, 10, 20, 40}. The paper's class prior is
// uniform; here the classes are exactly balanced (n/2 each, random order),
// which removes label-count noise from its 50-point training sets.
func GaussianRelevance(n, d int, gamma float64, seed uint64) (*Dataset, error) {
	if err := checkN("GaussianRelevance", n, 2, d); err != nil {
		return nil, err
	}
	mu, err := GaussianRelevanceMean(d, gamma)
	if err != nil {
		return nil, err
	}
	rng := klearn.NewRand(seed)
	lab := balancedLabels(rng, n, 2)
	X := mat.NewDense(n, d, nil)
	y := make([]float64, n)
	for i, c := range lab {
		sgn := float64(2*c - 1)
		row := X.RawRowView(i)
		for j := range row {
			row[j] = sgn*mu[j] + rng.NormFloat64()
		}
		y[i] = float64(c)
	}
	return &Dataset{Name: "gaussian-relevance", X: X, Y: y, Classes: pm, FeatureNames: xnames(d),
		Description: fmt.Sprintf("50-D Gaussian relevance problem (Afkanpour et al., 2013), γ = %g", gamma)}, nil
}
