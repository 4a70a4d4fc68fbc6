package datasets

import (
	"bytes"
	"fmt"
	"sort"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/data"
	"github.com/kernelab/kernelab/klearn"
)

// Dataset is a data set in kernelab's conventions: X is n×d with samples as
// rows, Y has one entry per row.
//
// For classification Y[i] is a class index 0,…,k−1 into Classes, which keeps
// the source's own class codes in the source's level order (Sonar: "M", "R";
// BUPA: "1", "2"). Use Binary or OneVsRest for ±1 labels. For regression
// Classes is nil and Y is the target.
//
// Categorical features are integer codes 0,…,L−1; Levels[j] lists the levels
// of feature j in code order (nil for numeric features; Levels itself is nil
// when all features are numeric). OneHot expands them into indicator columns.
//
// Text data sets (amazon-reviews) have X == nil and carry the documents in
// Text; Groups (e.g. product IDs) and Split ("train"/"test" as shipped) are
// filled when the source has them.
type Dataset struct {
	Name         string
	X            *mat.Dense
	Y            []float64
	Classes      []string
	FeatureNames []string
	Levels       [][]string
	Text         []string
	Groups       []string
	Split        []string
	// Description, Source, License and Citation repeat the data set's entry in
	// data/README.md.
	Description, Source, License, Citation string
}

// Rows returns the number of samples.
func (d *Dataset) Rows() int {
	if d == nil {
		return 0
	}
	return len(d.Y)
}

// Validate reports whether d is a consistent data set: not nil, at least one
// row, X (when present) with one row per entry of Y and finite, Text with one
// document per row when X is nil, for classification every Y[i] a class
// index 0,…,len(Classes)−1, and FeatureNames, Levels, Groups and Split of
// matching lengths when present. Every function of this package that takes
// a *Dataset calls it first, so a hand-built inconsistent data set gives an
// error wrapping klearn.ErrShape, ErrEmpty, ErrLabels or ErrNotFinite, never
// a panic.
func (d *Dataset) Validate() error {
	if d == nil {
		return klearn.Errorf(klearn.ErrEmpty, "datasets: nil *Dataset")
	}
	n := len(d.Y)
	if n == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "datasets: %q has no rows", d.Name)
	}
	p := 0
	switch {
	case d.X != nil:
		var r int
		r, p = d.X.Dims()
		if r != n {
			return klearn.Errorf(klearn.ErrShape, "datasets: %q has %d rows in X but %d labels", d.Name, r, n)
		}
		if _, _, err := klearn.CheckMatrix("X", d.X); err != nil {
			return fmt.Errorf("datasets: %q: %w", d.Name, err)
		}
	case d.Text == nil:
		return klearn.Errorf(klearn.ErrEmpty, "datasets: %q has neither X nor Text", d.Name)
	}
	if err := klearn.CheckVector("Y", d.Y); err != nil {
		return fmt.Errorf("datasets: %q: %w", d.Name, err)
	}
	for _, f := range []struct {
		what string
		len  int
		want int
	}{
		{"documents", len(d.Text), n}, {"groups", len(d.Groups), n}, {"split labels", len(d.Split), n},
		{"feature names", len(d.FeatureNames), p}, {"level lists", len(d.Levels), p},
	} {
		if f.len != 0 && f.len != f.want {
			return klearn.Errorf(klearn.ErrShape, "datasets: %q has %d %s for %d", d.Name, f.len, f.what, f.want)
		}
	}
	if d.Classes != nil {
		for i, y := range d.Y {
			if k := int(y); float64(k) != y || k < 0 || k >= len(d.Classes) {
				return klearn.Errorf(klearn.ErrLabels, "datasets: %q: label %v at row %d is not a class index in [0, %d)", d.Name, y, i, len(d.Classes))
			}
		}
	}
	return nil
}

// DatasetInfo describes a named data set without loading it.
type DatasetInfo struct {
	Name     string
	Rows     int
	Features int    // columns of X (0 for text-only data sets)
	Classes  int    // number of classes; 0 for regression
	Task     string // "classification", "regression" or "text" (classification of documents)
	Source   string // package and version the data come from
	License  string
	Citation string
	// NeedsMakeData is true for data sets read from the cache that `make data`
	// fills (MNIST and what is built from it).
	NeedsMakeData bool
	Description   string
}

// Names returns the names Load accepts, sorted.
func Names() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Info describes the named data set without loading it.
func Info(name string) (DatasetInfo, error) {
	s, ok := registry[name]
	if !ok {
		return DatasetInfo{}, unknown(name)
	}
	return DatasetInfo{Name: name, Rows: s.rows, Features: s.feats, Classes: s.classes, Task: s.kind,
		Source: s.source(), License: s.from.license, Citation: s.citation, NeedsMakeData: s.makeData, Description: s.desc}, nil
}

func unknown(name string) error {
	return klearn.Errorf(klearn.ErrUnknown, "datasets: unknown data set %q (see datasets.Names())", name)
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*Dataset{}
)

// Load returns the named data set (see Names and data/README.md). Each call
// returns a fresh copy that the caller may modify. Embedded sets need no
// files at run time; "mnist-train", "mnist-test" and "gisette-mnist" need the
// cache filled by `make data` and otherwise return an error wrapping
// klearn.ErrMissingData.
func Load(name string) (*Dataset, error) {
	ds, err := load(name)
	if err != nil {
		return nil, err
	}
	if ds.X == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "datasets: %q is a text data set with no feature matrix: use LoadText for its documents and labels", name)
	}
	return ds, nil
}

// load is Load for every registered data set, text ones (X == nil) included.
func load(name string) (*Dataset, error) {
	s, ok := registry[name]
	if !ok {
		return nil, unknown(name)
	}
	var ds *Dataset
	var err error
	switch name {
	case "mnist-train", "mnist-test":
		var im *Images
		im, err = LoadMNIST(name[len("mnist-"):])
		if err == nil {
			ds, err = im.Dataset(name, nil)
		}
	case "gisette-mnist":
		var im *Images
		im, err = LoadMNIST("train")
		if err == nil {
			ds, err = Gisette(im, 4000, 2003)
		}
	default:
		ds, err = loadEmbedded(name, s)
	}
	if err != nil {
		return nil, err
	}
	ds.Name = name
	ds.Description, ds.Source, ds.License, ds.Citation = s.desc, s.source(), s.from.license, s.citation
	return ds, nil
}

// loadEmbedded parses (once) and copies an embedded or derived data set.
func loadEmbedded(name string, s spec) (*Dataset, error) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if ds, ok := cache[name]; ok {
		return ds.clone(), nil
	}
	var ds *Dataset
	var err error
	switch name {
	case "splice-unique":
		var base *Dataset
		if base, err = loadFileLocked("splice"); err == nil {
			ds, err = Unique(base)
		}
	case "australian-sub":
		var base *Dataset
		if base, err = loadFileLocked("credit-data"); err == nil {
			// credit-data levels are bad, good: 307 bad and 383 good rows
			// reproduce Australian's class sizes (307 "+" / 383 "−").
			ds, err = Sample(base, []int{307, 383}, 690)
		}
	default:
		ds, err = loadFileLocked(s.file)
	}
	if err != nil {
		return nil, err
	}
	cache[name] = ds
	return ds.clone(), nil
}

func loadFileLocked(file string) (*Dataset, error) {
	if ds, ok := cache["file:"+file]; ok {
		return ds, nil
	}
	b, err := data.FS.ReadFile(file + ".csv.gz")
	if err != nil {
		return nil, klearn.Errorf(klearn.ErrMissingData, "datasets: embedded file %s.csv.gz: %v", file, err)
	}
	ds, err := ReadCSV(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("data/%s.csv.gz: %w", file, err)
	}
	cache["file:"+file] = ds
	return ds, nil
}

// clone returns a deep copy.
func (d *Dataset) clone() *Dataset {
	c := *d
	if d.X != nil {
		c.X = mat.DenseCopyOf(d.X)
	}
	c.Y = append([]float64(nil), d.Y...)
	c.Classes = append([]string(nil), d.Classes...)
	c.FeatureNames = append([]string(nil), d.FeatureNames...)
	if d.Levels != nil {
		c.Levels = make([][]string, len(d.Levels))
		for j, l := range d.Levels {
			c.Levels[j] = append([]string(nil), l...)
		}
	}
	c.Text = append([]string(nil), d.Text...)
	c.Groups = append([]string(nil), d.Groups...)
	c.Split = append([]string(nil), d.Split...)
	if d.Classes == nil {
		c.Classes = nil
	}
	if d.Text == nil {
		c.Text = nil
	}
	if d.Groups == nil {
		c.Groups = nil
	}
	if d.Split == nil {
		c.Split = nil
	}
	return &c
}

// LoadText returns the documents and ±1 labels of a text data set
// ("amazon-reviews"): y[i] = +1 when the document's class is positive (by
// default the first class, "great"), −1 otherwise.
func LoadText(name string, positive ...string) (docs []string, y []float64, err error) {
	ds, err := load(name)
	if err != nil {
		return nil, nil, err
	}
	if ds.Text == nil {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "datasets: %q has no documents", name)
	}
	if len(positive) == 0 && len(ds.Classes) > 0 {
		positive = ds.Classes[:1]
	}
	y, err = Binary(ds, positive...)
	if err != nil {
		return nil, nil, err
	}
	return ds.Text, y, nil
}

// Subset returns the rows idx of d (in that order) as a new data set.
func Subset(d *Dataset, idx []int) (*Dataset, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	n := d.Rows()
	if len(idx) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "datasets: empty subset")
	}
	for _, i := range idx {
		if i < 0 || i >= n {
			return nil, klearn.Errorf(klearn.ErrShape, "datasets: row %d out of range [0, %d)", i, n)
		}
	}
	c := *d
	c.Y = make([]float64, len(idx))
	for r, i := range idx {
		c.Y[r] = d.Y[i]
	}
	if d.X != nil {
		_, p := d.X.Dims()
		c.X = mat.NewDense(len(idx), p, nil)
		for r, i := range idx {
			c.X.SetRow(r, d.X.RawRowView(i))
		}
	}
	take := func(s []string) []string {
		if s == nil {
			return nil
		}
		out := make([]string, len(idx))
		for r, i := range idx {
			out[r] = s[i]
		}
		return out
	}
	c.Text, c.Groups, c.Split = take(d.Text), take(d.Groups), take(d.Split)
	c.Classes = append([]string(nil), d.Classes...)
	if d.Classes == nil {
		c.Classes = nil
	}
	c.FeatureNames = append([]string(nil), d.FeatureNames...)
	return &c, nil
}

// Sample draws perClass[k] rows of class k without replacement and returns
// them in their original order. Rows of each class are chosen as the first
// perClass[k] of a permutation drawn from klearn.NewRand(seed), so the sample
// is fixed by the seed.
func Sample(d *Dataset, perClass []int, seed uint64) (*Dataset, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if d.Classes == nil {
		return nil, klearn.Errorf(klearn.ErrLabels, "datasets: Sample needs a classification data set")
	}
	if len(perClass) != len(d.Classes) {
		return nil, klearn.Errorf(klearn.ErrShape, "datasets: %d class sizes for %d classes", len(perClass), len(d.Classes))
	}
	byClass := make([][]int, len(d.Classes))
	for i, y := range d.Y {
		byClass[int(y)] = append(byClass[int(y)], i)
	}
	rng := klearn.NewRand(seed)
	keep := make([]bool, d.Rows())
	for k, rows := range byClass {
		if perClass[k] < 0 || perClass[k] > len(rows) {
			return nil, klearn.Errorf(klearn.ErrParam, "datasets: %d rows of class %q requested, %d available", perClass[k], d.Classes[k], len(rows))
		}
		for _, j := range rng.Perm(len(rows))[:perClass[k]] {
			keep[rows[j]] = true
		}
	}
	var idx []int
	for i, ok := range keep {
		if ok {
			idx = append(idx, i)
		}
	}
	return Subset(d, idx)
}

// Unique drops rows that repeat an earlier row exactly (features, label and
// document), keeping the first occurrence.
func Unique(d *Dataset) (*Dataset, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var idx []int
	var key bytes.Buffer
	for i := 0; i < d.Rows(); i++ {
		key.Reset()
		if d.X != nil {
			for _, v := range d.X.RawRowView(i) {
				fmt.Fprintf(&key, "%v,", v)
			}
		}
		fmt.Fprintf(&key, "|%v", d.Y[i])
		if d.Text != nil {
			fmt.Fprintf(&key, "|%q", d.Text[i])
		}
		if !seen[key.String()] {
			seen[key.String()] = true
			idx = append(idx, i)
		}
	}
	return Subset(d, idx)
}

// Binary returns ±1 labels: +1 for rows whose class is one of positive, −1
// otherwise. With no positive class given, a two-class data set uses its
// second class (Classes[1]) as positive. Unknown class names, a regression
// data set or a result with a single sign give an error.
func Binary(d *Dataset, positive ...string) ([]float64, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if d.Classes == nil {
		return nil, klearn.Errorf(klearn.ErrLabels, "datasets: %q is not a classification data set (use Threshold)", d.Name)
	}
	if len(positive) == 0 {
		if len(d.Classes) != 2 {
			return nil, klearn.Errorf(klearn.ErrParam, "datasets: %q has %d classes: name the positive ones", d.Name, len(d.Classes))
		}
		positive = d.Classes[1:]
	}
	pos := make([]bool, len(d.Classes))
	for _, p := range positive {
		k := indexOf(d.Classes, p)
		if k < 0 {
			return nil, klearn.Errorf(klearn.ErrParam, "datasets: %q has no class %q (classes %v)", d.Name, p, d.Classes)
		}
		pos[k] = true
	}
	y := make([]float64, len(d.Y))
	np := 0
	for i, c := range d.Y {
		k := int(c)
		if k < 0 || k >= len(pos) || float64(k) != c {
			return nil, klearn.Errorf(klearn.ErrLabels, "datasets: label %v at row %d is not a class index", c, i)
		}
		if pos[k] {
			y[i] = 1
			np++
		} else {
			y[i] = -1
		}
	}
	if np == 0 || np == len(y) {
		return nil, klearn.Errorf(klearn.ErrOneClass, "datasets: positive classes %v leave one class only", positive)
	}
	return y, nil
}

// LoadBinary returns the inputs of the named data set (Load) with ±1 labels
// (Binary with the same positive classes).
func LoadBinary(name string, positive ...string) (*mat.Dense, []float64, error) {
	d, err := Load(name)
	if err != nil {
		return nil, nil, err
	}
	y, err := Binary(d, positive...)
	if err != nil {
		return nil, nil, err
	}
	return d.X, y, nil
}

// OneVsRest returns one ±1 label vector per class: out[k][i] = +1 when row i
// is of class k.
func OneVsRest(d *Dataset) ([][]float64, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if d.Classes == nil {
		return nil, klearn.Errorf(klearn.ErrLabels, "datasets: %q is not a classification data set", d.Name)
	}
	out := make([][]float64, len(d.Classes))
	for k := range d.Classes {
		y, err := Binary(d, d.Classes[k])
		if err != nil {
			return nil, err
		}
		out[k] = y
	}
	return out, nil
}

// Threshold turns a regression target into ±1 labels: +1 when y > t, −1
// otherwise (e.g. abalone rings ≤ 9 vs > 9: Threshold(ds.Y, 9)).
func Threshold(y []float64, t float64) []float64 {
	out := make([]float64, len(y))
	for i, v := range y {
		if v > t {
			out[i] = 1
		} else {
			out[i] = -1
		}
	}
	return out
}

// OneHot returns a copy of d whose categorical features (Levels[j] != nil)
// are replaced by one indicator column per level, named "feature=level", in
// place; numeric features are kept. A data set without categorical features
// is copied unchanged.
func OneHot(d *Dataset) (*Dataset, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if d.X == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "datasets: %q has no feature matrix", d.Name)
	}
	c := d.clone()
	if d.Levels == nil {
		return c, nil
	}
	n, p := d.X.Dims()
	if len(d.Levels) != p || len(d.FeatureNames) != p {
		return nil, klearn.Errorf(klearn.ErrShape, "datasets: %d level lists and %d feature names for %d features", len(d.Levels), len(d.FeatureNames), p)
	}
	var names []string
	for j := 0; j < p; j++ {
		if d.Levels[j] == nil {
			names = append(names, d.FeatureNames[j])
			continue
		}
		for _, l := range d.Levels[j] {
			names = append(names, d.FeatureNames[j]+"="+l)
		}
	}
	X := mat.NewDense(n, len(names), nil)
	for i := 0; i < n; i++ {
		row, out := d.X.RawRowView(i), X.RawRowView(i)
		col := 0
		for j, v := range row {
			if d.Levels[j] == nil {
				out[col] = v
				col++
				continue
			}
			k := int(v)
			if float64(k) != v || k < 0 || k >= len(d.Levels[j]) {
				return nil, klearn.Errorf(klearn.ErrShape, "datasets: feature %q code %v at row %d is not a level index", d.FeatureNames[j], v, i)
			}
			out[col+k] = 1
			col += len(d.Levels[j])
		}
	}
	c.X, c.FeatureNames, c.Levels = X, names, nil
	return c, nil
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}
