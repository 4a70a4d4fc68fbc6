package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// withProcs runs f under GOMAXPROCS = p and restores the old value.
func withProcs(t *testing.T, p int, f func()) {
	t.Helper()
	old := runtime.GOMAXPROCS(p)
	defer runtime.GOMAXPROCS(old)
	f()
}

func TestForEachIndexOnce(t *testing.T) {
	for _, p := range []int{1, 2, 5} {
		for _, n := range []int{0, 1, 2, 7, 100} {
			withProcs(t, p, func() {
				hits := make([]atomic.Int32, n)
				For(n, func(i int) { hits[i].Add(1) })
				for i := range hits {
					if h := hits[i].Load(); h != 1 {
						t.Fatalf("GOMAXPROCS=%d n=%d: index %d ran %d times", p, n, i, h)
					}
				}
			})
		}
	}
}

func TestForWorkersScratch(t *testing.T) {
	// Each worker owns scratch[worker]; a concurrent use of one worker id
	// would show as a count > 1 while inside f.
	for _, workers := range []int{-1, 0, 1, 3, 8} {
		const n = 200
		want := min(max(workers, 1), n)
		if workers <= 0 {
			want = min(runtime.GOMAXPROCS(0), n)
		}
		busy := make([]atomic.Int32, want)
		var sum atomic.Int64
		ForWorkers(workers, n, func(w, i int) {
			if w < 0 || w >= want {
				t.Errorf("workers=%d: worker id %d outside [0, %d)", workers, w, want)
				return
			}
			if busy[w].Add(1) != 1 {
				t.Errorf("workers=%d: worker id %d used concurrently", workers, w)
			}
			sum.Add(int64(i))
			busy[w].Add(-1)
		})
		// Σ_{i<n} i = n(n−1)/2.
		if got := sum.Load(); got != n*(n-1)/2 {
			t.Fatalf("workers=%d: index sum %d, want %d", workers, got, n*(n-1)/2)
		}
	}
}

func TestBlocks(t *testing.T) {
	for _, c := range []struct{ n, size int }{{0, 4}, {1, 4}, {10, 3}, {12, 4}, {5, 0}} {
		withProcs(t, 3, func() {
			hits := make([]atomic.Int32, c.n)
			var calls atomic.Int32
			Blocks(c.n, c.size, func(lo, hi int) {
				calls.Add(1)
				if hi-lo > max(c.size, 1) || lo%max(c.size, 1) != 0 {
					t.Errorf("n=%d size=%d: block [%d,%d)", c.n, c.size, lo, hi)
				}
				for i := lo; i < hi; i++ {
					hits[i].Add(1)
				}
			})
			for i := range hits {
				if hits[i].Load() != 1 {
					t.Fatalf("n=%d size=%d: row %d covered %d times", c.n, c.size, i, hits[i].Load())
				}
			}
			// ⌈n/size⌉ blocks.
			if want := (c.n + max(c.size, 1) - 1) / max(c.size, 1); int(calls.Load()) != want {
				t.Fatalf("n=%d size=%d: %d blocks, want %d", c.n, c.size, calls.Load(), want)
			}
		})
	}
}

func TestUpperRowBlocks(t *testing.T) {
	for _, c := range []struct{ n, blocks int }{{0, 4}, {1, 8}, {5, 1}, {64, 8}, {1000, 8}, {3, 16}} {
		var got [][2]int
		hits := make([]int, c.n)
		withProcs(t, 1, func() { // one goroutine: blocks arrive in order
			UpperRowBlocks(c.n, c.blocks, func(lo, hi int) {
				got = append(got, [2]int{lo, hi})
				for i := lo; i < hi; i++ {
					hits[i]++
				}
			})
		})
		for i, h := range hits {
			if h != 1 {
				t.Fatalf("n=%d blocks=%d: row %d covered %d times", c.n, c.blocks, i, h)
			}
		}
		if len(got) > max(c.blocks, 1) {
			t.Fatalf("n=%d blocks=%d: %d blocks", c.n, c.blocks, len(got))
		}
		if c.n == 1000 && c.blocks == 8 {
			// Equal cost: each block holds ≈ total/8 = 1000·1001/16 ≈ 62562
			// entries of the upper triangle (closed form Σ_{i∈[lo,hi)} (n−i));
			// integer cuts shift a block by at most one row (≤ 1000 entries).
			for _, b := range got {
				cost := 0
				for i := b[0]; i < b[1]; i++ {
					cost += c.n - i
				}
				if cost < 62562-1000 || cost > 62562+1000 {
					t.Fatalf("block %v costs %d, want 62562 ± 1000", b, cost)
				}
			}
		}
	}
}
