package preprocess_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/preprocess"
)

func ExampleMinMax() {
	// Fit on the training rows, then apply the same map to test rows:
	// feature 0 has range [1, 5], feature 1 range [10, 40], so (7, 30) maps
	// to ((7−1)/4, (30−10)/30) = (1.5, 0.6667), outside [0, 1] and not
	// clipped (closed form; scikit-learn 1.2.1's MinMaxScaler agrees).
	Xtr := mat.NewDense(3, 2, []float64{
		1, 10,
		3, 20,
		5, 40,
	})
	t, err := preprocess.MinMax{}.Fit(Xtr)
	if err != nil {
		log.Fatal(err)
	}
	Ztr, err := t.Transform(Xtr)
	if err != nil {
		log.Fatal(err)
	}
	Zte, err := t.Transform(mat.NewDense(1, 2, []float64{7, 30}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("train:\n%.4f\n", mat.Formatted(Ztr))
	fmt.Printf("test: %.4f\n", Zte.RawRowView(0))
	// Output:
	// train:
	// ⎡0.0000  0.0000⎤
	// ⎢0.5000  0.3333⎥
	// ⎣1.0000  1.0000⎦
	// test: [1.5000 0.6667]
}

func ExampleStandardizer() {
	// Mean 2 and population standard deviation √(2/3) for (1, 2, 3), so the
	// rows map to (−1.2247, 0, 1.2247) (closed form; StandardScaler agrees).
	t, err := preprocess.Standardizer{}.Fit(mat.NewDense(3, 1, []float64{1, 2, 3}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("shift %.4f, scale %.4f\n", t.Shift(), t.Scale())
	Z, err := t.Transform(mat.NewDense(3, 1, []float64{1, 2, 3}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.4f\n", mat.Col(nil, 0, Z))
	// Output:
	// shift [2.0000], scale [1.2247]
	// [-1.2247 0.0000 1.2247]
}

func ExampleCenterLabels() {
	yc, mean, _ := preprocess.CenterLabels([]float64{1, 2, 6})
	fmt.Println(yc, mean)
	// Output:
	// [-2 -1 3] 3
}
