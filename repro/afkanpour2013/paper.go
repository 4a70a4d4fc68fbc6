package afkanpour2013

import (
	"math"

	"github.com/kernelab/kernelab/repro"
)

// Paper is the short citation of the reproduced paper.
const Paper = "Afkanpour, Szepesvári & Bowling (2013)"

// Frequencies are the three frequencies of the target
// f(x) = sin(√2x) + sin(√12x) + sin(√60x) (Section 3.1).
var Frequencies = []float64{math.Sqrt2, math.Sqrt(12), math.Sqrt(60)}

// H1Sets are the rows of the H1 table: SVMs with the uniform combination of
// Dirichlet kernels at these frequencies (indices into Frequencies).
var H1Sets = [][]int{{0}, {1}, {2}, {0, 1}, {0, 2}, {1, 2}, {0, 1, 2}}

// H1Paper is the paper's H1 table: test misclassification in percent.
var H1Paper = []float64{26.1, 26.8, 28.6, 16.4, 20.0, 21.3, 2.3}

// PaperTest is the paper's test-set size (500 train, 500 validation).
const PaperTest = 1000

// Methods of Figure 1(b): the continuous methods CA (this paper) and CR
// (Argyriou et al.'s greedy algorithm) and the finite-set methods DA
// (alignf), D1 and D2 (ℓp-norm MKL, p = 1, 2) and DU (uniform weights) on
// the ten Dirichlet kernels σ ∈ {0, 1, …, 9}.
var Methods = []string{"CA", "CR", "DA", "D1", "D2", "DU"}

// Tolerance of an error rate p (percent): two standard errors of a
// proportion on the paper's 1000 test points, 2·√(p(100 − p)/1000) points.
// A single draw of 500/500/1000 points differs from the paper's draw by
// about that much.
func Tolerance(p float64) repro.Tolerance {
	return repro.Abs(2 * math.Sqrt(p*(100-p)/PaperTest))
}

// FrequencyTol is how close (absolute) a learned frequency must be to one
// of the target's to count as found.
const FrequencyTol = 0.1

// GammasPaper are the relevance exponents γ of the 50-D Gaussian problem
// (Section 3.2, Figure 2).
var GammasPaper = []float64{0, 1, 2, 5, 10, 20, 40}

// MNISTTasks are our eight MNIST tasks. The paper follows Argyriou et al.
// (2005) without listing them: a reproduction choice, Argyriou et al.'s
// odd–even, 3–8 and 4–7 plus five more pairs of similar digits.
var MNISTTasks = []string{"odd-even", "3-8", "4-7", "1-7", "2-3", "2-7", "5-6", "6-9"}

// LetterTasks are our twelve Letter pairs (the paper does not list its
// twelve): a reproduction choice of pairs of similar letters.
var LetterTasks = []string{"A-B", "C-G", "D-O", "E-F", "H-N", "I-J", "K-R", "M-N", "O-Q", "P-R", "U-V", "V-Y"}

// Table2Groups are the rows groups of Table 2.
var Table2Groups = []string{"MNIST", "Letter", "11 data sets"}

// Table2Rank is the paper's Table 2: median rank over the tasks of each
// method (TaskMethods order; NaN: not run, "N/A").
var Table2Rank = map[string][]float64{
	"MNIST":        {1, math.NaN(), 2, 4.5, 4.5, 5, 4},
	"Letter":       {1, 4.5, 2, 3.5, 7, 6, 5},
	"11 data sets": {3, 2, 3, 3, 4, 6, 6},
}

// Table2Time is the paper's Table 2 running time in seconds per task,
// mean and standard error over the tasks (TaskMethods order; NaN: N/A).
// Matlab on unstated hardware.
var Table2Time = map[string][][2]float64{
	"MNIST":  {{12, 1}, {math.NaN(), math.NaN()}, {377, 56}, {31, 1}, {57, 6}, {58, 3}, {10, 1}},
	"Letter": {{9, 1}, {1986, 247}, {590, 21}, {11, 1}, {21, 1}, {22, 1}, {5, 1}},
}

// Alpha is the level of the paired tests between methods.
const Alpha = 0.05

// SmallGamma bounds the "small values of γ" of Section 3.2 at which the
// unregularised CA-nD is said to overfit.
const SmallGamma = 5.0

// AscentTol is the largest fall of the training alignment between two
// stages of CA that rounding explains.
const AscentTol = 1e-12

// MaxMinima is Supplement B.1's bound on the local minima of h(σ).
const MaxMinima = 2
