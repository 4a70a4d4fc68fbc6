//go:build !amd64.v3

package easymkl

// fusedBuild: without GOAMD64=v3 no multiply-add is fused.
const fusedBuild = false
