package tk

import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/klearn"
)

// decisionChunk is the number of test rows whose basis blocks
// (kernel.TK.CrossBlocks) Decisions holds at a time.
const decisionChunk = 32

// Decisions returns Decision(X) of every model of one FitPath call (models
// fitted on the same training rows with the same Degree and Margin; they
// differ in C and P*), evaluating the basis G(z, x_i) of each test×train
// pair once for all of them: the test kernel of each model is then the
// contraction Σ_{a≤b} P*_ab Blocks_ab (kernel.TK.CrossBlocks), cheaper than
// a kernel evaluation per pair and model. It equals calling Decision on
// each model up to round-off. Models from different training sets or
// boxes are refused with ErrParam; an unfitted one with ErrNotFitted.
// X is not modified.
func Decisions(models []*Model, X mat.Matrix) ([][]float64, error) {
	if len(models) == 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "tk: Decisions with no model")
	}
	m0 := models[0]
	for k, m := range models {
		if m == nil || m.svm == nil {
			return nil, klearn.Errorf(klearn.ErrNotFitted, "tk: Decisions: model %d is not fitted", k)
		}
		if m.xs != m0.xs || m.kern.TK.Degree != m0.kern.TK.Degree || !floats.Equal(m.kern.TK.Lower, m0.kern.TK.Lower) || !floats.Equal(m.kern.TK.Upper, m0.kern.TK.Upper) {
			return nil, klearn.Errorf(klearn.ErrParam, "tk: Decisions: model %d is not from the same FitPath as model 0", k)
		}
	}
	r, d, err := klearn.CheckMatrix("tk: X", X)
	if err != nil {
		return nil, err
	}
	ntr, dt := m0.xs.Dims()
	if d != dt {
		return nil, klearn.Errorf(klearn.ErrShape, "tk: X has %d columns, the models were fitted on %d", d, dt)
	}
	Z := m0.kern.transform(X)
	out := make([][]float64, len(models))
	for k := range out {
		out[k] = make([]float64, 0, r)
	}
	for r0 := 0; r0 < r; r0 += decisionChunk {
		r1 := min(r, r0+decisionChunk)
		cb, pairs, err := m0.kern.TK.CrossBlocks(Z.Slice(r0, r1, 0, d), m0.xs)
		if err != nil {
			return nil, err
		}
		for k, m := range models {
			Kte := mat.NewDense(r1-r0, ntr, nil)
			raw := Kte.RawMatrix().Data
			for p, ab := range pairs {
				if v := m.kern.TK.P.At(ab.A, ab.B); v != 0 {
					linalg.Axpy(v, cb[p].RawMatrix().Data, raw)
				}
			}
			f, err := m.svm.DecisionGram(Kte)
			if err != nil {
				return nil, err
			}
			out[k] = append(out[k], f...)
		}
	}
	return out, nil
}
