package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestStripMirrorRows checks every row served by the strip mirror, with all
// strips built, none built, after the helper has finished by itself, and
// while the helper runs, against the definition K_pj = data[min(p,j)·st +
// max(p,j)], for sizes around the strip width and permuted column lists (as
// after shrinking), on three storages: the unused lower storage triangle
// NaN (every strip is built), the lower triangle mirrored (every strip is
// compared and read whole, none built) and mirrored in its first rows only
// (the strips up to the first that differs are whole, the rest built).
func TestStripMirrorRows(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0))))
	for _, n := range []int{1, 63, 64, 65, 130, 200, 257} {
		for _, lower := range []string{"NaN", "mirrored", "mirrored in part"} {
			st := n + 3
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			data := make([]float64, n*st)
			split := n // lower storage rows < split mirror the upper triangle
			switch lower {
			case "NaN":
				split = 0
			case "mirrored in part":
				split = n / 2
			}
			for i := 0; i < n; i++ {
				for j := 0; j < st; j++ {
					if j >= i && j < n {
						data[i*st+j] = rng.NormFloat64()
					} else {
						data[i*st+j] = math.NaN()
					}
				}
			}
			for i := 0; i < split; i++ {
				for j := 0; j < i; j++ {
					data[i*st+j] = data[j*st+i]
				}
			}
			q := rng.Perm(n)
			for _, mode := range []string{"built", "column", "finished", "racing"} {
				m := newStripMirror(data, st, n)
				switch mode {
				case "built":
					m.stop.Store(true)
					m.helper.Wait()
					for s := 1; s < len(m.done); s++ {
						if !m.done[s].Load() {
							m.build(s)
							m.done[s].Store(true)
						}
					}
				case "column":
					m.stop.Store(true)
					m.helper.Wait()
					for s := range m.done {
						m.done[s].Store(false)
					}
				case "finished":
					if m.wait() {
						t.Fatalf("n=%d %s: a finite matrix reported non-finite", n, lower)
					}
					for s := range m.whole {
						// Strip s is whole iff its rows are all below split.
						if want := (s+1)*stripW <= split || split == n; m.whole[s] != want || !m.done[s].Load() {
							t.Fatalf("n=%d %s: strip %d whole = %v (done %v), want %v", n, lower, s, m.whole[s], m.done[s].Load(), want)
						}
						if m.whole[s] { // never read: poison it
							for i := stripOffset(s); i < stripOffset(s+1); i++ {
								m.buf[i] = math.NaN()
							}
						}
					}
				}
				dst := make([]float64, n)
				for p := 0; p < n; p++ {
					m.fill(dst, p, q)
					for k, j := range q {
						if want := data[min(p, j)*st+max(p, j)]; dst[k] != want {
							t.Fatalf("n=%d %s %s: K[%d,%d] = %v, want %v", n, lower, mode, p, j, dst[k], want)
						}
					}
				}
				m.close()
			}
		}
	}
}

// TestFitGramReadsUpperOnly trains on an upper-stored Gram whose lower
// storage triangle is NaN and on the same Gram mirrored; the models must be
// identical, on 1 and 2 CPUs (strips or columns).
func TestFitGramReadsUpperOnly(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	K, y := syntheticProblem(300)
	if kr := K.RawSymmetric(); !bothTriangles(kr.Data, kr.Stride, 300) {
		t.Fatal("kernel.Gram's storage does not hold both triangles: the whole-row path is not exercised")
	}
	U := mat.NewSymDense(300, nil)
	raw := U.RawSymmetric()
	for i := range raw.Data {
		raw.Data[i] = math.NaN()
	}
	for i := 0; i < 300; i++ {
		for j := i; j < 300; j++ {
			U.SetSym(i, j, K.At(i, j))
		}
	}
	want, err := Classifier{C: 10}.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		// U: strips (2 CPUs) or columns (1 CPU); K: strips or whole rows.
		for name, G := range map[string]*mat.SymDense{"upper only": U, "both triangles": K} {
			got, err := Classifier{C: 10}.FitGram(G, y)
			if err != nil {
				t.Fatal(err)
			}
			if got.Objective() != want.Objective() || got.Iterations() != want.Iterations() ||
				!slices.Equal(got.Support(), want.Support()) {
				t.Fatalf("GOMAXPROCS=%d, %s: objective %v, %d iterations; reference: %v, %d", procs, name,
					got.Objective(), got.Iterations(), want.Objective(), want.Iterations())
			}
		}
	}
}

// TestFitGramNonFiniteBackground puts a NaN or ±Inf at various places of the
// upper triangle of a Gram large enough for the background check (and on 1
// CPU, the upfront one) and expects ErrNotFinite naming the entry.
func TestFitGramNonFiniteBackground(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	n := 300
	K0, y := syntheticProblem(n)
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		for _, pos := range [][2]int{{0, 0}, {3, 10}, {5, 290}, {150, 150}, {200, 299}, {299, 299}} {
			for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
				// Upper storage only, and both storage triangles (read whole
				// on one CPU).
				for _, both := range []bool{false, true} {
					K := mat.NewDense(n, n, nil)
					K.Copy(K0)
					K.Set(pos[0], pos[1], v)
					if both {
						K.Set(pos[1], pos[0], v)
					}
					S := mat.NewSymDense(n, K.RawMatrix().Data)
					_, err := Classifier{C: 1}.FitGram(S, y)
					if !errors.Is(err, klearn.ErrNotFinite) {
						t.Fatalf("GOMAXPROCS=%d, both=%v, %v at %v: err = %v, want ErrNotFinite", procs, both, v, pos, err)
					}
					if want := fmt.Sprintf("K[%d,%d]", pos[0], pos[1]); !strings.Contains(err.Error(), want) {
						t.Fatalf("error %q does not name %s", err, want)
					}
				}
			}
		}
	}
}
