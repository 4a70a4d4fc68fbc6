// Package wrapper holds the steps shared by the wrapper MKL learners
// (simplemkl, lpmkl, alignf): input checks, the inner SVM, its solve on a
// weighted kernel, the margins S_m = αᵀYK_mYα, the relative duality gap
// and the status rule for an inner SVM stopped at its iteration cap
// (Status, also tk's).
package wrapper

import (
	"fmt"
	"math"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// smklCheckInputs validates a list of base Gram matrices and ±1 labels and
// returns n.
func CheckInputs(who string, Ks []*mat.SymDense, y []float64) (int, error) {
	if len(Ks) == 0 {
		return 0, klearn.Errorf(klearn.ErrEmpty, "%s: no base kernels", who)
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return 0, klearn.Errorf(err, "%s", who)
	}
	return CheckGrams(who, Ks, len(y))
}

// smklCheckGrams checks that every base kernel is a finite n×n matrix with
// a non-negative diagonal (klearn.CheckDiagPSD).
func CheckGrams(who string, Ks []*mat.SymDense, n int) (int, error) {
	for k, K := range Ks {
		if K == nil {
			return 0, klearn.Errorf(klearn.ErrEmpty, "%s: kernel %d is nil", who, k)
		}
		if _, err := klearn.CheckGram(K, n); err != nil {
			return 0, klearn.Errorf(err, "%s: kernel %d", who, k)
		}
		if err := klearn.CheckDiagPSD(fmt.Sprintf("%s: kernel %d", who, k), K); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// Classifier builds the inner SVM; C = 0 → 1, svmTol = 0 → default,
// svmMaxIter = 0 → svm's default cap on SMO iterations (negative: ErrParam).
func Classifier(who string, C, svmTol float64, svmMaxIter int, noBias bool) (svm.Classifier, error) {
	if err := klearn.CheckPositive(who, klearn.PositiveParam{Name: "C", V: &C, Default: 1},
		klearn.PositiveParam{Name: "SVMTol", V: &svmTol, Default: mkl.DefaultSVMTol}); err != nil {
		return svm.Classifier{}, err
	}
	if svmMaxIter < 0 {
		return svm.Classifier{}, klearn.Errorf(klearn.ErrParam, "%s: SVMMaxIter = %d, want ≥ 0", who, svmMaxIter)
	}
	return svm.Classifier{C: C, Tol: svmTol, MaxIter: svmMaxIter, NoBias: noBias}, nil
}

// smklSettings applies the defaults of Settings.Tol and MaxIter
// (opt.Settings.Resolve).
func Settings(who string, s opt.Settings, defTol float64, defIter int) (float64, int, error) {
	maxIter, tol, err := s.Resolve(who, defIter, defTol)
	return tol, maxIter, err
}

// Solve trains the SVM on Σ_m w_m K_m and returns it with J = −objective.
// The model's Status says whether SMO converged; a learner whose final
// model is this SVM reports through Status.
func Solve(who string, cls svm.Classifier, w []float64, Ks []*mat.SymDense, y []float64) (*svm.Model, float64, error) {
	K, err := kernel.Combine(w, Ks)
	if err != nil {
		return nil, 0, klearn.Errorf(err, "%s", who)
	}
	model, err := cls.FitGram(K, y)
	if err != nil {
		return nil, 0, klearn.Errorf(err, "%s", who)
	}
	return model, -model.Objective(), nil
}

// Status is the status a learner with an inner SVM reports: st, the verdict
// of its own stopping rule, except that opt.Success becomes
// opt.IterationLimit when model — the SVM whose solution the final model
// uses and whose objective J and margins fed the final duality gap —
// stopped at its SMO iteration cap (svm.MaxIterReached): its α is not the
// SVM optimum, so J(θ) is underestimated and the gap certifies nothing.
// Other statuses are returned unchanged.
func Status(st opt.Status, model *svm.Model) opt.Status {
	if st == opt.Success && model.Status() != svm.Converged {
		return opt.IterationLimit
	}
	return st
}

// Norms returns S_m = Σ_ij α_iα_j y_iy_j K_m(i, j) = uᵀK_m u, u = Yα,
// over the support vectors of model (upper triangles only), one kernel per
// task on internal/parallel. With at least a quarter of the rows support
// vectors, u is spread over all n rows and each row's product is one
// contiguous dot product (the SIMD kernel of internal/linalg); with fewer,
// the support vectors' entries are gathered.
func Norms(Ks []*mat.SymDense, model *svm.Model) []float64 {
	sv, u := model.Support(), model.DualCoef()
	S := make([]float64, len(Ks))
	n := Ks[0].SymmetricDim()
	if 4*len(sv) >= n {
		full := make([]float64, n)
		for a, i := range sv {
			full[i] = u[a]
		}
		parallel.For(len(Ks), func(m int) {
			raw := Ks[m].RawSymmetric()
			var s float64
			for _, i := range sv {
				row := raw.Data[i*raw.Stride : i*raw.Stride+n]
				s += full[i] * (row[i]*full[i] + 2*linalg.Dot(row[i+1:], full[i+1:]))
			}
			S[m] = s
		})
		return S
	}
	parallel.For(len(Ks), func(m int) {
		raw := Ks[m].RawSymmetric()
		var s float64
		for a, i := range sv {
			row := raw.Data[i*raw.Stride:]
			var off float64
			for b := a + 1; b < len(sv); b++ {
				off += row[sv[b]] * u[b]
			}
			s += u[a] * (row[i]*u[a] + 2*off)
		}
		S[m] = s
	})
	return S
}

// smklRelGap returns the relative duality gap (J − (Σα − ½ s))/J, where s is
// the dual norm of (S_m) (max_m S_m for the simplex).
func RelGap(J, sumAlpha, s float64) float64 {
	gap := J - (sumAlpha - s/2)
	if J > 0 {
		return gap / J
	}
	return gap
}

func Sum(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s
}

func Max(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}
