package stagewise_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/svm"
)

func ExampleCA() {
	// Stagewise centred alignment (Afkanpour et al. 2013) adds one Gaussian
	// per stage where it most increases the alignment with yyᵀ, then trains
	// an SVM on the learned kernel. Class +1 is the band |x₀| < 1.
	X := mat.NewDense(40, 2, nil)
	y := make([]float64, 40)
	for i := range y {
		t := 4*math.Mod(0.618*float64(i), 1) - 2
		X.SetRow(i, []float64{t, math.Sin(1.7 * float64(i))})
		y[i] = -1
		if math.Abs(t) < 1 {
			y[i] = 1
		}
	}
	m, err := stagewise.CA{T: 3, SVM: svm.Classifier{C: 10}}.Fit(X, y)
	if err != nil {
		log.Fatal(err)
	}
	pred, err := m.Predict(mat.NewDense(3, 2, []float64{0, 0, 1.6, 0, -1.6, 0}))
	if err != nil {
		log.Fatal(err)
	}
	al := m.Alignments()
	fmt.Println("stages:", len(m.Atoms()), "alignment grows:", al[len(al)-1] > al[0])
	fmt.Println("predictions:", pred)
	// Output:
	// stages: 3 alignment grows: true
	// predictions: [1 -1 -1]
}
