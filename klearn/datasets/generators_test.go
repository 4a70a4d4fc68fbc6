package datasets

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

func counts(ds *Dataset) []int {
	c := make([]int, len(ds.Classes))
	for _, y := range ds.Y {
		c[int(y)]++
	}
	return c
}

func TestGeneratorsShapeBalanceSeed(t *testing.T) {
	t.Parallel()
	type gen func(seed uint64) (*Dataset, error)
	cases := []struct {
		name       string
		g          gen
		rows, cols int
		balanced   []int // exact class counts, nil when random
	}{
		// Sizes of Afkanpour et al. (2013), Supp. Table (banana 5300, ringnorm 7400, waveform 5000).
		{"banana", func(s uint64) (*Dataset, error) { return Banana(5300, s) }, 5300, 2, []int{2650, 2650}},
		{"ringnorm", func(s uint64) (*Dataset, error) { return Ringnorm(7400, 20, s) }, 7400, 20, []int{3700, 3700}},
		{"waveform", func(s uint64) (*Dataset, error) { return Waveform(5000, s) }, 5000, 21, []int{1667, 1667, 1666}},
		{"circle", func(s uint64) (*Dataset, error) { return Circle(1000, 2, s) }, 1000, 2, nil},
		{"friedman1", func(s uint64) (*Dataset, error) { return Friedman1(500, 1, s) }, 500, 10, nil},
		{"sine", func(s uint64) (*Dataset, error) { return SineFrequency(500, s) }, 500, 1, nil},
		{"gauss", func(s uint64) (*Dataset, error) { return GaussianRelevance(50, 50, 5, s) }, 50, 50, []int{25, 25}},
	}
	for _, c := range cases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, err := c.g(1)
			if err != nil {
				t.Fatal(err)
			}
			if r, p := a.X.Dims(); r != c.rows || p != c.cols || len(a.Y) != c.rows || len(a.FeatureNames) != p {
				t.Fatalf("shape %d×%d, want %d×%d", r, p, c.rows, c.cols)
			}
			if _, _, err := klearn.CheckMatrix("X", a.X); err != nil {
				t.Fatal(err)
			}
			if c.balanced != nil {
				got := counts(a)
				for k := range got {
					if got[k] != c.balanced[k] {
						t.Errorf("class counts %v, want %v", got, c.balanced)
					}
				}
			}
			b, _ := c.g(1)
			d, _ := c.g(2)
			if !mat.Equal(a.X, b.X) {
				t.Error("same seed, different X")
			}
			if mat.Equal(a.X, d.X) {
				t.Error("different seeds, same X")
			}
		})
	}
}

func TestTwoSpirals(t *testing.T) {
	t.Parallel()
	ds := TwoSpirals()
	if r, c := ds.X.Dims(); r != 194 || c != 2 {
		t.Fatalf("%d×%d", r, c)
	}
	if got := counts(ds); got[0] != 97 || got[1] != 97 {
		t.Errorf("counts %v", got)
	}
	// Closed form: i = 0 gives φ = 0, ρ = 6.5 → (0, 6.5), class +1;
	// i = 96 gives φ = 6π, ρ = 6.5·8/104 = 0.5 → (0, 0.5).
	if ds.X.At(0, 0) != 0 || ds.X.At(0, 1) != 6.5 || ds.Classes[int(ds.Y[0])] != "+1" {
		t.Errorf("first point %v %v", mat.Row(nil, 0, ds.X), ds.Y[0])
	}
	if math.Abs(ds.X.At(192, 0)) > 1e-12 || math.Abs(ds.X.At(192, 1)-0.5) > 1e-12 || ds.X.At(193, 1) != -ds.X.At(192, 1) {
		t.Errorf("last points %v %v", mat.Row(nil, 192, ds.X), mat.Row(nil, 193, ds.X))
	}
}

// TestTwoSpiralsSample: without noise every point lies on its class's arm
// (ρ and φ of TwoSpirals for one t ∈ [0, 96]); the classes are balanced;
// the noise has the requested spread; bad n and σ are errors.
func TestTwoSpiralsSample(t *testing.T) {
	t.Parallel()
	ds, err := TwoSpiralsSample(401, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := counts(ds); got[0]+got[1] != 401 || got[0] < 200 || got[1] < 200 {
		t.Errorf("counts %v", got)
	}
	for i := 0; i < 401; i++ {
		x1, x2 := ds.X.At(i, 0), ds.X.At(i, 1)
		if ds.Classes[int(ds.Y[i])] == "-1" {
			x1, x2 = -x1, -x2
		}
		// ρ = 6.5(104 − t)/104 gives t, and then φ = tπ/16 must be the angle
		// of (x1, x2) measured from the x2 axis, modulo 2π.
		tt := 104 - math.Hypot(x1, x2)*104/6.5
		if tt < -1e-9 || tt > 96+1e-9 {
			t.Fatalf("point %d: t = %v outside [0, 96]", i, tt)
		}
		phi := tt * math.Pi / 16
		if d := math.Hypot(x1-math.Hypot(x1, x2)*math.Sin(phi), x2-math.Hypot(x1, x2)*math.Cos(phi)); d > 1e-9 {
			t.Fatalf("point %d is %g off its arm", i, d)
		}
	}
	clean, _ := TwoSpiralsSample(2000, 0, 7)
	noisy, _ := TwoSpiralsSample(2000, 0.1, 7)
	var ss float64
	for i := 0; i < 2000; i++ {
		for j := 0; j < 2; j++ {
			d := noisy.X.At(i, j) - clean.X.At(i, j)
			ss += d * d
		}
	}
	// The same seed gives the same arm positions, so the difference is the
	// noise alone: its standard deviation over 4000 draws is σ within 5 %.
	if sd := math.Sqrt(ss / 4000); math.Abs(sd-0.1) > 0.005 {
		t.Errorf("noise standard deviation %g, want 0.1", sd)
	}
	for _, bad := range []struct {
		n int
		s float64
	}{{1, 0}, {10, -1}, {10, math.NaN()}, {10, math.Inf(1)}} {
		if _, err := TwoSpiralsSample(bad.n, bad.s, 1); err == nil {
			t.Errorf("n = %d, σ = %v accepted", bad.n, bad.s)
		}
	}
}

func TestCircle(t *testing.T) {
	t.Parallel()
	// Closed form: d = 2 → r = √(2/π); d = 1 → r = 1/2 (half of [−1, 1]).
	if r, err := CircleRadius(2); err != nil || math.Abs(r-math.Sqrt(2/math.Pi)) > 1e-14 {
		t.Errorf("r(2) = %v, %v", r, err)
	}
	if r, err := CircleRadius(1); err != nil || math.Abs(r-0.5) > 1e-14 {
		t.Errorf("r(1) = %v, %v", r, err)
	}
	for _, d := range []int{0, -3} {
		if _, err := CircleRadius(d); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("CircleRadius(%d): %v, want ErrParam", d, err)
		}
	}
	// Equal priors (for d ≤ 3, where the ball lies inside the cube): with
	// n = 20000 the inside fraction has sd √(0.25/n) ≈ 0.0035; allow 5 sd.
	for _, d := range []int{2, 3} {
		ds, err := Circle(20000, d, 3)
		if err != nil {
			t.Fatal(err)
		}
		frac := float64(counts(ds)[0]) / 20000
		if math.Abs(frac-0.5) > 5*math.Sqrt(0.25/20000) {
			t.Errorf("d = %d: inside fraction %v", d, frac)
		}
		r, err := CircleRadius(d)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 100; i++ {
			if (mat.Norm(ds.X.RowView(i), 2) < r) != (ds.Y[i] == 0) {
				t.Fatalf("row %d labelled against its norm", i)
			}
		}
	}
}

// classMoments returns per-class mean and variance over all coordinates.
func classMoments(ds *Dataset, k int) (mean, v float64) {
	var s, s2, n float64
	for i, y := range ds.Y {
		if int(y) != k {
			continue
		}
		for _, x := range ds.X.RawRowView(i) {
			s += x
			s2 += x * x
			n++
		}
	}
	mean = s / n
	return mean, s2/n - mean*mean
}

func TestRingnormMoments(t *testing.T) {
	t.Parallel()
	ds, err := Ringnorm(7400, 20, 5)
	if err != nil {
		t.Fatal(err)
	}
	// Class 1 ∼ N(0, 4I), class 2 ∼ N(1/√20·1, I); 74000 coordinates per
	// class: mean se ≤ 2/√74000 ≈ 0.0074, variance se ≈ 4·√(2/74000) ≈ 0.021.
	m1, v1 := classMoments(ds, 0)
	m2, v2 := classMoments(ds, 1)
	if math.Abs(m1) > 0.04 || math.Abs(v1-4) > 0.1 || math.Abs(m2-1/math.Sqrt(20)) > 0.02 || math.Abs(v2-1) > 0.03 {
		t.Errorf("moments: %v %v / %v %v", m1, v1, m2, v2)
	}
}

func TestWaveform(t *testing.T) {
	t.Parallel()
	h := WaveformBase()
	// Breiman et al. (1984): peaks of height 6 at i = 7, 15, 11 (1-based).
	if h[0][6] != 6 || h[1][14] != 6 || h[2][10] != 6 || h[0][0] != 0 || h[0][12] != 0 {
		t.Errorf("base waves %v", h)
	}
	ds, err := Waveform(6000, 2)
	if err != nil {
		t.Fatal(err)
	}
	// E[x] for class 1 (h1, h2) = (h1 + h2)/2 since E[u] = 1/2; at point 7 it
	// is 3 (h2(7) = 0). 2000 rows, sd of the mean ≈ √(1 + 36/12)/√2000 ≈ 0.045.
	s, n := 0.0, 0.0
	for i, y := range ds.Y {
		if y == 0 {
			s += ds.X.At(i, 6)
			n++
		}
	}
	if math.Abs(s/n-3) > 0.25 {
		t.Errorf("class 1 mean at point 7 = %v, want 3", s/n)
	}
	yb, err := Binary(ds, "1")
	if err != nil || len(yb) != 6000 {
		t.Fatal(err)
	}
}

func TestFriedmanSineGaussFormulas(t *testing.T) {
	t.Parallel()
	f, err := Friedman1(200, 0, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		x := f.X.RawRowView(i)
		// Friedman (1991) #1 without noise.
		want := 10*math.Sin(math.Pi*x[0]*x[1]) + 20*(x[2]-0.5)*(x[2]-0.5) + 10*x[3] + 5*x[4]
		if math.Abs(f.Y[i]-want) > 1e-12 {
			t.Fatalf("row %d: y = %v, want %v", i, f.Y[i], want)
		}
		for _, v := range x {
			if v < 0 || v > 1 {
				t.Fatalf("x out of [0, 1]: %v", v)
			}
		}
	}
	s, err := SineFrequency(1000, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1000; i++ {
		x := s.X.At(i, 0)
		if x < -10 || x > 10 || (SineFrequencyTarget(x) >= 0) != (s.Y[i] == 1) {
			t.Fatalf("row %d: x = %v, y = %v", i, x, s.Y[i])
		}
	}
	// Closed forms: ‖μ1‖ = ρ = 1.75 for every γ; γ = 0 gives θ = 1, so
	// μ1 = 1.75/√50 in every coordinate; γ > 0 makes μ1 increasing.
	for _, g := range []float64{0, 1, 2, 5, 10, 20, 40} {
		mu, err := GaussianRelevanceMean(50, g)
		if err != nil {
			t.Fatal(err)
		}
		if n := math.Sqrt(mat.Dot(mat.NewVecDense(50, mu), mat.NewVecDense(50, mu))); math.Abs(n-1.75) > 1e-12 {
			t.Errorf("γ = %g: ‖μ‖ = %v", g, n)
		}
	}
	if mu, err := GaussianRelevanceMean(50, 0); err != nil || math.Abs(mu[7]-1.75/math.Sqrt(50)) > 1e-15 {
		t.Errorf("γ = 0: μ = %v, %v", mu, err)
	}
	for _, bad := range []struct {
		d int
		g float64
	}{{0, 1}, {-3, 1}, {50, -1}, {50, math.NaN()}, {50, math.Inf(1)}, {1 << 40, 1}} {
		if _, err := GaussianRelevanceMean(bad.d, bad.g); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("GaussianRelevanceMean(%d, %g): error %v, want ErrParam", bad.d, bad.g, err)
		}
	}
	gd, err := GaussianRelevance(20000, 50, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	mu, err := GaussianRelevanceMean(50, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Last coordinate: class mean ±μ_50, 10000 rows per class, se 0.01.
	var sp, sn float64
	for i, y := range gd.Y {
		if y == 1 {
			sp += gd.X.At(i, 49)
		} else {
			sn += gd.X.At(i, 49)
		}
	}
	if math.Abs(sp/10000-mu[49]) > 0.05 || math.Abs(sn/10000+mu[49]) > 0.05 {
		t.Errorf("class means %v %v, want ±%v", sp/10000, sn/10000, mu[49])
	}
}

func TestGeneratorErrors(t *testing.T) {
	t.Parallel()
	errs := []error{}
	_, e := Banana(1, 0)
	errs = append(errs, e)
	_, e = Ringnorm(10, 0, 0)
	errs = append(errs, e)
	_, e = Circle(0, 2, 0)
	errs = append(errs, e)
	_, e = Friedman1(10, math.NaN(), 0)
	errs = append(errs, e)
	_, e = GaussianRelevance(10, 50, -1, 0)
	errs = append(errs, e)
	_, e = Waveform(2, 0)
	errs = append(errs, e)
	_, e = SineFrequency(0, 0)
	errs = append(errs, e)
	for i, err := range errs {
		if !errors.Is(err, klearn.ErrParam) {
			t.Errorf("case %d: err = %v, want ErrParam", i, err)
		}
	}
}
