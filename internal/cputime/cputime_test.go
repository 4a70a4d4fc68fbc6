package cputime

import (
	"testing"
	"time"
)

// TestProcessCountsWork: work done on another goroutine (another thread)
// makes Process advance by 20 ms, however loaded the machine (the loop
// runs until it does, within a minute of wall time); a 50 ms sleep adds
// less than that; the reading never decreases.
func TestProcessCountsWork(t *testing.T) {
	if !Measured {
		if Process() != 0 {
			t.Fatal("Process is not 0 where the CPU time is not measured")
		}
		t.Skip("CPU time not measured on this system")
	}
	c0 := Process()
	time.Sleep(50 * time.Millisecond)
	c1 := Process()
	if c1 < c0 {
		t.Fatalf("CPU time decreased over a sleep: %v then %v", c0, c1)
	}
	if c1-c0 >= 20*time.Millisecond {
		t.Errorf("a 50 ms sleep counted %v of CPU time, want < 20 ms", c1-c0)
	}
	done := make(chan time.Duration)
	go func() {
		x, prev := 1.0, c1
		for end := time.Now().Add(time.Minute); time.Now().Before(end); {
			for i := 0; i < 10000; i++ {
				x = x*1.0000001 + 1e-9
			}
			c := Process()
			if c < prev {
				t.Errorf("CPU time decreased: %v then %v", prev, c)
			}
			if prev = c; c-c1 >= 20*time.Millisecond || x == 0 {
				break
			}
		}
		done <- prev
	}()
	if c2 := <-done; c2-c1 < 20*time.Millisecond {
		t.Errorf("a minute of spinning on another goroutine counted only %v of CPU time", c2-c1)
	}
}
