package protocol

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestTinyTable5Deskewed runs Table 5 on a few MNIST images, raw and
// deskewed: the same images, an error per test image, a sane error rate.
func TestTinyTable5Deskewed(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MNIST")
	}
	if _, err := datasets.LoadMNIST("test"); err != nil {
		t.Skipf("MNIST not available (make data): %v", err)
	}
	c := Quick()
	c.T5Train, c.T5Test = 300, 100
	for _, deskew := range []bool{false, true} {
		a, err := runTable5(c, c.T5Train, deskew)
		if err != nil {
			t.Fatal(err)
		}
		n := 0.0
		for _, w := range a.Wrong {
			n += w
		}
		if a.Deskewed != deskew || len(a.Wrong) != 100 || math.Abs(a.Err-n) > 1e-9 || a.Err > 40 {
			t.Errorf("deskew %v: error %.1f %%, %d of %d wrong", deskew, a.Err, int(n), len(a.Wrong))
		}
		// Each of the 45 pairs' EasyMKL QP (NoResolve: one) and SVM is
		// checked and counted (Solves.addPairs).
		if a.Pairs != 45 || a.Solves.N != 45 || a.Solves.SVMs != 45 || a.Uncertified > a.Pairs {
			t.Errorf("deskew %v: %d of %d pairs not certified, %+v", deskew, a.Uncertified, a.Pairs, a.Solves)
		}
	}
}

// TestTable5PairGramsMatchFullGram checks the pair-by-pair Gram matrices
// of runTable5 against mkl.EasyMKLAllPairs on the full Gram matrix: the
// same test images misclassified.
func TestTable5PairGramsMatchFullGram(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MNIST")
	}
	if _, err := datasets.LoadMNIST("test"); err != nil {
		t.Skipf("MNIST not available (make data): %v", err)
	}
	c := Quick()
	c.T5Test = 100
	a, err := runTable5(c, 250, false)
	if err != nil {
		t.Fatal(err)
	}
	X, y, err := mnistRows("train", 0, 250, false)
	if err != nil {
		t.Fatal(err)
	}
	Xte, yte, err := mnistRows("test", 0, 100, false)
	if err != nil {
		t.Fatal(err)
	}
	K1, err := hpk.CosineGram(X)
	if err != nil {
		t.Fatal(err)
	}
	m, err := easymkl.AllPairs{Family: hpk.Family{D: 8}, MKL: easymkl.Learner{Lambda: 0.01}, SVM: svm.Classifier{C: 4}}.FitCosine(K1, y)
	if err != nil {
		t.Fatal(err)
	}
	C1, err := hpk.CosineCross(Xte, X)
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.PredictCosine(C1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p {
		if w := p[i] != yte[i]; w != (a.Wrong[i] == 1) {
			t.Fatalf("test image %d: full Gram wrong %v, pair Grams wrong %v", i, w, a.Wrong[i] == 1)
		}
	}
}

// TestClassCrossMatchesPairCross: the test×train cosines Table 5 gathers
// from one block per class are bit for bit those of hpk.CosineCross on
// each pair's training rows, above crossMinTest test rows (blocks) and
// below it (no blocks).
func TestClassCrossMatchesPairCross(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MNIST")
	}
	if _, err := datasets.LoadMNIST("test"); err != nil {
		t.Skipf("MNIST not available (make data): %v", err)
	}
	X, y, err := mnistRows("train", 0, 700, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, nTe := range []int{crossMinTest - 1, 300} {
		Xte, _, err := mnistRows("test", 0, nTe, false)
		if err != nil {
			t.Fatal(err)
		}
		cls := klearn.Classes(y)
		cc, err := newClassCross(Xte, X, y, cls)
		if err != nil {
			t.Fatal(err)
		}
		if (cc.block != nil) != (nTe >= crossMinTest) {
			t.Fatalf("%d test rows: blocks %v", nTe, cc.block != nil)
		}
		for _, ab := range [][2]int{{0, 1}, {3, 8}, {8, 9}} {
			a, b := cls[ab[0]], cls[ab[1]]
			Xp, _, err := pairRows(X, y, a, b)
			if err != nil {
				t.Fatal(err)
			}
			want, err := hpk.CosineCross(Xte, Xp)
			if err != nil {
				t.Fatal(err)
			}
			got, err := cc.pair(Xp, y, a, b)
			if err != nil {
				t.Fatal(err)
			}
			r, c := want.Dims()
			if gr, gc := got.Dims(); gr != r || gc != c {
				t.Fatalf("pair %g–%g: %d×%d, want %d×%d", a, b, gr, gc, r, c)
			}
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					if math.Float64bits(got.At(i, j)) != math.Float64bits(want.At(i, j)) {
						t.Fatalf("%d test rows, pair %g–%g: entry (%d, %d) is %v, want %v", nTe, a, b, i, j, got.At(i, j), want.At(i, j))
					}
				}
			}
		}
	}
}
