package ghkl_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
)

func ExampleClassifier() {
	// Three features, of which only x₀ decides the class: gHKL (Jawanpuria
	// et al. 2015) keeps the nodes of the subset DAG that the predictor
	// needs, here {0} (beside the root, whose kernel is constant).
	X := mat.NewDense(30, 3, nil)
	y := make([]float64, 30)
	for i := range y {
		y[i] = 1 - 2*float64(i%2)
		X.SetRow(i, []float64{y[i] * (0.3 + math.Mod(0.618*float64(i), 1)), math.Sin(2.1 * float64(i)), math.Cos(1.3 * float64(i))})
	}
	m, err := ghkl.Classifier{Rho: 1.5, C: 10}.Fit(X, y)
	if err != nil {
		log.Fatal(err)
	}
	for _, nd := range m.Selected(0.1) {
		fmt.Println("selected node", nd.Features)
	}
	pred, err := m.Predict(mat.NewDense(2, 3, []float64{0.8, 0, 0, -0.8, 0, 0}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("predictions at x₀ = ±0.8:", pred)
	// Output:
	// selected node [0]
	// predictions at x₀ = ±0.8: [1 -1]
}
