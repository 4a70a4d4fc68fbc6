package klearn

import "math/rand/v2"

// NewRand returns a deterministic generator for seed. Every randomised
// routine in klearn takes an explicit seed (or a *rand.Rand built here), so
// results repeat exactly under the same seed on any machine and GOMAXPROCS.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}
