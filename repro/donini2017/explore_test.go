package donini2017

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
)

// The exploration's fit is EasyMKL on the HPK Grams of the split, its
// test block the same powers of the cosine: at D = 1 the AUC is the
// cosine kernel's, the weights sum to 1, and a bad D is refused.
func TestExplorer(t *testing.T) {
	e, err := NewExplorer(7)
	if err != nil {
		t.Fatal(err)
	}
	// The cached K_3 is the third entrywise power of K_1 (train and cross).
	K3, err := kernel.HadamardPower(e.train[0], 3)
	if err != nil {
		t.Fatal(err)
	}
	n := len(e.ytr)
	for i := 0; i < n; i += 17 {
		for j := 0; j < n; j += 13 {
			if math.Abs(K3.At(i, j)-e.train[2].At(i, j)) > 1e-12 {
				t.Fatalf("K_3[%d,%d] = %v, want K_1^3 = %v", i, j, e.train[2].At(i, j), K3.At(i, j))
			}
		}
	}
	if c := e.cross[2].At(3, 5); math.Abs(c-math.Pow(e.cross[0].At(3, 5), 3)) > 1e-12 {
		t.Fatalf("cross K_3 = %v, want the cube of %v", c, e.cross[0].At(3, 5))
	}
	eta, auc, err := e.Fit(10, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, v := range eta {
		sum += v
	}
	if len(eta) != 10 || math.Abs(sum-1) > 1e-9 {
		t.Errorf("weights %v: want 10 summing to 1", eta)
	}
	m, err := easymkl.Learner{Lambda: 0.1}.FitGrams(e.train[:10], e.ytr)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range m.Weights() {
		if math.Abs(w-eta[i]) > 1e-12 {
			t.Fatalf("η_%d = %v, EasyMKL gives %v", i+1, eta[i], w)
		}
	}
	if !(auc > 0.7 && auc <= 1) {
		t.Errorf("test AUC %v: Heart's HPK combination ranks well above chance", auc)
	}
	for _, D := range []int{0, ExploreMaxDegree + 1} {
		if _, _, err := e.Fit(D, 0.1); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("D = %d: %v", D, err)
		}
	}
	if c, err := e.Draw(5, 0.5); err != nil || c == nil {
		t.Errorf("Draw: %v", err)
	}
}
