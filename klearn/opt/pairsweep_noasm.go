//go:build !amd64 || purego

package opt

const haveSweepFMA = false

func kktSweepFMA(gv, x, pen, qj, qi *float64, n int, st *kktLanes) {
	panic("opt: no FMA sweep on this platform")
}

func wssSweepFMA(gv, dg, row *float64, n int, st *wssLanes) {
	panic("opt: no FMA sweep on this platform")
}
