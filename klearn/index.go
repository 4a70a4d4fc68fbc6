package klearn

// BadIndex returns the position in idx of the first index outside [0, n),
// or −1 when every index is inside: the check of every function that cuts
// rows, labels or Gram matrices by index.
func BadIndex(n int, idx []int) int {
	for p, i := range idx {
		if i < 0 || i >= n {
			return p
		}
	}
	return -1
}

// CheckIndices returns an ErrShape error naming the first index of idx
// outside [0, n), its position and what was being cut, or nil.
func CheckIndices(what string, n int, idx []int) error {
	if p := BadIndex(n, idx); p >= 0 {
		return Errorf(ErrShape, "%s: index %d (position %d) out of range [0, %d)", what, idx[p], p, n)
	}
	return nil
}
