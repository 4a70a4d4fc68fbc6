package kernel_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// TestPairBasisMatchesGramBlocks checks PairBasis against GramBlocks entry
// by entry, and Σ_p B[r, p] P_p against the TK Gram with that P.
func TestPairBasisMatchesGramBlocks(t *testing.T) {
	X := klearntest.RandMatrix(7, 2, 0, 1, 3)
	tk := kernel.TK{Degree: 1, Lower: []float64{-0.1, -0.2}, Upper: []float64{1.1, 1.3}}
	B, pairs, err := tk.PairBasis(X)
	if err != nil {
		t.Fatal(err)
	}
	blocks, pairs2, err := tk.GramBlocks(X)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != len(pairs2) {
		t.Fatalf("%d pairs vs %d", len(pairs), len(pairs2))
	}
	P := klearntest.RandPSD(10, 10, 5)
	tk.P = P
	K := tk.Gram(X)
	for k := 0; k < 7; k++ {
		for l := k; l < 7; l++ {
			r := kernel.PairIndex(k, l, 7)
			var s float64
			for p, ab := range pairs {
				if pairs2[p] != ab || B.At(r, p) != blocks[p].At(k, l) {
					t.Fatalf("pair %d (%d,%d): %v vs %v", p, k, l, B.At(r, p), blocks[p].At(k, l))
				}
				s += B.At(r, p) * P.At(ab.A, ab.B)
			}
			if math.Abs(s-K.At(k, l)) > 1e-12*(1+math.Abs(s)) {
				t.Fatalf("K(%d,%d) = %v, Σ B P = %v", k, l, K.At(k, l), s)
			}
		}
	}
	if _, _, err := (kernel.TK{Degree: -1}).PairBasis(X); err == nil {
		t.Error("negative degree accepted")
	}
}
