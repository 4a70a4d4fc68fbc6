package datasets

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/data"
	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/klearn"
)

// Shapes and class counts expected for every embedded set, as counted from
// the Debian packages of data/README.md when the files were built, except
// where a comment says otherwise.
var embeddedWant = []struct {
	name       string
	rows, cols int
	counts     map[string]int // exact class counts; nil to skip
	minC, maxC int            // per-class range when counts is nil (0 to skip)
}{
	{"sonar", 208, 60, map[string]int{"M": 111, "R": 97}, 0, 0},
	{"ionosphere", 351, 34, map[string]int{"good": 225, "bad": 126}, 0, 0},
	{"breast-wisconsin", 683, 9, map[string]int{"benign": 444, "malignant": 239}, 0, 0},
	{"pima", 768, 8, map[string]int{"neg": 500, "pos": 268}, 0, 0},
	{"letter", 20000, 16, nil, 734, 813},
	{"splice-statlog", 3186, 180, map[string]int{"ei": 767, "ie": 765, "n": 1654}, 0, 0},
	{"bupa", 345, 6, map[string]int{"1": 145, "2": 200}, 0, 0},
	{"haberman", 306, 3, map[string]int{"1": 225, "2": 81}, 0, 0},
	{"heart", 270, 13, map[string]int{"1": 150, "2": 120}, 0, 0},
	{"thyroid", 215, 5, map[string]int{"Normal": 150, "Hypo": 30, "Hyper": 35}, 0, 0},
	{"breast-cancer-ljubljana", 263, 9, map[string]int{"no-recurrence-events": 186, "recurrence-events": 77}, 0, 0},
	{"german", 1000, 20, map[string]int{"good": 700, "bad": 300}, 0, 0},
	{"german-numeric", 1000, 61, map[string]int{"Good": 700, "Bad": 300}, 0, 0},
	{"image", 2086, 18, nil, 292, 300},
	{"splice", 3175, 60, map[string]int{"EI": 762, "IE": 765, "N": 1648}, 0, 0},
	// 2991 unique rows: datasets.md and Afkanpour et al. (2013), Table of Supp. B.
	{"splice-unique", 2991, 60, nil, 0, 0},
	{"abalone", 4177, 8, nil, 0, 0},
	{"kin32fm", 4096, 32, nil, 0, 0},
	{"pd-speech", 252, 19, map[string]int{"PD": 188, "control": 64}, 0, 0},
	{"credit-data", 4039, 13, map[string]int{"good": 3013, "bad": 1026}, 0, 0},
	// Australian (UCI Statlog) has 307 "+" and 383 "−" rows; australian-sub copies that balance.
	{"australian-sub", 690, 13, map[string]int{"bad": 307, "good": 383}, 0, 0},
	{"digits", 1797, 64, nil, 174, 183},
	{"golub", 38, 3051, map[string]int{"ALL": 27, "AML": 11}, 0, 0},
	{"amazon-reviews", 5000, 0, map[string]int{"great": 3258, "other": 1742}, 0, 0},
}

func classCounts(ds *Dataset) map[string]int {
	m := map[string]int{}
	for _, y := range ds.Y {
		m[ds.Classes[int(y)]]++
	}
	return m
}

func TestLoadEmbedded(t *testing.T) {
	t.Parallel()
	listed := map[string]bool{}
	for _, w := range embeddedWant {
		listed[w.name] = true
		w := w
		t.Run(w.name, func(t *testing.T) {
			ds, err := Load(w.name)
			if w.cols == 0 {
				// Text data sets have no feature matrix: Load refuses them
				// and names LoadText; load (behind LoadText) reads them.
				if !errors.Is(err, klearn.ErrParam) || !strings.Contains(err.Error(), "LoadText") {
					t.Fatalf("Load of a text data set: err = %v", err)
				}
				ds, err = load(w.name)
			}
			if err != nil {
				t.Fatal(err)
			}
			info, err := Info(w.name)
			if err != nil {
				t.Fatal(err)
			}
			if info.Rows != w.rows || info.Features != w.cols || info.NeedsMakeData {
				t.Errorf("Info = %+v, want %d×%d embedded", info, w.rows, w.cols)
			}
			if ds.Rows() != w.rows {
				t.Errorf("rows = %d, want %d", ds.Rows(), w.rows)
			}
			if w.cols == 0 {
				if ds.X != nil || len(ds.Text) != w.rows {
					t.Errorf("text set: X = %v, %d documents", ds.X != nil, len(ds.Text))
				}
			} else {
				r, c := ds.X.Dims()
				if r != w.rows || c != w.cols || len(ds.FeatureNames) != c {
					t.Errorf("X is %d×%d with %d names, want %d×%d", r, c, len(ds.FeatureNames), w.rows, w.cols)
				}
				if _, _, err := klearn.CheckMatrix("X", ds.X); err != nil {
					t.Error(err)
				}
			}
			if (info.Classes == 0) != (ds.Classes == nil) || (ds.Classes != nil && len(ds.Classes) != info.Classes) {
				t.Errorf("Classes %v, Info says %d", ds.Classes, info.Classes)
			}
			if ds.Classes != nil {
				got := classCounts(ds)
				if w.counts != nil {
					for c, n := range w.counts {
						if got[c] != n {
							t.Errorf("class %q: %d rows, want %d (all: %v)", c, got[c], n, got)
						}
					}
					if len(got) != len(w.counts) {
						t.Errorf("classes %v, want %v", got, w.counts)
					}
				}
				if w.minC > 0 {
					for c, n := range got {
						if n < w.minC || n > w.maxC {
							t.Errorf("class %q has %d rows, want %d–%d", c, n, w.minC, w.maxC)
						}
					}
				}
			}
			if ds.Name != w.name || ds.Source == "" || ds.License == "" || ds.Citation == "" {
				t.Errorf("metadata missing: %q %q %q %q", ds.Name, ds.Source, ds.License, ds.Citation)
			}
		})
	}
	for _, n := range Names() {
		if s := registry[n]; !s.makeData && !listed[n] {
			t.Errorf("Names() has %q but the test table does not", n)
		}
	}
}

func TestAbaloneUnscaled(t *testing.T) {
	t.Parallel()
	ds, err := Load("abalone")
	if err != nil {
		t.Fatal(err)
	}
	// UCI abalone.names: sex M 1528, F 1307, I 1342; rings 1–29; the first
	// UCI record is M,0.455,0.365,0.095,0.514,0.2245,0.101,0.15,15 (row order
	// differs in FANN's copy, so look it up).
	if got := ds.Levels[0]; strings.Join(got, ",") != "M,F,I" {
		t.Fatalf("sex levels %v", got)
	}
	sex := map[float64]int{}
	lo, hi := 100.0, 0.0
	found := false
	for i := 0; i < ds.Rows(); i++ {
		row := ds.X.RawRowView(i)
		sex[row[0]]++
		lo, hi = min(lo, ds.Y[i]), max(hi, ds.Y[i])
		want := []float64{0, 0.455, 0.365, 0.095, 0.514, 0.2245, 0.101, 0.15}
		eq := true
		for j := range want {
			if row[j] != want[j] {
				eq = false
			}
		}
		if eq && ds.Y[i] == 15 {
			found = true
		}
	}
	if sex[0] != 1528 || sex[1] != 1307 || sex[2] != 1342 || lo != 1 || hi != 29 || !found {
		t.Errorf("sex counts %v, rings %g–%g, first UCI record found %v", sex, lo, hi, found)
	}
}

func TestLoadReturnsCopies(t *testing.T) {
	t.Parallel()
	a, err := Load("haberman")
	if err != nil {
		t.Fatal(err)
	}
	a.X.Set(0, 0, -1)
	a.Y[0] = 7
	b, err := Load("haberman")
	if err != nil {
		t.Fatal(err)
	}
	if b.X.At(0, 0) == -1 || b.Y[0] == 7 {
		t.Error("Load shares state between calls")
	}
}

func TestUnknownName(t *testing.T) {
	t.Parallel()
	// An unknown name is not a bad hyper-parameter: ErrUnknown, naming it.
	for what, err := range map[string]error{
		"Load":      func() error { _, err := Load("no-such-set"); return err }(),
		"Info":      func() error { _, err := Info("no-such-set"); return err }(),
		"LoadMNIST": func() error { _, err := LoadMNIST("validation"); return err }(),
	} {
		if !errors.Is(err, klearn.ErrUnknown) || errors.Is(err, klearn.ErrParam) || !strings.Contains(err.Error(), "unknown") {
			t.Errorf("%s: err = %v, want ErrUnknown alone", what, err)
		}
	}
}

// TestChecksums checks every embedded file against data/checksums.sha256
// (written by scripts/data/build.sh) and that data/README.md quotes each sum.
func TestChecksums(t *testing.T) {
	t.Parallel()
	sums, err := data.FS.ReadFile("checksums.sha256")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(repo.Path("data", "README.md"))
	if err != nil {
		t.Fatalf("data/README.md: %v", err)
	}
	listed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(sums))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			t.Fatalf("bad checksum line %q", sc.Text())
		}
		b, err := data.FS.ReadFile(f[1])
		if err != nil {
			t.Errorf("%s: %v", f[1], err)
			continue
		}
		h := sha256.Sum256(b)
		if got := hex.EncodeToString(h[:]); got != f[0] {
			t.Errorf("%s: sha256 %s, checksums.sha256 says %s", f[1], got, f[0])
		}
		if !bytes.Contains(readme, []byte(f[0])) {
			t.Errorf("data/README.md does not quote the sha256 of %s", f[1])
		}
		listed[f[1]] = true
	}
	files, err := fs.Glob(data.FS, "*.csv.gz")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !listed[f] {
			t.Errorf("%s is embedded but not in checksums.sha256", f)
		}
	}
	if len(files) != len(listed) {
		t.Errorf("%d files, %d checksums", len(files), len(listed))
	}
}

func TestBinaryOneVsRestOneHot(t *testing.T) {
	t.Parallel()
	ds, err := Load("sonar")
	if err != nil {
		t.Fatal(err)
	}
	y, err := Binary(ds, "M")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		t.Fatal(err)
	}
	np := 0
	for _, v := range y {
		if v == 1 {
			np++
		}
	}
	if np != 111 { // datasets.md: M 111
		t.Errorf("%d positives, want 111", np)
	}
	yd, err := Binary(ds) // default: Classes[1] = "R" positive
	if err != nil || yd[0] != -y[0] {
		t.Errorf("default Binary: %v", err)
	}
	if _, err := Binary(ds, "X"); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("unknown class: err = %v", err)
	}
	if _, err := Binary(ds, "M", "R"); !errors.Is(err, klearn.ErrOneClass) {
		t.Errorf("all positive: err = %v", err)
	}
	X, yl, err := LoadBinary("sonar", "M")
	if err != nil || !mat.Equal(X, ds.X) || !slices.Equal(yl, y) {
		t.Errorf("LoadBinary differs from Load and Binary: %v", err)
	}
	if _, _, err := LoadBinary("abalone"); !errors.Is(err, klearn.ErrLabels) {
		t.Errorf("regression LoadBinary: err = %v", err)
	}
	if _, _, err := LoadBinary("no-such-set"); err == nil {
		t.Error("unknown data set: no error")
	}
	th, _ := Load("thyroid")
	ovr, err := OneVsRest(th)
	if err != nil || len(ovr) != 3 {
		t.Fatal(err)
	}
	for i := range th.Y {
		s := ovr[0][i] + ovr[1][i] + ovr[2][i] // exactly one +1: 1 − 2 = −1
		if s != -1 {
			t.Fatalf("row %d: one-vs-rest labels sum to %g", i, s)
		}
	}
	ab, _ := Load("abalone")
	if _, err := Binary(ab); !errors.Is(err, klearn.ErrLabels) {
		t.Errorf("regression Binary: err = %v", err)
	}
	g, _ := Load("german")
	oh, err := OneHot(g)
	if err != nil {
		t.Fatal(err)
	}
	// credit-g: 7 numeric attributes + 13 nominal ones whose @attribute lines
	// in weka's credit-g.arff declare 56 levels in all = 63 columns.
	if _, c := oh.X.Dims(); c != 63 {
		t.Errorf("one-hot german has %d columns, want 63", c)
	}
	for i := 0; i < oh.Rows(); i++ {
		s := 0.0
		for j, n := range oh.FeatureNames {
			if strings.HasPrefix(n, "checking_status=") {
				s += oh.X.At(i, j)
			}
		}
		if s != 1 {
			t.Fatalf("row %d: checking_status indicators sum to %g", i, s)
		}
	}
	if c := Threshold([]float64{9, 10}, 9); c[0] != -1 || c[1] != 1 {
		t.Errorf("Threshold = %v", c)
	}
}

func TestSampleAndText(t *testing.T) {
	t.Parallel()
	ds, err := load("amazon-reviews")
	if err != nil {
		t.Fatal(err)
	}
	nTrain := 0
	for _, s := range ds.Split {
		if s == "train" {
			nTrain++
		}
	}
	// modeldata small_fine_foods: training_data 4000, testing_data 1000.
	if nTrain != 4000 || len(ds.Groups) != 5000 {
		t.Errorf("%d train rows, %d groups", nTrain, len(ds.Groups))
	}
	bal, err := Sample(ds, []int{1000, 1000}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := classCounts(bal); got["great"] != 1000 || got["other"] != 1000 || len(bal.Text) != 2000 {
		t.Errorf("balanced sample %v", got)
	}
	again, _ := Sample(ds, []int{1000, 1000}, 1)
	if again.Text[17] != bal.Text[17] {
		t.Error("Sample is not fixed by its seed")
	}
	docs, y, err := LoadText("amazon-reviews")
	if err != nil || len(docs) != 5000 || len(y) != 5000 {
		t.Fatal(err)
	}
	if (y[0] == 1) != (ds.Classes[int(ds.Y[0])] == "great") {
		t.Error("LoadText labels: great must be +1")
	}
	if _, err := Sample(ds, []int{4000, 0}, 1); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("oversized sample: err = %v", err)
	}
}
