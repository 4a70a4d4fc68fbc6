package spec

import (
	"errors"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// generic is a generic function: its instances' names carry type
// arguments, which may name other packages.
func generic[T any](T) {}

func TestFuncPackage(t *testing.T) {
	type T struct{}
	closure := func() {}
	for _, c := range []struct {
		f    any
		want string
	}{
		{ModeConfig[int], "github.com/kernelab/kernelab/repro/jobs/spec"},
		{closure, "github.com/kernelab/kernelab/repro/jobs/spec"},
		{generic[*strings.Builder], "github.com/kernelab/kernelab/repro/jobs/spec"},
		{strings.Cut, "strings"},
		{(*strings.Builder).Len, "strings"},
		{nil, ""},
		{T{}, ""},
	} {
		if got := FuncPackage(c.f); got != c.want {
			t.Errorf("FuncPackage(%T) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestModeConfig checks that each of the three modes returns its own
// configuration and that any other name is an ErrParam naming the paper.
func TestModeConfig(t *testing.T) {
	q, f, p := func() string { return "q" }, func() string { return "f" }, func() string { return "p" }
	for mode, want := range map[string]string{"quick": "q", "full": "f", "paper": "p"} {
		got, err := ModeConfig("demo", mode, q, f, p)
		if err != nil || got != want {
			t.Errorf("mode %q: %q, %v; want %q", mode, got, err, want)
		}
	}
	for _, mode := range []string{"", "Full", "printed"} {
		got, err := ModeConfig("demo", mode, q, f, p)
		if !errors.Is(err, klearn.ErrParam) || got != "" || !strings.Contains(err.Error(), "demo") {
			t.Errorf("mode %q: %q, %v; want an ErrParam naming demo", mode, got, err)
		}
	}
}
