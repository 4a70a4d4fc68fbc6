package cortes2009

import (
	"fmt"
	"math"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/repro"
)

// Results holds everything Verdict needs.
type Results struct {
	Mode string
	// MaxIter is the cap on the steps of Algorithm 1 of the run.
	MaxIter int
	Table1  []Row
	Checks  []repro.Claim
	Figure1 []Concavity
	// Surfaces are the three panels of Figure 1.
	Surfaces []Surface
	// Hypotheses are the preprocessing variants of each row of Table 1.
	Hypotheses []RowHypotheses
	Figure2    *Figure2Result
	Figure3    []*Figure3Result
	Elapsed    time.Duration
}

// Surface holds one panel of Figure 1 on a grid of μ: F[i][j] and the
// smallest eigenvalue of the Hessian H[i][j] at μ = (Axis[j], Axis[i]).
type Surface struct {
	Lambda float64
	Axis   []float64
	F, H   [][]float64
}

// Figure1Surface computes one panel of Figure 1: all 208 sonar returns,
// features 1–2 (scaled and centred), labels ±1 centred, the quadratic
// kernel of Eq. (4), on a steps × steps grid of μ ∈ [0, 2]² (the paper
// gives no range).
func Figure1Surface(lam float64, steps int) (Surface, error) {
	pr, err := sonarProblem(2, nil)
	if err != nil {
		return Surface{}, err
	}
	pr.Lambda = lam
	s := Surface{Lambda: lam, Axis: make([]float64, steps), F: make([][]float64, steps), H: make([][]float64, steps)}
	for i := range s.Axis {
		s.Axis[i] = 2 * float64(i) / float64(max(1, steps-1))
	}
	for i, m2 := range s.Axis {
		s.F[i], s.H[i] = make([]float64, steps), make([]float64, steps)
		for j, m1 := range s.Axis {
			mu := []float64{m1, m2}
			if s.F[i][j], err = pr.Objective(mu); err != nil {
				return s, err
			}
			H, err := pr.Hessian(mu)
			if err != nil {
				return s, err
			}
			var e mat.EigenSym
			if !e.Factorize(H, false) {
				return s, fmt.Errorf("cortes2009: Figure 1: eigendecomposition failed")
			}
			s.H[i][j] = e.Values(nil)[0]
		}
	}
	return s, nil
}

// Concavity summarises a Figure 1 panel: the share of grid points where the
// Hessian has a negative eigenvalue, and that share within ‖μ‖ ≤ 0.5 ("near 0").
type Concavity struct {
	Lambda       float64
	Share, Near0 float64
}

// Figure1 computes the panels of Figure 1 for λ = 1, 10, 100 and their
// concave shares.
func Figure1(steps int) ([]Surface, []Concavity, error) {
	var ss []Surface
	var cs []Concavity
	for _, lam := range []float64{1, 10, 100} {
		s, err := Figure1Surface(lam, steps)
		if err != nil {
			return nil, nil, err
		}
		var neg, n, negNear, nNear int
		for i, m2 := range s.Axis {
			for j, m1 := range s.Axis {
				isNeg := s.H[i][j] < 0
				n++
				if isNeg {
					neg++
				}
				if math.Hypot(m1, m2) <= 0.5 {
					nNear++
					if isNeg {
						negNear++
					}
				}
			}
		}
		ss = append(ss, s)
		cs = append(cs, Concavity{lam, float64(neg) / float64(n), float64(negNear) / float64(max(1, nNear))})
	}
	return ss, cs, nil
}

// Hypothesis is one preprocessing variant of Table 1's protocol and the
// uniform baselines it gives on one row: the test RMSE over the splits
// (mean, sample std) of lin. base, quad. base without the constant feature
// and quad. base with it ("+1", the main run's quadratic columns).
type Hypothesis struct {
	Name                       string
	LinBase, QuadBase, QuadOne repro.Value
}

// RowHypotheses are the variants run on one row of Table 1 (Row is the
// paper's name of the data set).
type RowHypotheses struct {
	Row  string
	Hyps []Hypothesis
}

// Hypotheses re-runs the uniform baselines of row i of Table 1 under
// preprocessing variants that could produce the paper's numbers where the
// main run misses them: the stated protocol (features scaled to [0, 1] and
// centred, labels centred), labels not centred (KRR without a bias),
// z-scored features, raw features. λ is chosen by CV in each split's
// training half as in RunSplit.
func Hypotheses(cfg Config, i int) (RowHypotheses, error) {
	out := RowHypotheses{Row: DataSets[i].Paper}
	d, err := load(DataSets[i])
	if err != nil {
		return out, err
	}
	n, _ := d.X.Dims()
	outer, inner, err := Splits(n, cfg)
	if err != nil {
		return out, err
	}
	type variant struct {
		name     string
		features func(train []int) (*mat.Dense, error)
		centre   bool
	}
	scale := func(train []int) (*mat.Dense, error) { return preprocess.ScaleCenter(d.X, train) }
	vs := []variant{
		{"the stated protocol ([0, 1], centred; labels centred)", scale, true},
		{"labels not centred (no bias)", scale, false},
		{"z-scored features", func(train []int) (*mat.Dense, error) { return zscore(d.X, train) }, true},
		{"raw features, labels centred", func([]int) (*mat.Dense, error) { return mat.DenseCopyOf(d.X), nil }, true},
	}
	for _, v := range vs {
		h := Hypothesis{Name: v.name}
		for k, c := range []struct {
			deg int
			one bool
			dst *repro.Value
		}{{1, false, &h.LinBase}, {2, false, &h.QuadBase}, {2, true, &h.QuadOne}} {
			m := Method{Name: v.name, Est: nkrr.Regressor{Degree: c.deg}}
			var es []float64
			for s, sp := range outer {
				F, err := v.features(sp.Train)
				if err != nil {
					return out, err
				}
				if c.one {
					F = WithOffset(F)
				}
				e, err := baselineRMSE(m, F, d.Y, sp, inner[s], v.centre, cfg)
				if err != nil {
					return out, fmt.Errorf("cortes2009: %s, %s, column %d, split %d: %w", DataSets[i].Name, v.name, k, s, err)
				}
				es = append(es, e)
			}
			if *c.dst, err = repro.Summarize(es); err != nil {
				return out, err
			}
		}
		out.Hyps = append(out.Hyps, h)
	}
	return out, nil
}

// baselineRMSE is the test RMSE on split sp of m with λ by CV on the folds
// of its training half, the labels centred on the training mean when
// centre is set.
func baselineRMSE(m Method, F *mat.Dense, y []float64, sp modelsel.Split, folds []modelsel.Split, centre bool, cfg Config) (float64, error) {
	best, _, err := Select(m, F, y, folds, cfg)
	if err != nil {
		return 0, err
	}
	if centre {
		e, _, err := fitScore(best, F, y, sp)
		return e, err
	}
	// Labels not centred: fitScore centres them, so fit and score here.
	ytr, err := modelsel.Take(y, sp.Train)
	if err != nil {
		return 0, err
	}
	yte, err := modelsel.Take(y, sp.Test)
	if err != nil {
		return 0, err
	}
	Ftr, err := modelsel.Rows(F, sp.Train)
	if err != nil {
		return 0, err
	}
	Fte, err := modelsel.Rows(F, sp.Test)
	if err != nil {
		return 0, err
	}
	fit, err := best.Fit(Ftr, ytr)
	if err != nil {
		return 0, err
	}
	pred, err := fit.Predict(Fte)
	if err != nil {
		return 0, err
	}
	return metrics.RMSE(yte, pred)
}

// zscore returns X with every feature centred and divided by its standard
// deviation on the training rows (preprocess.Standardizer).
func zscore(X *mat.Dense, train []int) (*mat.Dense, error) {
	Xtr, err := modelsel.Rows(X, train)
	if err != nil {
		return nil, err
	}
	t, err := preprocess.Standardizer{}.Fit(Xtr)
	if err != nil {
		return nil, err
	}
	return t.Transform(X)
}
