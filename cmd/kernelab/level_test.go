package main

import (
	"strings"
	"testing"
)

// TestLevelNote: run warns when the binary's GOAMD64 level differs from
// the one make builds at: v3 on a CPU whose flags hold every v3 feature
// (as the Makefile's grep decides), v1 otherwise, the caller's GOAMD64
// first (set but empty: Go's default, as make leaves it); no warning when
// they agree.
func TestLevelNote(t *testing.T) {
	v3 := []byte("processor\t: 0\nflags\t\t: fpu sse2 avx avx2 bmi1 bmi2 f16c fma abm movbe xsave aes\n\nprocessor\t: 1\nflags\t\t: fpu\n")
	noMovbe := []byte("flags\t\t: fpu sse2 avx avx2 bmi1 bmi2 f16c fma abm xsave\n")
	for _, c := range []struct {
		name, built, env string
		set              bool
		cpuinfo          []byte
		warn             bool
		want             string
	}{
		{"plain go build on a v3 CPU", "", "", false, v3, true, "v3"},
		{"v1 build on a v3 CPU", "v1", "", false, v3, true, "v3"},
		{"v3 build on a v3 CPU", "v3", "", false, v3, false, "v3"},
		{"plain build, a flag missing", "", "", false, noMovbe, false, "v1"},
		{"v3 build, a flag missing", "v3", "", false, noMovbe, true, "v1"},
		{"caller's GOAMD64 wins", "v1", "v1", true, v3, false, "v1"},
		{"caller's v2", "v3", "v2", true, v3, true, "v2"},
		{"caller's GOAMD64 set but empty: Go's default", "v3", "", true, v3, true, "v1"},
		{"no cpuinfo", "", "", false, nil, false, "v1"},
	} {
		if got := makeLevel(c.env, c.set, c.cpuinfo); got != c.want {
			t.Errorf("%s: make builds at %q, want %q", c.name, got, c.want)
		}
		note := levelNote(c.built, c.env, c.set, c.cpuinfo)
		if (note != "") != c.warn {
			t.Errorf("%s: note %q, want a warning: %v", c.name, note, c.warn)
		}
		if c.warn && !strings.Contains(note, "make builds at "+c.want) {
			t.Errorf("%s: note %q does not name %s", c.name, note, c.want)
		}
	}
}
