package donini2017

import "github.com/kernelab/kernelab/repro"

// Paper is the short citation of the reproduced paper.
const Paper = "Donini & Aiolli (2017)"

// Table3Paper is Table 3 (seconds per training, i7-3632QM, Python): the RBF
// SVM per value of γ validated (× V) and our method on K_10, K_20, K_30.
var Table3Paper = map[string][4]float64{
	"Heart":      {0.016, 0.129, 0.158, 0.165},
	"Ionosphere": {0.034, 0.243, 0.276, 0.341},
	"Splice":     {0.139, 2.092, 2.400, 2.882},
}

// Table4Cols are the columns of Table 4.
var Table4Cols = []string{"K_MKL (K_10)", "gHKL_1.1", "gHKL_1.5", "gHKL_2.0"}

// Table4Paper is Table 4: nested 10-fold AUC (mean ± std) of K_MKL and
// gHKL_ρ, keyed by the klearn/datasets name (the ghkl package's loader).
var Table4Paper = map[string][]repro.Value{
	"haberman":       {repro.MS(0.716, 0.014), repro.MS(0.617, 0.166), repro.MS(0.518, 0.110), repro.MS(0.556, 0.070)},
	"bupa":           {repro.MS(0.689, 0.056), repro.MS(0.565, 0.109), repro.MS(0.583, 0.110), repro.MS(0.623, 0.038)},
	"pima":           {repro.MS(0.842, 0.027), repro.MS(0.636, 0.118), repro.MS(0.733, 0.058), repro.MS(0.766, 0.046)},
	"australian-sub": {repro.MS(0.924, 0.081), repro.MS(0.923, 0.101), repro.MS(0.918, 0.049), repro.MS(0.920, 0.045)},
}

// Table5Paper is Table 5 (MNIST, 10 classes, test error %): the RBF SVM
// [14], ours, the deskewed polynomial SVM [14], the best deskewed SVM [14]
// and ours on deskewed images (60 000 training and 10 000 test images).
var Table5Paper = []struct {
	Col string
	Err float64
}{{"RBF [14]", 1.4}, {"Our", 0.9}, {"Poly deskewed [14]", 1.1}, {"Best SVM deskewed [14]", 1.0}, {"Our deskewed", 0.8}}

// Table5PaperTest is the size of the MNIST test set of Table 5's errors.
const Table5PaperTest = 10000
