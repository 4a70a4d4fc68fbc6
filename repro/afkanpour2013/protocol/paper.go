package protocol

import "math"

// Frequencies are the three frequencies of the target
// f(x) = sin(√2x) + sin(√12x) + sin(√60x) (Section 3.1).
var Frequencies = []float64{math.Sqrt2, math.Sqrt(12), math.Sqrt(60)}

// H1Sets are the rows of the H1 table: SVMs with the uniform combination of
// Dirichlet kernels at these frequencies (indices into Frequencies).
var H1Sets = [][]int{{0}, {1}, {2}, {0, 1}, {0, 2}, {1, 2}, {0, 1, 2}}

// Methods of Figure 1(b): the continuous methods CA (this paper) and CR
// (Argyriou et al.'s greedy algorithm) and the finite-set methods DA
// (alignf), D1 and D2 (ℓp-norm MKL, p = 1, 2) and DU (uniform weights) on
// the ten Dirichlet kernels σ ∈ {0, 1, …, 9}.
var Methods = []string{"CA", "CR", "DA", "D1", "D2", "DU"}

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
