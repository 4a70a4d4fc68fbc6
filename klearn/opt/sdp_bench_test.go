package opt

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// BenchmarkSDP runs SolveSDP at the sizes Colbert & Peet (2020) need (an
// LMI of order ≈ 300–615). Run once: go test -run '^$' -bench SDP -benchtime 1x ./klearn/opt/
//
//   - svm/m: the SDP (17) for a fixed RBF Gram matrix of m points (LMI of
//     order m+1, 2m+1 constraints with sparse A_i, 2m LP variables);
//   - maxcut/n: the MAX-CUT relaxation of a random graph (order n, n
//     constraints diag X = 1 with one non-zero each);
//   - dense/n×m: one block of order n with m dense random A_i (the
//     structure of the P-variables of SDP (24)).
func BenchmarkSDP(b *testing.B) {
	type inst struct {
		name string
		p    func() *SDP
	}
	var cases []inst
	for _, m := range []int{150, 300} {
		cases = append(cases, inst{fmt.Sprintf("svm/%d", m), func() *SDP {
			K, _ := rbfGram(m, 5, 0.2, 1)
			return svmSDP(K, 1)
		}})
	}
	for _, n := range []int{200, 400} {
		cases = append(cases, inst{fmt.Sprintf("maxcut/%d", n), func() *SDP {
			rng := klearn.NewRand(2)
			p := &SDP{Blocks: []int{n}, B: make([]float64, n)}
			deg := make([]float64, n)
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					if rng.Float64() < 0.1 {
						p.AddC(0, i, j, 0.25)
						deg[i]++
						deg[j]++
					}
				}
			}
			for i := 0; i < n; i++ {
				p.AddC(0, i, i, -0.25*deg[i])
				p.AddA(i, 0, i, i, 1)
				p.B[i] = 1
			}
			return p
		}})
	}
	for _, nm := range [][2]int{{100, 100}, {200, 100}} {
		n, m := nm[0], nm[1]
		cases = append(cases, inst{fmt.Sprintf("dense/%dx%d", n, m), func() *SDP {
			rng := klearn.NewRand(3)
			p := &SDP{Blocks: []int{n}, B: make([]float64, m)}
			// Strictly feasible: X0 = I gives b_i = tr A_i; C = I + Σ A_i/m.
			Csum := mat.NewSymDense(n, nil)
			for i := 0; i < n; i++ {
				Csum.SetSym(i, i, 1)
			}
			for k := 0; k < m; k++ {
				A := mat.NewSymDense(n, nil)
				for i := 0; i < n; i++ {
					for j := i; j < n; j++ {
						A.SetSym(i, j, rng.NormFloat64())
					}
				}
				if err := p.AddDenseA(k, 0, A); err != nil {
					b.Fatal(err)
				}
				p.B[k] = mat.Trace(A)
				Csum.AddSym(Csum, scaledSym(1/float64(m), A))
			}
			if err := p.AddDenseC(0, Csum); err != nil {
				b.Fatal(err)
			}
			return p
		}})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			p := c.p()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r, err := SolveSDP(p, nil)
				if err != nil {
					b.Fatal(err)
				}
				if r.Status != Success {
					b.Fatalf("status %v (%v) after %d iterations", r.Status, r.Certificate, r.Iterations)
				}
				b.ReportMetric(float64(r.Iterations), "iters")
			}
		})
	}
}

func scaledSym(s float64, A *mat.SymDense) *mat.SymDense {
	var d mat.SymDense
	d.ScaleSym(s, A)
	return &d
}
