package viz

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestProgressPlain(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := NewProgressTo(&buf, "folds", 100)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				p.Add(1)
			}
		}()
	}
	wg.Wait()
	p.Done()
	p.Done()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	// 0%, 10%, …, 100% from Add (11 lines) and the final "done" line.
	if len(lines) != 12 {
		t.Fatalf("%d lines, want 12:\n%s", len(lines), buf.String())
	}
	for k := 0; k <= 10; k++ {
		if want := fmt.Sprintf("folds: %3d%% (%d/100)", 10*k, 10*k); lines[k] != want {
			t.Errorf("line %d = %q, want %q", k, lines[k], want)
		}
	}
	if !strings.HasPrefix(lines[11], "folds: 100% (100/100) done in ") {
		t.Errorf("last line %q", lines[11])
	}
}

func TestProgressNotebook(t *testing.T) {
	var updates []string
	var finals []string
	restore := stubDisplay(t)
	defer restore()
	updateHTML = func(id, html string) {
		if !strings.HasPrefix(id, "kl-progress-") {
			t.Errorf("id %q", id)
		}
		updates = append(updates, html)
	}
	displayHTML = func(h string) { finals = append(finals, h) }
	p := newProgress("reps", 200, nil, true)
	for i := 0; i < 200; i++ {
		p.Add(1)
	}
	p.Done()
	// 0..100% in 1% steps (101 updates) and the erase at Done.
	if len(updates) != 102 || updates[101] != "" {
		t.Fatalf("%d updates, last %q", len(updates), updates[len(updates)-1])
	}
	if !strings.Contains(updates[50], "width:50%") {
		t.Errorf("update 50: %s", updates[50])
	}
	if len(finals) != 1 || !strings.Contains(finals[0], "reps: 200 steps in ") || strings.Contains(finals[0], "width:") {
		t.Errorf("final display %q, want one line of text and no bar", finals)
	}
}
