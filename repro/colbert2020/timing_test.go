package colbert2020

import (
	"os"
	"testing"

	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
)

// TestQuickConfigTiming runs protocol.Quick() end to end (set
// KERNELAB_QUICK_TIMING=1).
func TestQuickConfigTiming(t *testing.T) {
	if os.Getenv("KERNELAB_QUICK_TIMING") == "" {
		t.Skip("set KERNELAB_QUICK_TIMING=1")
	}
	res, err := Run(protocol.Quick(), func(s string) { t.Log(s) })
	if err != nil {
		t.Fatal(err)
	}
	rep := Verdict(res)
	for _, c := range rep.Claims {
		t.Logf("%s: %v — %s", c.ID, c.Outcome, c.Ours)
	}
	for _, r := range res.Table1 {
		for j := range protocol.Methods {
			t.Logf("%s %s acc %v time %v", r.Data.Paper, protocol.Methods[j], r.Acc(j), r.Times(j))
		}
	}
	t.Log(res.Elapsed)
}
