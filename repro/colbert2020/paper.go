package colbert2020

import "github.com/kernelab/kernelab/repro"

// Paper is the short citation of the reproduced paper.
const Paper = "Colbert & Peet (2020)"

// PaperSplits is the number of random 80/20 splits behind each of Table
// 1's mean ± std (Section 8: "this partition is repeated 30 times").
const PaperSplits = 30

// Table1Accuracy is Table 1's test-set accuracy (%, mean ± std over 30
// splits), rows in the order of protocol.DataSets, columns in the order of
// protocol.Methods.
var Table1Accuracy = [][]repro.Value{
	{repro.MS(72.32, 4.92), repro.MS(65.51, 5.10), repro.MS(70.58, 4.69), repro.MS(70.53, 4.79), repro.MS(66.32, 7.46)},
	{repro.MS(97.18, 1.48), repro.MS(96.55, 1.34), repro.MS(96.89, 1.43), repro.MS(96.89, 1.42), repro.MS(96.67, 1.30)},
	{repro.MS(83.46, 4.56), repro.MS(83.70, 4.77), repro.MS(84.38, 4.34), repro.MS(83.64, 4.54), repro.MS(78.64, 5.19)},
	{repro.MS(76.32, 3.10), repro.MS(76.00, 3.33), repro.MS(76.75, 2.81), repro.MS(76.57, 2.72), repro.MS(75.35, 2.98)},
	{repro.MS(93.24, 3.04), repro.MS(92.16, 2.78), repro.MS(87.65, 2.88), repro.MS(92.16, 2.78), repro.MS(90.85, 3.42)},
}

// Table1Time is Table 1's time to compute (seconds per split, mean ± std;
// MOSEK 7.1 and Matlab on unstated hardware).
var Table1Time = [][]repro.Value{
	{repro.MS(95.75, 2.68), repro.MS(2.61, 0.42), repro.MS(8.37, 0.30), repro.MS(14.70, 0.76), repro.MS(0.14, 0.04)},
	{repro.MS(636.17, 25.43), repro.MS(14.74, 1.33), repro.MS(45.84, 4.28), repro.MS(65.08, 10.52), repro.MS(0.18, 0.06)},
	{repro.MS(221.67, 29.63), repro.MS(3.09, 0.19), repro.MS(55.48, 2.67), repro.MS(13.23, 2.70), repro.MS(0.12, 0.01)},
	{repro.MS(1211.66, 27.01), repro.MS(19.04, 2.33), repro.MS(34.65, 23.28), repro.MS(96.20, 30.42), repro.MS(0.24, 0.19)},
	{repro.MS(6.69, 0.27), repro.MS(26.24, 2.78), repro.MS(8.28, 0.16), repro.MS(50.77, 2.98), repro.MS(0.16, 0.02)},
}

// Scaling exponents of Section 7 (Figures 3 and 4): the time of SDP (24)
// scales as approximately m^2.6 + q^1.9 and that of SimpleMKL with L TK
// kernels as m^2.1 + L^1.6.
const (
	PaperSDPExponent        = 2.6
	PaperSDPQExponent       = 1.9
	PaperSimpleMKLExponent  = 2.1
	PaperSimpleMKLLExponent = 1.6
)

// PaperFigure5From is the training size from which Figure 5's text says
// [TK] significantly outperforms [SimpleMKL] on the noisy spiral.
const PaperFigure5From = 600

// Theorem10Value is the optimal value of SDP (17) for labels with mean ȳ
// (Theorem 10, as corrected: t* = ‖e + γ*y‖²/m = 1 − ȳ²; the print has
// ‖e − γ*y‖₂/m).
func Theorem10Value(ybar float64) float64 { return 1 - ybar*ybar }

// Tolerances states, before any result is computed, the numerical
// tolerances of the checks (the tests, levels and margins are in
// Criteria).
var Tolerances = struct {
	// Numeric is the relative tolerance of the numerical checks of the
	// theorems.
	Numeric float64
	// Solvers is the relative agreement required between the
	// interior-point and projected-gradient solutions of SDP (24).
	Solvers float64
	// Continuity bounds, relative to the classifier's Lipschitz constant
	// on the lattice, its jump across a training point over 2·10⁻⁶
	// (Figure 1(a)).
	Continuity float64
	// Approx is the absolute precision of the optimal values of the
	// approximation problems (20)–(21) (Figure 2): the interior-point
	// solver stops at a relative gap of 10⁻⁷.
	Approx float64
	// NearZero is "almost no error" of Figure 2 at the highest degree.
	NearZero float64
	// GaussGap is "significantly larger than the lower bound of 0.5"
	// (Figure 2(a)): the Gaussian sums' ℓ₁ error at least 0.5 + GaussGap.
	GaussGap float64
}{1e-8, 1e-6, 1e-4, 1e-4, 0.01, 0.1}
