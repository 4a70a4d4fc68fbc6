// Package nn holds a one-hidden-layer neural-network classifier trained by
// scaled conjugate gradient: the "[Neural Net]" baseline of Table 1 of
// Colbert & Peet (2020), which used Matlab's patternnet with 50 hidden
// units. The network is
//
//	h = tanh(W₁ s(x) + b₁),  p = softmax(W₂ h + b₂),
//
// with s the min–max scaling of each input to [−1, 1] (Matlab's mapminmax,
// fitted on the training rows) and one output per class. The rows are
// divided at random 70/15/15 (Matlab's divideRand). Training minimises the
// mean cross-entropy E = −(1/N) Σ_i log p_{c_i}(x_i) over the first part
// with opt.SCG (Møller 1993; Matlab's trainscg). It stops early when the
// cross-entropy on the second, validation part has not improved for MaxFail
// consecutive iterations (Matlab's max_fail = 6), and returns the weights
// of the best validation iteration. The last 15 % are held out, as Matlab
// holds out its "test" part, and not used.
//
// Hidden weights are drawn by the Nguyen–Widrow rule (Nguyen & Widrow
// 1990; Matlab's initnw) for the active region [−1, 1] of tanh's inputs.
// Output weights are uniform in ±1/√H with zero biases. This departs from
// Matlab, which applies initnw to the softmax layer too.
package nn

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Defaults of Classifier (Matlab's patternnet(50) with trainscg).
const (
	DefaultHidden   = 50
	DefaultValFrac  = 0.15
	DefaultTestFrac = 0.15
	DefaultMaxFail  = 6
)

// Classifier is the untrained network. Its fields are hyper-parameters;
// zero values select the defaults.
type Classifier struct {
	// Hidden is the number of tanh units (default DefaultHidden = 50).
	Hidden int
	// ValFrac and TestFrac are the fractions of the training rows set
	// aside for early stopping and held out (defaults 0.15 and 0.15); a
	// negative value means 0 (no early stopping when ValFrac < 0).
	ValFrac, TestFrac float64
	// MaxFail is the number of consecutive iterations without validation
	// improvement that stops training (default DefaultMaxFail = 6).
	MaxFail int
	// Seed seeds the division and the initial weights.
	Seed uint64
	// Settings: MaxIter is the number of SCG iterations (epochs; default
	// opt.DefaultSCGMaxIter = 1000), Tol the gradient norm at which SCG
	// stops (default opt.DefaultSCGTol = 1e-6); the Recorder sees SCG's
	// iterations.
	Settings opt.Settings
}

// Model is a trained network.
type Model struct {
	d, h, k       int
	shift, scale  []float64 // s(x) = (x − shift)·scale − 1
	w             []float64 // [W₁ (h×d), b₁ (h), W₂ (k×h), b₂ (k)]
	classes       []float64
	iterations    int
	bestIter      int
	status        opt.Status
	trainLoss     []float64
	valLoss       []float64
	nTrain, nVal  int
	bestValLoss   float64
	finalGradNorm float64
}

// Classes returns the class labels in ascending order (output c is class
// Classes()[c]).
func (m *Model) Classes() []float64 {
	if m == nil {
		return nil
	}
	return append([]float64(nil), m.classes...)
}

// Iterations returns the SCG iterations run; BestIteration the one whose
// weights were kept.
func (m *Model) Iterations() int {
	if m == nil {
		return 0
	}
	return m.iterations
}

// BestIteration returns the iteration whose weights the model holds.
func (m *Model) BestIteration() int {
	if m == nil {
		return 0
	}
	return m.bestIter
}

// Status returns why SCG stopped (opt.RecorderStop after early stopping).
func (m *Model) Status() opt.Status {
	if m == nil {
		return opt.NotTerminated
	}
	return m.status
}

// Losses returns the training and validation cross-entropies per iteration
// (the validation curve is empty without a validation part).
func (m *Model) Losses() (train, val []float64) {
	if m == nil {
		return nil, nil
	}
	return append([]float64(nil), m.trainLoss...), append([]float64(nil), m.valLoss...)
}

// Weights returns a copy of the weight vector [W₁ (row-major H×d), b₁,
// W₂ (K×H), b₂].
func (m *Model) Weights() []float64 {
	if m == nil {
		return nil
	}
	return append([]float64(nil), m.w...)
}

// net evaluates the network with weights w on scaled inputs.
type net struct {
	d, h, k int
}

func (n net) size() int { return n.h*n.d + n.h + n.k*n.h + n.k }

// forward returns the hidden activations H (N×h) and class probabilities
// Pr (N×k) for the scaled rows S (N×d).
func (n net) forward(w []float64, S *mat.Dense) (H, Pr *mat.Dense) {
	N, _ := S.Dims()
	W1 := mat.NewDense(n.h, n.d, w[:n.h*n.d])
	b1 := w[n.h*n.d : n.h*n.d+n.h]
	o := n.h*n.d + n.h
	W2 := mat.NewDense(n.k, n.h, w[o:o+n.k*n.h])
	b2 := w[o+n.k*n.h:]
	H = mat.NewDense(N, n.h, nil)
	H.Mul(S, W1.T())
	for i := 0; i < N; i++ {
		row := H.RawRowView(i)
		for j := range row {
			row[j] = math.Tanh(row[j] + b1[j])
		}
	}
	Pr = mat.NewDense(N, n.k, nil)
	Pr.Mul(H, W2.T())
	for i := 0; i < N; i++ {
		row := Pr.RawRowView(i)
		mx := math.Inf(-1)
		for c := range row {
			row[c] += b2[c]
			mx = max(mx, row[c])
		}
		var s float64
		for c := range row {
			row[c] = math.Exp(row[c] - mx)
			s += row[c]
		}
		for c := range row {
			row[c] /= s
		}
	}
	return H, Pr
}

// loss returns the mean cross-entropy −(1/N) Σ_i log p_{c_i}.
func (n net) loss(w []float64, S *mat.Dense, cls []int) float64 {
	_, Pr := n.forward(w, S)
	var s float64
	for i, c := range cls {
		s -= math.Log(max(Pr.At(i, c), 1e-300))
	}
	return s / float64(len(cls))
}

// grad stores ∂E/∂w in g (backpropagation: δ₂ = (p − t)/N, δ₁ = (δ₂W₂)∘(1 − h²)).
func (n net) grad(g, w []float64, S *mat.Dense, cls []int) {
	N, _ := S.Dims()
	H, Pr := n.forward(w, S)
	o := n.h*n.d + n.h
	W2 := mat.NewDense(n.k, n.h, w[o:o+n.k*n.h])
	D2 := Pr // overwritten: (p − t)/N
	for i, c := range cls {
		row := D2.RawRowView(i)
		row[c]--
		for j := range row {
			row[j] /= float64(N)
		}
	}
	gW2 := mat.NewDense(n.k, n.h, g[o:o+n.k*n.h])
	gW2.Mul(D2.T(), H)
	gb2 := g[o+n.k*n.h:]
	for c := range gb2 {
		gb2[c] = 0
	}
	for i := 0; i < N; i++ {
		for c, v := range D2.RawRowView(i) {
			gb2[c] += v
		}
	}
	D1 := mat.NewDense(N, n.h, nil)
	D1.Mul(D2, W2)
	for i := 0; i < N; i++ {
		hr, dr := H.RawRowView(i), D1.RawRowView(i)
		for j := range dr {
			dr[j] *= 1 - hr[j]*hr[j]
		}
	}
	gW1 := mat.NewDense(n.h, n.d, g[:n.h*n.d])
	gW1.Mul(D1.T(), S)
	gb1 := g[n.h*n.d : n.h*n.d+n.h]
	for j := range gb1 {
		gb1[j] = 0
	}
	for i := 0; i < N; i++ {
		for j, v := range D1.RawRowView(i) {
			gb1[j] += v
		}
	}
}

// Fit trains the network on the rows of X with class labels y (two or more
// distinct finite values). Errors wrap klearn.ErrEmpty, ErrShape,
// ErrNotFinite, ErrOneClass or ErrParam. X and y are not modified; the
// result depends only on the data, the fields and Seed.
func (c Classifier) Fit(X mat.Matrix, y []float64) (*Model, error) {
	N, d, err := klearn.CheckXY(X, y)
	if err != nil {
		return nil, err
	}
	h := c.Hidden
	if h == 0 {
		h = DefaultHidden
	}
	if h < 0 || h > 1<<16 {
		return nil, klearn.Errorf(klearn.ErrParam, "nn: Hidden = %d, want 1 … 65536", c.Hidden)
	}
	frac := func(name string, v, def float64) (float64, error) {
		switch {
		case v == 0:
			return def, nil
		case v < 0 && !math.IsInf(v, 0):
			return 0, nil
		}
		if err := klearn.CheckParam("nn: "+name, v, 0, 0.9); err != nil {
			return 0, err
		}
		return v, nil
	}
	vf, err := frac("ValFrac", c.ValFrac, DefaultValFrac)
	if err != nil {
		return nil, err
	}
	tf, err := frac("TestFrac", c.TestFrac, DefaultTestFrac)
	if err != nil {
		return nil, err
	}
	if vf+tf >= 0.9 {
		return nil, klearn.Errorf(klearn.ErrParam, "nn: ValFrac + TestFrac = %v leaves too little to train on", vf+tf)
	}
	maxFail := c.MaxFail
	if maxFail == 0 {
		maxFail = DefaultMaxFail
	}
	if maxFail < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "nn: MaxFail = %d, want ≥ 0", c.MaxFail)
	}
	classes := klearn.Classes(y)
	if len(classes) < 2 {
		return nil, klearn.Errorf(klearn.ErrOneClass, "nn: y has a single class")
	}
	cls := make([]int, N)
	for i, v := range y {
		for k, cv := range classes {
			if v == cv {
				cls[i] = k
			}
		}
	}

	// mapminmax to [−1, 1] on the training rows.
	shift, scale := make([]float64, d), make([]float64, d)
	for j := 0; j < d; j++ {
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := 0; i < N; i++ {
			lo, hi = min(lo, X.At(i, j)), max(hi, X.At(i, j))
		}
		shift[j], scale[j] = lo, 1
		// 2/(hi − lo), with the span halved first so that it cannot
		// overflow for values near ±MaxFloat64; a span too small for its
		// reciprocal (below 2/MaxFloat64) is treated as a constant column.
		if sc := 1 / (hi/2 - lo/2); hi > lo && !math.IsInf(sc, 0) {
			scale[j] = sc
		}
	}
	m := &Model{d: d, h: h, k: len(classes), shift: shift, scale: scale, classes: classes}
	S := m.transform(X)

	// divideRand: a random permutation, then 70/15/15.
	r := klearn.NewRand(c.Seed)
	perm := r.Perm(N)
	nVal := int(math.Round(vf * float64(N)))
	nTest := int(math.Round(tf * float64(N)))
	nTr := N - nVal - nTest
	if nTr < 1 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "nn: %d rows leave no training rows after the %g/%g division", N, vf, tf)
	}
	pick := func(idx []int) (*mat.Dense, []int) {
		out := mat.NewDense(max(len(idx), 1), d, nil)
		cl := make([]int, len(idx))
		for t, i := range idx {
			out.SetRow(t, S.RawRowView(i))
			cl[t] = cls[i]
		}
		return out, cl
	}
	Str, ctr := pick(perm[:nTr])
	Sva, cva := pick(perm[nTr : nTr+nVal])
	m.nTrain, m.nVal = nTr, nVal

	nt := net{d: d, h: h, k: len(classes)}
	w0 := nguyenWidrow(nt, r)
	prob := opt.Problem{
		Func: func(w []float64) float64 { return nt.loss(w, Str, ctr) },
		Grad: func(g, w []float64) { nt.grad(g, w, Str, ctr) },
	}
	best := append([]float64(nil), w0...)
	m.bestValLoss = math.Inf(1)
	if nVal > 0 {
		m.bestValLoss = nt.loss(w0, Sva, cva)
		m.valLoss = append(m.valLoss, m.bestValLoss)
	}
	m.trainLoss = append(m.trainLoss, prob.Func(w0))
	fails := 0
	user := c.Settings.Recorder
	s := c.Settings
	s.Recorder = opt.RecorderFunc(func(it opt.Iteration) error {
		m.trainLoss = append(m.trainLoss, it.F)
		if user != nil {
			if err := user.Record(it); err != nil {
				return err
			}
		}
		if nVal == 0 {
			copy(best, it.X)
			m.bestIter = it.Iter
			return nil
		}
		v := nt.loss(it.X, Sva, cva)
		m.valLoss = append(m.valLoss, v)
		if v < m.bestValLoss {
			m.bestValLoss, m.bestIter, fails = v, it.Iter, 0
			copy(best, it.X)
			return nil
		}
		fails++
		if fails >= maxFail {
			return opt.ErrSCGStop
		}
		return nil
	})
	res, err := opt.SCG(prob, w0, &s)
	if err != nil && !errors.Is(err, opt.ErrSCGStop) {
		if res == nil {
			return nil, err
		}
		m.w, m.iterations, m.status = best, res.Iterations, res.Status
		return m, err
	}
	m.w, m.iterations, m.status, m.finalGradNorm = best, res.Iterations, res.Status, res.Gap
	return m, nil
}

// nguyenWidrow draws the initial weights: hidden rows with random
// directions of norm β = 0.7·H^{1/d} and biases spread uniformly in
// [−β, β] (Nguyen & Widrow 1990, for inputs in [−1, 1]); output weights
// uniform in ±1/√H, output biases zero.
func nguyenWidrow(n net, r interface {
	Float64() float64
	NormFloat64() float64
}) []float64 {
	w := make([]float64, n.size())
	beta := 0.7 * math.Pow(float64(n.h), 1/float64(n.d))
	for j := 0; j < n.h; j++ {
		row := w[j*n.d : (j+1)*n.d]
		var s float64
		for i := range row {
			row[i] = r.NormFloat64()
			s += row[i] * row[i]
		}
		s = math.Sqrt(s)
		for i := range row {
			row[i] *= beta / max(s, 1e-300)
		}
		w[n.h*n.d+j] = beta * (2*r.Float64() - 1)
	}
	o := n.h*n.d + n.h
	a := 1 / math.Sqrt(float64(n.h))
	for i := 0; i < n.k*n.h; i++ {
		w[o+i] = a * (2*r.Float64() - 1)
	}
	return w
}

// maxScaled bounds the scaled inputs: far outside the training range (the
// scaled value beyond ±1e150, or overflowing for rows near ±MaxFloat64) an
// input is clamped, where tanh has long saturated, so that the hidden
// layer's sums stay finite.
const maxScaled = 1e150

func (m *Model) transform(X mat.Matrix) *mat.Dense {
	N, d := X.Dims()
	S := mat.NewDense(N, d, nil)
	for i := 0; i < N; i++ {
		for j := 0; j < d; j++ {
			x := X.At(i, j)
			v := (x-m.shift[j])*m.scale[j] - 1
			if !(math.Abs(v) <= maxScaled) {
				v = math.Copysign(maxScaled, x/2-m.shift[j]/2)
			}
			S.Set(i, j, v)
		}
	}
	return S
}

// Probabilities returns the class probabilities (one row per row of X,
// one column per class of Classes()).
func (m *Model) Probabilities(X mat.Matrix) (*mat.Dense, error) {
	if m == nil || m.w == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "nn: model is not fitted")
	}
	_, d, err := klearn.CheckMatrix("nn: X", X)
	if err != nil {
		return nil, err
	}
	if d != m.d {
		return nil, klearn.Errorf(klearn.ErrShape, "nn: X has %d columns, the model was fitted on %d", d, m.d)
	}
	_, Pr := net{d: m.d, h: m.h, k: m.k}.forward(m.w, m.transform(X))
	return Pr, nil
}

// Decision returns, for a two-class model, the log-odds log(p₁/p₀) of
// Classes()[1] against Classes()[0]; for more classes, the largest class
// probability. The predicted class is Classes()[1] when the log-odds are
// positive.
func (m *Model) Decision(X mat.Matrix) ([]float64, error) {
	return m.perRow(X, func(row []float64) float64 {
		if m.k == 2 {
			return math.Log(max(row[1], 1e-300)) - math.Log(max(row[0], 1e-300))
		}
		return row[argmax(row)]
	})
}

// Predict returns the most probable class of each row (ties: the smaller
// label).
func (m *Model) Predict(X mat.Matrix) ([]float64, error) {
	return m.perRow(X, func(row []float64) float64 { return m.classes[argmax(row)] })
}

// perRow applies f to the class probabilities of every row of X.
func (m *Model) perRow(X mat.Matrix, f func(probs []float64) float64) ([]float64, error) {
	Pr, err := m.Probabilities(X)
	if err != nil {
		return nil, err
	}
	N, _ := Pr.Dims()
	out := make([]float64, N)
	for i := range out {
		out[i] = f(Pr.RawRowView(i))
	}
	return out, nil
}

// argmax returns the first index of the largest entry.
func argmax(v []float64) int {
	b := 0
	for c, x := range v {
		if x > v[b] {
			b = c
		}
	}
	return b
}
