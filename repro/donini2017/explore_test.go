package donini2017

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/repro/donini2017/protocol"
	"github.com/kernelab/kernelab/viz"
)

// The exploration's fit is EasyMKL on the HPK Grams of the split, its
// test block the same powers of the cosine, for each input: K_1 is the
// cosine matrix of protocol.Unit's rows under that preprocessing, the
// weights sum to 1 and are EasyMKL's, the two inputs give different
// weights, and a bad input or D is refused.
func TestExplorer(t *testing.T) {
	e, err := NewExplorer(7)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.grams) != len(ExplorePreps) || ExplorePreps[0] != protocol.ZScore {
		t.Fatalf("%d inputs, the first %q: want the main run's z-scores first", len(e.grams), ExplorePreps[0])
	}
	d, err := datasets.Load("heart")
	if err != nil {
		t.Fatal(err)
	}
	y, err := datasets.Binary(d, d.Classes[1])
	if err != nil {
		t.Fatal(err)
	}
	sp, err := modelsel.StratifiedRepeatedSplits(y, 1, 0.3, 7)
	if err != nil {
		t.Fatal(err)
	}
	tr, te := sp[0].Train, sp[0].Test
	var etas [][]float64
	for in, prep := range ExplorePreps {
		g := e.grams[in]
		Z, err := protocol.Unit(d.X, tr, prep)
		if err != nil {
			t.Fatal(err)
		}
		// K_1 is the cosine of the preprocessed rows; the cached K_3 is
		// its third entrywise power (train and cross).
		for _, ij := range [][2]int{{0, 1}, {4, 9}, {17, 3}} {
			i, j := ij[0], ij[1]
			want := mat.Dot(Z.RowView(tr[i]), Z.RowView(tr[j]))
			if math.Abs(g.train[0].At(i, j)-want) > 1e-12 {
				t.Fatalf("%s: K_1[%d,%d] = %v, want the cosine %v", prep, i, j, g.train[0].At(i, j), want)
			}
			want = mat.Dot(Z.RowView(te[i]), Z.RowView(tr[j]))
			if math.Abs(g.cross[0].At(i, j)-want) > 1e-12 {
				t.Fatalf("%s: cross K_1[%d,%d] = %v, want the cosine %v", prep, i, j, g.cross[0].At(i, j), want)
			}
		}
		K3, err := kernel.HadamardPower(g.train[0], 3)
		if err != nil {
			t.Fatal(err)
		}
		n := len(e.ytr)
		for i := 0; i < n; i += 17 {
			for j := 0; j < n; j += 13 {
				if math.Abs(K3.At(i, j)-g.train[2].At(i, j)) > 1e-12 {
					t.Fatalf("%s: K_3[%d,%d] = %v, want K_1^3 = %v", prep, i, j, g.train[2].At(i, j), K3.At(i, j))
				}
			}
		}
		if c := g.cross[2].At(3, 5); math.Abs(c-math.Pow(g.cross[0].At(3, 5), 3)) > 1e-12 {
			t.Fatalf("%s: cross K_3 = %v, want the cube of %v", prep, c, g.cross[0].At(3, 5))
		}
		eta, auc, err := e.Fit(in, 10, 0.1)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, v := range eta {
			sum += v
		}
		if len(eta) != 10 || math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: weights %v: want 10 summing to 1", prep, eta)
		}
		m, err := easymkl.Learner{Lambda: 0.1}.FitGrams(g.train[:10], e.ytr)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range m.Weights() {
			if math.Abs(w-eta[i]) > 1e-12 {
				t.Fatalf("%s: η_%d = %v, EasyMKL gives %v", prep, i+1, eta[i], w)
			}
		}
		if !(auc > 0.7 && auc <= 1) {
			t.Errorf("%s: test AUC %v: Heart's HPK combination ranks well above chance", prep, auc)
		}
		etas = append(etas, eta)
		c, err := e.Draw(in, 5, 0.5)
		if err != nil {
			t.Fatalf("Draw: %v", err)
		}
		if title := c.(*viz.Bar).Title; !strings.HasPrefix(title, "Heart ("+ExploreInputs()[in]+"): K_1 … K_{5}, λ = 0.5, test AUC ") {
			t.Errorf("the title %q does not name %q", title, ExploreInputs()[in])
		}
	}
	if math.Abs(etas[0][0]-etas[1][0]) < 1e-6 {
		t.Errorf("η_1 = %v under both inputs: the select would change nothing", etas[0][0])
	}
	for _, D := range []int{0, ExploreMaxDegree + 1} {
		if _, _, err := e.Fit(0, D, 0.1); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("D = %d: %v", D, err)
		}
	}
	for _, in := range []int{-1, len(ExplorePreps)} {
		if _, _, err := e.Fit(in, 5, 0.1); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("input %d: %v", in, err)
		}
	}
	if got := ExploreInputs(); len(got) != 2 || got[0] != "z-scored, the main run" || got[1] != "min–max, a variant" {
		t.Errorf("ExploreInputs() = %q", got)
	}
}
