package continuous

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn/klearntest"
)

// BenchmarkSearchDCScaling times one step 2 of the DC method on a
// synthetic problem (n points in R^8): two variances (the exact cutting
// plane) and four (the local variant), on one and on two cores (GOMAXPROCS
// set for the run: the pieces run two at a time and the pair sums in
// parallel chunks), in a fresh heap and with about 1.3 GB of live data
// held elsewhere in the process, as in a notebook kernel after a few
// experiments. The result is the same in every configuration
// (TestSearchDCDeterministic); BENCHMARKS.md has the times.
func BenchmarkSearchDCScaling(b *testing.B) {
	const n = 300
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, n, 8, 21)
	c := randC(n, 22)
	for _, blocks := range [][][]int{
		{{0, 1, 2, 3}, {4, 5, 6, 7}},
		{{0, 1}, {2, 3}, {4, 5}, {6, 7}},
	} {
		fam := GaussianBlocks{Blocks: blocks, Lower: 0.1, Upper: 10}
		s, err := fam.Prepare(X)
		if err != nil {
			b.Fatal(err)
		}
		for _, heap := range []string{"fresh", "1.3GB"} {
			for _, procs := range []int{1, 2} {
				b.Run(fmt.Sprintf("B=%d/heap=%s/procs=%d", len(blocks), heap, procs), func(b *testing.B) {
					defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
					live := klearntest.LiveHeap(heap)
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						r, err := SearchDC(fam, s, 8, c, nil)
						if err != nil {
							b.Fatal(err)
						}
						b.ReportMetric(float64(r.Run.Iterations), "cuts")
					}
					b.StopTimer()
					runtime.KeepAlive(live)
				})
			}
		}
	}
}
