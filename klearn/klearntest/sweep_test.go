package klearntest_test

import (
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/stattest"
	"github.com/kernelab/kernelab/klearn/svm"
)

// sweepFuncs lists the exported functions of klearn/... (generic ones
// aside, and those that read the environment or the data cache); viz
// sweeps its own in viz/sweep_test.go.
var sweepFuncs = []struct {
	name string
	fn   any
}{
	{"klearn.CheckAlloc", klearn.CheckAlloc},
	{"klearn.BadIndex", klearn.BadIndex},
	{"klearn.CheckIndices", klearn.CheckIndices},
	{"klearn.EigenSym", klearn.EigenSym},
	{"kernel.LowerTriangle", kernel.LowerTriangle},
	{"kernel.PairFeatures", kernel.PairFeatures},
	{"nkrr.Monomials", nkrr.Monomials},
	{"nkrr.PrintedEq3", nkrr.PrintedEq3},
	{"nkrr.ProjectEuclidean", nkrr.ProjectEuclidean},
	{"modelsel.TrainTestSplit", modelsel.TrainTestSplit},
	{"modelsel.WidenedSearch", modelsel.WidenedSearch},
	{"modelsel.WidenGrid", modelsel.WidenGrid},
	{"stattest.MeanRanks", stattest.MeanRanks},
	{"stattest.MinDetectable", stattest.MinDetectable},
	{"stattest.NemenyiCD", stattest.NemenyiCD},
	{"stattest.RankSE", stattest.RankSE},
	{"stattest.StudentizedRangeQuantile", stattest.StudentizedRangeQuantile},
	{"stattest.Friedman", stattest.Friedman},
	{"stattest.FriedmanFromRanks", stattest.FriedmanFromRanks},
	{"stattest.HolmPairwise", stattest.HolmPairwise},
	{"stattest.BootstrapRanks", stattest.BootstrapRanks},
	{"stattest.BootstrapMedianRanks", stattest.BootstrapMedianRanks},
	{"stattest.Median", stattest.Median},
	{"stattest.PairedT", stattest.PairedT},
	{"stattest.Wilcoxon", stattest.Wilcoxon},
	{"stattest.Sign", stattest.Sign},
	{"stattest.Summarize", stattest.Summarize},
	{"stattest.TOST", stattest.TOST},
	{"stattest.Kendall", stattest.Kendall},
	{"stattest.Welch", stattest.Welch},
	{"klearn.CheckBinary", klearn.CheckBinary},
	{"klearn.CheckDiagPSD", klearn.CheckDiagPSD},
	{"klearn.CheckFinite", klearn.CheckFinite},
	{"klearn.CheckGram", klearn.CheckGram},
	{"klearn.CheckLen", klearn.CheckLen},
	{"klearn.CheckMatrix", klearn.CheckMatrix},
	{"klearn.CheckNotNil", klearn.CheckNotNil},
	{"klearn.CheckParam", klearn.CheckParam},
	{"klearn.CheckResult", klearn.CheckResult},
	{"klearn.CheckVector", klearn.CheckVector},
	{"klearn.CheckXY", klearn.CheckXY},
	{"klearn.Classes", klearn.Classes},
	{"klearn.IsNil", klearn.IsNil},
	{"klearn.IsNilMatrix", klearn.IsNilMatrix},
	{"datasets.Binary", datasets.Binary},
	{"datasets.CircleRadius", datasets.CircleRadius},
	{"datasets.Deskew", datasets.Deskew},
	{"datasets.DeskewRows", datasets.DeskewRows},
	{"datasets.GaussianRelevanceMean", datasets.GaussianRelevanceMean},
	{"datasets.LoadBinary", datasets.LoadBinary},
	{"datasets.LoadText", datasets.LoadText},
	{"datasets.Names", datasets.Names},
	{"datasets.OneVsRest", datasets.OneVsRest},
	{"datasets.SineFrequencyTarget", datasets.SineFrequencyTarget},
	{"datasets.Threshold", datasets.Threshold},
	{"datasets.WaveformBase", datasets.WaveformBase},
	{"datasets.Banana", datasets.Banana},
	{"datasets.Circle", datasets.Circle},
	{"datasets.Friedman1", datasets.Friedman1},
	{"datasets.GaussianRelevance", datasets.GaussianRelevance},
	{"datasets.Gisette", datasets.Gisette},
	{"datasets.Load", datasets.Load},
	{"datasets.OneHot", datasets.OneHot},
	{"datasets.ReadCSV", datasets.ReadCSV},
	{"datasets.Ringnorm", datasets.Ringnorm},
	{"datasets.Sample", datasets.Sample},
	{"datasets.SineFrequency", datasets.SineFrequency},
	{"datasets.Subset", datasets.Subset},
	{"datasets.TwoSpirals", datasets.TwoSpirals},
	{"datasets.TwoSpiralsSample", datasets.TwoSpiralsSample},
	{"datasets.Unique", datasets.Unique},
	{"datasets.Waveform", datasets.Waveform},
	{"datasets.Info", datasets.Info},
	{"datasets.ReadIDX", datasets.ReadIDX},
	{"kernel.AddJitter", kernel.AddJitter},
	{"kernel.Center", kernel.Center},
	{"kernel.Combine", kernel.Combine},
	{"kernel.CombineCross", kernel.CombineCross},
	{"kernel.Cross", kernel.Cross},
	{"kernel.CrossSquaredDistances", kernel.CrossSquaredDistances},
	{"kernel.Diag", kernel.Diag},
	{"kernel.FeatureCrosses", kernel.FeatureCrosses},
	{"kernel.FeatureGrams", kernel.FeatureGrams},
	{"kernel.Gram", kernel.Gram},
	{"kernel.Hadamard", kernel.Hadamard},
	{"kernel.HadamardPower", kernel.HadamardPower},
	{"kernel.ImageBlocks", kernel.ImageBlocks},
	{"kernel.IsPSD", kernel.IsPSD},
	{"kernel.MinEigen", kernel.MinEigen},
	{"kernel.MonomialCount", kernel.MonomialCount},
	{"kernel.MonomialVector", kernel.MonomialVector},
	{"kernel.Monomials", kernel.Monomials},
	{"kernel.NormalizeCross", kernel.NormalizeCross},
	{"kernel.NormalizeGram", kernel.NormalizeGram},
	{"kernel.PairIndex", kernel.PairIndex},
	{"kernel.SquaredDistances", kernel.SquaredDistances},
	{"kernel.TKSize", kernel.TKSize},
	{"kernel.TraceNormalize", kernel.TraceNormalize},
	{"kernel.Validate", kernel.Validate},
	{"kernel.ARDFromSigma", kernel.ARDFromSigma},
	{"kernel.DPPCauchy", kernel.DPPCauchy},
	{"kernel.DPPPolynomial", kernel.DPPPolynomial},
	{"kernel.DPPRBF", kernel.DPPRBF},
	{"kernel.DPPRBFPaperTypo", kernel.DPPRBFPaperTypo},
	{"kernel.DPPRationalQuadratic", kernel.DPPRationalQuadratic},
	{"kernel.DPPRationalQuadraticPaperTypo", kernel.DPPRationalQuadraticPaperTypo},
	{"kernel.GPKPolynomial", kernel.GPKPolynomial},
	{"metrics.AUC", metrics.AUC},
	{"metrics.Accuracy", metrics.Accuracy},
	{"metrics.Alignment", metrics.Alignment},
	{"metrics.CenteredAlignment", metrics.CenteredAlignment},
	{"metrics.CenteredTargetAlignment", metrics.CenteredTargetAlignment},
	{"metrics.ErrorRate", metrics.ErrorRate},
	{"metrics.Frobenius", metrics.Frobenius},
	{"metrics.FrobeniusGram", metrics.FrobeniusGram},
	{"metrics.FrobeniusNorm", metrics.FrobeniusNorm},
	{"metrics.MEBRadiusApprox", metrics.MEBRadiusApprox},
	{"metrics.MSE", metrics.MSE},
	{"metrics.MeanStd", metrics.MeanStd},
	{"metrics.R2", metrics.R2},
	{"metrics.RMSE", metrics.RMSE},
	{"metrics.Ranks", metrics.Ranks},
	{"metrics.SpectralRatio", metrics.SpectralRatio},
	{"metrics.StandardizedSpectralRatio", metrics.StandardizedSpectralRatio},
	{"metrics.TargetAlignment", metrics.TargetAlignment},
	{"hpk.CenterOfMass", hpk.CenterOfMass},
	{"mkl.CombineCrossSource", mkl.CombineCrossSource},
	{"mkl.CombineSource", mkl.CombineSource},
	{"hpk.CosineCross", hpk.CosineCross},
	{"hpk.CosineGram", hpk.CosineGram},
	{"hpk.WeightsPolynomial", hpk.WeightsPolynomial},
	{"hpk.WeightsRBF", hpk.WeightsRBF},
	{"hpk.WeightsRBFPaperTypo", hpk.WeightsRBFPaperTypo},
	{"hpk.WeightsSingle", hpk.WeightsSingle},
	{"hpk.WeightsSum", hpk.WeightsSum},
	{"easymkl.LambdaFromPaper", easymkl.LambdaFromPaper},
	{"easymkl.LambdaToPaper", easymkl.LambdaToPaper},
	{"lpmkl.Update", lpmkl.Update},
	{"mkl.Signs", mkl.Signs},
	{"mkl.EachGram", mkl.EachGram},
	{"mkl.EachCross", mkl.EachCross},
	{"continuous.CrossTrain", continuous.CrossTrain},
	{"continuous.Search", continuous.Search},
	{"continuous.SubtractSpread", continuous.SubtractSpread},
	{"continuous.SumKernel", continuous.SumKernel},
	{"continuous.SearchDC", continuous.SearchDC},
	{"continuous.FiniteCombination", continuous.FiniteCombination},
	{"continuous.PrepareBinary", continuous.PrepareBinary},
	{"nkrr.ProjectRadial", nkrr.ProjectRadial},
	{"stagewise.Alignment", stagewise.Alignment},
	{"stagewise.Gradient", stagewise.Gradient},
	{"stagewise.Step", stagewise.Step},
	{"tk.Decisions", tk.Decisions},
	{"tk.Library", tk.Library},
	{"tk.RandomP", tk.RandomP},
	{"kernel.CrossGram", kernel.CrossGram},
	{"kernel.CrossGrams", kernel.CrossGrams},
	{"klearn.Rows", klearn.Rows},
	{"klearn.Take", klearn.Take},
	{"kernel.SubGram", kernel.SubGram},
	{"kernel.SubGrams", kernel.SubGrams},
	{"modelsel.Grid", modelsel.Grid},
	{"modelsel.KFold", modelsel.KFold},
	{"modelsel.RepeatedSplits", modelsel.RepeatedSplits},
	{"modelsel.StratifiedKFold", modelsel.StratifiedKFold},
	{"modelsel.StratifiedRepeatedSplits", modelsel.StratifiedRepeatedSplits},
	{"modelsel.Within", modelsel.Within},
	{"modelsel.TrainValTest", modelsel.TrainValTest},
	{"opt.DCCuttingPlane", opt.DCCuttingPlane},
	{"opt.Multistart", opt.Multistart},
	{"opt.BoxQP", opt.BoxQP},
	{"opt.KOMDQP", opt.KOMDQP},
	{"opt.KOMDQPFrom", opt.KOMDQPFrom},
	{"opt.LBFGSB", opt.LBFGSB},
	{"opt.MEB", opt.MEB},
	{"opt.Minimize1D", opt.Minimize1D},
	{"opt.NNQP", opt.NNQP},
	{"opt.SCG", opt.SCG},
	{"opt.SimplexQP", opt.SimplexQP},
	{"opt.SolveSDP", opt.SolveSDP},
	{"preprocess.CenterLabels", preprocess.CenterLabels},
	{"preprocess.ScaleCenter", preprocess.ScaleCenter},
	{"preprocess.UnitNorm", preprocess.UnitNorm},
}

// passThrough lists the functions documented to return non-finite values
// they were given or that their closed form reaches: the index slices of
// modelsel copy entries as they are, LambdaToPaper(1) is the paper's
// Λ = ∞, a nil GreedyModel's Gap is NaN, and RankSE has no value for N ≤ 0.
var passThrough = map[string]bool{
	"klearn.Rows": true, "klearn.Take": true, "kernel.SubGram": true, "kernel.SubGrams": true,
	"kernel.CrossGram": true, "kernel.CrossGrams": true, "easymkl.LambdaToPaper": true,
	"nil continuous.GreedyModel.Gap": true, "stattest.RankSE": true,
}

// writesArgs lists the functions documented to write into an argument:
// SubtractSpread updates the gradient it is given.
var writesArgs = map[string]bool{"continuous.SubtractSpread": true}

func sweepOptions(name string) klearntest.SweepOptions {
	return klearntest.SweepOptions{PassThrough: passThrough[name], WritesArgs: writesArgs[name]}
}

// TestSweepFunctions calls every exported function with every argument
// poisoned at once (zero values, NaN, +Inf, ±1e300, mismatched shapes): each
// call must return without a panic or hang, and either fail with an error
// wrapping a klearn sentinel or return finite numbers.
func TestSweepFunctions(t *testing.T) {
	t.Parallel()
	var cases []klearntest.Case
	for _, f := range sweepFuncs {
		cases = append(cases, klearntest.Sweep(f.name, f.fn, sweepOptions(f.name))...)
	}
	klearntest.Battery(t, cases)
}

var (
	_ = datasets.Names
	_ = kernel.Gram
	_ = metrics.AUC
	_ = hpk.CosineGram
	_ = continuous.Search
	_ = nkrr.ProjectRadial
	_ = stagewise.Step
	_ = tk.Library
	_ = modelsel.KFold
	_ = opt.SCG
	_ = preprocess.UnitNorm
	_ = klearn.CheckAlloc
)

// sweepReceivers returns the values whose methods TestSweepMethods calls:
// the kernels, families and learners of every package with usable
// hyper-parameters, the transforms and data sets, and models fitted on the
// fixture (their Predict and Decision methods meet the poisoned matrices,
// 3×2 like the fixture's rows).
func sweepReceivers(t *testing.T, f *fixture) map[string]any {
	t.Helper()
	must := func(v any, err error) any {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	svmC := svm.Classifier{C: 1, Kernel: kernel.RBF{Gamma: 1}}
	rs := map[string]any{
		"kernel.Linear":                    kernel.Linear{},
		"kernel.RBF":                       kernel.RBF{Gamma: 1},
		"kernel.Gaussian":                  kernel.Gaussian{Sigma: 1},
		"kernel.Polynomial":                kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1},
		"kernel.HPK":                       kernel.HPK{Degree: 2},
		"kernel.NormalizedHPK":             kernel.NormalizedHPK{Degree: 2},
		"kernel.Laplacian":                 kernel.Laplacian{Gamma: 1},
		"kernel.RationalQuadratic":         kernel.RationalQuadratic{C: 1},
		"kernel.ARD":                       kernel.ARD{Gamma: []float64{1, 1}},
		"kernel.BlockGaussian":             kernel.BlockGaussian{Blocks: [][]int{{0}, {1}}, Sigma: []float64{1, 1}},
		"kernel.Feature":                   kernel.Feature{Index: 1},
		"kernel.TK":                        kernel.TK{Degree: 1},
		"kernel.GPK":                       kernel.GPK{Degree: 1},
		"kernel.Dirichlet":                 kernel.Dirichlet{Sigma: 1},
		"kernel.Sum":                       kernel.Sum{Kernels: []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 1}}},
		"kernel.Product":                   kernel.Product{Kernels: []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 1}}},
		"kernel.Scaled":                    kernel.Scaled{K: kernel.Linear{}, C: 2},
		"kernel.Power":                     kernel.Power{K: kernel.Linear{}, D: 2},
		"kernel.Normalized":                kernel.Normalized{K: kernel.Linear{}},
		"kernel.DPP":                       must(kernel.DPPPolynomial(3, 1)),
		"svm.Classifier":                   svmC,
		"krr.Regressor":                    krr.Regressor{Kernel: kernel.RBF{Gamma: 1}, Lambda: 0.1},
		"nn.Classifier":                    nn.Classifier{Hidden: 3, Settings: opt.Settings{MaxIter: 5}},
		"easymkl.Learner":                  easymkl.Learner{Lambda: 0.5},
		"easymkl.SVM":                      easymkl.SVM{MKL: easymkl.Learner{Lambda: 0.5}, SVM: svmC},
		"easymkl.KOMD":                     easymkl.KOMD{Lambda: 0.5},
		"simplemkl.Learner":                simplemkl.Learner{C: 1},
		"lpmkl.Learner":                    lpmkl.Learner{C: 1, P: 2},
		"alignf.Align":                     alignf.Align{},
		"alignf.SVM":                       alignf.SVM{SVM: svmC},
		"hpk.Family":                       hpk.Family{D: 3},
		"hpk.RandomFamily":                 hpk.RandomFamily{D: 2, Steps: 50},
		"mkl.GramList":                     mkl.GramList(f.Ks),
		"mkl.CrossList":                    mkl.CrossList(f.Ktes),
		"mkl.WeightedSVM":                  mkl.WeightedSVM{Who: "sweep"},
		"continuous.GaussianBandwidth":     continuous.GaussianBandwidth{},
		"continuous.GaussianPerCoordinate": continuous.GaussianPerCoordinate{},
		"continuous.GaussianBlocks":        continuous.GaussianBlocks{Blocks: [][]int{{0}, {1}}},
		"continuous.Dirichlet":             continuous.Dirichlet{},
		"continuous.Greedy":                continuous.Greedy{Family: continuous.GaussianBandwidth{}, Mu: 1, MaxSteps: 2, Tol: 1e-3},
		"stagewise.CA":                     stagewise.CA{Family: continuous.GaussianBandwidth{}, T: 2, SVM: svmC},
		"tk.Learner":                       tk.Learner{Degree: 1, SVM: svmC},
		"nkrr.Regressor":                   nkrr.Regressor{Degree: 1, Lambda: 1, Radius: 1},
		"ghkl.Classifier":                  ghkl.Classifier{},
		"preprocess.MinMax":                preprocess.MinMax{},
		"preprocess.Standardizer":          preprocess.Standardizer{},
		"preprocess.Centerer":              preprocess.Centerer{},
		"opt.SDP":                          &opt.SDP{Blocks: []int{2}, B: []float64{1}},
	}
	// Fitted models.
	rs["svm.Model"] = must(svmC.Fit(f.X, f.y))
	rs["krr.Model"] = must(krr.Regressor{Kernel: kernel.RBF{Gamma: 1}, Lambda: 0.1}.Fit(f.X, f.y))
	rs["easymkl.Model"] = must(easymkl.Learner{Lambda: 0.5}.FitGrams(f.Ks, f.y))
	rs["simplemkl.Model"] = must(simplemkl.Learner{C: 1}.FitGrams(f.Ks, f.y))
	rs["easymkl.KOMDModel"] = must(easymkl.KOMD{Lambda: 0.5}.FitGram(f.Kn, f.y))
	rs["hpk.RandomFeatures"] = must(hpk.RandomFamily{D: 2, Steps: 50}.Sample(2))
	rs["preprocess.Transform"] = must(preprocess.Standardizer{}.Fit(f.X))
	rs["preprocess.Transform MinMax"] = must(preprocess.MinMax{}.Fit(f.X))
	rs["tk.Model"] = must(tk.Learner{Degree: 1, SVM: svmC}.Fit(f.X, f.y))
	rs["stagewise.Model"] = must(stagewise.CA{Family: continuous.GaussianBandwidth{}, T: 2, SVM: svmC}.Fit(f.X, f.y))
	rs["continuous.GreedyModel"] = must(continuous.Greedy{Family: continuous.GaussianBandwidth{}, Mu: 1, MaxSteps: 2, Tol: 1e-3}.Fit(f.X, f.y))
	rs["nn.Model"] = must(nn.Classifier{Hidden: 3, Settings: opt.Settings{MaxIter: 5}}.Fit(f.X, f.y))
	return rs
}

// TestSweepMethods calls every exported method of the sweep's receivers
// with every argument poisoned at once, as TestSweepFunctions does for
// functions (Show, which writes to a notebook, aside).
func TestSweepMethods(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var cases []klearntest.Case
	rs := sweepReceivers(t, f)
	nils := map[string]any{} // the nil pointer of every pointer type
	for name, r := range rs {
		if v := reflect.ValueOf(r); v.Kind() == reflect.Pointer {
			nils["nil "+name] = reflect.Zero(v.Type()).Interface()
		}
	}
	maps.Copy(rs, nils)
	for name, r := range rs {
		v := reflect.ValueOf(r)
		for i := 0; i < v.NumMethod(); i++ {
			m := v.Type().Method(i)
			// Eval and the fast paths Gram, Cross and Diag of a kernel
			// are the unchecked inner loops (kernel.Kernel's contract):
			// kernel.Gram, Cross and Diag check and call them.
			inner := m.Name == "Eval" || m.Name == "Gram" || m.Name == "Cross" || m.Name == "Diag"
			if m.Name == "Show" || (inner && m.Type.Out(m.Type.NumOut()-1) != reflect.TypeOf((*error)(nil)).Elem() && strings.HasPrefix(name, "kernel.")) {
				continue
			}
			cases = append(cases, klearntest.Sweep(name+"."+m.Name, v.Method(i).Interface(), sweepOptions(name+"."+m.Name))...)
		}
	}
	klearntest.Battery(t, cases)
}
