// Package parallel runs loops over a fixed set of tasks on several
// goroutines, deterministically: the tasks (indices, or blocks of indices)
// are fixed by the caller's arguments and never by the number of goroutines,
// every task runs exactly once, and tasks are handed out in increasing order
// through an atomic counter. A loop body that writes only the outputs of its
// own task therefore gives bit-identical results for any GOMAXPROCS; per-task
// partial results reduced afterwards in task order are deterministic as well.
//
// It is the one worker pool of the module: the blocked products of
// klearn/kernel, the Cholesky factorisation of internal/linalg and the grid
// search of klearn/modelsel run on it.
package parallel

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers returns the default number of goroutines, GOMAXPROCS.
func Workers() int { return runtime.GOMAXPROCS(0) }

// For runs f(0) … f(n−1) on up to GOMAXPROCS goroutines.
func For(n int, f func(i int)) {
	ForWorkers(0, n, func(_, i int) { f(i) })
}

// ForWorkers runs f(worker, 0) … f(worker, n−1) on up to workers goroutines
// (workers ≤ 0 means GOMAXPROCS), on the calling goroutine when at most one
// is needed. worker ∈ [0, min(workers, n)) names the goroutine running the
// call, so f may use per-worker scratch space; no two calls with the same
// worker run at once. Which worker runs an index must not change what f
// computes.
func ForWorkers(workers, n int, f func(worker, i int)) {
	if workers <= 0 {
		workers = Workers()
	}
	workers = min(workers, n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			f(0, i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(w, i)
			}
		}()
	}
	wg.Wait()
}

// Blocks cuts [0, n) into the blocks [0, size), [size, 2·size), … (the last
// one possibly shorter) and runs f(lo, hi) on each on up to GOMAXPROCS
// goroutines. size < 1 is taken as 1.
func Blocks(n, size int, f func(lo, hi int)) {
	size = max(size, 1)
	For((n+size-1)/size, func(b int) {
		f(b*size, min((b+1)*size, n))
	})
}

// UpperRowBlocks cuts the rows [0, n) of an upper-triangular sweep, where row
// i costs n−i, into at most blocks contiguous blocks of about equal cost and
// runs f(lo, hi) on each on up to GOMAXPROCS goroutines (on the calling
// goroutine when blocks ≤ 1). The cuts depend only on n and blocks.
func UpperRowBlocks(n, blocks int, f func(lo, hi int)) {
	if blocks <= 1 || n <= 1 {
		if n > 0 {
			f(0, n)
		}
		return
	}
	cuts := make([]int, 1, blocks+1)
	total := float64(n) * float64(n+1) / 2
	h := float64(n) + 0.5
	for b := 1; b < blocks; b++ {
		// Rows 0 … c−1 cost c·n − c(c−1)/2; solve it = b/blocks·total for c.
		target := total * float64(b) / float64(blocks)
		c := int(h - math.Sqrt(h*h-2*target))
		if c > cuts[len(cuts)-1] && c < n {
			cuts = append(cuts, c)
		}
	}
	cuts = append(cuts, n)
	For(len(cuts)-1, func(b int) { f(cuts[b], cuts[b+1]) })
}
