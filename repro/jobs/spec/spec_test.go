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

// TestMakerJob checks that a made job carries the configuration and the
// extra parameters beside it, with the spec a hand-built job has, and
// leaves extra as it was.
func TestMakerJob(t *testing.T) {
	type cfg struct{ N int }
	m := Maker{Paper: "p", Config: cfg{3}}
	extra := map[string]any{"rho": 2}
	got := m.Job("Table 1", "gHKL", "sonar", 4, extra)
	want := Job{Paper: "p", Table: "Table 1", Method: "gHKL", Data: "sonar", Split: 4, Params: map[string]any{"config": cfg{3}, "rho": 2}}
	gs, err := got.Spec()
	if err != nil {
		t.Fatal(err)
	}
	ws, err := want.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if string(gs) != string(ws) {
		t.Errorf("spec %s, want %s", gs, ws)
	}
	if len(extra) != 1 {
		t.Errorf("extra mutated: %v", extra)
	}
	if ps := m.Job("Checks", "checks", "synthetic", 0, nil).Params; len(ps) != 1 || ps["config"] != (cfg{3}) {
		t.Errorf("no extra: params %v, want the configuration alone", ps)
	}
}
