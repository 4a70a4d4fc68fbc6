package protocol

import (
	"errors"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestGHKLNestedAUCBadOptions: a negative widening budget, a C that is not
// finite and positive, a negative MaxOuter and an unknown data set are
// refused before any fit.
func TestGHKLNestedAUCBadOptions(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		data string
		o    GHKLOptions
		want error
	}{
		"Widen -1":     {"haberman", GHKLOptions{Widen: -1}, klearn.ErrParam},
		"C -1":         {"haberman", GHKLOptions{Cs: []float64{1, -1}}, klearn.ErrParam},
		"MaxOuter -1":  {"haberman", GHKLOptions{MaxOuter: -1}, klearn.ErrParam},
		"unknown data": {"no-such-set", GHKLOptions{}, klearn.ErrUnknown},
	} {
		if _, err := GHKLNestedAUC(tc.data, 2, tc.o); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
}
