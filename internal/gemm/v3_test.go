//go:build amd64.v3

package gemm

const amd64v3 = true
