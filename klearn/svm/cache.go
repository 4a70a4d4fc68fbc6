package svm

// lruCache is LIBSVM's kernel-row cache (class Cache of svm.cpp, Chang & Lin
// 2011, §5.1 — "caching"), indexed by the solver's current positions: row i
// holds Q_{i,0:len} for a prefix length len that grows on demand. Rows are
// evicted least-recently-used first when the budget (in float64 values) is
// exhausted, and swapIndex keeps the rows consistent when the shrinking
// solver swaps two positions.
//
// Evicted row buffers are recycled, so a row slice handed to the solver is
// valid only until the next call to get: the solver fetches Q_i and Q_j in
// turn, and the budget always holds at least two rows, so the most recently
// used row is never the one evicted.
type lruCache struct {
	rows       [][]float64 // rows[i][:len] cached prefix of Q row i, nil if absent
	prev, next []int       // circular doubly linked LRU list; sentinel index l
	size       int         // remaining budget in float64 values
	l          int
	free       [][]float64 // recycled row buffers (capacity l)
	chunk      []float64   // unused tail of the last allocated chunk
	chunks     [][]float64 // every chunk, recycled by release
	pending    [][2]int    // position exchanges not yet applied to the rows (i < j)
}

func newLRUCache(l int, budget int) *lruCache {
	if budget < 2*l {
		budget = 2 * l // LIBSVM keeps at least two full columns
	}
	c := &lruCache{
		rows: make([][]float64, l),
		prev: make([]int, l+1),
		next: make([]int, l+1),
		size: budget,
		l:    l,
	}
	c.prev[l], c.next[l] = l, l
	return c
}

func (c *lruCache) unlink(h int) {
	c.next[c.prev[h]] = c.next[h]
	c.prev[c.next[h]] = c.prev[h]
}

// linkTail inserts h as the most recently used entry.
func (c *lruCache) linkTail(h int) {
	c.next[h] = c.l
	c.prev[h] = c.prev[c.l]
	c.next[c.prev[h]] = h
	c.prev[c.l] = h
}

// get returns the cached row i with length ≥ n and the length start that
// was already filled; entries [start, n) must be computed by the caller.
// Every row buffer has capacity l, so a row grows without copying; the
// budget is charged l values per cached row.
func (c *lruCache) get(i, n int) (row []float64, start int) {
	c.flush()
	r := c.rows[i]
	have := len(r)
	if have > 0 {
		c.unlink(i)
	}
	if n > have {
		if r == nil {
			r = c.alloc()
		}
		r = r[:n]
		c.rows[i] = r
	}
	c.linkTail(i)
	return r, have
}

// alloc returns an empty buffer of capacity l, evicting least-recently-used
// rows when the budget is exhausted and carving new buffers from chunks.
func (c *lruCache) alloc() []float64 {
	for c.size < c.l {
		old := c.next[c.l]
		if old == c.l {
			break
		}
		c.drop(old)
	}
	c.size -= c.l
	if k := len(c.free); k > 0 {
		b := c.free[k-1]
		c.free = c.free[:k-1]
		return b[:0]
	}
	if len(c.chunk) < c.l {
		rows := min(64, max(1, (c.size+c.l)/c.l))
		c.chunk = rowPool.Get(rows * c.l)
		c.chunks = append(c.chunks, c.chunk)
	}
	b := c.chunk[:0:c.l]
	c.chunk = c.chunk[c.l:]
	return b
}

// drop evicts row h and recycles its buffer.
func (c *lruCache) drop(h int) {
	c.unlink(h)
	c.size += c.l
	c.free = append(c.free, c.rows[h][:0])
	c.rows[h] = nil
}

// swapIndex exchanges positions i and j (Cache::swap_index of LIBSVM).
// The row buffers change owners at once; the exchange of entries i and j
// inside every cached row is deferred to flush, which applies all pending
// exchanges row by row (one pass over each row, which stays in the CPU
// cache, instead of one pass over all rows per exchange).
func (c *lruCache) swapIndex(i, j int) {
	if i == j {
		return
	}
	if len(c.rows[i]) > 0 {
		c.unlink(i)
	}
	if len(c.rows[j]) > 0 {
		c.unlink(j)
	}
	c.rows[i], c.rows[j] = c.rows[j], c.rows[i]
	if len(c.rows[i]) > 0 {
		c.linkTail(i)
	}
	if len(c.rows[j]) > 0 {
		c.linkTail(j)
	}
	c.pending = append(c.pending, [2]int{min(i, j), max(i, j)})
}

// flush applies the pending exchanges to the cached rows, in order. A row
// that covers position i but not j at an exchange (i, j) is dropped, as
// LIBSVM does; the result equals applying each exchange to all rows at once.
func (c *lruCache) flush() {
	if len(c.pending) == 0 {
		return
	}
	for h := c.next[c.l]; h != c.l; {
		nxt := c.next[h]
		r := c.rows[h]
		n := len(r)
		for _, p := range c.pending {
			i, j := p[0], p[1]
			if n > i {
				if n <= j {
					c.drop(h)
					break
				}
				r[i], r[j] = r[j], r[i]
			}
		}
		h = nxt
	}
	c.pending = c.pending[:0]
}

// release hands the row storage back to the buffer pool; the cache must not
// be used afterwards.
func (c *lruCache) release() {
	for _, b := range c.chunks {
		rowPool.Put(b)
	}
	*c = lruCache{}
}
