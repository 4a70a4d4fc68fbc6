package protocol

import (
	"math"
	"testing"
)

// TestMajorityAccuracy checks the chance level on hand-counted labels.
func TestMajorityAccuracy(t *testing.T) {
	for _, c := range []struct {
		y, yt []float64
		want  float64
	}{
		{[]float64{1, 1, -1}, []float64{1, -1, -1, 1}, 50},
		{[]float64{-1, -1, 1}, []float64{1, -1, -1, -1}, 75},
		{[]float64{1, -1}, []float64{1, -1, -1, -1}, 25}, // a tie predicts +1
	} {
		if got := majorityAccuracy(c.y, c.yt); got != c.want {
			t.Errorf("majorityAccuracy(%v, %v) = %g, want %g", c.y, c.yt, got, c.want)
		}
	}
}

// TestLiverSmallPrefix: the chance-level job repeats the Liver curve at
// its smallest size with the main curve's seeds, so its first
// repetitions are the main curve's (ChanceClaim relies on it).
func TestLiverSmallPrefix(t *testing.T) {
	cfg := Quick()
	main, err := RunCurve(CurveLiver, []int{40, 60}, 2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	small, err := RunCurve(CurveLiver, []int{40}, 3, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for r := 0; r < 2; r++ {
		if small.TK[0][r] != main.TK[0][r] || small.SimpleMKL[0][r] != main.SimpleMKL[0][r] || small.Majority[0][r] != main.Majority[0][r] {
			t.Errorf("repetition %d: %g/%g/%g, main curve %g/%g/%g", r, small.TK[0][r], small.SimpleMKL[0][r], small.Majority[0][r],
				main.TK[0][r], main.SimpleMKL[0][r], main.Majority[0][r])
		}
	}
	for _, m := range main.Majority {
		for _, v := range m {
			if v < 40 || v > 80 {
				t.Errorf("Liver's majority class at %g %%, want near 58 %%", v)
			}
		}
	}
}

// TestFigure6Spiral checks the spiral of Figure 6 against the generator
// Section 8 cites, Lang & Witbrock's two spirals (the benchmark's point i
// at angle φ = iπ/16 and radius ρ = 6.5(104 − i)/104, i = 0 … 96: three
// turns): every noise-free point lies on its class's arm, class −1 being
// the negation of class +1, at a t = 104(1 − ρ/6.5) in [0, 96]; the draws
// cover the three turns (t from below 1 to above 95 in 1000 points); the
// training set has the text's 150 points, half in each class.
func TestFigure6Spiral(t *testing.T) {
	p, err := newFigure6Problem("spiral", 5)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := p.X.Dims(); n != 150 {
		t.Fatalf("%d training points, want 150", n)
	}
	var pos int
	for _, v := range p.y {
		if v > 0 {
			pos++
		}
	}
	if pos != 75 {
		t.Errorf("%d of 150 training points in class +1, want 75", pos)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, v := range p.yt {
		x1, x2 := p.Xt.At(i, 0), p.Xt.At(i, 1)
		if v < 0 {
			x1, x2 = -x1, -x2
		}
		rho := math.Hypot(x1, x2)
		tt := 104 * (1 - rho/6.5)
		phi := tt * math.Pi / 16
		if math.Abs(x1-rho*math.Sin(phi)) > 1e-9 || math.Abs(x2-rho*math.Cos(phi)) > 1e-9 || tt < -1e-9 || tt > 96+1e-9 {
			t.Fatalf("point %d (class %v) off Lang & Witbrock's arm: t = %g, residual (%g, %g)", i, v, tt, x1-rho*math.Sin(phi), x2-rho*math.Cos(phi))
		}
		lo, hi = min(lo, tt), max(hi, tt)
	}
	if lo > 1 || hi < 95 {
		t.Errorf("t spans [%g, %g]: not the three turns of t ∈ [0, 96]", lo, hi)
	}
}

// TestRunFigure1 checks panel (b) against the closed forms of k(5, z)
// worked out by hand from Corollary 13 with γ = 0 on X = [0, 10] — A₁:
// 10 − max(5, z); A₃: (1 + 5z)(10 − max(5, z)) — and panel (a)'s labels
// against the generator; a 2-point lattice is an error.
func TestRunFigure1(t *testing.T) {
	f, err := RunFigure1(3, 101, 50)
	if err != nil {
		t.Fatal(err)
	}
	a1 := func(z float64) float64 { return 10 - math.Max(5, z) }
	a3 := func(z float64) float64 { return (1 + 5*z) * (10 - math.Max(5, z)) }
	s1, s3 := 0.0, 0.0
	for i := 0; i <= 100; i++ {
		z := 0.1 * float64(i)
		s1, s3 = math.Max(s1, math.Abs(a1(z))), math.Max(s3, math.Abs(a3(z)))
	}
	for i := 0; i <= 100; i++ {
		z := 0.1 * float64(i)
		if d := math.Abs(f.Kernels[0][i] - a1(z)/s1); d > 1e-12 {
			t.Errorf("A1 at z = %g: %g, want %g", z, f.Kernels[0][i], a1(z)/s1)
		}
		if d := math.Abs(f.Kernels[2][i] - a3(z)/s3); d > 1e-12 {
			t.Errorf("A3 at z = %g: %g, want %g", z, f.Kernels[2][i], a3(z)/s3)
		}
	}
	// A₁'s slope is 0 left of 5 and −1/5 right of it (normalised).
	if math.Abs(f.Slope[0]+0.2) > 1e-6 {
		t.Errorf("A1 slope change %g, want −0.2", f.Slope[0])
	}
	for i, x := range f.X {
		if f.Y[i] != figure1Label(x) || x < 0 || x > 10 {
			t.Errorf("point %d: (%g, %g)", i, x, f.Y[i])
		}
	}
	if _, err := RunFigure1(3, 2, 50); err == nil {
		t.Error("a 2-point lattice accepted")
	}
}

// TestRunCurve: a tiny learning curve runs, is deterministic, and its
// accuracies are percentages; bad sizes and problems are errors; the
// noise-free spiral lies in [0, 1]².
func TestRunCurve(t *testing.T) {
	cfg := Quick()
	cfg.Seed = 5
	a, err := RunCurve(CurveSpiral, []int{20, 40}, 2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := RunCurve(CurveSpiral, []int{20, 40}, 2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for k := range a.Sizes {
		for r := 0; r < 2; r++ {
			if a.TK[k][r] != b.TK[k][r] || a.SimpleMKL[k][r] != b.SimpleMKL[k][r] {
				t.Errorf("size %d rep %d: not deterministic", a.Sizes[k], r)
			}
			if a.TK[k][r] < 0 || a.TK[k][r] > 100 {
				t.Errorf("accuracy %g", a.TK[k][r])
			}
		}
	}
	for _, bad := range []struct {
		p     string
		sizes []int
		reps  int
	}{{"moon", []int{20}, 1}, {CurveSpiral, nil, 1}, {CurveSpiral, []int{5}, 1}, {CurveSpiral, []int{20}, 0}, {CurveLiver, []int{5000}, 1}} {
		if _, err := RunCurve(bad.p, bad.sizes, bad.reps, cfg); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	X, _, err := scaledSpiral(200, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		for j := 0; j < 2; j++ {
			if v := X.At(i, j); v < 0 || v > 1 {
				t.Fatalf("noise-free spiral point outside [0, 1]²: %g", v)
			}
		}
	}
}
