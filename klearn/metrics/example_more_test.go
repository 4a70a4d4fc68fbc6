package metrics_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/metrics"
)

func ExampleCenteredAlignment() {
	// K is a tridiagonal kernel on three points, yyᵀ the target kernel of
	// y = (1, 1, −1). Expected values computed with numpy:
	// ⟨HKH, HyyᵀH⟩_F/(‖HKH‖_F‖HyyᵀH‖_F) = 0.790569 (√10/4), and the
	// uncentred ⟨K, yyᵀ⟩_F/(‖K‖_F‖yyᵀ‖_F) = 6/(√16·3) = 0.5.
	K := mat.NewSymDense(3, []float64{
		2, 1, 0,
		1, 2, 1,
		0, 1, 2,
	})
	y := []float64{1, 1, -1}
	Y := mat.NewSymDense(3, nil)
	Y.SymOuterK(1, mat.NewVecDense(3, y))

	ca, err := metrics.CenteredAlignment(K, Y)
	if err != nil {
		log.Fatal(err)
	}
	a, err := metrics.Alignment(K, Y)
	if err != nil {
		log.Fatal(err)
	}
	ta, err := metrics.TargetAlignment(K, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("centred %.4f, uncentred %.4f, target %.4f\n", ca, a, ta)
	// Output:
	// centred 0.7906, uncentred 0.5000, target 0.5000
}

func ExampleAccuracy() {
	// Two of four labels agree (scikit-learn 1.2.1 accuracy_score: 0.5).
	y := []float64{1, -1, 1, 1}
	yhat := []float64{1, 1, 1, -1}
	acc, err := metrics.Accuracy(y, yhat)
	if err != nil {
		log.Fatal(err)
	}
	e, err := metrics.ErrorRate(y, yhat)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("accuracy %.4f, error %.4f\n", acc, e)
	// Output:
	// accuracy 0.5000, error 0.5000
}

func ExampleR2() {
	// scikit-learn 1.2.1: r2_score = 0.98, mean_squared_error = 0.025.
	y := []float64{1, 2, 3, 4}
	yhat := []float64{1.1, 1.9, 3.2, 3.8}
	r2, err := metrics.R2(y, yhat)
	if err != nil {
		log.Fatal(err)
	}
	mse, err := metrics.MSE(y, yhat)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("R² %.4f, MSE %.4f\n", r2, mse)
	// Output:
	// R² 0.9800, MSE 0.0250
}

func ExampleMeanStd() {
	// Sample standard deviation (n − 1): values 1, 2, 3, 4 have mean 2.5 and
	// std √(5/3) = 1.2910 (closed form).
	m, s, _ := metrics.MeanStd([]float64{1, 2, 3, 4})
	fmt.Printf("%.4f ± %.4f\n", m, s)
	// Output:
	// 2.5000 ± 1.2910
}
