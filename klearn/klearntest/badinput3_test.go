package klearntest_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// badSource is a GramSource whose Len disagrees with what Each yields
// (yield kernels, in order from, repeating the last index when dup).
type badSource struct {
	K     *mat.SymDense
	n     int // Len
	yield int
	from  int
	dup   bool
	nilK  bool
}

func (b badSource) Len() int { return b.n }
func (b badSource) Dim() int { return b.K.SymmetricDim() }
func (b badSource) Each(fn func(int, *mat.SymDense) error) error {
	for s := 0; s < b.yield; s++ {
		i := b.from + s
		if b.dup && s > 0 {
			i = b.from
		}
		K := b.K
		if b.nilK {
			K = nil
		}
		if err := fn(i, K); err != nil {
			return err
		}
	}
	return nil
}

// TestBatterySecondSweep: the cases of the second bad-input sweep (nil
// receivers and arguments, slices of the wrong length, negative sizes,
// inconsistent lazy sources, self-reference, overflow in intermediate
// sums, NaN passed through, invalid settings) over kernel, mkl,
// continuous, tk, opt, datasets and preprocess; viz's cases are in
// viz/badinput3_test.go.
func TestBatterySecondSweep(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	X := f.X
	Xbig := scaled(X, 1e200)
	nanK := symWithNaN(f.K, nan)
	nanC := withNaN(f.Kte, nan)
	var cases []klearntest.Case

	// Nil receivers and nil arguments.
	var rf *hpk.RandomFeatures
	var sdp *opt.SDP
	cases = append(cases,
		klearntest.Bad("nil RandomHPKFeatures.Grams", func() error { return err1(rf.Grams(X)) }, nil),
		klearntest.Bad("nil RandomHPKFeatures.Crosses", func() error { return err1(rf.Crosses(f.Xte, X)) }, nil),
		klearntest.Bad("nil SDP.AddA", func() error { return sdp.AddA(0, 0, 0, 0, 1) }, klearn.ErrEmpty),
		klearntest.Bad("nil SDP.AddC", func() error { return sdp.AddC(0, 0, 0, 1) }, klearn.ErrEmpty),
		klearntest.Bad("SumKernel nil family", func() error { return err1(continuous.SumKernel(nil, [][]float64{{0}}, []float64{1})) }, klearn.ErrParam),
		klearntest.Bad("PrepareBinary nil family", func() error {
			_, _, _, _, err := continuous.PrepareBinary(nil, X, f.y, "test")
			return err
		}, klearn.ErrParam),
		klearntest.Bad("SubtractSpread nil grad", func() error { return err1(continuous.SubtractSpread(1, nil, []float64{0, 1}, 1)) }, klearn.ErrShape),
		klearntest.Bad("SubtractSpread short grad", func() error { return err1(continuous.SubtractSpread(1, []float64{0}, []float64{0, 1}, 1)) }, klearn.ErrShape),
		klearntest.Bad("SubtractSpread NaN θ", func() error { return err1(continuous.SubtractSpread(1, []float64{0, 0}, []float64{nan, 1}, 1)) }, klearn.ErrNotFinite),
		klearntest.Bad("SubtractSpread NaN λ", func() error { return err1(continuous.SubtractSpread(1, []float64{0, 0}, []float64{0, 1}, nan)) }, klearn.ErrParam),
		klearntest.Bad("SubtractSpread spread overflows", func() error { return err1(continuous.SubtractSpread(1, []float64{0, 0}, []float64{0, 1000}, 1)) }, klearn.ErrNotFinite),
		klearntest.Finite("SubtractSpread θ = 1000 twice (no spread)", func() ([]float64, error) {
			g := []float64{0.5, 0.25}
			h, err := continuous.SubtractSpread(1, g, []float64{1000, 1000}, 1)
			if err == nil && (h != 1 || g[0] != 0.5 || g[1] != 0.25) {
				return []float64{nan}, nil
			}
			return append(g, h), err
		}),
		klearntest.Finite("GaussianPerCoordinate.Space(-1)", func() ([]float64, error) {
			lo, hi, st := continuous.GaussianPerCoordinate{}.Space(-1)
			if len(lo) != 0 || len(hi) != 0 {
				return []float64{nan}, nil
			}
			for _, s := range st {
				if len(s) != 0 {
					return []float64{nan}, nil
				}
			}
			return nil, nil
		}),
	)

	// Inconsistent lazy sources.
	for _, s := range []struct {
		name string
		src  badSource
	}{
		{"Each yields fewer than Len", badSource{K: f.Kn, n: 3, yield: 2}},
		{"Each yields more than Len", badSource{K: f.Kn, n: 2, yield: 3}},
		{"Each repeats an index", badSource{K: f.Kn, n: 2, yield: 2, dup: true}},
		{"Each starts at 1", badSource{K: f.Kn, n: 2, yield: 2, from: 1}},
		{"Each yields nil", badSource{K: f.Kn, n: 2, yield: 2, nilK: true}},
		{"Each yields NaN", badSource{K: symWithNaN(f.Kn, nan), n: 2, yield: 2}},
	} {
		src := s.src
		cases = append(cases,
			klearntest.Bad("EasyMKL.FitSource "+s.name, func() error { return err1(easymkl.Learner{Lambda: .5}.FitSource(src, f.y)) }, nil),
			klearntest.Bad("CombineSource "+s.name, func() error { return err1(mkl.CombineSource([]float64{.5, .5, .5}[:src.n], src)) }, nil),
		)
	}

	// NaN in, NaN out.
	hpkFam := hpk.Family{D: 3}
	nanK1 := symWithNaN(f.Kn, nan)
	cases = append(cases,
		klearntest.Bad("NormalizeCross NaN C", func() error {
			return err1(kernel.NormalizeCross(nanC, []float64{1, 1, 1}, []float64{1, 1, 1, 1, 1, 1, 1, 1}))
		}, klearn.ErrNotFinite),
		klearntest.Bad("Hadamard NaN", func() error { return err1(kernel.Hadamard(nanK, f.K)) }, klearn.ErrNotFinite),
		klearntest.Bad("HadamardPower NaN", func() error { return err1(kernel.HadamardPower(nanK, 2)) }, klearn.ErrNotFinite),
		klearntest.Bad("Center NaN", func() error { return err1(kernel.Center(nanK)) }, klearn.ErrNotFinite),
		klearntest.Bad("MonomialVector NaN x", func() error { return err1(kernel.MonomialVector([]float64{nan, 1}, [][]int{{1, 0}})) }, klearn.ErrNotFinite),
		klearntest.Bad("MonomialVector overflows", func() error { return err1(kernel.MonomialVector([]float64{1e300, 1}, [][]int{{2, 0}})) }, klearn.ErrNotFinite),
		klearntest.Bad("HPKFamily.Source NaN K1", func() error { return walk(hpkFam.Source(nanK1)) }, klearn.ErrNotFinite),
		klearntest.Bad("HPKFamily.CrossSource NaN C1", func() error { return walk(hpkFam.CrossSource(nanC)) }, klearn.ErrNotFinite),
	)
	q, err := kernel.TKSize(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	P0, err := tk.RandomP(2*q, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	nanP := symWithNaN(P0[0], nan)
	indef := symScaled(P0[0], -1)
	cases = append(cases,
		klearntest.Bad("tk.Library NaN P", func() error { return err2(tk.Library(X, nil, 1, 0, []*mat.SymDense{nanP})) }, nil),
		klearntest.Bad("tk.Library indefinite P", func() error { return err2(tk.Library(X, nil, 1, 0, []*mat.SymDense{indef})) }, klearn.ErrNotPSD),
	)

	// Overflow in intermediate sums and products.
	K2 := symScaled(f.Kn, 2)
	cases = append(cases,
		klearntest.Bad("HadamardPower(2K, 100000) overflows", func() error { return err1(kernel.HadamardPower(K2, 100000)) }, klearn.ErrNotFinite),
		klearntest.Finite("HadamardPower(K, 100000) of a cosine Gram", func() ([]float64, error) {
			K, err := kernel.HadamardPower(f.Kn, 100000)
			return klearntest.Values(K), err
		}),
		klearntest.Bad("Center overflows", func() error { return err1(kernel.Center(symScaled(f.K, big/2))) }, klearn.ErrNotFinite),
		klearntest.Finite("CosineGram is scale-invariant (X·1e200)", func() ([]float64, error) {
			return sameAs(hpk.CosineGram(X))(hpk.CosineGram(Xbig))
		}),
		klearntest.Finite("CosineGram is scale-invariant (X·1e-200)", func() ([]float64, error) {
			return sameAs(hpk.CosineGram(X))(hpk.CosineGram(scaled(X, 1e-200)))
		}),
		klearntest.Finite("CosineCross is scale-invariant (A·1e200)", func() ([]float64, error) {
			return sameAs(hpk.CosineCross(f.Xte, X))(hpk.CosineCross(scaled(f.Xte, 1e200), Xbig))
		}),
		klearntest.Finite("HPKFamily.Grams is scale-invariant (X·1e200)", func() ([]float64, error) {
			a, err := hpkFam.Grams(X)
			if err != nil {
				return nil, err
			}
			b, err := hpkFam.Grams(Xbig)
			if err != nil {
				return nil, err
			}
			return sameAs(a[3], nil)(b[3], nil)
		}),
		klearntest.Finite("Deskew with pixels near MaxFloat64", func() ([]float64, error) {
			img := []float64{0, 1, 0, 0, 1, 0, 0, 0, 1}
			want, err := datasets.Deskew(img, 3, 3)
			if err != nil {
				return nil, err
			}
			got, err := datasets.Deskew(scaledSlice(img, big/2), 3, 3)
			if err != nil {
				return nil, err
			}
			for i := range got {
				if math.Abs(got[i]/(big/2)-want[i]) > 1e-12 {
					return []float64{nan}, nil
				}
			}
			return got, nil
		}),
		klearntest.Finite("MinMax on ±1e308 maps the max to exactly 1", func() ([]float64, error) {
			Xe := mat.NewDense(3, 1, []float64{-1e308, 0, 1e308})
			tr, err := preprocess.MinMax{}.Fit(Xe)
			if err != nil {
				return nil, err
			}
			Z, err := tr.Transform(Xe)
			if err != nil {
				return nil, err
			}
			if Z.At(0, 0) != 0 || Z.At(2, 0) != 1 || Z.At(1, 0) != 0.5 {
				return []float64{nan}, nil
			}
			return klearntest.Values(Z), nil
		}),
		klearntest.Finite("MinMax maps the max to exactly 1 (range 49)", func() ([]float64, error) {
			Xe := mat.NewDense(2, 1, []float64{0, 49})
			tr, err := preprocess.MinMax{}.Fit(Xe)
			if err != nil {
				return nil, err
			}
			Z, err := tr.Transform(Xe)
			if err != nil {
				return nil, err
			}
			if Z.At(1, 0) != 1 {
				return []float64{nan}, nil
			}
			return klearntest.Values(Z), nil
		}),
	)

	// Invalid settings.
	cases = append(cases,
		klearntest.Bad("FiniteCombination negative Tol", func() error {
			return err1(continuous.FiniteCombination(f.Ks, f.y, 1, &opt.Settings{Tol: -1}))
		}, klearn.ErrParam),
		klearntest.Bad("FiniteCombination negative MaxIter", func() error {
			return err1(continuous.FiniteCombination(f.Ks, f.y, 1, &opt.Settings{MaxIter: -1}))
		}, klearn.ErrParam),
		klearntest.Bad("FiniteCombination NaN y", func() error {
			return err1(continuous.FiniteCombination(f.Ks, []float64{nan, 1, 1, 1, 1, 1, 1, 1}, 1, nil))
		}, klearn.ErrNotFinite),
		klearntest.Bad("SumKernel 2 θs, 1 weight", func() error {
			return err1(continuous.SumKernel(continuous.GaussianBandwidth{}, [][]float64{{0}, {1}}, []float64{1}))
		}, klearn.ErrShape),
		klearntest.Bad("SumKernel NaN weight", func() error {
			return err1(continuous.SumKernel(continuous.GaussianBandwidth{}, [][]float64{{0}}, []float64{nan}))
		}, klearn.ErrNotFinite),
	)

	klearntest.Battery(t, cases)
}

// sameAs returns a check that a second matrix has the bits of the first:
// the Finite answer is the values, or a NaN when they differ.
// eacher is a lazy kernel source: mkl.GramSource or mkl.CrossSource.
type eacher[M any] interface {
	Each(func(int, M) error) error
}

// walk visits every kernel of a lazy source (a GramSource or a
// CrossSource) and returns the first error, that of building the source
// included.
func walk[M any, S eacher[M]](src S, err error) error {
	if err != nil {
		return err
	}
	return src.Each(func(int, M) error { return nil })
}

func sameAs[M mat.Matrix](want M, werr error) func(M, error) ([]float64, error) {
	return func(got M, err error) ([]float64, error) {
		if werr != nil {
			return nil, werr
		}
		if err != nil {
			return nil, err
		}
		a, b := klearntest.Values(want), klearntest.Values(got)
		for i := range a {
			if math.Abs(a[i]-b[i]) > 1e-12 {
				return []float64{nan}, nil
			}
		}
		return b, nil
	}
}
