package klearntest

import (
	"fmt"
	"reflect"
)

// Maybe is the Case of a valid but extreme input: the call may fail with a
// klearn sentinel or succeed, but never panic or hang.
func Maybe(name string, call func() error) Case {
	return Case{Name: name, Call: call, MayPass: true}
}

// ReceiverCases returns a Case for every method of every receiver, called
// with zero arguments. Each receiver is a nil pointer or a pointer to a
// zero value. On a nil receiver a method that returns an error must return
// one wrapping a klearn sentinel; on a zero value it may succeed (an empty
// Page is usable). Methods without an error result must just not panic.
// skip leaves out the methods a nil receiver may panic on by design, as a
// write to a nil map does.
func ReceiverCases(receivers []any, skip func(method string, isNil bool) bool) []Case {
	errType := reflect.TypeOf((*error)(nil)).Elem()
	var cases []Case
	for _, r := range receivers {
		v := reflect.ValueOf(r)
		kind := "zero"
		if v.IsNil() {
			kind = "nil"
		}
		for i := 0; i < v.NumMethod(); i++ {
			m := v.Type().Method(i)
			if skip != nil && skip(m.Name, v.IsNil()) {
				continue
			}
			mt := m.Type
			args := []reflect.Value{v}
			for a := 1; a < mt.NumIn(); a++ {
				args = append(args, reflect.Zero(mt.In(a)))
			}
			returnsErr := mt.NumOut() > 0 && mt.Out(mt.NumOut()-1) == errType
			name := fmt.Sprintf("%s %T.%s", kind, r, m.Name)
			call := m.Func.Call
			if mt.IsVariadic() { // the last zero argument is the whole (nil) slice
				call = m.Func.CallSlice
			}
			callErr := func() error {
				out := call(args)
				err, _ := out[len(out)-1].Interface().(error)
				return err
			}
			switch {
			case returnsErr && kind == "nil":
				cases = append(cases, Bad(name, callErr, nil))
			case returnsErr:
				cases = append(cases, Maybe(name, callErr))
			default:
				cases = append(cases, Maybe(name, func() error { call(args); return nil }))
			}
		}
	}
	return cases
}
