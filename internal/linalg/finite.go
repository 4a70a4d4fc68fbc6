package linalg

// AllFinite reports whether v holds no NaN or ±Inf, branch-free: x − x is
// 0 for finite x and NaN otherwise, and NaN propagates through the sums.
func AllFinite(v []float64) bool {
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+4 <= len(v); k += 4 {
		s0 += v[k] - v[k]
		s1 += v[k+1] - v[k+1]
		s2 += v[k+2] - v[k+2]
		s3 += v[k+3] - v[k+3]
	}
	for ; k < len(v); k++ {
		s0 += v[k] - v[k]
	}
	return s0+s1+s2+s3 == 0
}
