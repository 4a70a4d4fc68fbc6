package modelsel

import (
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TrainTestSplit cuts the rows of X and the labels y once, at random, into a
// training and a test set. Each class keeps its share on both sides: this is
// the single split of StratifiedRepeatedSplits(y, 1, testFrac, seed). The
// results are fresh copies; X and y are not modified. Errors: those of
// StratifiedRepeatedSplits and Rows, and X with another number of rows than
// y has labels (ErrShape).
func TrainTestSplit(X mat.Matrix, y []float64, testFrac float64, seed uint64) (Xtrain, Xtest *mat.Dense, ytrain, ytest []float64, err error) {
	if klearn.IsNilMatrix(X) {
		return nil, nil, nil, nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: TrainTestSplit of a nil matrix")
	}
	if r, _ := X.Dims(); r != len(y) {
		return nil, nil, nil, nil, klearn.Errorf(klearn.ErrShape, "modelsel: TrainTestSplit: X has %d rows, y %d labels", r, len(y))
	}
	sp, err := StratifiedRepeatedSplits(y, 1, testFrac, seed)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	s := sp[0]
	if Xtrain, err = klearn.Rows(X, s.Train); err == nil {
		Xtest, err = klearn.Rows(X, s.Test)
	}
	if err != nil {
		return nil, nil, nil, nil, err
	}
	ytrain, _ = klearn.Take(y, s.Train)
	ytest, _ = klearn.Take(y, s.Test)
	return Xtrain, Xtest, ytrain, ytest, nil
}
