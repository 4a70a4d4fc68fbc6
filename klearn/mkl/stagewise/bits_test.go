package stagewise

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
)

// bitsDigest is the SHA-256 of the IEEE bits of vals, in order.
func bitsDigest(vals []float64) string {
	h := sha256.New()
	var b [8]byte
	for _, v := range vals {
		u := math.Float64bits(v)
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		h.Write(b[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestCABitsUnchanged: CA (Fit: atoms, alignments, the training Gram and the
// SVM's decision values) on the three families gives the bits recorded at
// b4af3fc, before the stage searchers' shared code was merged (n = 140:
// more than one block of pairs).
func TestCABitsUnchanged(t *testing.T) {
	X, y, Xte, _ := klearntest.SyntheticData(klearntest.Binary, 140, 3, 21)
	X1, y1, Xte1, _ := klearntest.SyntheticData(klearntest.Binary, 140, 1, 22)
	record := func(c CA, X, Xte *mat.Dense, y []float64) []float64 {
		m, err := c.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		var out []float64
		for _, a := range m.Atoms() {
			out = append(out, a.Eta)
			out = append(out, a.Sigma...)
		}
		out = append(out, m.Alignments()...)
		out = append(out, float64(m.Status()))
		out = append(out, m.TrainGram().RawSymmetric().Data...)
		f, err := m.Decision(Xte)
		if err != nil {
			t.Fatal(err)
		}
		return append(out, f...)
	}
	cases := []struct {
		name string
		rec  func() []float64
		want string
	}{
		{"GaussianBandwidth", func() []float64 { return record(CA{T: 6}, X, Xte, y) }, "f60efcfba2c454ee690ac46e7c66a42ca49971523e4605735ea0b7810df34a09"},
		{"GaussianPerCoordinate", func() []float64 {
			return record(CA{Family: continuous.GaussianPerCoordinate{Lambda: 0.1}, T: 4}, X, Xte, y)
		}, "2f871a57646ee53c70ac9900fd7b2835b37ebcb8a3f74f7d42ab273259455075"},
		{"Dirichlet", func() []float64 { return record(CA{Family: continuous.Dirichlet{}, T: 6}, X1, Xte1, y1) }, "d3f37431940522b099aaa82d2a6336be9364b208b4a15345ccd1b9429e23f877"},
	}
	for _, c := range cases {
		rec := c.rec()
		if got := bitsDigest(rec); got != c.want {
			t.Errorf("%s: %d values, digest %s, want %s (first %x)", c.name, len(rec), got, c.want, rec[:min(len(rec), 3)])
		}
	}
}
