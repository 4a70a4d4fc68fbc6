package protocol

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/internal/memo"
)

// TestCVScheduleIndependent runs [TK] (two ε, two C) and [SimpleMKL] on one
// split of Liver (60 training rows, 3 folds) with the folds on one and on
// four goroutines: the chosen hyper-parameters and the test accuracies
// are identical, since each fold writes its own scores and they are summed
// in fold order.
func TestCVScheduleIndependent(t *testing.T) {
	cfg := Quick()
	cfg.MaxTrain, cfg.L, cfg.SimpleMKLIter = 60, 5, 20
	cfg.EpsGrid, cfg.TKCGrid = []float64{0.1, 0.5}, []float64{1, 10}
	data, err := Load(DataSets[0])
	if err != nil {
		t.Fatal(err)
	}
	n, _ := data.X.Dims()
	sp, err := Splits(n, cfg)
	if err != nil {
		t.Fatal(err)
	}
	run := func(procs int) []MethodResult {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		var out []MethodResult
		for _, j := range []int{MTK, MSimpleMKL} {
			r, err := RunMethod(DataSets[0], data, 0, sp[0], cfg, j)
			if err != nil {
				t.Fatal(err)
			}
			r.Time, r.Fit = 0, 0
			out = append(out, r)
		}
		return out
	}
	a, b := run(1), run(4)
	for k := range a {
		if !reflect.DeepEqual(a[k], b[k]) {
			t.Errorf("%s: one goroutine %+v (%+v), four %+v (%+v)", Methods[[]int{MTK, MSimpleMKL}[k]], a[k], a[k].TK, b[k], b[k].TK)
		}
	}
	if a[0].TK == nil || a[0].TK.Candidates != 4 {
		t.Errorf("[TK]'s certification %+v, want 4 candidates", a[0].TK)
	}
}

// TestEpsGridRows: [TK] searches EpsGridRows on the rows EpsRows and
// EpsGrid elsewhere; full mode cross-validates ε on Liver and Ionosphere;
// RunMethod reports an ε of the row's grid, and an empty grid is an error.
func TestEpsGridRows(t *testing.T) {
	f := Full()
	for i, ds := range DataSets {
		want := f.EpsGrid
		if i == 0 || i == 4 {
			want = f.EpsGridRows
		}
		if got := f.epsGrid(ds); !slices.Equal(got, want) {
			t.Errorf("full mode, %s: ε grid %v, want %v", ds.Paper, got, want)
		}
	}
	if p := PaperProtocol(); !slices.Equal(p.epsGrid(DataSets[0]), p.EpsGrid) {
		t.Errorf("paper protocol: ε grid %v on Liver, want %v", p.epsGrid(DataSets[0]), p.EpsGrid)
	}
	cfg := Quick()
	cfg.MaxTrain = 60
	cfg.EpsGrid, cfg.EpsGridRows, cfg.EpsRows = []float64{0.1}, []float64{0.5, 1}, []int{0}
	data, sp, err := loadSplits(DataSets[0], cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RunMethod(DataSets[0], data, 0, sp[0], cfg, MTK)
	if err != nil {
		t.Fatal(err)
	}
	if r.Eps != 0.5 && r.Eps != 1 {
		t.Errorf("Liver's [TK] chose ε = %g, not from its row's grid %v", r.Eps, cfg.EpsGridRows)
	}
	Xtr, _, ytr, _, err := cut(data, sp[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tkSelect(Xtr, ytr, 1, nil, cfg, 1); err == nil {
		t.Error("an empty ε grid accepted")
	}
}

// TestLibrariesShared: [SimpleMKL TK+] run after [SimpleMKL] and [SimpleMKL
// TK] on the same split reuses their libraries (no new build) and gives
// exactly the result it gives alone with nothing kept; its reported fit
// time still counts the libraries' building.
func TestLibrariesShared(t *testing.T) {
	cfg := Quick()
	cfg.MaxTrain, cfg.L = 60, 8
	data, sp, err := loadSplits(DataSets[0], cfg)
	if err != nil {
		t.Fatal(err)
	}
	run := func(j int) MethodResult {
		t.Helper()
		r, err := RunMethod(DataSets[0], data, 0, sp[0], cfg, j)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	defer func(kept *memo.Cache[builtLibrary]) { libraries = kept }(libraries)
	fresh := func() { libraries = memo.New(libraries.Max(), builtLibrary.bytes) }
	fresh()
	alone := run(MSimpleMKLTKPlus)
	fresh()
	run(MSimpleMKL)
	run(MSimpleMKLTK)
	Xtr, Xte, _, _, err := cut(data, sp[0])
	if err != nil {
		t.Fatal(err)
	}
	seed := cfg.Seed + 1000
	for _, kind := range []string{"standard", fmt.Sprintf("tk/L=%d/seed=%d", cfg.L, seed)} {
		b, err := libraries.Get(kind+"/"+matrixKey(Xtr, Xte), func() (builtLibrary, error) {
			t.Errorf("library %s was not kept", kind)
			return builtLibrary{}, nil
		})
		if err == nil && !(b.seconds > 0) {
			t.Errorf("library %s kept without its building time", kind)
		}
	}
	shared := run(MSimpleMKLTKPlus)
	if shared.Acc != alone.Acc || shared.C != alone.C {
		t.Errorf("[SimpleMKL TK+] with kept libraries: accuracy %v at C = %v; alone %v at C = %v", shared.Acc, shared.C, alone.Acc, alone.C)
	}
	if !(shared.Fit > 0) || !(shared.Time >= shared.Fit) {
		t.Errorf("times %+v: the fit time must count the libraries' building", shared)
	}
}
