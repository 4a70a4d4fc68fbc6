package easymkl

import (
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// AllPairs is the multi-class scheme of the MNIST experiment of
// Donini & Aiolli (2017), Section 5.5: for each of the
// C(C−1)/2 pairs of classes, EasyMKL learns its own combination of the HPK
// family on the examples of those two classes, and a C-SVM is trained on
// that learned kernel; a test point gets one vote per pair and the class
// with most votes wins (ties go to the smaller label, as in LIBSVM).
//
// It works from the cosine Gram matrix K1 = hpk.CosineGram(X) and the
// test×train cosine matrix C1, powering their sub-blocks lazily, so the
// family is never stored.
type AllPairs struct {
	// Family is the HPK family (the paper uses D = 8).
	Family hpk.Family
	// MKL learns the weights (the paper uses λ = 0.01).
	MKL Learner
	// SVM is the classifier on each learned kernel (the paper uses C = 4).
	SVM svm.Classifier
	// Progress, if not nil, is called after each pair with the number of
	// pairs done and their total.
	Progress func(done, total int)
}

// Pair is one fitted binary problem of AllPairs: class
// Pos (+1) against class Neg (−1), trained on the examples Index.
type Pair struct {
	Pos, Neg float64
	Index    []int
	Model    *SVMModel
}

// AllPairsModel is a fitted AllPairs.
type AllPairsModel struct {
	Classes []float64
	Pairs   []Pair
	family  hpk.Family
	n       int
}

// FitCosine fits one EasyMKL + SVM per pair of classes of y (any labels
// with at least two classes). Errors wrap ErrShape, ErrLabels, ErrParam and
// those of EasyMKL and svm.
func (a AllPairs) FitCosine(K1 *mat.SymDense, y []float64) (*AllPairsModel, error) {
	if err := a.Family.Validate(); err != nil {
		return nil, err
	}
	if K1 == nil || K1.SymmetricDim() != len(y) {
		return nil, klearn.Errorf(klearn.ErrShape, "easymkl: AllPairs: K1 must be %d×%d", len(y), len(y))
	}
	if err := klearn.CheckVector("easymkl: y", y); err != nil {
		return nil, err
	}
	cls := klearn.Classes(y)
	if len(cls) < 2 {
		return nil, klearn.Errorf(klearn.ErrOneClass, "easymkl: AllPairs: need at least two classes")
	}
	total := len(cls) * (len(cls) - 1) / 2
	m := &AllPairsModel{Classes: cls, family: a.Family, n: len(y)}
	for p := 0; p < len(cls); p++ {
		for q := p + 1; q < len(cls); q++ {
			var idx []int
			var yy []float64
			for i, v := range y {
				switch v {
				case cls[p]:
					idx = append(idx, i)
					yy = append(yy, 1)
				case cls[q]:
					idx = append(idx, i)
					yy = append(yy, -1)
				}
			}
			K1pq, err := kernel.SubGram(K1, idx)
			if err != nil {
				return nil, klearn.Errorf(err, "easymkl: AllPairs: classes %g vs %g", cls[p], cls[q])
			}
			src, err := a.Family.Source(K1pq)
			if err != nil {
				return nil, err
			}
			pm, err := SVM{MKL: a.MKL, SVM: a.SVM}.FitSource(src, yy)
			if err != nil {
				return nil, klearn.Errorf(err, "easymkl: AllPairs: classes %g vs %g", cls[p], cls[q])
			}
			m.Pairs = append(m.Pairs, Pair{Pos: cls[p], Neg: cls[q], Index: idx, Model: pm})
			if a.Progress != nil {
				a.Progress(len(m.Pairs), total)
			}
		}
	}
	return m, nil
}

// PredictCosine predicts the class of the rows of the test×train cosine
// matrix C1 by majority vote over the pairs.
func (m *AllPairsModel) PredictCosine(C1 *mat.Dense) ([]float64, error) {
	if m == nil || m.Pairs == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "easymkl: AllPairsModel is not fitted")
	}
	r, _, err := checkTestMatrix("AllPairs", C1, m.n)
	if err != nil {
		return nil, err
	}
	pos := map[float64]int{}
	for i, v := range m.Classes {
		pos[v] = i
	}
	votes := make([][]int, r)
	for i := range votes {
		votes[i] = make([]int, len(m.Classes))
	}
	for _, p := range m.Pairs {
		sub := mat.NewDense(r, len(p.Index), nil)
		for i := 0; i < r; i++ {
			row := sub.RawRowView(i)
			for b, j := range p.Index {
				row[b] = C1.At(i, j)
			}
		}
		src, err := m.family.CrossSource(sub)
		if err != nil {
			return nil, err
		}
		f, err := p.Model.DecisionSource(src)
		if err != nil {
			return nil, err
		}
		for i, v := range f {
			if v > 0 {
				votes[i][pos[p.Pos]]++
			} else {
				votes[i][pos[p.Neg]]++
			}
		}
	}
	out := make([]float64, r)
	for i, vs := range votes {
		best := 0
		for k, v := range vs {
			if v > vs[best] {
				best = k
			}
		}
		out[i] = m.Classes[best]
	}
	return out, nil
}
