// Command peersgo times kernelab's side of each pair of scripts/bench/peers.sh
// on the data that scripts/bench/peers.py wrote, so both sides solve the
// same problem. Each run prints one line per timed repetition:
//
//	RESULT <task> <n> <impl> <seconds> <agreement value>
//
// Usage: go run ./scripts/bench/peersgo -task T -n N -dir DIR [-reps R] [-warm W]
//
// Tasks: gram-rbf, gram-poly (kernel.Gram, d = 784), krr-gram (FitGram),
// krr-fit (Fit), svm-fit (Fit from MNIST 3-vs-8 features), svm-gram
// (FitGram on its precomputed RBF kernel), easymkl (10 normalised HPKs,
// FitGrams), sdp24-ip and sdp24-pg (SDP (24) of Colbert & Peet 2020, by the
// interior-point method and by projected gradient); sdp24-ip also writes
// the problem's linear map P ↦ K for the Python side (sdp24-<n>-basis.bin).
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

func main() {
	task := flag.String("task", "", "workload")
	n := flag.Int("n", 0, "size")
	dir := flag.String("dir", "", "directory of the data written by peers.py prep")
	reps := flag.Int("reps", 1, "timed repetitions")
	warm := flag.Int("warm", 0, "untimed repetitions first")
	flag.Parse()
	run, finish, err := setup(*task, *n, *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "peersgo:", err)
		os.Exit(1)
	}
	// The two SDP (24) solvers are two kernelab rows of one pair.
	name, impl := *task, "kernelab"
	switch *task {
	case "sdp24-ip":
		name, impl = "sdp24", "kernelab_interior-point"
	case "sdp24-pg":
		name, impl = "sdp24", "kernelab_projected-gradient"
	}
	for r := 0; r < *warm+*reps; r++ {
		t0 := time.Now()
		agree, err := run()
		sec := time.Since(t0).Seconds()
		if err != nil {
			fmt.Fprintln(os.Stderr, "peersgo:", *task, err)
			os.Exit(1)
		}
		if r >= *warm {
			fmt.Printf("RESULT %s %d %s %.6f %.10g\n", name, *n, impl, sec, agree)
		}
	}
	if finish != nil {
		if err := finish(); err != nil {
			fmt.Fprintln(os.Stderr, "peersgo:", *task, err)
			os.Exit(1)
		}
	}
}

// read returns the float64 matrix of dir/name: int64 rows, int64 columns,
// then the entries row-major, little-endian (numpy's tofile after a header).
func read(dir, name string) (*mat.Dense, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	if len(b) < 16 {
		return nil, fmt.Errorf("%s: short file", name)
	}
	r, c := int(binary.LittleEndian.Uint64(b)), int(binary.LittleEndian.Uint64(b[8:]))
	if len(b) != 16+8*r*c {
		return nil, fmt.Errorf("%s: %d bytes for %d×%d", name, len(b), r, c)
	}
	data := make([]float64, r*c)
	for i := range data {
		data[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[16+8*i:]))
	}
	return mat.NewDense(r, c, data), nil
}

func write(dir, name string, M mat.Matrix) error {
	r, c := M.Dims()
	b := make([]byte, 16+8*r*c)
	binary.LittleEndian.PutUint64(b, uint64(r))
	binary.LittleEndian.PutUint64(b[8:], uint64(c))
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			binary.LittleEndian.PutUint64(b[16+8*(i*c+j):], math.Float64bits(M.At(i, j)))
		}
	}
	return os.WriteFile(filepath.Join(dir, name), b, 0o644)
}

// xy reads <set>-<n>-X.bin and the labels <set>-<n>-y.bin (one column).
func xy(dir, set string, n int) (*mat.Dense, []float64, error) {
	X, err := read(dir, fmt.Sprintf("%s-%d-X.bin", set, n))
	if err != nil {
		return nil, nil, err
	}
	Y, err := read(dir, fmt.Sprintf("%s-%d-y.bin", set, n))
	if err != nil {
		return nil, nil, err
	}
	return X, mat.Col(nil, 0, Y), nil
}

// scaleGamma is scikit-learn's gamma="scale": 1/(d·Var X).
func scaleGamma(X *mat.Dense) float64 {
	r, c := X.Dims()
	var s, s2 float64
	for i := 0; i < r; i++ {
		for _, v := range X.RawRowView(i) {
			s += v
			s2 += v * v
		}
	}
	N := float64(r * c)
	return 1 / (float64(c) * (s2/N - (s/N)*(s/N)))
}

// setup loads the data of task and returns one timed repetition, which
// returns the value both sides report to show they solved the same problem,
// and what to do after the last (nil: nothing).
func setup(task string, n int, dir string) (run func() (float64, error), finish func() error, err error) {
	switch task {
	case "gram-rbf", "gram-poly":
		X, _, err := xy(dir, "uniform", n)
		if err != nil {
			return nil, nil, err
		}
		var k kernel.Kernel = kernel.RBF{Gamma: 1.0 / 784}
		if task == "gram-poly" {
			k = kernel.Polynomial{Degree: 3, Gamma: 1.0 / 784, Coef0: 1}
		}
		return func() (float64, error) {
			K, err := kernel.Gram(k, X)
			if err != nil {
				return 0, err
			}
			return mat.Trace(K) + K.At(0, n-1), nil
		}, nil, nil
	case "krr-gram", "krr-fit":
		X, y, err := xy(dir, "uniform", n)
		if err != nil {
			return nil, nil, err
		}
		r := krr.Regressor{Kernel: kernel.RBF{Gamma: 1.0 / 784}, Lambda: 1}
		K, err := kernel.Gram(r.Kernel, X)
		if err != nil {
			return nil, nil, err
		}
		return func() (float64, error) {
			var m *krr.Model
			var err error
			if task == "krr-gram" {
				m, err = r.FitGram(K, y)
			} else {
				m, err = r.Fit(X, y)
			}
			if err != nil {
				return 0, err
			}
			return m.Alpha[0], nil
		}, nil, nil
	case "svm-fit", "svm-gram":
		X, y, err := xy(dir, "mnist38", n)
		if err != nil {
			return nil, nil, err
		}
		c := svm.Classifier{Kernel: kernel.RBF{Gamma: scaleGamma(X)}, C: 1}
		K, err := kernel.Gram(c.Kernel, X)
		if err != nil {
			return nil, nil, err
		}
		return func() (float64, error) {
			var m *svm.Model
			var err error
			if task == "svm-fit" {
				m, err = c.Fit(X, y)
			} else {
				m, err = c.FitGram(K, y)
			}
			if err != nil {
				return 0, err
			}
			return m.Objective(), nil
		}, nil, nil
	case "easymkl":
		X, y, err := xy(dir, "hpk", n)
		if err != nil {
			return nil, nil, err
		}
		run, err := easyMKL(X, y)
		return run, nil, err
	case "sdp24-ip", "sdp24-pg":
		X, y, err := xy(dir, "sdp24", n)
		if err != nil {
			return nil, nil, err
		}
		if task == "sdp24-ip" {
			if err := writeBasis(dir, n, X); err != nil {
				return nil, nil, err
			}
		}
		l := tk.Learner{Degree: sdpDegree, Margin: sdpMargin, SVM: svm.Classifier{C: sdpC, NoBias: true}}
		if task == "sdp24-ip" {
			l.Method = tk.InteriorPoint
			l.Settings = opt.Settings{Tol: 1e-8}
		}
		var last *tk.Model
		return func() (float64, error) {
				var err error
				if last, err = l.Fit(X, y); err != nil {
					return 0, err
				}
				return last.Objective(), nil
			}, func() error {
				return writeKernel(dir, task, n, X, last)
			}, nil
	}
	return nil, nil, fmt.Errorf("unknown task %q", task)
}

// easyMKL is the one place the bench calls klearn/mkl: EasyMKL (λ = 0.1)
// on the 10 normalised homogeneous polynomial kernels of degrees 1…10, the
// Grams built before the timing (MKLpy's are too). It reports the weight
// of the degree-1 kernel.
func easyMKL(X *mat.Dense, y []float64) (func() (float64, error), error) {
	Ks, err := mkl.HPKFamily{D: 10, MinDegree: 1}.Grams(X)
	if err != nil {
		return nil, err
	}
	return func() (float64, error) {
		m, err := mkl.EasyMKL{Lambda: 0.1}.FitGrams(Ks, y)
		if err != nil {
			return 0, err
		}
		return m.Weights()[0], nil
	}, nil
}

// SDP (24) settings of the pair: P4's degree 1, margin ε = 0.1, C = 1, no bias.
const (
	sdpDegree = 1
	sdpMargin = 0.1
	sdpC      = 1.0
)

// writeBasis writes the linear map P ↦ K of SDP (24) on X (scaled to
// [0, 1]ⁿ by column, the box [−ε, 1 + ε]ⁿ) as kernel.TK.PairBasis gives it,
// and the pairs (a, b) of its columns, for peers.py's cvxpy model.
func writeBasis(dir string, n int, X *mat.Dense) error {
	Xs := scaled(X)
	_, d := X.Dims()
	lo, hi := make([]float64, d), make([]float64, d)
	for j := range lo {
		lo[j], hi[j] = -sdpMargin, 1+sdpMargin
	}
	B, pairs, err := kernel.TK{Degree: sdpDegree, Lower: lo, Upper: hi}.PairBasis(Xs)
	if err != nil {
		return err
	}
	P := mat.NewDense(len(pairs), 2, nil)
	for p, ab := range pairs {
		P.Set(p, 0, float64(ab.A))
		P.Set(p, 1, float64(ab.B))
	}
	if err := write(dir, fmt.Sprintf("sdp24-%d-basis.bin", n), B); err != nil {
		return err
	}
	return write(dir, fmt.Sprintf("sdp24-%d-pairs.bin", n), P)
}

// scaled returns X min-max scaled by column, as tk.Learner scales it.
func scaled(X *mat.Dense) *mat.Dense {
	r, c := X.Dims()
	out := mat.NewDense(r, c, nil)
	for j := 0; j < c; j++ {
		col := mat.Col(nil, j, X)
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range col {
			lo, hi = min(lo, v), max(hi, v)
		}
		s := 1.0
		if hi > lo {
			s = hi - lo
		}
		for i, v := range col {
			out.Set(i, j, (v-lo)/s)
		}
	}
	return out
}

// writeKernel writes the learned kernel's Gram K(P*) on the training data,
// which peers.py compares with the peers' K(P*).
func writeKernel(dir, task string, n int, X *mat.Dense, m *tk.Model) error {
	G, err := kernel.Gram(m.Kernel(), X)
	if err != nil {
		return err
	}
	return write(dir, fmt.Sprintf("%s-%d-K.bin", task, n), G)
}
