//go:build amd64 && !amd64.v3 && !purego

// The records below are exact IEEE arithmetic only where the compiler fuses
// no multiply-add: on amd64 below the v3 feature level (GOAMD64=v1 or v2).
// Under GOAMD64=v3 Go may contract a*b+c into one FMA wherever a function
// is inlined, so moving a loop into a shared helper can change the last
// bits without changing the arithmetic written; arm64 always fuses. `make
// test` runs this file with GOAMD64=v1 (target test-go).

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

// bitsDigest is the SHA-256 of the IEEE bits of vals, in order: the record
// of a run that TestCABitsUnchanged and TestGreedyBitsUnchanged compare bit
// for bit.
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

// greedyRecord lists every number a fitted Greedy reports: atoms, errors,
// gap, the steps' values and parameters, and the decision values on Xte.
func greedyRecord(t *testing.T, g continuous.Greedy, X, Xte *mat.Dense, y []float64) []float64 {
	t.Helper()
	m, err := g.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	var out []float64
	for _, a := range m.Atoms() {
		out = append(out, a.Weight)
		out = append(out, a.Params...)
	}
	out = append(out, m.Errors()...)
	out = append(out, m.Gap(), float64(m.Status()))
	for _, st := range m.Steps() {
		out = append(out, st.Value, st.Kc)
		out = append(out, st.Params...)
	}
	f, err := m.Decision(Xte)
	if err != nil {
		t.Fatal(err)
	}
	return append(out, f...)
}

// TestGreedyBitsUnchanged: continuous.Greedy (QuasiNewton on the three
// families, DC on the Gaussian) and continuous.Search (the CR method) give
// the bits recorded at b4af3fc, before the searchers' shared code was
// merged (here, beside CA: the one record of both packages' searchers) (the pair sums run
// over more than one block of pairs: n = 140).
func TestGreedyBitsUnchanged(t *testing.T) {
	X, y, Xte, _ := klearntest.SyntheticData(klearntest.Binary, 140, 3, 11)
	X1, y1, Xte1, _ := klearntest.SyntheticData(klearntest.Binary, 140, 1, 12)
	P := klearntest.RandPSD(140, 4, 13)
	search := func(f continuous.Family, X *mat.Dense) []float64 {
		s, err := f.Prepare(X)
		if err != nil {
			t.Fatal(err)
		}
		_, d := X.Dims()
		th, h, err := continuous.Search(f, s, d, P, nil)
		if err != nil {
			t.Fatal(err)
		}
		return append(th, h)
	}
	cases := []struct {
		name string
		rec  func() []float64
		want string
	}{
		{"Greedy/GaussianBandwidth", func() []float64 {
			return greedyRecord(t, continuous.Greedy{MaxSteps: 6}, X, Xte, y)
		}, "26c996a35118f51e9cbf885bcda6a7fdedf67be9fc2fc7a60f92c0dada9a120a"},
		{"Greedy/GaussianPerCoordinate", func() []float64 {
			return greedyRecord(t, continuous.Greedy{Family: continuous.GaussianPerCoordinate{Lambda: 0.1}, MaxSteps: 4}, X, Xte, y)
		}, "2acb5d53c2087013f73aa3373842c5a6a16e77d0d608ac127f09b3bd99143df5"},
		{"Greedy/Dirichlet", func() []float64 {
			return greedyRecord(t, continuous.Greedy{Family: continuous.Dirichlet{}, MaxSteps: 6}, X1, Xte1, y1)
		}, "28632532c9f6b0dc43ccbc5ccb71590c1b4ce4a2d82948e87f1b93551cee14a8"},
		{"Greedy/DC", func() []float64 {
			return greedyRecord(t, continuous.Greedy{Step2: continuous.DC, MaxSteps: 3}, X, Xte, y)
		}, "9733e7173b79409421c0df314d97fb51c8db1b96823121321f93734b2b6fc2b7"},
		{"Search/GaussianBandwidth", func() []float64 { return search(continuous.GaussianBandwidth{}, X) }, "87bd06a77b7d10842e18f7683ba7e7bd4dd67b68121c9b017080b5481541be53"},
		{"Search/GaussianPerCoordinate", func() []float64 { return search(continuous.GaussianPerCoordinate{Lambda: 0.1}, X) }, "507aacb2aff2e87c7a169a69411f21c27c03d9ff7bf36b2decec98a752a4c051"},
		{"Search/Dirichlet", func() []float64 { return search(continuous.Dirichlet{}, X1) }, "da4f434f6d47d41aca180da9d4bafd5bad63c9d94d1cbac12da9e87c14382c3a"},
	}
	for _, c := range cases {
		rec := c.rec()
		if got := bitsDigest(rec); got != c.want {
			t.Errorf("%s: %d values, digest %s, want %s (first %x)", c.name, len(rec), got, c.want, rec[:min(len(rec), 3)])
		}
	}
}
