package kernel_test

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
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

// TestCrossPairBasisMatchesCrossBlocks checks CrossPairBasis against
// CrossBlocks entry by entry, bit for bit, and its errors on bad input.
func TestCrossPairBasisMatchesCrossBlocks(t *testing.T) {
	A := klearntest.RandMatrix(5, 3, -0.2, 1.2, 4)
	B := klearntest.RandMatrix(7, 3, 0, 1, 5)
	for _, d := range []int{0, 1, 2} {
		tk := kernel.TK{Degree: d, Lower: []float64{-0.1, 0, -0.3}, Upper: []float64{1.1, 1, 1.2}}
		T, pairs, err := tk.CrossPairBasis(A, B)
		if err != nil {
			t.Fatal(err)
		}
		blocks, pairs2, err := tk.CrossBlocks(A, B)
		if err != nil {
			t.Fatal(err)
		}
		if r, c := T.Dims(); r != 35 || c != len(pairs) || len(pairs) != len(pairs2) {
			t.Fatalf("d=%d: %d×%d with %d pairs, CrossBlocks has %d", d, r, c, len(pairs), len(pairs2))
		}
		for k := 0; k < 5; k++ {
			for l := 0; l < 7; l++ {
				for p, ab := range pairs {
					if pairs2[p] != ab || math.Float64bits(T.At(k*7+l, p)) != math.Float64bits(blocks[p].At(k, l)) {
						t.Fatalf("d=%d pair %d (%d,%d): %v vs %v", d, p, k, l, T.At(k*7+l, p), blocks[p].At(k, l))
					}
				}
			}
		}
	}
	if _, _, err := (kernel.TK{Degree: 1}).CrossPairBasis(A, B.Slice(0, 7, 0, 2)); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("columns 3 and 2: %v", err)
	}
	if _, _, err := (kernel.TK{Degree: -1}).CrossPairBasis(A, B); err == nil {
		t.Error("negative degree accepted")
	}
}
