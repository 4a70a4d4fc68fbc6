//go:build purego || !amd64

package cpu

const purego = true
