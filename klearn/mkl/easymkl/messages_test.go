package easymkl

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestErrorPrefix: the errors of KOMD name the package once ("easymkl:"),
// as every learner's errors name theirs.
func TestErrorPrefix(t *testing.T) {
	K := mat.NewSymDense(2, []float64{1, 0, 0, 1})
	y := []float64{1, -1}
	var nilModel *KOMDModel
	_, e1 := KOMD{Lambda: 2}.FitGram(K, y)
	_, e2 := KOMD{}.FitGram(nil, y)
	_, e3 := KOMD{}.FitGram(K, []float64{1, 1})
	_, e4 := nilModel.DecisionGram(mat.NewDense(1, 2, nil))
	_, e5 := KOMD{}.FitGramPath(K, y, []float64{0.5, -1})
	for i, err := range []error{e1, e2, e3, e4, e5} {
		if err == nil || !strings.HasPrefix(err.Error(), "easymkl: ") || strings.Contains(err.Error(), "easyeasy") {
			t.Errorf("error %d: %v", i+1, err)
		}
	}
}
