package klearntest_test

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/svm"
)

// poison is one kind of bad argument the sweep passes to every parameter
// of a function at once.
type poison int

const (
	zeroArgs   poison = iota // zero values: nil matrices, slices, interfaces, 0
	nanArgs                  // a NaN in every matrix, slice and float; ints −1
	infArgs                  // +Inf likewise; ints 0
	hugeArgs                 // entries and floats ±1e300; ints 2
	shapeArgs                // finite, but matrices of 3 rows and slices of 2 entries; ints 5
	nanMatrix                // a NaN in every matrix; labels ±1 of 3 entries, floats 1, ints 2
	hugeMatrix               // matrices with entries ±1e300; labels, floats and ints as nanMatrix
	validArgs                // finite and consistent: 3×2 matrices, 3×3 PSD Grams, labels
	nPoisons
)

func (p poison) String() string {
	return [...]string{"zero", "NaN", "Inf", "1e300", "shapes", "NaN matrix", "1e300 matrix", "valid"}[p]
}

var (
	typFloat   = reflect.TypeOf(0.0)
	typInt     = reflect.TypeOf(0)
	typFloats  = reflect.TypeOf([]float64(nil))
	typFloats2 = reflect.TypeOf([][]float64(nil))
	typInts    = reflect.TypeOf([]int(nil))
	typDense   = reflect.TypeOf((*mat.Dense)(nil))
	typSym     = reflect.TypeOf((*mat.SymDense)(nil))
	typDenses  = reflect.TypeOf([]*mat.Dense(nil))
	typSyms    = reflect.TypeOf([]*mat.SymDense(nil))
	typMatrix  = reflect.TypeOf((*mat.Matrix)(nil)).Elem()
	typSymm    = reflect.TypeOf((*mat.Symmetric)(nil)).Elem()
	typMats    = reflect.TypeOf([]mat.Matrix(nil))
	typErr     = reflect.TypeOf((*error)(nil)).Elem()
)

// poisoned returns the argument of type t for p (the zero value for types
// the sweep does not fill).
func poisoned(t reflect.Type, p poison) reflect.Value {
	if p == zeroArgs {
		return reflect.Zero(t)
	}
	// The value that poisons a matrix (0 for none) and the entries' scale.
	bad, scale := 0.0, 1.0
	switch p {
	case nanArgs, nanMatrix:
		bad = math.NaN()
	case infArgs:
		bad = math.Inf(1)
	case hugeArgs, hugeMatrix:
		scale = 1e300 / 4
	}
	matrixOnly := p >= nanMatrix
	// dense is 3×2 with distinct rows; sym its linear Gram (PSD).
	dense := func() *mat.Dense {
		X := mat.NewDense(3, 2, []float64{1, 2, -1, 0.5, 3, -2})
		X.Scale(scale, X)
		if bad != 0 {
			X.Set(1, 0, bad)
		}
		return X
	}
	sym := func() *mat.SymDense {
		X := mat.NewDense(3, 2, []float64{1, 2, -1, 0.5, 3, -2})
		K := mat.NewSymDense(3, nil)
		K.SymOuterK(1, X)
		if scale != 1 {
			K = mat.NewSymDense(3, []float64{4, -1, 2, -1, 4, 1, 2, 1, 4})
			K.ScaleSym(scale, K)
		}
		if bad != 0 {
			K.SetSym(0, 1, bad)
		}
		return K
	}
	vec := func() []float64 {
		switch {
		case p == shapeArgs:
			return []float64{-1, 1}
		case matrixOnly:
			return []float64{-1, 1, 1}
		case scale != 1:
			return []float64{scale, -scale, 4 * scale}
		}
		return []float64{bad, 1, -1}
	}
	f := map[poison]float64{nanArgs: math.NaN(), infArgs: math.Inf(1), hugeArgs: 1e300, shapeArgs: 0.5}[p]
	if matrixOnly {
		f = 1
	}
	switch {
	case t == typFloat:
		return reflect.ValueOf(f)
	case t == typInt:
		return reflect.ValueOf(map[poison]int{nanArgs: -1, infArgs: 0, hugeArgs: 2, shapeArgs: 5}[p] + map[bool]int{true: 2}[matrixOnly])
	case t == typFloats:
		return reflect.ValueOf(vec())
	case t == typFloats2:
		return reflect.ValueOf([][]float64{vec(), vec()})
	case t == typInts:
		return reflect.ValueOf([]int{0, 1, 2})
	case t == typDense:
		return reflect.ValueOf(dense())
	case t == typSym:
		return reflect.ValueOf(sym())
	case t == typDenses:
		return reflect.ValueOf([]*mat.Dense{dense(), dense()})
	case t == typSyms:
		return reflect.ValueOf([]*mat.SymDense{sym(), sym()})
	case t == typMats:
		return reflect.ValueOf([]mat.Matrix{dense(), sym()})
	case t == typSymm:
		return reflect.ValueOf(mat.Symmetric(sym()))
	case t == typMatrix:
		return reflect.ValueOf(mat.Matrix(dense()))
	}
	return reflect.Zero(t)
}

// finiteOut returns an error naming the first NaN or ±Inf among the float
// results of a call (floats, slices, matrices, slices of them).
func finiteOut(out []reflect.Value) error {
	for k, o := range out {
		var vals []float64
		switch x := o.Interface().(type) {
		case float64:
			vals = []float64{x}
		case []float64:
			vals = x
		case [][]float64:
			for _, r := range x {
				vals = append(vals, r...)
			}
		case *mat.Dense:
			vals = klearntest.Values(x)
		case *mat.SymDense:
			vals = klearntest.Values(x)
		case []*mat.Dense:
			for _, m := range x {
				vals = append(vals, klearntest.Values(m)...)
			}
		case []*mat.SymDense:
			for _, m := range x {
				vals = append(vals, klearntest.Values(m)...)
			}
		}
		for i, v := range vals {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("result %d[%d] = %v", k, i, v)
			}
		}
	}
	return nil
}

// sweepCase calls fn (a function or method value) with every argument
// poisoned by p; receiver, if valid, goes first.
func sweepCase(name string, fn reflect.Value, p poison) klearntest.Case {
	pass := passThrough[name]
	return klearntest.Case{Name: name + " " + p.String(), MayPass: true, Call: func() error {
		t := fn.Type()
		args := make([]reflect.Value, t.NumIn())
		for i := range args {
			at := t.In(i)
			if t.IsVariadic() && i == t.NumIn()-1 {
				args[i] = reflect.Zero(at)
				continue
			}
			args[i] = poisoned(at, p)
		}
		var out []reflect.Value
		if t.IsVariadic() {
			out = fn.CallSlice(args)
		} else {
			out = fn.Call(args)
		}
		// A function without an error result may pass NaN and ±Inf
		// through (Classes lists them, Rows copies them); from finite
		// arguments it must answer finite numbers.
		check := p != nanArgs && p != infArgs && p != nanMatrix
		if n := t.NumOut(); n > 0 && t.Out(n-1) == typErr {
			if err, _ := out[n-1].Interface().(error); err != nil {
				return err
			}
			out, check = out[:n-1], true
		}
		if err := finiteOut(out); check && !pass && err != nil {
			return klearntest.Wrong("%v returned without an error", err)
		}
		return nil
	}}
}

// sweepFuncs lists the exported functions of klearn/... and viz (generic
// ones aside; the viz probe and functions that start processes or read
// the environment aside).
var sweepFuncs = []struct {
	name string
	fn   any
}{
	{"klearn.CheckAlloc", klearn.CheckAlloc},
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
	{"mkl.CenterOfMass", mkl.CenterOfMass},
	{"mkl.CombineCrossSource", mkl.CombineCrossSource},
	{"mkl.CombineSource", mkl.CombineSource},
	{"mkl.CosineCross", mkl.CosineCross},
	{"mkl.CosineGram", mkl.CosineGram},
	{"mkl.HPKWeightsPolynomial", mkl.HPKWeightsPolynomial},
	{"mkl.HPKWeightsRBF", mkl.HPKWeightsRBF},
	{"mkl.HPKWeightsRBFPaperTypo", mkl.HPKWeightsRBFPaperTypo},
	{"mkl.HPKWeightsSingle", mkl.HPKWeightsSingle},
	{"mkl.HPKWeightsSum", mkl.HPKWeightsSum},
	{"mkl.LambdaFromPaper", mkl.LambdaFromPaper},
	{"mkl.LambdaToPaper", mkl.LambdaToPaper},
	{"mkl.LpMKLUpdate", mkl.LpMKLUpdate},
	{"mkl.Signs", mkl.Signs},
	{"continuous.CrossTrain", continuous.CrossTrain},
	{"continuous.Search", continuous.Search},
	{"continuous.SubtractSpread", continuous.SubtractSpread},
	{"continuous.SumKernel", continuous.SumKernel},
	{"continuous.SearchDC", continuous.SearchDC},
	{"continuous.FiniteCombination", continuous.FiniteCombination},
	{"continuous.PrepareBinary", continuous.PrepareBinary},
	{"nkrr.ProjectRadial", nkrr.ProjectRadial},
	{"nkrr.SelectFeatures", nkrr.SelectFeatures},
	{"nkrr.SelectGrams", nkrr.SelectGrams},
	{"stagewise.Alignment", stagewise.Alignment},
	{"stagewise.Gradient", stagewise.Gradient},
	{"stagewise.Step", stagewise.Step},
	{"tk.Decisions", tk.Decisions},
	{"tk.Library", tk.Library},
	{"tk.RandomP", tk.RandomP},
	{"kernel.CrossGram", kernel.CrossGram},
	{"kernel.CrossGrams", kernel.CrossGrams},
	{"modelsel.Rows", modelsel.Rows},
	{"kernel.SubGram", kernel.SubGram},
	{"kernel.SubGrams", kernel.SubGrams},
	{"modelsel.Take", modelsel.Take},
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
// Λ = ∞, and a nil GreedyModel's Gap is NaN.
var passThrough = map[string]bool{
	"modelsel.Rows": true, "modelsel.Take": true, "kernel.SubGram": true, "kernel.SubGrams": true,
	"kernel.CrossGram": true, "kernel.CrossGrams": true, "mkl.LambdaToPaper": true,
	"nil continuous.GreedyModel.Gap": true,
}

// TestSweepFunctions calls every exported function with every argument
// poisoned at once (zero values, NaN, +Inf, ±1e300, mismatched shapes): each
// call must return without a panic or hang, and either fail with an error
// wrapping a klearn sentinel or return finite numbers.
func TestSweepFunctions(t *testing.T) {
	t.Parallel()
	var cases []klearntest.Case
	for _, f := range sweepFuncs {
		for p := poison(0); p < nPoisons; p++ {
			cases = append(cases, sweepCase(f.name, reflect.ValueOf(f.fn), p))
		}
	}
	klearntest.Battery(t, cases)
}

var (
	_ = datasets.Names
	_ = kernel.Gram
	_ = metrics.AUC
	_ = mkl.CosineGram
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
		"mkl.EasyMKL":                      mkl.EasyMKL{Lambda: 0.5},
		"mkl.EasyMKLSVM":                   mkl.EasyMKLSVM{MKL: mkl.EasyMKL{Lambda: 0.5}, SVM: svmC},
		"mkl.KOMD":                         mkl.KOMD{Lambda: 0.5},
		"mkl.SimpleMKL":                    mkl.SimpleMKL{C: 1},
		"mkl.LpMKL":                        mkl.LpMKL{C: 1, P: 2},
		"mkl.Alignf":                       mkl.Alignf{},
		"mkl.AlignfSVM":                    mkl.AlignfSVM{SVM: svmC},
		"mkl.HPKFamily":                    mkl.HPKFamily{D: 3},
		"mkl.RandomHPKFamily":              mkl.RandomHPKFamily{D: 2, Steps: 50},
		"mkl.GramList":                     mkl.GramList(f.Ks),
		"mkl.CrossList":                    mkl.CrossList(f.Ktes),
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
	rs["mkl.EasyMKLModel"] = must(mkl.EasyMKL{Lambda: 0.5}.FitGrams(f.Ks, f.y))
	rs["mkl.SimpleMKLModel"] = must(mkl.SimpleMKL{C: 1}.FitGrams(f.Ks, f.y))
	rs["mkl.KOMDModel"] = must(mkl.KOMD{Lambda: 0.5}.FitGram(f.Kn, f.y))
	rs["mkl.RandomHPKFeatures"] = must(mkl.RandomHPKFamily{D: 2, Steps: 50}.Sample(2))
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
			if m.Name == "Show" || (inner && m.Type.Out(m.Type.NumOut()-1) != typErr && strings.HasPrefix(name, "kernel.")) {
				continue
			}
			for p := poison(0); p < nPoisons; p++ {
				cases = append(cases, sweepCase(name+"."+m.Name, v.Method(i), p))
			}
		}
	}
	klearntest.Battery(t, cases)
}
