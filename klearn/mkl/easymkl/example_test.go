package easymkl_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/svm"
)

// round4 rounds to 4 decimals and turns −0 into 0, so printed values do not
// depend on round-off.
func round4(v float64) float64 { return math.Round(v*1e4)/1e4 + 0 }

// must returns v and stops the example on an error.
func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}

func ExampleKOMD() {
	// With λ = 1 KOMD is the centroid classifier (γ uniform per class). On
	// the line with the linear kernel, x = 1, 2 (class +1) and −1, −3
	// (class −1) have centroids c₊ = 1.5 and c₋ = −2, so
	// b = ½γᵀKYγ = ½(c₊² − c₋²) = −0.875 and
	// f(x) = x(c₊ − c₋) − b = 3.5x + 0.875, zero at the midpoint −0.25
	// (closed form).
	X := mat.NewDense(4, 1, []float64{1, 2, -1, -3})
	y := []float64{1, 1, -1, -1}
	K, err := kernel.Gram(kernel.Linear{}, X)
	if err != nil {
		log.Fatal(err)
	}
	m, err := easymkl.KOMD{Lambda: 1}.FitGram(K, y)
	if err != nil {
		log.Fatal(err)
	}
	Kte, err := kernel.Cross(kernel.Linear{}, mat.NewDense(3, 1, []float64{0, -0.25, -1}), X)
	if err != nil {
		log.Fatal(err)
	}
	f, err := m.DecisionGram(Kte)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("γ = %.4f, b = %.4f\n", m.Gamma, m.Bias)
	fmt.Printf("f(0), f(-0.25), f(-1) = %.4f %.4f %.4f\n", round4(f[0]), round4(f[1]), round4(f[2]))
	// Output:
	// γ = [0.5000 0.5000 0.5000 0.5000], b = -0.8750
	// f(0), f(-0.25), f(-1) = 0.8750 0.0000 -2.6250
}

func ExampleLearner() {
	// Two normalised base kernels on four points with y = (1, 1, −1, −1):
	// the ideal kernel yyᵀ and the uninformative I. On the sum kernel,
	// γᵀY(yyᵀ + I)Yγ = (Σγ)² + ‖γ‖² = 4 + ‖γ‖², so γ* = ½ (each class
	// simplex sums to 1); the margins are d = (γ*ᵀY yyᵀ Yγ*, ‖γ*‖²) = (4, 1)
	// and η = d/Σd = (0.8, 0.2) (closed form, Section 2.1 of Donini &
	// Aiolli 2017).
	y := []float64{1, 1, -1, -1}
	ideal := mat.NewSymDense(4, nil)
	ideal.SymOuterK(1, mat.NewVecDense(4, y))
	eye := mat.NewSymDense(4, []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1})
	m, err := easymkl.Learner{Lambda: 0.1}.FitGrams([]*mat.SymDense{ideal, eye}, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("η = %.4f, d = %.4f\n", m.Weights(), m.D)
	fmt.Printf("γ = %.4f\n", m.Gamma)
	// Output:
	// η = [0.8000 0.2000], d = [4.0000 1.0000]
	// γ = [0.5000 0.5000 0.5000 0.5000]
}

func ExampleLearner_hpk() {
	// EasyMKL over the normalised homogeneous polynomial kernels of degrees
	// 1…3 (hpk.Family, Section 4 of Donini & Aiolli 2017), training on X and
	// scoring test rows through the test×train family. Points above the
	// line x₁ = x₀ are class +1.
	X := mat.NewDense(6, 2, []float64{
		1, 2, 0.5, 2, 1, 3,
		2, 1, 2, 0.5, 3, 1,
	})
	y := []float64{1, 1, 1, -1, -1, -1}
	fam := hpk.Family{D: 3, MinDegree: 1}
	Ks, err := fam.Grams(X)
	if err != nil {
		log.Fatal(err)
	}
	m, err := easymkl.Learner{Lambda: 0.1}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	Cs, err := fam.Crosses(mat.NewDense(2, 2, []float64{1, 4, 4, 1}), X)
	if err != nil {
		log.Fatal(err)
	}
	pred, err := m.PredictGrams(Cs)
	if err != nil {
		log.Fatal(err)
	}
	sum := 0.0
	for _, e := range m.Weights() {
		sum += e
	}
	fmt.Printf("%d weights, Σ η = %.4f, predictions %v\n", len(m.Weights()), sum, pred)
	// Output:
	// 3 weights, Σ η = 1.0000, predictions [1 -1]
}

func ExampleSVM() {
	// EasyMKL learns η on an informative and a useless base kernel
	// (mkltest.TwoKernels); the SVM then trains on K_η.
	Ks, Kte, y, yte := mkltest.TwoKernels()
	m, err := easymkl.SVM{MKL: easymkl.Learner{Lambda: 0.1}, SVM: svm.Classifier{C: 10}}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(mkltest.Summary(m, Kte, yte))
	// Output: weights 0.97 0.03, test accuracy 1.00
}

func ExampleAllPairs() {
	// Three classes of directions in the plane (angles near 0°, 120° and
	// 240°), one EasyMKL + SVM per pair of classes on the HPK family of
	// the cosine kernel; each test point gets the class of its direction.
	var rows, test []float64
	var y []float64
	for c, deg := range []float64{0, 120, 240} {
		for k := -1; k <= 1; k++ {
			a := (deg + 15*float64(k)) * math.Pi / 180
			rows = append(rows, math.Cos(a), math.Sin(a))
			y = append(y, float64(c))
		}
		a := (deg + 5) * math.Pi / 180
		test = append(test, 2*math.Cos(a), 2*math.Sin(a))
	}
	X, Xte := mat.NewDense(9, 2, rows), mat.NewDense(3, 2, test)
	ap := easymkl.AllPairs{Family: hpk.Family{D: 3, MinDegree: 1}, MKL: easymkl.Learner{Lambda: 0.1}, SVM: svm.Classifier{C: 1}}
	m := must(ap.FitCosine(must(hpk.CosineGram(X)), y))
	pred := must(m.PredictCosine(must(hpk.CosineCross(Xte, X))))
	fmt.Printf("%d pairs, predictions %v\n", len(m.Pairs), pred)
	// Output: 3 pairs, predictions [0 1 2]
}
