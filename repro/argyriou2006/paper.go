package argyriou2006

// Paper is the short citation of the reproduced paper.
const Paper = "Argyriou, Hauser, Micchelli & Pontil (2006)"

// Table1Paper[task][range][method] is the paper's Table 1: test
// misclassification in percent (one run, 500 training and 1000 test
// points).
var Table1Paper = [3][3][4]float64{
	{{6.5, 6.6, 18.0, 11.8}, {6.5, 6.6, 10.9, 8.6}, {6.5, 6.5, 6.7, 6.9}},
	{{3.7, 3.8, 6.9, 6.0}, {3.9, 3.8, 4.9, 5.1}, {3.6, 3.8, 3.7, 3.8}},
	{{2.7, 2.5, 4.2, 2.8}, {2.4, 2.5, 2.7, 2.6}, {2.3, 2.5, 2.6, 2.3}},
}

// Table2Paper[task][range][method] is the paper's Table 2 (one isotropic
// variance per image half): DC, 5×5 and 10×10 finite grids.
var Table2Paper = [3][3][3]float64{
	{{5.8, 15.8, 11.2}, {5.8, 10.1, 6.2}, {5.8, 6.8, 5.8}},
	{{2.7, 6.5, 5.1}, {2.5, 4.6, 2.5}, {2.6, 3.5, 2.5}},
	{{1.8, 3.9, 2.9}, {1.7, 2.7, 2.0}, {1.8, 2.0, 1.8}},
}

// PaperGreedySteps: "the greedy algorithm usually required less than 20
// iterations to terminate" (Section 5).
const PaperGreedySteps = 20

// PaperGreedyCap is Section 5's cap of Algorithm 1: "The maximum number of
// iterations was set to 100 and 300 for the greedy and DC algorithms".
const PaperGreedyCap = 100

// PaperMinMaxima and PaperMaxMaxima: "we have only noticed between two to
// five local maxima of f" (Section 3.1).
const (
	PaperMinMaxima = 2
	PaperMaxMaxima = 5
)

// PaperCuts and PaperKernels: "the cutting plane method usually required
// less than 100 iterations", "the learned convex combination has a small
// (usually less than 10) number of kernels" (Section 5).
const (
	PaperCuts    = 100
	PaperKernels = 10
)

// PaperTimes are the running times the paper reports (Matlab on a 1 GHz
// dual-processor machine, 500 training points), as (what, time) pairs.
var PaperTimes = [][2]string{
	{"DC, 1 parameter", "1–2 minutes"},
	{"DC, 2 parameters", "about 5 minutes"},
	{"DC, 4 parameters", "about 1 hour"},
	{"finite, 2 parameters", "about 1 hour"},
}
