package protocol

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// Solves counts the KOMD QP solves (opt.KOMDQP: KOMD's one, EasyMKL's
// steps 1 and 3 of Eq. (1)) behind a number, and those the solver did
// not certify: a status other than opt.Success, most often
// opt.IterationLimit (the pair-step cap, opt.Settings.MaxIter) with a
// duality gap still above the tolerance. The project's rule (as P3 and
// P5): an inner CV chooses among certified fits only (innerPick, which
// counts the values of v it left out in Excluded), and a reported number
// fed by an uncertified solve leaves its verdict part undecided.
type Solves struct {
	// N is the number of QP solves; Uncertified those not at opt.Success,
	// Capped those of them stopped by the pair-step cap.
	N           int
	Uncertified int `json:",omitempty"`
	Capped      int `json:",omitempty"`
	// MaxGap is the largest duality gap an uncertified solve stopped at
	// (opt.Result.Gap, absolute).
	MaxGap float64 `json:",omitempty"`
	// Excluded is the number of values of v an inner CV left out of its
	// choice because a fit at that v, on some inner fold, was not
	// certified (innerPick).
	Excluded int `json:",omitempty"`
	// SVMs is the number of SVM fits (klearn/svm's SMO: Figure 10, Tables
	// 3 and 5), SVMCapped those stopped by the iteration cap
	// (svm.MaxIterReached) short of the tolerance: not certified.
	SVMs      int `json:",omitempty"`
	SVMCapped int `json:",omitempty"`
	// ExcludedC is the number of values of C (Figure 10; with γ for the
	// RBF baseline) left out of a choice on the validation images because
	// the SVM fit at that value was not certified (cPath.best).
	ExcludedC int `json:",omitempty"`
}

// NotCertified is the number of the counted fits not certified: the QP
// solves short of opt.Success and the SVM fits at the iteration cap.
func (s Solves) NotCertified() int { return s.Uncertified + s.SVMCapped }

// addSVM counts the SVM fits ms (nil models are skipped) and returns the
// number of them not certified (a status other than svm.Converged).
func (s *Solves) addSVM(ms ...*svm.Model) int {
	bad := 0
	for _, m := range ms {
		if m == nil {
			continue
		}
		s.SVMs++
		if m.Status() != svm.Converged {
			bad++
			s.SVMCapped++
		}
	}
	return bad
}

// addPairs counts the fits of the pairs of an all-pairs model (Table 5:
// per pair, EasyMKL's step 1, addEasy, and the SVM on its K_η, addSVM)
// and returns the number of pairs with a fit not certified.
func (s *Solves) addPairs(m *easymkl.AllPairsModel) int {
	bad := 0
	if m == nil {
		return 0
	}
	for _, p := range m.Pairs {
		if p.Model == nil {
			continue
		}
		n := 0
		if p.Model.MKL != nil {
			n += s.addEasy(p.Model.MKL)
		}
		if n+s.addSVM(p.Model.SVM) > 0 {
			bad++
		}
	}
	return bad
}

// add counts the solver results rs (nil results are skipped) and returns
// the number of them not certified.
func (s *Solves) add(rs ...*opt.Result) int {
	bad := 0
	for _, r := range rs {
		if r == nil {
			continue
		}
		s.N++
		if r.Status == opt.Success {
			continue
		}
		bad++
		s.Uncertified++
		if r.Status == opt.IterationLimit {
			s.Capped++
		}
		s.MaxGap = math.Max(s.MaxGap, r.Gap)
	}
	return bad
}

// Merge adds the counts of o to s.
func (s *Solves) Merge(o Solves) {
	s.N, s.Uncertified, s.Capped, s.Excluded = s.N+o.N, s.Uncertified+o.Uncertified, s.Capped+o.Capped, s.Excluded+o.Excluded
	s.SVMs, s.SVMCapped, s.ExcludedC = s.SVMs+o.SVMs, s.SVMCapped+o.SVMCapped, s.ExcludedC+o.ExcludedC
	s.MaxGap = math.Max(s.MaxGap, o.MaxGap)
}

// String states the counts in the words of a verdict row, "" when every
// solve and SVM fit was certified and no v or C was left out.
func (s Solves) String() string {
	var out []string
	if s.Uncertified > 0 || s.Excluded > 0 {
		q := fmt.Sprintf("%d of %d QP solves not certified (%d at the pair-step cap, duality gap ≤ %.1e)", s.Uncertified, s.N, s.Capped, s.MaxGap)
		if s.Excluded > 0 {
			q += fmt.Sprintf(", %d values of v left out of inner-CV choices", s.Excluded)
		}
		out = append(out, q)
	}
	if s.SVMCapped > 0 || s.ExcludedC > 0 {
		q := fmt.Sprintf("%d of %d SVM fits not certified (at the iteration cap)", s.SVMCapped, s.SVMs)
		if s.ExcludedC > 0 {
			q += fmt.Sprintf(", %d values of C left out of validation choices", s.ExcludedC)
		}
		out = append(out, q)
	}
	return strings.Join(out, "; ")
}

// addEasy counts the QP solves of an EasyMKL fit (step 1 on the sum
// kernel, step 3 on K_η; one solve when NoResolve keeps step 1's) and
// returns the number not certified.
func (s *Solves) addEasy(m *easymkl.Model) int {
	if m.Result == m.SumResult {
		return s.add(m.SumResult)
	}
	return s.add(m.SumResult, m.Result)
}

// FitStatus is the solver status of one QP solve: its opt.Status (as a
// string, for the records), pair steps and final duality gap.
type FitStatus struct {
	Status     string
	Iterations int
	Gap        float64
}

// fitStatus returns the status of r.
func fitStatus(r *opt.Result) FitStatus {
	return FitStatus{Status: r.Status.String(), Iterations: r.Iterations, Gap: r.Gap}
}

// Certified reports whether the solve stopped at opt.Success.
func (f FitStatus) Certified() bool { return f.Status == opt.Success.String() }

// notConverged is the error of an inner CV whose every value of v was left
// out (Solves.Excluded): no certified fit to choose from.
func notConverged(what string, n int) error {
	return klearn.Errorf(klearn.ErrNotConverged, "donini2017: %s: at every one of the %d values of v some inner fit was not certified: none to choose", what, n)
}
