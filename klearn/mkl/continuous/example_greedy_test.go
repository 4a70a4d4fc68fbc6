package continuous_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/continuous"
)

func ExampleGreedy() {
	// The greedy algorithm of Argyriou et al. (2006) learns a combination of
	// Gaussians whose bandwidths σ it searches over a continuum. Class +1
	// lies inside the circle of radius 1, class −1 outside.
	X := mat.NewDense(40, 2, nil)
	y := make([]float64, 40)
	for i := range y {
		a, r := 2*math.Pi*math.Mod(0.618*float64(i), 1), 0.4+1.2*float64(i%2)
		X.SetRow(i, []float64{r * math.Cos(a), r * math.Sin(a)})
		y[i] = 1 - 2*float64(i%2)
	}
	m, err := continuous.Greedy{Mu: 0.1, MaxSteps: 10, Tol: 0.01}.Fit(X, y)
	if err != nil {
		log.Fatal(err)
	}
	pred, err := m.Predict(mat.NewDense(3, 2, []float64{0, 0.2, 0.3, -0.3, 1.8, 0}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("kernels:", len(m.Atoms()), "status:", m.Status())
	fmt.Println("predictions:", pred)
	// Output:
	// kernels: 2 status: Success
	// predictions: [1 1 -1]
}
