package donini2017

import "github.com/kernelab/kernelab/repro"

// Paper is the short citation of the reproduced paper.
const Paper = "Donini & Aiolli (2017)"

// Bench is one binary task of Table 2: the paper's row and the data set we
// load in its place (klearn/datasets name, binarisation, subset).
type Bench struct {
	// Name is the paper's name (Table 2).
	Name string
	// PaperFeatures and PaperExamples are the paper's Table 2 row.
	PaperFeatures, PaperExamples int
	// Load is the klearn/datasets name of the data we use.
	Load string
	// Pos lists the classes mapped to +1; empty means a regression target
	// thresholded at Thresh (y > Thresh is +1).
	Pos    []string
	Thresh float64
	// MaxN keeps the first MaxN rows (0: all).
	MaxN int
	// Apart marks a substitute of another kind of data (Colon, Gisette):
	// the verdict counts its comparisons apart from the paper's tasks.
	Apart bool
	// Ours names the data set we use; Differs says how it differs from the
	// paper's ("" when it is the same data).
	Ours, Differs string
}

// Table2 lists the tasks of Table 2, each beside the data set actually
// used. Colon and Gisette run on substitutes whose cells are counted apart
// (Apart).
var Table2 = []Bench{
	{Name: "Haberman", PaperFeatures: 3, PaperExamples: 306, Load: "haberman", Pos: []string{"2"}, Ours: "UCI Haberman (306 × 3)"},
	{Name: "Liver", PaperFeatures: 6, PaperExamples: 345, Load: "bupa", Pos: []string{"2"}, Ours: "UCI BUPA liver (345 × 6)"},
	{Name: "Diabetes", PaperFeatures: 8, PaperExamples: 768, Load: "pima", Pos: []string{"pos"}, Ours: "Pima Indians diabetes (768 × 8)"},
	{Name: "Abalone", PaperFeatures: 8, PaperExamples: 4177, Load: "abalone", Thresh: 9, Ours: "UCI Abalone (4177 × 8)",
		Differs: "rings > 9 vs ≤ 9 (the paper does not say how it binarises)"},
	{Name: "Australian", PaperFeatures: 14, PaperExamples: 690, Load: "australian-sub", Pos: []string{"good"}, Ours: "credit-data substitute (690 × 13)",
		Differs: "substitute: a 690-row credit-approval table with 13 features, not the Statlog Australian data"},
	{Name: "Pendigits", PaperFeatures: 16, PaperExamples: 4000, Load: "digits", Pos: []string{"0", "2", "4", "6", "8"}, Ours: "scikit-learn digits 8×8 (1797 × 64), even vs odd",
		Differs: "substitute: 8×8 bitmaps of handwritten digits (64 pixel features) instead of 16 pen-trajectory features"},
	{Name: "Heart", PaperFeatures: 22, PaperExamples: 267, Load: "heart", Pos: []string{"2"}, Ours: "Statlog heart (270 × 13)",
		Differs: "substitute: Statlog heart (13 clinical features) instead of SPECT heart (22 binary image features)"},
	{Name: "German", PaperFeatures: 24, PaperExamples: 1000, Load: "german-numeric", Pos: []string{"Bad"}, Ours: "caret GermanCredit (1000 × 61)",
		Differs: "same 1000 applicants, 61 numeric/dummy columns instead of the 24-column numeric version"},
	{Name: "Ionosphere", PaperFeatures: 34, PaperExamples: 351, Load: "ionosphere", Pos: []string{"good"}, Ours: "UCI Ionosphere (351 × 34)"},
	{Name: "Splice", PaperFeatures: 60, PaperExamples: 1000, Load: "splice", Pos: []string{"EI", "IE"}, MaxN: 1000, Ours: "UCI splice, first 1000 rows",
		Differs: "boundary (EI or IE) vs none, first 1000 of 3190 rows (the paper's 1000-row subset is not identified)"},
	{Name: "Sonar", PaperFeatures: 60, PaperExamples: 208, Load: "sonar", Pos: []string{"M"}, Ours: "UCI Sonar (208 × 60)"},
	{Name: "Colon", PaperFeatures: 2000, PaperExamples: 62, Load: "golub", Pos: []string{"AML"}, Apart: true, Ours: "Golub leukaemia (38 × 3051), ALL vs AML",
		Differs: "substitute: another small, wide gene-expression task (the colon data are not available offline)"},
	{Name: "Gisette", PaperFeatures: 5000, PaperExamples: 4000, Load: "gisette-mnist", Pos: []string{"9"}, Apart: true, Ours: "Gisette-like MNIST 4 vs 9 (4000 × 5000)",
		Differs: "substitute: rebuilt from MNIST with the challenge's recipe (pixels, pixel products, probes), not the challenge's own rows"},
}

// BenchByName returns the Table 2 row with the paper's name.
func BenchByName(name string) (Bench, bool) {
	for _, b := range Table2 {
		if b.Name == name {
			return b, true
		}
	}
	return Bench{}, false
}

// Table3Paper is Table 3 (seconds per training, i7-3632QM, Python): the RBF
// SVM per value of γ validated (× V) and our method on K_10, K_20, K_30.
var Table3Paper = map[string][4]float64{
	"Heart":      {0.016, 0.129, 0.158, 0.165},
	"Ionosphere": {0.034, 0.243, 0.276, 0.341},
	"Splice":     {0.139, 2.092, 2.400, 2.882},
}

// Table4Cols are the columns of Table 4.
var Table4Cols = []string{"K_MKL (K_10)", "gHKL_1.1", "gHKL_1.5", "gHKL_2.0"}

// Table4Rhos are the ρ of the gHKL columns.
var Table4Rhos = []float64{1.1, 1.5, 2}

// Table4Paper is Table 4: nested 10-fold AUC (mean ± std) of K_MKL and
// gHKL_ρ, keyed by the klearn/datasets name (the ghkl package's loader).
var Table4Paper = map[string][]repro.Value{
	"haberman":       {repro.MS(0.716, 0.014), repro.MS(0.617, 0.166), repro.MS(0.518, 0.110), repro.MS(0.556, 0.070)},
	"bupa":           {repro.MS(0.689, 0.056), repro.MS(0.565, 0.109), repro.MS(0.583, 0.110), repro.MS(0.623, 0.038)},
	"pima":           {repro.MS(0.842, 0.027), repro.MS(0.636, 0.118), repro.MS(0.733, 0.058), repro.MS(0.766, 0.046)},
	"australian-sub": {repro.MS(0.924, 0.081), repro.MS(0.923, 0.101), repro.MS(0.918, 0.049), repro.MS(0.920, 0.045)},
}

// Table4Names are the paper's row names of the Table 4 data sets.
var Table4Names = map[string]string{"haberman": "Haberman", "bupa": "Liver", "pima": "Diabetes", "australian-sub": "Australian (substitute)"}

// Table5Paper is Table 5 (MNIST, 10 classes, test error %): the RBF SVM
// [14], ours, the deskewed polynomial SVM [14], the best deskewed SVM [14]
// and ours on deskewed images (60 000 training and 10 000 test images).
var Table5Paper = []struct {
	Col string
	Err float64
}{{"RBF [14]", 1.4}, {"Our", 0.9}, {"Poly deskewed [14]", 1.1}, {"Best SVM deskewed [14]", 1.0}, {"Our deskewed", 0.8}}

// Alpha is the level of every paired test.
const Alpha = 0.05

// Tolerances returns the tolerances as printable lines, stated before any
// result is computed.
func Tolerances() []string {
	return []string{
		"Theorem checks: identities to 1e-9 relative (Eq. (12), Table 1 rules to 1e-12), inequalities with 1e-9 slack; Monte Carlo bounds (Theorems 3–4) allow 3 standard errors",
		"EasyMKL max–min (§2.1): the exact max over ‖η‖₂ = 1 of the min over γ (grid on the sphere) is at most EasyMKL's bound min_γ Σ_s d_s(γ) + Λ‖γ‖² and at least the value at EasyMKL's η*; η* = d(γ*)/‖d(γ*)‖₂ to 1e-9; the gap between the exact value and EasyMKL's is reported (the paper states no size)",
		"Algorithm 1: the log–log slope of ‖K_d^(Q) − K_d‖_F/‖K_d‖_F against the number of steps in [−0.75, −0.25] (the rate steps^{−1/2})",
		"Figure 1: Pearson correlation between C(K) and r*(K) above 0.5 on each data set",
		"Figures 3–5, Figure 10, Tables 3–4: a comparison of two methods is a two-sided paired t-test over the same outer folds (test blocks for Figure 10) at α = 0.05; a p-value at or above α is a tie, and a tie is not a win",
		"Figures 3–5: at the largest D, K_MKL wins (paired test) against K_D and against K_sum on each data set; against the a-posteriori K_{D,c} and K_RBF it is not beaten (the paper: comparable)",
		"Figure 6: outright wins of Q_D over R_D (higher mean AUC) in every (data set, D) cell; R_D's weights closer to uniform (smaller max/min) than Q_D's",
		"Figure 7: C(K_MKL) in [0.98·C(K_sum), 1.02·C(K_D)] in every (data set, D) cell (2 %: the spectral ratio is not monotone in η)",
		"Figure 8: Heart weights anti-correlated with the degree (Spearman ρ(s, η_s) < 0 over s ≥ 1 at D = 10); Splice: Σ_{s=1..5} η_s > 0.5 at D = 10",
		"Figure 9: W(η) at the largest noise above W(η) at no noise, for both noise ranges",
		"Figure 10: K_MKL (each kernel at its best D) wins against K_D and K_sum; K_MKL wins against K_D at the largest D; K_sum at the largest D not beaten by K_sum at its best D; an RBF SVM (C, γ validated) does not beat K_MKL",
		"Table 3: our training on K_10 is not significantly slower than V = 10 RBF SVM fits (paired t over outer folds); times are not compared with the paper's (other hardware)",
		"Table 4: each cell within ±0.05 AUC of the paper's; K_MKL not beaten by any gHKL_ρ (paired t over the same outer folds)",
		"Table 5: our all-pairs error within 1 percentage point of the paper's 0.9 % (raw) and 0.8 % (deskewed) (we train on far fewer images: expected to miss); deskewing lowers the error if it wins the exact sign test (McNemar) over the test images at α = 0.05",
	}
}
