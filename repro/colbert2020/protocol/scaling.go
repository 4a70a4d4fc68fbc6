package protocol

import (
	"math"
	"slices"
	"time"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// ScalingDegrees are the degrees of Figure 3 and ScalingLs the library
// sizes of Figure 4, as in the paper.
var (
	ScalingDegrees = []int{1, 2, 3}
	ScalingLs      = []int{100, 200, 300}
)

// scalingMaxBasisBytes bounds the basis Grams of a timed [TK] fit: a
// degree-3 fit at 400 points needs 3.2 GB of them and takes a minute on
// the chunked path, so each degree runs the sizes whose basis fits in 1 GB.
const scalingMaxBasisBytes = 1 << 30

// ScalingSeries is one curve of Figures 3–4: the seconds of one fit per
// training size on one problem, for [TK] of one degree (Figure 3; C = 1,
// ε = 0) or [SimpleMKL TK] with one library size L (Figure 4; degree 1,
// C = 10, the random library included), with the fitted log–log exponent.
// Uncertified counts the sizes whose timed fit stopped short of opt.Success
// (a time cut short at a cap is not the time of a solve).
type ScalingSeries struct {
	Method      string // "TK" or "SimpleMKL TK"
	Problem     string // "circle" or "spiral"
	Degree      int    // TK's degree; 1 for SimpleMKL TK
	L           int    // SimpleMKL TK's library size; 0 for TK
	Sizes       []int
	Seconds     []float64
	Exponent    float64
	Uncertified int `json:",omitempty"`
}

// Scaling is the time-scaling experiment of Figures 3–4: the series of
// both methods on the circle and the spiral.
type Scaling struct {
	Series []ScalingSeries
}

// scalingProblem returns m training points of the circle or the spiral.
func scalingProblem(problem string, m int, seed uint64) (*mat.Dense, []float64, error) {
	if problem == "spiral" {
		return scaledSpiral(m, 0, seed)
	}
	ds, err := datasets.Circle(m, 2, seed)
	if err != nil {
		return nil, nil, err
	}
	y, err := datasets.Binary(ds)
	return ds.X, y, err
}

// scalingRepeats is how many times RunScaling times a fit shorter than
// scalingShort; it keeps the median, so that one pause of the machine does
// not bend a series (the smallest fits take milliseconds). A longer fit is
// timed once: a pause is small beside it, and repeating it would cost the
// notebook's full run most of its margin.
const (
	scalingRepeats = 3
	scalingShort   = 0.5 // seconds
)

// medianSeconds returns the wall-clock time of f: of one run when it takes
// scalingShort or more, otherwise the median of scalingRepeats runs.
func medianSeconds(f func() error) (float64, error) {
	var t []float64
	for len(t) < scalingRepeats && (len(t) == 0 || t[0] < scalingShort) {
		t0 := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		t = append(t, time.Since(t0).Seconds())
	}
	slices.Sort(t)
	return t[len(t)/2], nil
}

// RunScaling times [TK] fits per degree of ScalingDegrees and [SimpleMKL
// TK] fits (the random library included) per L of ScalingLs at every size,
// on the circle (mlbench's generator) and the spiral (Lang & Witbrock's),
// keeping the median of scalingRepeats fits for the short ones
// (medianSeconds), and fits the log–log
// exponents. A degree skips the sizes whose basis Grams exceed
// scalingMaxBasisBytes.
func RunScaling(sizes []int, seed uint64) (*Scaling, error) {
	s := &Scaling{}
	for _, problem := range []string{"circle", "spiral"} {
		for _, d := range ScalingDegrees {
			q, err := kernel.TKSize(2, d)
			if err != nil {
				return nil, err
			}
			vars := float64(2*q) * float64(2*q+1) / 2
			var fits []int
			for _, m := range sizes {
				if 8*vars*float64(m)*float64(m) <= scalingMaxBasisBytes {
					fits = append(fits, m)
				}
			}
			ser, err := timeSeries(ScalingSeries{Method: "TK", Problem: problem, Degree: d}, fits, seed, func(X *mat.Dense, y []float64) (bool, error) {
				m, err := (tk.Learner{Degree: d, SVM: svm.Classifier{C: 1, NoBias: true}}).Fit(X, y)
				return err == nil && m.Status() == opt.Success, err
			})
			if err != nil {
				return nil, err
			}
			s.Series = append(s.Series, ser)
		}
		for _, L := range ScalingLs {
			ser, err := timeSeries(ScalingSeries{Method: "SimpleMKL TK", Problem: problem, Degree: LibraryDegree, L: L}, sizes, seed, func(X *mat.Dense, y []float64) (bool, error) {
				var lib gramLibrary
				if err := tkLibrary(X, X.Slice(0, 1, 0, 2).(*mat.Dense), L, seed, TKLibraryScale, &lib); err != nil {
					return false, err
				}
				m, err := (simplemkl.Learner{C: 10}).FitGrams(lib.K, y)
				return err == nil && m.Status == opt.Success, err
			})
			if err != nil {
				return nil, err
			}
			s.Series = append(s.Series, ser)
		}
	}
	return s, nil
}

// timeSeries times fit on ser's problem at each of sizes (medianSeconds)
// and fits ser's log–log exponent; fit reports whether its solve stopped
// at opt.Success, and the sizes where it did not (on the last timed run;
// the fit is deterministic) are counted in ser.Uncertified.
func timeSeries(ser ScalingSeries, sizes []int, seed uint64, fit func(X *mat.Dense, y []float64) (bool, error)) (ScalingSeries, error) {
	for _, m := range sizes {
		X, y, err := scalingProblem(ser.Problem, m, seed)
		if err != nil {
			return ser, err
		}
		certified := false
		sec, err := medianSeconds(func() (err error) { certified, err = fit(X, y); return err })
		if err != nil {
			return ser, err
		}
		if !certified {
			ser.Uncertified++
		}
		ser.Sizes, ser.Seconds = append(ser.Sizes, m), append(ser.Seconds, sec)
	}
	ser.Exponent = logLogSlope(ser.Sizes, ser.Seconds)
	return ser, nil
}

// logLogSlope is the least-squares slope of log t against log m.
func logLogSlope(m []int, t []float64) float64 {
	n := float64(len(m))
	var sx, sy, sxx, sxy float64
	for i := range m {
		x, y := math.Log(float64(m[i])), math.Log(max(t[i], 1e-9))
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	return (n*sxy - sx*sy) / (n*sxx - sx*sx)
}
