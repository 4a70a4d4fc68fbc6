package opt

import (
	"sync/atomic"
)

// team runs a sequence of short parallel phases on a fixed set of
// goroutines: the caller is worker 0 and workers 1 … size−1 are goroutines
// that live for the whole solve, so a phase costs two cache-line hand-offs
// instead of starting goroutines (a pair step of the QP solvers takes a few
// microseconds, too short for parallel.For). Waiting spins for a bounded
// time and then blocks on a channel, so a worker that the operating system
// has descheduled (a busy machine) costs a sleep, not a spinning core.
//
// What a phase computes must not depend on which worker runs which part:
// the callers split their loops into blocks fixed by the problem size and
// reduce per-block partials in block order, so the results are identical
// for any number of workers.
type team struct {
	size int
	job  func(w int) // the current phase; nil tells the workers to exit
	gen  atomic.Uint64
	done atomic.Int64
	// sleeping[w] is set by goroutine w (0: the caller) to the phase it
	// waits for before it blocks on wake[w]; whoever ends the wait for that
	// phase and wins the CompareAndSwap back to 0 sends the wake-up. (The
	// phase number keeps a late signal for an earlier phase from waking the
	// caller before the workers of the current phase are done.)
	sleeping []atomic.Uint64
	wake     []chan struct{}
	// phases counts the phases run, slept those in which the caller had to
	// block for the workers.
	phases, slept int
}

// spinLimit is how many times a waiting goroutine polls before it blocks
// (tens of microseconds, several pair steps).
const spinLimit = 1 << 12

// newTeam starts size−1 worker goroutines (none for size ≤ 1). Call stop
// when done.
func newTeam(size int) *team {
	t := &team{size: max(size, 1)}
	if t.size == 1 {
		return t
	}
	t.sleeping = make([]atomic.Uint64, t.size)
	t.wake = make([]chan struct{}, t.size)
	for w := range t.wake {
		t.wake[w] = make(chan struct{}, 1)
	}
	for w := 1; w < t.size; w++ {
		go t.worker(w)
	}
	return t
}

// run runs job(0) … job(size−1) concurrently, job(0) on the caller, and
// returns when all have returned. Writes made by the caller before run are
// visible to every job, and writes made by the jobs are visible after it.
func (t *team) run(job func(w int)) {
	if t.size == 1 {
		job(0)
		return
	}
	t.job = job
	t.done.Store(0)
	g := t.release()
	job(0)
	all := int64(t.size - 1)
	t.phases++
	if t.wait(0, g, func() bool { return t.done.Load() == all }) {
		t.slept++
	}
}

// slow reports whether the caller has had to block for its workers in more
// than one phase in 16 (after at least 64 phases): the workers are not
// getting a core of their own (a loaded machine, more goroutines than
// cores), and each such wake-up costs more than the phase itself.
func (t *team) slow() bool {
	return t.phases >= 64 && 16*t.slept > t.phases
}

// stop ends the worker goroutines.
func (t *team) stop() {
	if t.size == 1 {
		return
	}
	t.job = nil
	t.release()
}

// release starts a new phase, wakes the workers that sleep and returns the
// phase's number.
func (t *team) release() uint64 {
	g := t.gen.Add(1)
	for w := 1; w < t.size; w++ {
		t.signal(w, g)
	}
	return g
}

// signal wakes goroutine w if it sleeps waiting for the end of phase g.
func (t *team) signal(w int, g uint64) {
	if t.sleeping[w].CompareAndSwap(g, 0) {
		t.wake[w] <- struct{}{}
	}
}

// wait returns once ready() holds, which happens in phase g: it polls
// spinLimit times, then sleeps until signalled, and reports whether it
// slept. The goroutine that makes ready() true calls signal(w, g)
// afterwards, so either the check after setting sleeping[w] sees it, or the
// signaller sees sleeping[w] = g and sends (both are sequentially
// consistent atomics).
func (t *team) wait(w int, g uint64, ready func() bool) bool {
	for i := 0; i < spinLimit; i++ {
		if ready() {
			return false
		}
	}
	t.sleeping[w].Store(g)
	if ready() && t.sleeping[w].CompareAndSwap(g, 0) {
		return false
	}
	<-t.wake[w]
	return true
}

func (t *team) worker(w int) {
	for g := uint64(1); ; g++ {
		t.wait(w, g, func() bool { return t.gen.Load() == g })
		job := t.job
		if job == nil {
			return
		}
		job(w)
		if t.done.Add(1) == int64(t.size-1) {
			t.signal(0, g)
		}
	}
}
