package afkanpour2013

import "math"

// Paper is the short citation of the reproduced paper.
const Paper = "Afkanpour, Szepesvári & Bowling (2013)"

// H1Paper is the paper's H1 table: test misclassification in percent.
var H1Paper = []float64{26.1, 26.8, 28.6, 16.4, 20.0, 21.3, 2.3}

// PaperTest is the paper's test-set size (500 train, 500 validation).
const PaperTest = 1000

// SEFloor (percent) floors the error rate whose standard error the H1
// cells compute, so that a zero error keeps a band.
const SEFloor = 1.0

// RankDelta caps the difference that matters of a Table 2 rank: δ is the
// rank's adjacent gap in the paper's row, at most RankDelta.
const RankDelta = 1.0

// DCMargin is the margin, in log10 seconds, of "roughly three times
// faster": log10 1.5, a factor from 2 to 4.5.
const DCMargin = 0.176

// FrequencyTol is how close (absolute) a learned frequency must be to one
// of the target's to count as found.
const FrequencyTol = 0.1

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

// SmallGamma bounds the "small values of γ" of Section 3.2 at which the
// unregularised CA-nD is said to overfit.
const SmallGamma = 5.0

// LargeGamma bounds from below the "large γ" of Figures 2 and 4 at which
// CA-nD is said to beat the 1-D methods.
const LargeGamma = 10.0

// MinRankTasks is the fewest tasks over which Table 2's rank intervals
// are bootstrapped: with fewer, a group's ranks are undecided.
const MinRankTasks = 3

// RankDraws and RankLevel are the bootstrap of the Table 2 rank rows: the
// resamples and the level of the percentile interval of a median rank.
const (
	RankDraws = 2000
	RankLevel = 0.95
)

// MaxStages is the paper's bound on CA's stages in the task experiments:
// "less than 10 iterations (kernels)".
const MaxStages = 10

// CloseMargin is the equivalence margin, in points of test error, of
// Figure 1(b)'s "CA and CR come close to the three-frequency SVM".
const CloseMargin = 1.0

// The tolerances of the numerical checks: GradTol the relative error of a
// central difference against an analytic derivative (Eq. (3), Proposition
// 1, Lemma 3), StepTol how far a 4,001-point grid may exceed the closed-form
// step (Proposition 2), IdentityTol an exact matrix identity (Lemma 3), and
// PSDTol the smallest eigenvalue allowed, per point, of a PSD Gram matrix.
const (
	GradTol     = 1e-6
	StepTol     = 1e-9
	IdentityTol = 1e-12
	PSDTol      = 1e-9
)

// AscentTol is the largest fall of the training alignment between two
// stages of CA that rounding explains.
const AscentTol = 1e-12

// MaxMinima is Supplement B.1's bound on the local minima of h(σ).
const MaxMinima = 2
