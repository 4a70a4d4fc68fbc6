package colbert2020

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro"
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
			out[h].Acc = append(out[h].Acc, accuracy(yte, pred))
			if s == 0 {
				out[h].Range = [2]float64{mat.Min(K), mat.Max(K)}
			}
		}
	}
	return out, nil
}

// IonosphereClaim reports which reading of Ionosphere's [TK] Table 1's
// cell rule (repro.Cell.Verdict) does not put out of the paper's 93.24 ±
// 3.04 %. It was written after that cell missed, so it is a post-hoc
// diagnostic (Criteria) that explains nothing; when Table 1's own
// Ionosphere [TK] cell (ε chosen by cross-validation) is not out, there is
// no miss, and the row says so.
func IonosphereClaim(rows []Row, hs []IonoHypothesis) repro.Claim {
	const statement = "which reading of [TK] with d = 0 gives the paper's 93.24 % on Ionosphere (our diagnosis)"
	if len(hs) == 0 {
		return repro.NotRunClaim("Ionosphere [TK]", repro.Diagnostic, "readings of [TK] with d = 0 on Ionosphere", "not run in this configuration")
	}
	paper := Table1Accuracy[4][MTK]
	for _, r := range rows {
		if c, ok := r.cell(MTK); ok && r.Data.Name == DataSets[4].Name && c.Verdict().Outcome != repro.NotReproduced {
			return repro.NotRunClaim("Ionosphere [TK]", repro.Diagnostic, statement,
				fmt.Sprintf("Table 1's [TK] cell, with ε chosen by cross-validation, is not out (%.2f %%, %s): no miss to explain", c.Ours.Mean, c.Verdict().Label()))
		}
	}
	var hits []string
	best, bestMean, n := "", math.Inf(-1), 0
	for _, h := range hs {
		v, err := repro.Summarize(h.Acc)
		if err != nil {
			continue
		}
		n++
		if v.Mean > bestMean {
			best, bestMean = fmt.Sprintf("%s, ε = %g: %.1f ± %.1f %%", h.Name, h.Eps, v.Mean, v.Std), v.Mean
		}
		cell := Row{Data: DataSets[4], Splits: ionoSplits(h.Acc)}
		if c, ok := cell.cell(MTK); ok && welchNotOut(c) {
			hits = append(hits, fmt.Sprintf("%s, ε = %g", h.Name, h.Eps))
		}
	}
	got := "none"
	if len(hits) > 0 {
		got = strings.Join(hits, "; ")
	}
	// One line: the best of the readings and those not out (the
	// notebook tabulates every reading).
	cl := repro.Claim{ID: "Ionosphere [TK]", Kind: repro.Diagnostic,
		Statement: statement,
		Paper:     fmt.Sprintf("%.2f ± %.2f %%", paper.Mean, paper.Std), Tolerance: "a reading that Welch's test (α 0.05, two splits or more) does not put out of the paper's cell", Reason: "no fixed-P reading reaches the paper's accuracy"}.Decide(repro.Check("Ionosphere [TK]", len(hits) > 0,
		fmt.Sprintf("best of %d readings: %s; not out: %s", n, best, got)))
	return cl
}

// ionoSplits wraps the accuracies of a reading as [TK]'s column of
// Ionosphere's splits, so that Table 1's cell rule decides it.
func ionoSplits(acc []float64) []SplitResult {
	out := make([]SplitResult, len(acc))
	for s, a := range acc {
		out[s] = SplitResult{Ran: make([]bool, len(Methods)), Acc: make([]float64, len(Methods))}
		out[s].Ran[MTK], out[s].Acc[MTK] = true, a
	}
	return out
}

// welchNotOut reports whether Welch's test decided the cell (ours on two
// splits or more) and did not put it out.
func welchNotOut(c repro.Cell) bool {
	v := c.Verdict()
	return v.Rule == "Welch" && v.Outcome != repro.NotReproduced
}
