package datasets

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// loadMNISTOrSkip skips the test when `make data` has not filled the cache.
func loadMNISTOrSkip(t *testing.T, split string) *Images {
	t.Helper()
	im, err := LoadMNIST(split)
	if errors.Is(err, klearn.ErrMissingData) {
		t.Skipf("MNIST cache absent (run `make data`): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func TestMNIST(t *testing.T) {
	t.Parallel()
	// Label counts of MNIST (LeCun et al., 1998; the figures every MNIST
	// loader reports, e.g. torchvision) and the mean pixel 0.1307·255 of the
	// usual normalisation (0.13066 for the training set).
	want := map[string][10]int{
		"train": {5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949},
		"test":  {980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009},
	}
	for split, w := range want {
		im := loadMNISTOrSkip(t, split)
		var c [10]int
		for _, l := range im.Labels {
			c[l]++
		}
		if c != w || im.Rows != 28 || im.Cols != 28 {
			t.Errorf("%s: counts %v (want %v), %d×%d", split, c, w, im.Rows, im.Cols)
		}
		if split == "train" {
			s := 0.0
			for _, p := range im.Pixels {
				s += float64(p)
			}
			if m := s / float64(len(im.Pixels)) / 255; math.Abs(m-0.1307) > 5e-5 {
				t.Errorf("train mean pixel %v·255, want 0.1307·255", m)
			}
		}
	}
	ds, err := Load("mnist-test")
	if err != nil {
		t.Fatal(err)
	}
	if r, c := ds.X.Dims(); r != 10000 || c != 784 || len(ds.Classes) != 10 {
		t.Errorf("mnist-test %d×%d", r, c)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i < 100; i++ {
		for _, v := range ds.X.RawRowView(i) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if lo != 0 || hi != 255 {
		t.Errorf("pixel range %v–%v, want raw 0–255", lo, hi)
	}
	if testing.Short() {
		return
	}
	tr, err := Load("mnist-train")
	if err != nil {
		t.Fatal(err)
	}
	if r, c := tr.X.Dims(); r != 60000 || c != 784 {
		t.Errorf("mnist-train %d×%d", r, c)
	}
}

func TestGisette(t *testing.T) {
	t.Parallel()
	im := loadMNISTOrSkip(t, "train")
	n := 200
	a, err := Gisette(im, n, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := a.X.Dims(); r != n || c != 5000 || len(a.FeatureNames) != 5000 {
		t.Fatalf("%d×%d", r, c)
	}
	if got := counts(a); got[0] != n/2 || got[1] != n/2 {
		t.Errorf("classes %v", got)
	}
	probes, products := 0, 0
	for _, f := range a.FeatureNames {
		if strings.HasPrefix(f, "probe_") {
			probes++
		} else if strings.Contains(f, "*") {
			products++
		}
	}
	// Design (see Gisette doc): 784 pixels + 1716 products + 2500 probes.
	if probes != 2500 || products != 1716 {
		t.Errorf("%d probes, %d products", probes, products)
	}
	for i := 0; i < n; i++ {
		for _, v := range a.X.RawRowView(i) {
			if v < 0 || v > 999 || v != math.Round(v) {
				t.Fatalf("value %v not an integer in 0–999", v)
			}
		}
	}
	b, _ := Gisette(im, n, 1)
	for i := 0; i < n; i++ {
		for j, v := range a.X.RawRowView(i) {
			if b.X.At(i, j) != v {
				t.Fatal("same seed, different data")
			}
		}
	}
	if _, err := Gisette(im, 3, 1); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("odd n: %v", err)
	}
	if testing.Short() {
		return
	}
	g, err := Load("gisette-mnist")
	if err != nil {
		t.Fatal(err)
	}
	if r, c := g.X.Dims(); r != 4000 || c != 5000 {
		t.Errorf("gisette-mnist %d×%d", r, c)
	}
}
