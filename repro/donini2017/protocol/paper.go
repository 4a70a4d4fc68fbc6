package protocol

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
	// Apart marks a substitute of another kind of data (Colon, Gisette).
	// The verdict counts apart every substitute: these and the rows whose
	// Differs starts with "substitute" (Australian, Pendigits, Heart).
	Apart bool
	// Ours names the data set we use; Differs says how it differs from the
	// paper's ("" when it is the same data).
	Ours, Differs string
}

// Table2 lists the tasks of Table 2, each beside the data set actually
// used. Colon and Gisette run on substitutes of another kind (Apart); the
// verdict counts their cells, and those of every other substitute, apart.
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

// Table4Rhos are the ρ of the gHKL columns.
var Table4Rhos = []float64{1.1, 1.5, 2}

// Table4Names are the paper's row names of the Table 4 data sets.
var Table4Names = map[string]string{"haberman": "Haberman", "bupa": "Liver", "pima": "Diabetes", "australian-sub": "Australian (substitute)"}
