package klearntest

import (
	"fmt"
	"math"
	"reflect"

	"gonum.org/v1/gonum/mat"
)

// poison is one kind of bad argument the sweep passes to every parameter
// of a function at once.
type poison int

const (
	zeroArgs   poison = iota // zero values: nil matrices, slices, interfaces, 0
	nanArgs                  // a NaN in every matrix, slice and float; ints −1
	infArgs                  // +Inf likewise; ints 0
	hugeArgs                 // entries and floats ±1e300; ints 2
	shapeArgs                // finite, but matrices of 3 rows and slices of 2 entries; ints 5
	nanMatrix                // a NaN in every matrix; labels ±1 of 3 entries, floats 1, ints 2
	hugeMatrix               // matrices with entries ±1e300; labels, floats and ints as nanMatrix
	validArgs                // finite and consistent: 3×2 matrices, 3×3 PSD Grams, labels
	nPoisons
)

func (p poison) String() string {
	return [...]string{"zero", "NaN", "Inf", "1e300", "shapes", "NaN matrix", "1e300 matrix", "valid"}[p]
}

var (
	typFloat   = reflect.TypeOf(0.0)
	typInt     = reflect.TypeOf(0)
	typFloats  = reflect.TypeOf([]float64(nil))
	typFloats2 = reflect.TypeOf([][]float64(nil))
	typInts    = reflect.TypeOf([]int(nil))
	typDense   = reflect.TypeOf((*mat.Dense)(nil))
	typSym     = reflect.TypeOf((*mat.SymDense)(nil))
	typDenses  = reflect.TypeOf([]*mat.Dense(nil))
	typSyms    = reflect.TypeOf([]*mat.SymDense(nil))
	typMatrix  = reflect.TypeOf((*mat.Matrix)(nil)).Elem()
	typSymm    = reflect.TypeOf((*mat.Symmetric)(nil)).Elem()
	typMats    = reflect.TypeOf([]mat.Matrix(nil))
	typErr     = reflect.TypeOf((*error)(nil)).Elem()
)

// poisoned returns the argument of type t for p (the zero value for types
// the sweep does not fill).
func poisoned(t reflect.Type, p poison) reflect.Value {
	if p == zeroArgs {
		return reflect.Zero(t)
	}
	// The value that poisons a matrix (0 for none) and the entries' scale.
	bad, scale := 0.0, 1.0
	switch p {
	case nanArgs, nanMatrix:
		bad = math.NaN()
	case infArgs:
		bad = math.Inf(1)
	case hugeArgs, hugeMatrix:
		scale = 1e300 / 4
	}
	matrixOnly := p >= nanMatrix
	// dense is 3×2 with distinct rows; sym its linear Gram (PSD).
	dense := func() *mat.Dense {
		X := mat.NewDense(3, 2, []float64{1, 2, -1, 0.5, 3, -2})
		X.Scale(scale, X)
		if bad != 0 {
			X.Set(1, 0, bad)
		}
		return X
	}
	sym := func() *mat.SymDense {
		X := mat.NewDense(3, 2, []float64{1, 2, -1, 0.5, 3, -2})
		K := mat.NewSymDense(3, nil)
		K.SymOuterK(1, X)
		if scale != 1 {
			K = mat.NewSymDense(3, []float64{4, -1, 2, -1, 4, 1, 2, 1, 4})
			K.ScaleSym(scale, K)
		}
		if bad != 0 {
			K.SetSym(0, 1, bad)
		}
		return K
	}
	vec := func() []float64 {
		switch {
		case p == shapeArgs:
			return []float64{-1, 1}
		case matrixOnly:
			return []float64{-1, 1, 1}
		case scale != 1:
			return []float64{scale, -scale, 4 * scale}
		}
		return []float64{bad, 1, -1}
	}
	f := map[poison]float64{nanArgs: math.NaN(), infArgs: math.Inf(1), hugeArgs: 1e300, shapeArgs: 0.5}[p]
	if matrixOnly {
		f = 1
	}
	switch {
	case t == typFloat:
		return reflect.ValueOf(f)
	case t == typInt:
		return reflect.ValueOf(map[poison]int{nanArgs: -1, infArgs: 0, hugeArgs: 2, shapeArgs: 5}[p] + map[bool]int{true: 2}[matrixOnly])
	case t == typFloats:
		return reflect.ValueOf(vec())
	case t == typFloats2:
		return reflect.ValueOf([][]float64{vec(), vec()})
	case t == typInts:
		return reflect.ValueOf([]int{0, 1, 2})
	case t == typDense:
		return reflect.ValueOf(dense())
	case t == typSym:
		return reflect.ValueOf(sym())
	case t == typDenses:
		return reflect.ValueOf([]*mat.Dense{dense(), dense()})
	case t == typSyms:
		return reflect.ValueOf([]*mat.SymDense{sym(), sym()})
	case t == typMats:
		return reflect.ValueOf([]mat.Matrix{dense(), sym()})
	case t == typSymm:
		return reflect.ValueOf(mat.Symmetric(sym()))
	case t == typMatrix:
		return reflect.ValueOf(mat.Matrix(dense()))
	}
	return reflect.Zero(t)
}

// finiteOut returns an error naming the first NaN or ±Inf among the float
// results of a call (floats, slices, matrices, slices of them).
func finiteOut(out []reflect.Value) error {
	for k, o := range out {
		vals, _ := floatsOf(o.Interface())
		for i, v := range vals {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("result %d[%d] = %v", k, i, v)
			}
		}
	}
	return nil
}

// argValues flattens the float arguments of a call (numbers, slices,
// matrices and slices of them), to check that the call left them as they
// were, bit for bit.
func argValues(args []reflect.Value) []float64 {
	var out []float64
	for _, a := range args {
		if !a.IsValid() || (a.Kind() == reflect.Interface && a.IsNil()) {
			continue
		}
		vals, _ := floatsOf(a.Interface())
		out = append(out, vals...)
	}
	return out
}

// sweepOne calls fn (a function or method value) with argument only
// poisoned by p and the others valid (validArgs), or with every argument
// poisoned when only < 0, and checks that the arguments are unchanged
// after the call.
func sweepOne(name string, fn reflect.Value, p poison, only int, o SweepOptions) Case {
	pass := o.PassThrough
	label := name + " " + p.String()
	if only >= 0 {
		label = fmt.Sprintf("%s argument %d %s", name, only, p)
	}
	return Case{Name: label, MayPass: true, Call: func() error {
		t := fn.Type()
		args := make([]reflect.Value, t.NumIn())
		for i := range args {
			at := t.In(i)
			if t.IsVariadic() && i == t.NumIn()-1 {
				args[i] = reflect.Zero(at)
				continue
			}
			switch {
			case only < 0 || i == only:
				args[i] = poisoned(at, p)
			default:
				args[i] = poisoned(at, validArgs)
			}
		}
		before := argValues(args)
		var out []reflect.Value
		if t.IsVariadic() {
			out = fn.CallSlice(args)
		} else {
			out = fn.Call(args)
		}
		if !o.WritesArgs && !SameBits(before, argValues(args)) {
			return Wrong("an argument was modified")
		}
		// A function without an error result may pass NaN and ±Inf
		// through (Classes lists them, Rows copies them); from finite
		// arguments it must answer finite numbers.
		check := p != nanArgs && p != infArgs && p != nanMatrix && !(only >= 0 && p == zeroArgs)
		if n := t.NumOut(); n > 0 && t.Out(n-1) == typErr {
			if err, _ := out[n-1].Interface().(error); err != nil {
				return err
			}
			out, check = out[:n-1], true
		}
		if err := finiteOut(out); check && !pass && err != nil {
			return Wrong("%v returned without an error", err)
		}
		return nil
	}}
}

// SweepOptions states what a swept function is documented to do.
type SweepOptions struct {
	// PassThrough: it may return NaN or ±Inf it was given or that its
	// closed form reaches, without an error.
	PassThrough bool
	// WritesArgs: it writes into an argument (an output slice).
	WritesArgs bool
}

// Sweep returns the bad-input cases of fn, a function or method value
// named name: every argument poisoned at once by each poison (zero values;
// NaN; +Inf; ±1e300; matrices of 3 rows with slices of 2 entries; a NaN
// or ±1e300 in the matrices only, with ±1 labels; valid and consistent
// arguments), then each argument alone poisoned by zero, NaN, +Inf, 1e300
// and mismatched shapes with the others valid. Matrices are 3×2 (Grams 3×3
// and PSD), slices, floats and ints follow the poison; other types get
// their zero value. Run by Battery, a case fails on a panic or hang, an
// error wrapping no klearn sentinel, an argument changed bit for bit, or a
// NaN or ±Inf answer returned without an error (for a function without an
// error result only when its arguments were finite), unless o says the
// function is documented to do so.
func Sweep(name string, fn any, o SweepOptions) []Case {
	v := reflect.ValueOf(fn)
	var cases []Case
	for p := poison(0); p < nPoisons; p++ {
		cases = append(cases, sweepOne(name, v, p, -1, o))
	}
	if v.Type().NumIn() < 2 {
		return cases
	}
	for i := 0; i < v.Type().NumIn(); i++ {
		for _, p := range []poison{zeroArgs, nanArgs, infArgs, hugeArgs, shapeArgs} {
			cases = append(cases, sweepOne(name, v, p, i, o))
		}
	}
	return cases
}
