package colbert2020

import (
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
)

// TestTKCertification: the Table 1 reason counts, per row, the [TK] pairs
// certified per split (fewest–most) and the certified refits, and a
// curve's reason sums its points.
func TestTKCertification(t *testing.T) {
	row := protocol.Row{Data: protocol.DataSets[protocol.DataSetIndex("heart")], Splits: []protocol.SplitResult{
		{TK: &protocol.TKCert{Candidates: 7, Certified: 3, FitCertified: true}},
		{TK: &protocol.TKCert{Candidates: 7, Certified: 4, FitCertified: false}},
		{TK: &protocol.TKCert{Candidates: 7, Certified: 3, FitCertified: true}},
		{}, // [TK] not run on this split
	}}
	got := table1Cert([]protocol.Row{row, {Data: protocol.DataSets[0], Splits: []protocol.SplitResult{{}}}})
	if want := "Heart 3–4 of 7, refits certified on 2 of 3 splits"; !strings.Contains(got, want) || strings.Contains(got, "Liver") {
		t.Errorf("table1Cert = %q, want it to contain %q and no Liver", got, want)
	}
	if got := table1Cert([]protocol.Row{{Data: protocol.DataSets[0], Splits: []protocol.SplitResult{{}}}}); got != "" {
		t.Errorf("no [TK] run: %q, want \"\"", got)
	}
	c := &protocol.Curve{TKCert: [][]protocol.TKCert{{{Candidates: 7, Certified: 2, FitCertified: true}}, {{Candidates: 7, Certified: 5}, {Candidates: 7, Certified: 1, FitCertified: true}}}}
	if got, want := curveCert(c), "8 of 21 pairs over 3 points; refits certified at 2 of 3 points"; !strings.Contains(got, want) {
		t.Errorf("curveCert = %q, want it to contain %q", got, want)
	}
}
