package gemm

import "math"

// ExpDist turns one row segment of inner products into Gaussian kernel
// values by the distance trick: with x_j = (ni + nb[j]) − 2·seg[j] (the
// squared distance ‖a‖² + ‖b_j‖² − 2⟨a, b_j⟩ of the row norm ni and the
// column norms nb), it sets seg[j] = 1 where max(x_j, 0) = 0 and
// math.Exp(negh·max(x_j, 0)) elsewhere (NaN where x_j is NaN); nb must hold
// at least len(seg) norms.
//
// On amd64 CPUs with AVX2 and FMA (where math.Exp itself takes its fused
// multiply-add path) four entries at a time run through expDist4
// (exp_amd64.s), or eight at a time through expDist8 where the CPU has
// AVX-512F, which perform math.Exp's operations lane by lane, so the values
// are bit-identical to the scalar loop's (TestExpDistMatchesMathExp, both
// kernels); groups with an argument outside [−708, 0], where math.Exp's
// special cases could apply, and the last len(seg) mod 4 entries go through
// math.Exp.
func ExpDist(seg, nb []float64, ni, negh float64) {
	nb = nb[:len(seg)]
	j := 0
	if haveAVX512 {
		n8 := len(seg) &^ 7
		for j < n8 {
			j += expDist8(&seg[j], &nb[j], n8-j, ni, negh)
			if j < n8 {
				expDistScalar(seg[j:j+8], nb[j:j+8], ni, negh)
				j += 8
			}
		}
	}
	if haveFMA {
		n4 := len(seg) &^ 3
		for j < n4 {
			j += expDist4(&seg[j], &nb[j], n4-j, ni, negh)
			if j < n4 {
				expDistScalar(seg[j:j+4], nb[j:j+4], ni, negh)
				j += 4
			}
		}
	}
	expDistScalar(seg[j:], nb[j:], ni, negh)
}

func expDistScalar(seg, nb []float64, ni, negh float64) {
	nb = nb[:len(seg)]
	for j, g := range seg {
		d2 := max(0, ni+nb[j]-2*g)
		if d2 == 0 {
			seg[j] = 1
			continue
		}
		seg[j] = math.Exp(negh * d2)
	}
}
