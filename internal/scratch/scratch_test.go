package scratch

import "testing"

func TestPool(t *testing.T) {
	var p Pool
	a := p.Get(10)
	if len(a) != 10 {
		t.Fatalf("len %d, want 10", len(a))
	}
	for i := range a {
		a[i] = float64(i)
	}
	p.Put(a)
	// A smaller request may reuse the storage; its length is the one asked.
	if b := p.Get(4); len(b) != 4 {
		t.Fatalf("len %d, want 4", len(b))
	}
	// A larger request than anything pooled is freshly allocated.
	p.Put(make([]float64, 3))
	if c := p.Get(100); len(c) != 100 || cap(c) < 100 {
		t.Fatalf("len %d cap %d, want 100", len(c), cap(c))
	}
	p.Put(nil) // no-op
	if d := p.Get(0); len(d) != 0 {
		t.Fatalf("len %d, want 0", len(d))
	}
}
