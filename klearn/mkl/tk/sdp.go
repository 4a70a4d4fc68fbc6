package tk

import (
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// sdpLayout indexes the decision variables of SDP (24) as the dual
// variables y of opt.SDP: t, then γ (with bias), ν (m), δ (m) and the free
// entries P_ab (a ≤ b) in the order of problem.pairs.
type sdpLayout struct {
	m, np        int
	bias         bool
	t, gamma     int
	nu, delta, P int
	ncon         int
}

func newSDPLayout(m, np int, bias bool) sdpLayout {
	l := sdpLayout{m: m, np: np, bias: bias, t: 0, gamma: -1}
	next := 1
	if bias {
		l.gamma = next
		next++
	}
	l.nu = next
	l.delta = l.nu + m
	l.P = l.delta + m
	l.ncon = l.P + np
	return l
}

// sdpBytes estimates the memory of the interior-point solve of (24): the
// Schur complement (ncon² floats) and the dense LMI coefficients.
func sdpBytes(m, np int) float64 {
	ncon := float64(np + 2*m + 2)
	return 8 * (ncon*ncon + 3*float64(np)*float64(m+1)*float64(m+1))
}

// buildSDP writes SDP (24) of Colbert & Peet (2020) in the dual form of
// opt.SDP (decision variables y, LMIs F₀ + Σ y_i F_i ⪰ 0 stored as C = F₀,
// A_i = −F_i):
//
//	block 0 (order m+1): [ Y K(P) Y, e + ν − δ + γy ; ·, t − 2Cδᵀe ] ⪰ 0,
//	block 1 (order 2q):  P ⪰ 0,
//	LP:                  ν ≥ 0, δ ≥ 0, 1 − tr P ≥ 0,
//
// maximising −t. The coefficients of P ↦ K must be in memory (p.B).
func buildSDP(p *problem, C float64, bias bool) (*opt.SDP, sdpLayout) {
	m := p.m
	l := newSDPLayout(m, len(p.pairs), bias)
	prob := &opt.SDP{Blocks: []int{m + 1, p.w}, LP: 2*m + 1, B: make([]float64, l.ncon)}
	prob.B[l.t] = -1
	for k := 0; k < m; k++ {
		prob.AddC(0, k, m, 1) // F₀: the vector e
	}
	prob.AddA(l.t, 0, m, m, -1)
	for k := 0; k < m; k++ {
		if bias {
			prob.AddA(l.gamma, 0, k, m, -p.y[k])
		}
		prob.AddA(l.nu+k, 0, k, m, -1)
		prob.AddA(l.delta+k, 0, k, m, 1)
		prob.AddA(l.delta+k, 0, m, m, 2*C)
		prob.AddA(l.nu+k, opt.SDPLP, k, 0, -1)
		prob.AddA(l.delta+k, opt.SDPLP, m+k, 0, -1)
	}
	prob.AddC(opt.SDPLP, 2*m, 0, 1)
	raw := p.B.RawMatrix()
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			row := raw.Data[kernel.PairIndex(i, j, m)*raw.Stride:]
			for k := range p.pairs {
				if v := row[k]; v != 0 {
					prob.AddA(l.P+k, 0, i, j, -p.y[i]*p.y[j]*v)
				}
			}
		}
	}
	for k, ab := range p.pairs {
		prob.AddA(l.P+k, 1, ab.A, ab.B, -1)
		if ab.A == ab.B {
			prob.AddA(l.P+k, opt.SDPLP, 2*m, 0, 1)
		}
	}
	return prob, l
}

// interiorPoint solves (24) with opt.SolveSDP and returns P* with the
// solver's result.
func interiorPoint(p *problem, C float64, bias bool, s opt.Settings) (*mat.SymDense, *opt.SDPResult, error) {
	if p.B == nil {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "tk: InteriorPoint needs the %d basis Grams of order %d in memory; raise MaxBlockMB or use ProjectedGradient", len(p.pairs), p.m)
	}
	prob, l := buildSDP(p, C, bias)
	res, err := opt.SolveSDP(prob, &s)
	if err != nil {
		return nil, nil, err
	}
	P := mat.NewSymDense(p.w, nil)
	for k, ab := range p.pairs {
		P.SetSym(ab.A, ab.B, res.Y[l.P+k])
	}
	return P, res, nil
}
