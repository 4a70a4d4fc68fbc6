package svm

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// machine is one binary C-SVC: f(x) = Σ_s coef_s k(x_s, x) + bias, with
// class index pos on the +1 side and neg (−1: all other classes) on the −1 side.
type machine struct {
	pos, neg  int
	support   []int     // training indices with α > 0, ascending
	coef      []float64 // y_s α_s, aligned with support
	unionPos  []int     // positions of support in Model.svIndex
	alpha     []float64 // α over all n training points (0 outside this machine's problem)
	cbound    []float64 // C_i over all n training points (0 outside)
	bias, obj float64
	iter      int
	status    Status
}

// Model is a fitted C-SVC. It is immutable: accessors return copies.
//
// A binary model has one machine. A multiclass model has one machine per
// pair of classes (one-vs-one, ordered (0,1), (0,2), …, (1,2), … by class
// index) or per class (one-vs-rest); see Machines.
//
// The accessors of a nil *Model return zero values; Decision and Predict
// return ErrNotFitted.
type Model struct {
	classes  []float64
	multi    Multiclass
	nTrain   int
	dim      int           // feature dimension (kernel path); 0 for the Gram path
	kern     kernel.Kernel // nil for the Gram path
	svIndex  []int         // union of support indices over machines, ascending
	svRows   [][]float64   // kernel path: training rows of svIndex
	machines []*machine
}

// Classes returns the sorted distinct training labels. In a binary model
// Classes()[1] is the positive class (decision value > 0).
func (m *Model) Classes() []float64 {
	if m == nil {
		return nil
	}
	return append([]float64(nil), m.classes...)
}

// NumTrain returns the number of training examples.
func (m *Model) NumTrain() int {
	if m == nil {
		return 0
	}
	return m.nTrain
}

// Multiclass reports the strategy used when there are more than two classes.
func (m *Model) Multiclass() Multiclass {
	if m == nil {
		return 0
	}
	return m.multi
}

// binary returns the only machine of a two-class model.
func (m *Model) binary() *machine {
	if len(m.machines) == 1 {
		return m.machines[0]
	}
	return nil
}

// Bias returns b of f(x) = Σ_i y_iα_i k(x_i, x) + b (b = −ρ of LIBSVM; 0
// without bias). For a multiclass model it returns NaN; use Machines.
func (m *Model) Bias() float64 {
	if m == nil {
		return 0
	}
	if b := m.binary(); b != nil {
		return b.bias
	}
	return math.NaN()
}

// Objective returns the dual objective ½αᵀQα − eᵀα at the solution, the
// "obj" LIBSVM prints (≤ 0). For a multiclass model it is the sum over machines.
func (m *Model) Objective() float64 {
	return sumMachines(m, func(mc *machine) float64 { return mc.obj })
}

// Iterations returns the number of SMO iterations (summed over machines).
func (m *Model) Iterations() int {
	return sumMachines(m, func(mc *machine) int { return mc.iter })
}

// sumMachines sums f over the machines of m (0 for a nil model).
func sumMachines[T int | float64](m *Model, f func(*machine) T) T {
	var v T
	if m != nil {
		for _, mc := range m.machines {
			v += f(mc)
		}
	}
	return v
}

// Status returns Converged if every machine met the tolerance, otherwise MaxIterReached.
func (m *Model) Status() Status {
	if m == nil {
		return 0
	}
	for _, mc := range m.machines {
		if mc.status != Converged {
			return mc.status
		}
	}
	return Converged
}

// Support returns the ascending indices of the training examples with α_i > 0
// (for a multiclass model, the union over machines).
func (m *Model) Support() []int {
	if m == nil {
		return nil
	}
	return append([]int(nil), m.svIndex...)
}

// DualCoef returns y_iα_i for the indices of Support (binary models; nil for multiclass).
func (m *Model) DualCoef() []float64 {
	return binaryCopy(m, func(b *machine) []float64 { return b.coef })
}

// Alpha returns α_i ≥ 0 for all n training examples (binary models; nil
// for multiclass). y_i is −1 for Classes()[0] and +1 for Classes()[1].
func (m *Model) Alpha() []float64 {
	return binaryCopy(m, func(b *machine) []float64 { return b.alpha })
}

// binaryCopy returns a copy of f of the machine of a binary model, nil for
// a nil or multiclass model.
func binaryCopy(m *Model, f func(*machine) []float64) []float64 {
	if m == nil {
		return nil
	}
	if b := m.binary(); b != nil {
		return append([]float64(nil), f(b)...)
	}
	return nil
}

// SupportVectors returns the training rows of Support (kernel path), or nil
// for a model fitted with FitGram.
func (m *Model) SupportVectors() *mat.Dense {
	if m == nil {
		return nil
	}
	if m.kern == nil || len(m.svRows) == 0 {
		return nil
	}
	out := mat.NewDense(len(m.svRows), m.dim, nil)
	for i, r := range m.svRows {
		out.SetRow(i, r)
	}
	return out
}

// Machines returns the binary machines of the model as binary models over
// the same training set. For one-vs-one pair (a, b), a < b, the machine's
// Classes are {classes[a], classes[b]}; for one-vs-rest machine k they are
// {−1, +1} with +1 meaning class k. A binary model returns itself.
func (m *Model) Machines() []*Model {
	if m == nil {
		return nil
	}
	if m.binary() != nil {
		return []*Model{m}
	}
	out := make([]*Model, len(m.machines))
	for k, mc := range m.machines {
		cl := []float64{-1, 1}
		if mc.neg >= 0 {
			cl = []float64{m.classes[mc.neg], m.classes[mc.pos]}
		}
		sub := &Model{classes: cl, multi: m.multi, nTrain: m.nTrain, dim: m.dim, kern: m.kern,
			svIndex: append([]int(nil), mc.support...)}
		cp := *mc
		cp.unionPos = make([]int, len(mc.support))
		for i := range cp.unionPos {
			cp.unionPos[i] = i
		}
		if m.kern != nil {
			for _, u := range mc.unionPos {
				sub.svRows = append(sub.svRows, m.svRows[u])
			}
		}
		sub.machines = []*machine{&cp}
		out[k] = sub
	}
	return out
}

// kernelValues fills kx[u] = k(sv_u, x) for every support vector u of the
// union, for each of the r rows of the test input.
type kvalFunc func(r int, kx []float64) error

// crossBlock is the number of test rows whose kernel values against the
// support vectors Decision computes at once with kernel.Cross.
const crossBlock = 256

func (m *Model) checkKernelPath(X mat.Matrix) (int, kvalFunc, error) {
	if m == nil || len(m.machines) == 0 {
		return 0, nil, klearn.Errorf(klearn.ErrNotFitted, "svm: model is not fitted")
	}
	if m.kern == nil {
		return 0, nil, klearn.Errorf(klearn.ErrNotFitted, "svm: model was fitted with FitGram; use DecisionGram/PredictGram")
	}
	r, d, err := klearn.CheckMatrix("X", X)
	if err != nil {
		return 0, nil, err
	}
	if d != m.dim {
		return 0, nil, klearn.Errorf(klearn.ErrShape, "svm: X has %d columns, model was trained with %d", d, m.dim)
	}
	// k(x_i, sv_u) for blocks of test rows through kernel.Cross, which uses
	// the kernel's fast blocked path where it has one (Gram-shaped products
	// instead of one Eval per pair).
	sv := m.SupportVectors()
	var cur *mat.Dense
	start := -1
	return r, func(i int, kx []float64) error {
		if sv == nil { // no support vectors: f = b
			return nil
		}
		if start < 0 || i < start || i >= start+crossBlock {
			start = i - i%crossBlock
			end := min(start+crossBlock, r)
			blk := mat.NewDense(end-start, d, nil)
			for t := start; t < end; t++ {
				mat.Row(blk.RawRowView(t-start), t, X)
			}
			var err error
			if cur, err = kernel.Cross(m.kern, blk, sv); err != nil {
				return err
			}
		}
		copy(kx, cur.RawRowView(i-start))
		return nil
	}, nil
}

func (m *Model) checkGramPath(Kte *mat.Dense) (int, kvalFunc, error) {
	if m == nil || len(m.machines) == 0 {
		return 0, nil, klearn.Errorf(klearn.ErrNotFitted, "svm: model is not fitted")
	}
	if Kte == nil {
		return 0, nil, klearn.Errorf(klearn.ErrEmpty, "svm: test kernel is nil")
	}
	r, c, err := klearn.CheckMatrix("Kte", Kte)
	if err != nil {
		return 0, nil, err
	}
	if c != m.nTrain {
		return 0, nil, klearn.Errorf(klearn.ErrShape, "svm: test kernel has %d columns, want %d training examples", c, m.nTrain)
	}
	return r, func(i int, kx []float64) error {
		for u, t := range m.svIndex {
			kx[u] = Kte.At(i, t)
		}
		return nil
	}, nil
}

// decisions returns the r × len(machines) decision values.
func (m *Model) decisions(r int, kv kvalFunc) (*mat.Dense, error) {
	out := mat.NewDense(r, len(m.machines), nil)
	kx := make([]float64, len(m.svIndex))
	for i := 0; i < r; i++ {
		if err := kv(i, kx); err != nil {
			return nil, err
		}
		for k, mc := range m.machines {
			f := mc.bias
			for s, u := range mc.unionPos {
				f += mc.coef[s] * kx[u]
			}
			out.Set(i, k, f)
		}
	}
	return out, nil
}

func (m *Model) binaryDecision(r int, kv kvalFunc) ([]float64, error) {
	if m.binary() == nil {
		return nil, klearn.Errorf(klearn.ErrLabels, "svm: Decision needs a binary model (%d classes); use DecisionMulti", len(m.classes))
	}
	out, err := m.decisions(r, kv)
	if err != nil {
		return nil, err
	}
	return mat.Col(nil, 0, out), nil
}

// Decision returns f(x) = Σ_i y_iα_i k(x_i, x) + b for each row of X
// (binary models; f > 0 predicts Classes()[1]).
func (m *Model) Decision(X mat.Matrix) ([]float64, error) {
	r, kv, err := m.checkKernelPath(X)
	if err != nil {
		return nil, err
	}
	return m.binaryDecision(r, kv)
}

// DecisionGram is Decision for a precomputed test×train kernel Kte
// (rows = test points, columns = all n training points).
func (m *Model) DecisionGram(Kte *mat.Dense) ([]float64, error) {
	r, kv, err := m.checkGramPath(Kte)
	if err != nil {
		return nil, err
	}
	return m.binaryDecision(r, kv)
}

// DecisionMulti returns the decision values of every machine (columns in
// the order of Machines) for each row of X.
func (m *Model) DecisionMulti(X mat.Matrix) (*mat.Dense, error) {
	r, kv, err := m.checkKernelPath(X)
	if err != nil {
		return nil, err
	}
	return m.decisions(r, kv)
}

// DecisionMultiGram is DecisionMulti for a precomputed test×train kernel.
func (m *Model) DecisionMultiGram(Kte *mat.Dense) (*mat.Dense, error) {
	r, kv, err := m.checkGramPath(Kte)
	if err != nil {
		return nil, err
	}
	return m.decisions(r, kv)
}

// Predict returns the predicted labels (values of Classes) for the rows of X.
func (m *Model) Predict(X mat.Matrix) ([]float64, error) {
	return m.predicted(m.DecisionMulti(X))
}

// PredictGram is Predict for a precomputed test×train kernel.
func (m *Model) PredictGram(Kte *mat.Dense) ([]float64, error) {
	return m.predicted(m.DecisionMultiGram(Kte))
}

// predicted returns the labels of the decision values D (see labels).
func (m *Model) predicted(D *mat.Dense, err error) ([]float64, error) {
	if err != nil {
		return nil, err
	}
	return m.labels(D), nil
}

// labels turns decision values into labels: sign for binary models, votes
// for one-vs-one (machine (a,b) votes b if f > 0, else a; ties go to the
// smallest class, as LIBSVM's svm_predict_values), argmax for one-vs-rest.
func (m *Model) labels(D *mat.Dense) []float64 {
	r, _ := D.Dims()
	out := make([]float64, r)
	votes := make([]int, len(m.classes))
	for i := 0; i < r; i++ {
		if m.binary() != nil {
			if D.At(i, 0) > 0 {
				out[i] = m.classes[1]
			} else {
				out[i] = m.classes[0]
			}
			continue
		}
		best := 0
		if m.multi == OneVsRest {
			bv := math.Inf(-1)
			for k, mc := range m.machines {
				if v := D.At(i, k); v > bv {
					bv, best = v, mc.pos
				}
			}
		} else {
			clear(votes)
			for k, mc := range m.machines {
				if D.At(i, k) > 0 {
					votes[mc.pos]++
				} else {
					votes[mc.neg]++
				}
			}
			for c := range votes {
				if votes[c] > votes[best] {
					best = c
				}
			}
		}
		out[i] = m.classes[best]
	}
	return out
}
