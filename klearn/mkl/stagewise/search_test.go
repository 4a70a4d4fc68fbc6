package stagewise

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
)

// searchCase is a family with inputs, the stage searcher under test and
// the family's own Searcher (an independent evaluation of h and ∇h).
type searchCase struct {
	name   string
	fam    continuous.Family
	X      *mat.Dense
	thetas [][]float64
}

func searchCases(t testing.TB) []searchCase {
	X := klearntest.RandMatrix(70, 5, -2, 2, 11)
	sine, err := datasets.SineFrequency(90, 12)
	if err != nil {
		t.Fatal(err)
	}
	return []searchCase{
		{"Gaussian", continuous.GaussianBandwidth{}, X, [][]float64{{-1}, {0.3}, {1.7}}},
		{"per coordinate", continuous.GaussianPerCoordinate{Lambda: 0.7}, X, [][]float64{{0, 0, 0, 0, 0}, {-0.5, 0.2, 1, 0.1, -1.2}}},
		{"per coordinate, λ = 0", continuous.GaussianPerCoordinate{}, X, [][]float64{{0.4, -0.3, 0.2, 0.9, 0}}},
		{"Dirichlet", continuous.Dirichlet{}, mat.DenseCopyOf(sine.X), [][]float64{{0.5}, {1.41}, {7.7}}},
	}
}

// TestStageSearchMatchesSearcher: the stage searchers' h(θ), ∇h and
// K(κ_θ) equal the family's own Searcher (pairwise kernel values, with
// the Dirichlet kernel as cosines of distances rather than the rank-two
// factorisation), and ∇h equals central finite differences of h, for a
// centred symmetric P.
func TestStageSearchMatchesSearcher(t *testing.T) {
	for _, c := range searchCases(t) {
		n, d := c.X.Dims()
		ref, err := c.fam.Prepare(c.X)
		if err != nil {
			t.Fatal(err)
		}
		fast, err := newStageSearch(c.fam, c.X)
		if err != nil || fast == nil {
			t.Fatalf("%s: no stage searcher (%v)", c.name, err)
		}
		P := center(randSym(n, 13))
		fast.setP(P)
		for _, th := range c.thetas {
			p := len(th)
			if p != 1 && p != d {
				t.Fatalf("%s: θ of length %d", c.name, p)
			}
			gw, g := make([]float64, p), make([]float64, p)
			hw, err := ref.Inner(P, th, gw)
			if err != nil {
				t.Fatal(err)
			}
			h := fast.eval(th, g)
			scale := math.Max(1, math.Abs(hw))
			if math.Abs(h-hw) > 1e-10*scale {
				t.Errorf("%s θ = %v: h = %.14g, Searcher %.14g", c.name, th, h, hw)
			}
			for k := range g {
				if math.Abs(g[k]-gw[k]) > 1e-9*math.Max(scale, math.Abs(gw[k])) {
					t.Errorf("%s θ = %v: ∂h/∂θ_%d = %.14g, Searcher %.14g", c.name, th, k, g[k], gw[k])
				}
				e := 1e-6
				tp, tm := slices.Clone(th), slices.Clone(th)
				tp[k] += e
				tm[k] -= e
				fd := (fast.eval(tp, make([]float64, p)) - fast.eval(tm, make([]float64, p))) / (2 * e)
				if math.Abs(fd-g[k]) > 1e-5*math.Max(scale, math.Abs(g[k])) {
					t.Errorf("%s θ = %v: ∂h/∂θ_%d = %.10g, finite differences %.10g", c.name, th, k, g[k], fd)
				}
			}
			Kf, err := fast.gram(th)
			if err != nil {
				t.Fatal(err)
			}
			k, err := c.fam.Kernel(th)
			if err != nil {
				t.Fatal(err)
			}
			if Kw, _ := kernel.Gram(k, c.X); !mat.EqualApprox(Kf, Kw, 1e-12) {
				t.Errorf("%s θ = %v: Gram differs from kernel.Gram", c.name, th)
			}
		}
	}
}

// TestStageSearchDeterministic: h and ∇h are the same bits for GOMAXPROCS
// 1 and 2 (pair sums over fixed blocks reduced in order), on enough pairs
// for several blocks.
func TestStageSearchDeterministic(t *testing.T) {
	X := klearntest.RandMatrix(200, 4, -2, 2, 14)
	P := center(randSym(200, 15))
	for _, fam := range []continuous.Family{continuous.GaussianBandwidth{}, continuous.GaussianPerCoordinate{Lambda: 1}} {
		fast, err := newStageSearch(fam, X)
		if err != nil {
			t.Fatal(err)
		}
		fast.setP(P)
		lo, _, _ := fam.Space(4)
		th := make([]float64, len(lo))
		for k := range th {
			th[k] = 0.1 * float64(k+1)
		}
		run := func(procs int) (float64, []float64) {
			old := runtime.GOMAXPROCS(procs)
			defer runtime.GOMAXPROCS(old)
			g := make([]float64, len(th))
			return fast.eval(th, g), g
		}
		h1, g1 := run(1)
		h2, g2 := run(2)
		if h1 != h2 || !slices.Equal(g1, g2) {
			t.Errorf("%T: GOMAXPROCS 1 gives %v %v, 2 gives %v %v", fam, h1, g1, h2, g2)
		}
	}
}

// TestLearnTrainGram: the training Gram matrix Learn accumulates over the
// stages is the learned kernel's Gram matrix; Learn trains no SVM, and Fit
// trains the SVM of that Gram matrix (to the solver's tolerance).
func TestLearnTrainGram(t *testing.T) {
	X, y, _, _ := problem(50, 16)
	for _, ca := range []CA{{}, {Family: continuous.GaussianPerCoordinate{Lambda: 0.1}}} {
		m, err := ca.Learn(X, y)
		if err != nil {
			t.Fatal(err)
		}
		want, err := kernel.Gram(m.Kernel(), X)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(m.TrainGram(), want, 1e-12) {
			t.Errorf("%T: TrainGram differs from the Gram matrix of Kernel()", ca.Family)
		}
		if _, err := m.Predict(X); err == nil {
			t.Errorf("%T: Learn's model predicts without an SVM", ca.Family)
		}
		f, err := ca.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(f.Alignments(), m.Alignments()) {
			t.Errorf("%T: Fit and Learn learn different kernels", ca.Family)
		}
		sv, err := ca.SVM.FitGram(want, y)
		if err != nil {
			t.Fatal(err)
		}
		W := mat.DenseCopyOf(want)
		dw, _ := sv.DecisionGram(W)
		df, _ := f.SVM().DecisionGram(W)
		for i := range dw {
			// The SMO solver stops at a KKT tolerance: Gram matrices equal
			// to rounding give decisions equal to that tolerance.
			if math.Abs(dw[i]-df[i]) > 1e-2 {
				t.Fatalf("%T: Fit's SVM decision %g, SVM on the Gram matrix %g", ca.Family, df[i], dw[i])
			}
		}
	}
}

// BenchmarkStageEval is one evaluation of h and ∇h by the stage searchers
// against the family's own Searcher (which Search calls twice per accepted
// point, for h and for ∇h), for n = 300 rows: the Gaussian bandwidth
// (CA-1D), 16 per-coordinate bandwidths (CA-nD on Letter) and the
// Dirichlet kernel on scalar inputs.
func BenchmarkStageEval(b *testing.B) {
	X := klearntest.RandMatrix(300, 16, 0, 15, 17)
	x1 := mat.DenseCopyOf(X.Slice(0, 300, 0, 1))
	P := center(randSym(300, 18))
	for _, c := range []struct {
		name string
		fam  continuous.Family
		X    *mat.Dense
		th   []float64
	}{
		{"Gaussian", continuous.GaussianBandwidth{}, X, []float64{1.5}},
		{"per-coordinate", continuous.GaussianPerCoordinate{Lambda: 1}, X, []float64{1, 1.2, 1.4, 1.1, 0.9, 1, 1, 1, 1.3, 1, 1, 1, 1, 1, 0.8, 1}},
		{"Dirichlet", continuous.Dirichlet{}, x1, []float64{1.41}},
	} {
		g := make([]float64, len(c.th))
		b.Run(c.name+"/stage", func(b *testing.B) {
			s, err := newStageSearch(c.fam, c.X)
			if err != nil {
				b.Fatal(err)
			}
			s.setP(P)
			for i := 0; i < b.N; i++ {
				s.eval(c.th, g)
			}
		})
		b.Run(c.name+"/Searcher", func(b *testing.B) {
			s, err := c.fam.Prepare(c.X)
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < b.N; i++ {
				if _, err := s.Inner(P, c.th, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
