package viz

import "github.com/kernelab/kernelab/klearn"

// errNil is the error every method of a nil chart, table or page returns
// instead of panicking: rendering nothing is an empty figure.
func errNil(kind string) error {
	return klearn.Errorf(klearn.ErrEmpty, "viz: nil *%s", kind)
}

// nilChart reports whether c is nil or a nil pointer to one of the charts of
// this package.
func nilChart(c Chart) bool {
	switch v := c.(type) {
	case nil:
		return true
	case *Line:
		return v == nil
	case *Bar:
		return v == nil
	case *Histogram:
		return v == nil
	case *HeatMap:
		return v == nil
	case *Scatter:
		return v == nil
	case *Stem:
		return v == nil
	case *Grid:
		return v == nil
	case *Surface:
		return v == nil
	}
	return false
}
