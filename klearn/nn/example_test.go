package nn_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/nn"
)

func ExampleClassifier() {
	// A one-hidden-layer tanh network trained by scaled conjugate gradients
	// with early stopping, on the XOR of the signs of x₀ and x₁.
	X := mat.NewDense(80, 2, nil)
	y := make([]float64, 80)
	for i := range y {
		a, b := 2*math.Mod(0.618*float64(i), 1)-1, 2*math.Mod(0.414*float64(i)+0.2, 1)-1
		X.SetRow(i, []float64{a, b})
		y[i] = 1
		if a*b < 0 {
			y[i] = -1
		}
	}
	m, err := nn.Classifier{Hidden: 8, Seed: 1}.Fit(X, y)
	if err != nil {
		log.Fatal(err)
	}
	pred, err := m.Predict(mat.NewDense(4, 2, []float64{0.7, 0.7, -0.7, -0.7, 0.7, -0.7, -0.7, 0.7}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("classes:", m.Classes(), "predictions:", pred)
	// Output: classes: [-1 1] predictions: [1 1 -1 -1]
}
