//go:build !amd64 || purego

package hpk

const haveHornerFMA = false

func hornerFMA(c *float64, nc int, x, dst *float64, n, add int) {
	panic("hpk: no FMA kernel on this platform")
}

func powDotsFMA(x, v *float64, n, nd int, acc *float64) {
	panic("hpk: no FMA kernel on this platform")
}
