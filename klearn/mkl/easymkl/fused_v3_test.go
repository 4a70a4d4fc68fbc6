//go:build amd64.v3

package easymkl

// fusedBuild: GOAMD64=v3 lets the compiler fuse multiply-adds (FMA).
const fusedBuild = true
