package protocol

import (
	"reflect"
	"testing"

	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestSplitsPrefix checks that the network's extra splits leave the other
// columns' splits as they were: with NetSplits the first Splits splits are
// those drawn without them, subsampled training parts included.
func TestSplitsPrefix(t *testing.T) {
	cfg := Quick()
	short, err := Splits(345, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.NetSplits = 7
	long, err := Splits(345, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(short) != cfg.Splits || len(long) != 7 || !reflect.DeepEqual(long[:cfg.Splits], short) {
		t.Errorf("%d and %d splits; the first %d differ", len(short), len(long), cfg.Splits)
	}
	if cfg.splits(MNeuralNet) != 7 || cfg.splits(MTK) != cfg.Splits {
		t.Errorf("network %d splits, [TK] %d", cfg.splits(MNeuralNet), cfg.splits(MTK))
	}
}

// TestJobsList: the job list of every mode is well formed, has one Table 1
// job per row, split and column, and a changed configuration changes the
// jobs' ids.
func TestJobsList(t *testing.T) {
	for _, cfg := range []Config{Quick(), Full(), PaperProtocol()} {
		js := Jobs(cfg)
		n := jobstest.CheckTables(t, js, Jobs(cfg))[jobTable1]
		want := 0
		for _, j := range cfg.ColumnIndices() {
			want += len(cfg.RowIndices()) * cfg.splits(j)
		}
		if n != want {
			t.Errorf("%s: %d Table 1 jobs, want %d", cfg.Mode, n, want)
		}
	}
	q, _ := Jobs(Quick())[0].ID()
	f, _ := Jobs(Full())[0].ID()
	p, _ := Jobs(PaperProtocol())[0].ID()
	if q == f || f == p {
		t.Error("a changed configuration keeps the job's id")
	}
}
