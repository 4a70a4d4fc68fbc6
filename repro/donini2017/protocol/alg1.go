package protocol

import (
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/opt"
	"gonum.org/v1/gonum/mat"
)

// Alg1Point is one point of the convergence curve of Algorithm 1.
type Alg1Point struct {
	Steps int
	// RelErr is ‖K_d^(Q) − K_d‖_F/‖K_d‖_F for the largest degree d = D.
	RelErr float64
}

// Algorithm1Convergence samples Q_D with Algorithm 1 (DegreeRule) for each
// number of steps and returns the relative Frobenius error of its degree-D
// member against the normalised HPK K_D on the rows of X.
func Algorithm1Convergence(X mat.Matrix, D int, steps []int, seed uint64) ([]Alg1Point, error) {
	_, m, err := klearn.CheckMatrix("donini2017: X", X)
	if err != nil {
		return nil, err
	}
	fam, err := hpk.Family{D: D}.Grams(X)
	if err != nil {
		return nil, err
	}
	KD := fam[D]
	nD, _ := metrics.FrobeniusNorm(KD)
	var out []Alg1Point
	for i, s := range steps {
		f, err := hpk.RandomFamily{D: D, Steps: s, Rule: hpk.DegreeRule, Seed: seed + uint64(i)}.Sample(m)
		if err != nil {
			return nil, err
		}
		Ks, err := f.Grams(X)
		if err != nil {
			return nil, err
		}
		var diff mat.Dense
		diff.Sub(Ks[D], KD)
		e, _ := metrics.FrobeniusNorm(&diff)
		out = append(out, Alg1Point{Steps: s, RelErr: e / nD})
	}
	return out, nil
}

// MEBRadius2 returns the squared MEB radius r*² of K (opt.MEB).
func MEBRadius2(K mat.Symmetric) (float64, error) {
	res, err := opt.MEB(K, nil)
	if err != nil {
		return 0, err
	}
	return res.F, nil
}
