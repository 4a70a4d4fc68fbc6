package modelsel_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

func ExampleStratifiedKFold() {
	// 12 labels, 8 of class +1 and 4 of class −1, in 4 folds: every test
	// fold gets 2 positives and 1 negative, and the folds partition 0…11.
	y := []float64{1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1}
	splits, err := modelsel.StratifiedKFold(y, 4, 1)
	if err != nil {
		log.Fatal(err)
	}
	seen := map[int]int{}
	for i, s := range splits {
		pos := 0
		for _, j := range s.Test {
			seen[j]++
			if y[j] > 0 {
				pos++
			}
		}
		fmt.Printf("fold %d: train %d, test %d (%d positive)\n", i, len(s.Train), len(s.Test), pos)
	}
	fmt.Println("every index tested once:", len(seen) == len(y))
	// Output:
	// fold 0: train 9, test 3 (2 positive)
	// fold 1: train 9, test 3 (2 positive)
	// fold 2: train 9, test 3 (2 positive)
	// fold 3: train 9, test 3 (2 positive)
	// every index tested once: true
}

func ExampleGridSearch() {
	// Choose the ridge λ of kernel ridge regression by 5-fold CV on
	// y = sin(x), x ∈ [0, 2π], cutting one precomputed RBF Gram matrix per
	// split instead of recomputing kernels (SubGram, CrossGram).
	const n = 20
	X := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	for i := range y {
		x := 2 * math.Pi * float64(i) / (n - 1)
		X.Set(i, 0, x)
		y[i] = math.Sin(x)
	}
	K, err := kernel.Gram(kernel.RBF{Gamma: 1}, X)
	if err != nil {
		log.Fatal(err)
	}
	splits, err := modelsel.KFold(n, 5, 1)
	if err != nil {
		log.Fatal(err)
	}
	eval := func(lambda float64, s modelsel.Split) (float64, error) {
		// The slicing helpers check their indices and return an error.
		Ktr, err := kernel.SubGram(K, s.Train)
		if err != nil {
			return 0, err
		}
		ytr, err := klearn.Take(y, s.Train)
		if err != nil {
			return 0, err
		}
		m, err := krr.Regressor{Lambda: lambda}.FitGram(Ktr, ytr)
		if err != nil {
			return 0, err
		}
		Kte, err := kernel.CrossGram(K, s.Test, s.Train)
		if err != nil {
			return 0, err
		}
		yhat, err := m.PredictGram(Kte)
		if err != nil {
			return 0, err
		}
		yte, err := klearn.Take(y, s.Test)
		if err != nil {
			return 0, err
		}
		return metrics.MSE(yte, yhat)
	}
	res, err := modelsel.GridSearch([]float64{100, 1, 1e-3}, splits, eval, modelsel.SearchOptions{Minimize: true})
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range res.Candidates {
		fmt.Printf("λ = %-5g MSE %.2g ± %.2g\n", c.Params, c.Mean, c.Std)
	}
	fmt.Println("best λ:", res.BestParams())
	// λ = 100 shrinks f towards 0, so its MSE approaches Var(sin) ≈ 0.5; the
	// MSEs below are this code's output, printed to 2 significant digits.

	// Output:
	// λ = 100   MSE 0.45 ± 0.21
	// λ = 1     MSE 0.043 ± 0.02
	// λ = 0.001 MSE 0.0008 ± 0.0011
	// best λ: 0.001
}
