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
	Mode    string
	Table1  []Row
	Checks  []repro.Claim
	Figure1 []Concavity
	// Surfaces are the three panels of Figure 1.
	Surfaces []Surface
	Breast   []Hypothesis
	Figure2  *Figure2Result
	Figure3  []*Figure3Result
	Elapsed  time.Duration
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

// Hypothesis is one candidate explanation of the Breast row (every column
// ≈ .70 in the paper) and the uniform baselines it gives on our data.
type Hypothesis struct {
	Name              string
	LinBase, QuadBase float64
}

// BreastHypotheses re-runs the two uniform baselines of the Breast row under
// preprocessing variants that could produce the paper's .70: the paper's
// protocol, labels not centred (KRR without bias), z-scored features, raw
// features. λ is chosen by CV in each split's training half as in RunRow.
func BreastHypotheses(cfg Config) ([]Hypothesis, error) {
	d, err := load(DataSets[3])
	if err != nil {
		return nil, err
	}
	n, _ := d.X.Dims()
	outer, inner, err := Splits(n, cfg)
	if err != nil {
		return nil, err
	}
	type variant struct {
		name     string
		features func(train []int) (*mat.Dense, error)
		centre   bool
	}
	scale := func(train []int) (*mat.Dense, error) { return preprocess.ScaleCenter(d.X, train) }
	vs := []variant{
		{"paper's protocol ([0,1], centred, labels centred)", scale, true},
		{"labels not centred (no bias)", scale, false},
		{"z-scored features", func(train []int) (*mat.Dense, error) { return zscore(d.X, train), nil }, true},
		{"raw features, centred labels", func([]int) (*mat.Dense, error) { return mat.DenseCopyOf(d.X), nil }, true},
	}
	var out []Hypothesis
	for _, v := range vs {
		h := Hypothesis{Name: v.name}
		for deg, dst := range []*float64{&h.LinBase, &h.QuadBase} {
			m := Method{Name: v.name, Est: nkrr.Regressor{Degree: deg + 1}}
			var sum float64
			for s, sp := range outer {
				F, err := v.features(sp.Train)
				if err != nil {
					return nil, err
				}
				best, _, err := Select(m, F, d.Y, inner[s], cfg)
				if err != nil {
					return nil, err
				}
				ytr, err := modelsel.Take(d.Y, sp.Train)
				if err != nil {
					return nil, err
				}
				yte, err := modelsel.Take(d.Y, sp.Test)
				if err != nil {
					return nil, err
				}
				Ftr, err := modelsel.Rows(F, sp.Train)
				if err != nil {
					return nil, err
				}
				Fte, err := modelsel.Rows(F, sp.Test)
				if err != nil {
					return nil, err
				}
				yc, mean := ytr, 0.0
				if v.centre {
					if yc, mean, err = preprocess.CenterLabels(ytr); err != nil {
						return nil, err
					}
				}
				fit, err := best.FitFeatures(Ftr, yc)
				if err != nil {
					return nil, err
				}
				pred, err := fit.Predict(Fte)
				if err != nil {
					return nil, err
				}
				for i := range pred {
					pred[i] += mean
				}
				e, err := metrics.RMSE(yte, pred)
				if err != nil {
					return nil, err
				}
				sum += e
			}
			*dst = sum / float64(len(outer))
		}
		out = append(out, h)
	}
	return out, nil
}

func zscore(X *mat.Dense, train []int) *mat.Dense {
	n, p := X.Dims()
	out := mat.NewDense(n, p, nil)
	for j := 0; j < p; j++ {
		var m, s float64
		for _, i := range train {
			m += X.At(i, j)
		}
		m /= float64(len(train))
		for _, i := range train {
			s += (X.At(i, j) - m) * (X.At(i, j) - m)
		}
		s = math.Sqrt(s / float64(len(train)-1))
		if s == 0 {
			s = 1
		}
		for i := 0; i < n; i++ {
			out.Set(i, j, (X.At(i, j)-m)/s)
		}
	}
	return out
}
