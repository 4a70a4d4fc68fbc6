package klearntest

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Case is one bad-input call of a battery: Call runs it and returns its
// error. Want is the sentinel the error must wrap; nil accepts any klearn
// sentinel.
type Case struct {
	Name string
	Call func() error
	Want error
	// MayPass accepts a nil error: the input is extreme but valid, and Call
	// checks the answer itself (see Finite).
	MayPass bool
}

// errAnswer marks an answer a Finite case found wrong: a NaN or ±Inf
// returned without an error.
type errAnswer struct{ msg string }

func (e errAnswer) Error() string { return e.msg }

// Finite returns the Case of a call on extreme input that may succeed or fail
// with a klearn sentinel, but whose answer, when it succeeds, must be finite:
// a NaN or ±Inf returned without an error fails the case.
func Finite(name string, call func() ([]float64, error)) Case {
	return Case{Name: name, MayPass: true, Call: func() error {
		v, err := call()
		if err != nil {
			return err
		}
		for i, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return errAnswer{fmt.Sprintf("answer[%d] = %v returned without an error", i, x)}
			}
		}
		return nil
	}}
}

// Wrong returns the error a Case's Call returns for an answer it found
// wrong (a NaN or ±Inf returned without an error, a value off its closed
// form): Battery fails the case with the message.
func Wrong(format string, args ...any) error {
	return errAnswer{fmt.Sprintf(format, args...)}
}

// Values flattens matrices, slices and numbers into one slice for Finite:
// Values(K, v, x) lists the entries of K row by row, then v, then x.
func Values(parts ...any) []float64 {
	var out []float64
	for _, p := range parts {
		switch p := p.(type) {
		case float64:
			out = append(out, p)
		case []float64:
			out = append(out, p...)
		case mat.Matrix:
			if klearn.IsNilMatrix(p) {
				continue
			}
			r, c := p.Dims()
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					out = append(out, p.At(i, j))
				}
			}
		default:
			panic(fmt.Sprintf("klearntest.Values: unsupported %T", p))
		}
	}
	return out
}

// Bad returns the Case that expects call to fail with an error wrapping want
// (any klearn sentinel when want is nil).
func Bad(name string, call func() error, want error) Case {
	return Case{Name: name, Call: call, Want: want}
}

// BatteryTimeout bounds each call of a battery: a call still running after it
// is reported as a hang.
var BatteryTimeout = 20 * time.Second

// Battery runs every case as a subtest, each under recover and BatteryTimeout,
// and fails a case that panics, hangs, returns no error (unless MayPass), or
// returns an error that does not wrap its Want sentinel (any klearn sentinel
// when Want is nil).
// It is the shared harness of the bad-input batteries of every package.
func Battery(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			type outcome struct {
				err      error
				panicked any
			}
			done := make(chan outcome, 1)
			go func() {
				var o outcome
				o.panicked = Safe(func() { o.err = c.Call() })
				done <- o
			}()
			select {
			case o := <-done:
				switch {
				case o.panicked != nil:
					t.Errorf("panicked (%v), want an error", o.panicked)
				case o.err == nil && c.MayPass:
				case o.err == nil:
					t.Errorf("no error")
				case errors.As(o.err, new(errAnswer)):
					t.Errorf("%v", o.err)
				case c.Want != nil && !errors.Is(o.err, c.Want):
					t.Errorf("error %q, want one wrapping %v", o.err, c.Want)
				case c.Want == nil && !IsSentinel(o.err):
					t.Errorf("error %q wraps no klearn sentinel", o.err)
				}
			case <-time.After(BatteryTimeout):
				t.Errorf("still running after %v: a hang", BatteryTimeout)
			}
		})
	}
}
