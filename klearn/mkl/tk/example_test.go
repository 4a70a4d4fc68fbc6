package tk_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/svm"
)

// Learn a degree-1 Tessellated kernel on a disc-shaped problem and predict
// new points.
func ExampleLearner() {
	X := mat.NewDense(40, 2, nil)
	y := make([]float64, 40)
	for i := 0; i < 40; i++ {
		a, r := 2*math.Pi*float64(i)/40, 0.3+0.5*float64(i%2)
		X.Set(i, 0, r*math.Cos(a))
		X.Set(i, 1, r*math.Sin(a))
		y[i] = 1 - 2*float64(i%2) // inner ring +1, outer ring −1
	}
	m, err := tk.Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: 10, NoBias: true}}.Fit(X, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, err := m.Predict(mat.NewDense(2, 2, []float64{0.1, 0.2, 0.9, -0.7}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("predictions:", pred, "status:", m.Status(), "trace P:", math.Round(mat.Trace(m.P())*1e6)/1e6)
	// Output: predictions: [1 -1] status: Success trace P: 1
}
