package viz

import (
	"reflect"

	"github.com/kernelab/kernelab/klearn"
)

// errNil is the error every method of a nil chart, table or page returns
// instead of panicking: rendering nothing is an empty figure.
func errNil(kind string) error {
	return klearn.Errorf(klearn.ErrEmpty, "viz: nil *%s", kind)
}

// nilChart reports whether c is nil or a nil pointer (every chart of this
// package is a pointer type).
func nilChart(c Chart) bool {
	if c == nil {
		return true
	}
	v := reflect.ValueOf(c)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
