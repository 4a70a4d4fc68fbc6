package klearntest

import (
	"errors"
	"testing"
	"time"
)

// Case is one bad-input call of a battery: Call runs it and returns its
// error. Want is the sentinel the error must wrap; nil accepts any klearn
// sentinel.
type Case struct {
	Name string
	Call func() error
	Want error
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
// and fails a case that panics, hangs, returns no error, or returns an error
// that does not wrap its Want sentinel (any klearn sentinel when Want is nil).
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
				case o.err == nil:
					t.Errorf("no error")
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
