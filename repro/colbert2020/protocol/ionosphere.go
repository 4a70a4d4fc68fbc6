package protocol

import (
	"fmt"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// IonoHypothesis is one reading of Table 1's Ionosphere [TK] (d = 0) that
// we test: a fixed P on the box [−ε, 1 + ε]³⁴ (after min–max scaling with
// the training part), an SVM without bias at C = 1, and its test accuracy
// per split; Range is the smallest and largest Gram entry of the first
// split (the dynamic range that decides the outcome).
type IonoHypothesis struct {
	Name  string
	P     []float64 // 2×2, row-major
	Eps   float64
	Acc   []float64
	Range [2]float64
}

// ionoReadings are the readings tested: the S block alone (the constant
// Π(b − a) dominates it), P = I/2 (the start of our solver, which it
// certifies as optimal to 10⁻⁵ on this data), and the Q block alone,
// k(x, y) = Π_i (b − max(x_i, y_i)), for three margins.
var ionoReadings = []IonoHypothesis{
	{Name: "S block only", P: []float64{0, 0, 0, 1}, Eps: 0.1},
	{Name: "P = I/2", P: []float64{0.5, 0, 0, 0.5}, Eps: 0.1},
	{Name: "Q block only", P: []float64{1, 0, 0, 0}, Eps: 0},
	{Name: "Q block only", P: []float64{1, 0, 0, 0}, Eps: 0.1},
	{Name: "Q block only", P: []float64{1, 0, 0, 0}, Eps: 1},
}

// RunIonosphere evaluates ionoReadings on the first splits 80/20 splits
// of Ionosphere (the whole training parts; seed as in Table 1).
func RunIonosphere(splits int, seed uint64) ([]IonoHypothesis, error) {
	if splits < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: Ionosphere study on %d splits", splits)
	}
	ds := DataSets[4]
	data, err := Load(ds)
	if err != nil {
		return nil, err
	}
	n, d := data.X.Dims()
	sp, err := modelsel.RepeatedSplits(n, splits, 0.2, seed)
	if err != nil {
		return nil, err
	}
	out := make([]IonoHypothesis, len(ionoReadings))
	copy(out, ionoReadings)
	for s := range sp {
		Xtr, Xte, ytr, yte, err := cut(data, sp[s])
		if err != nil {
			return nil, err
		}
		mm, err := preprocess.MinMax{}.Fit(Xtr)
		if err != nil {
			return nil, err
		}
		A, err := mm.Transform(Xtr)
		if err != nil {
			return nil, err
		}
		B, err := mm.Transform(Xte)
		if err != nil {
			return nil, err
		}
		for h := range out {
			lo, hi := make([]float64, d), make([]float64, d)
			for j := range lo {
				lo[j], hi[j] = -out[h].Eps, 1+out[h].Eps
			}
			k := kernel.TK{Degree: 0, Lower: lo, Upper: hi, P: mat.NewSymDense(2, append([]float64(nil), out[h].P...))}
			K := k.Gram(A)
			m, err := svm.Classifier{C: 1, NoBias: true}.FitGram(K, ytr)
			if err != nil {
				return nil, fmt.Errorf("colbert2020: Ionosphere %s, ε = %g: %w", out[h].Name, out[h].Eps, err)
			}
			pred, err := m.PredictGram(k.Cross(B, A))
			if err != nil {
				return nil, err
			}
			out[h].Acc = append(out[h].Acc, Accuracy(yte, pred))
			if s == 0 {
				out[h].Range = [2]float64{mat.Min(K), mat.Max(K)}
			}
		}
	}
	return out, nil
}
