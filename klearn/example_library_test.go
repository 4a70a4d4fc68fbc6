package klearn_test

import (
	"fmt"
	"log"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/svm"
)

// Example_library is the program of the README's section "Use kernelab as
// a library", with main renamed (TestREADMEProgram keeps the two the same):
// load a data set, split it, fit an SVM and EasyMKL, score both.
func Example_library() {
	X, y, err := datasets.LoadBinary("sonar", "M") // 208 sonar returns: metal +1, rock −1
	check(err)
	Xtr, Xte, ytr, yte, err := modelsel.TrainTestSplit(X, y, 0.3, 1) // stratified, 30 % test
	check(err)

	svmModel, err := svm.Classifier{Kernel: kernel.RBF{Gamma: 0.1}, C: 10}.Fit(Xtr, ytr)
	check(err)
	score("SVM (RBF)", yte, must(svmModel.Predict(Xte)))

	hpkFam := hpk.Family{D: 10, MinDegree: 1} // polynomial kernels of degrees 1 … 10
	mklModel, err := easymkl.Learner{Lambda: 0.5}.FitGrams(must(hpkFam.Grams(Xtr)), ytr)
	check(err)
	score("EasyMKL (HPK 1-10)", yte, must(mklModel.PredictGrams(must(hpkFam.Crosses(Xte, Xtr)))))
	// Output:
	// SVM (RBF)            test accuracy 0.839
	// EasyMKL (HPK 1-10)   test accuracy 0.839
}

func score(name string, y, pred []float64) {
	fmt.Printf("%-20s test accuracy %.3f\n", name, must(metrics.Accuracy(y, pred)))
}

func must[T any](v T, err error) T {
	check(err)
	return v
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
