package memo

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

func size4(string) int64 { return 4 }

// TestGetOnce: concurrent Gets of one key run compute once and all return
// its value.
func TestGetOnce(t *testing.T) {
	c := New(100, size4)
	var calls atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := c.Get("k", func() (string, error) {
				calls.Add(1)
				<-release
				return "v", nil
			})
			if err != nil {
				t.Error(err)
			}
			got[i] = v
		}()
	}
	close(release)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("compute ran %d times, want 1", n)
	}
	for i, v := range got {
		if v != "v" {
			t.Errorf("caller %d got %q", i, v)
		}
	}
}

// TestEvictLRU: past the byte bound the least recently used value goes
// first, and a value larger than the bound is returned but not kept.
func TestEvictLRU(t *testing.T) {
	c := New(10, size4)
	calls := map[string]int{}
	get := func(k string) {
		t.Helper()
		v, err := c.Get(k, func() (string, error) { calls[k]++; return k + "!", nil })
		if err != nil || v != k+"!" {
			t.Fatalf("Get(%q) = %q, %v", k, v, err)
		}
	}
	get("a")
	get("b")
	get("a") // a is now the most recently used
	get("c") // 12 bytes > 10: b goes
	get("a")
	get("b")
	if calls["a"] != 1 || calls["b"] != 2 || calls["c"] != 1 {
		t.Errorf("computes %v, want a 1, b 2 (evicted), c 1", calls)
	}
	if c.used > c.max {
		t.Errorf("%d bytes kept, bound %d", c.used, c.max)
	}
	big := New(3, size4)
	n := 0
	for i := 0; i < 2; i++ {
		if _, err := big.Get("x", func() (string, error) { n++; return "x", nil }); err != nil {
			t.Fatal(err)
		}
	}
	if n != 2 || big.used != 0 {
		t.Errorf("a value over the bound: %d computes, %d bytes kept; want 2 and 0", n, big.used)
	}
}

// TestErrorNotKept: a failed compute returns its error and the next Get
// computes again.
func TestErrorNotKept(t *testing.T) {
	c := New(100, size4)
	boom := errors.New("boom")
	if _, err := c.Get("k", func() (string, error) { return "", boom }); !errors.Is(err, boom) {
		t.Fatalf("got %v, want boom", err)
	}
	v, err := c.Get("k", func() (string, error) { return "ok", nil })
	if err != nil || v != "ok" {
		t.Errorf("after an error: %q, %v; want a new compute", v, err)
	}
}
