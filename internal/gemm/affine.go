package gemm

// AffinePow sets seg[j] = (g·seg[j] + c)^deg for deg = 2 or 3, the product
// g·seg[j] rounded before the addition (never fused into one multiply-add)
// and the power formed by powInt's products: t·t, t·(t·t). It is the
// polynomial kernel's map of a row of inner products; on amd64 CPUs with
// AVX2 four entries at a time (affine_amd64.s), with the same operations,
// so the same bits (TestAffinePow). It panics for other degrees.
func AffinePow(seg []float64, g, c float64, deg int) {
	if deg != 2 && deg != 3 {
		panic("gemm: AffinePow: degree not 2 or 3")
	}
	j := 0
	if haveFMA && len(seg) >= 4 {
		j = len(seg) &^ 3
		affinePow4(&seg[0], j, g, c, deg)
	}
	for ; j < len(seg); j++ {
		t := float64(g*seg[j]) + c
		if deg == 2 {
			seg[j] = t * t
		} else {
			seg[j] = t * (t * t)
		}
	}
}
