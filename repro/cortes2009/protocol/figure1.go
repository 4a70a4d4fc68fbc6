package protocol

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

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
	pr, err := SonarProblem(2, nil)
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
