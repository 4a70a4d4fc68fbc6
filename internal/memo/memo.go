// Package memo keeps values that several computations in one process need
// alike, such as the kernel libraries that two methods of one experiment
// build on the same split, so that the second reuses the first's result (or
// waits for it while it is being computed) instead of building it again.
//
// A Cache holds at most a stated number of bytes of finished values and
// drops the least recently used first. Errors are never kept: the next Get
// of that key computes again. A value served from the cache is shared by
// every caller, so callers must not modify it. Whether a Get hits or not,
// it returns the value compute returns, so a deterministic compute gives
// results that do not depend on the cache, its size or the order of the
// callers.
package memo

import (
	"container/list"
	"sync"
)

// Cache is a concurrency-safe, size-bounded memo of values of type V.
type Cache[V any] struct {
	max  int64
	size func(V) int64

	mu      sync.Mutex
	used    int64
	entries map[string]*entry[V]
	lru     *list.List // finished entries, most recently used at the front
}

type entry[V any] struct {
	done  chan struct{} // closed when val and err are set
	val   V
	err   error
	bytes int64
	elem  *list.Element // nil until finished and kept
}

// New returns a Cache of at most maxBytes bytes of finished values, as
// size measures them. A value larger than maxBytes is returned but not
// kept.
func New[V any](maxBytes int64, size func(V) int64) *Cache[V] {
	return &Cache[V]{max: maxBytes, size: size, entries: map[string]*entry[V]{}, lru: list.New()}
}

// Max is the cache's bound in bytes.
func (c *Cache[V]) Max() int64 { return c.max }

// Get returns the value kept under key, waiting for it if another Get is
// computing it (and sharing that computation's error, if it fails), and
// otherwise computes it with compute and keeps it.
func (c *Cache[V]) Get(key string, compute func() (V, error)) (V, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		if e.elem != nil {
			c.lru.MoveToFront(e.elem)
		}
		c.mu.Unlock()
		<-e.done
		return e.val, e.err
	}
	e := &entry[V]{done: make(chan struct{})}
	c.entries[key] = e
	c.mu.Unlock()

	e.val, e.err = compute()
	c.mu.Lock()
	defer c.mu.Unlock()
	defer close(e.done)
	if e.err != nil {
		delete(c.entries, key)
		return e.val, e.err
	}
	e.bytes = c.size(e.val)
	if e.bytes > c.max {
		delete(c.entries, key)
		return e.val, nil
	}
	e.elem = c.lru.PushFront(key)
	c.used += e.bytes
	for c.used > c.max {
		last := c.lru.Back()
		k := last.Value.(string)
		old := c.entries[k]
		c.lru.Remove(last)
		delete(c.entries, k)
		c.used -= old.bytes
	}
	return e.val, nil
}
