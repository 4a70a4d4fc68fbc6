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

// Tolerances returns the tolerances as printable lines, stated before any
// result is computed.
func Tolerances() []string {
	return []string{
		"H1 table, each cell: ± two standard errors of the paper's error on 1000 test points, 2·√(p(100−p)/1000) percentage points (e.g. ±2.8 at 26 %, ±0.9 at 2.3 %)",
		"Figure 1(c): every target frequency (√2, √12, √60) within 0.1 of a frequency CA learns",
		"Figure 1(b): CA and CR within two standard errors (on our test set) of our three-frequency SVM; each discrete method more than two standard errors worse than CA",
	}
}
