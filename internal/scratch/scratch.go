// Package scratch recycles large float64 buffers between the fits and
// factorisations of one process. Storage that was used before is already
// mapped, while the first touch of fresh memory costs about 2 s per GiB on
// the machines measured (page faults and zeroing), a large share of a fit
// at n ≤ 4000 when a model-selection loop fits hundreds of models of one
// size. A buffer from Get has stale contents: callers overwrite every entry
// they read.
package scratch

import "sync"

// Pool is a pool of []float64 buffers. The zero value is ready to use.
// Users that must not take each other's buffers keep separate Pools.
type Pool struct{ p sync.Pool }

// Get returns a slice of length n, from the pool when it holds one with
// capacity n or more (stale contents), else freshly allocated.
func (b *Pool) Get(n int) []float64 {
	if p, ok := b.p.Get().(*[]float64); ok && cap(*p) >= n {
		return (*p)[:n]
	}
	return make([]float64, n)
}

// Put gives v's storage back to the pool; v must not be used afterwards.
func (b *Pool) Put(v []float64) {
	if cap(v) > 0 {
		b.p.Put(&v)
	}
}
