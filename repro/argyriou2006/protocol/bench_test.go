package protocol

import (
	"context"
	"errors"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro/jobs"
)

// benchCell runs one job of the kind k of cfg and reports its test error,
// greedy steps, cuts and certified step-2 problems; MNIST missing skips.
func benchCell(b *testing.B, cfg Config, k jobs.Kind[Config, Greedy1], task, rng int) {
	if _, _, err := mnist(); errors.Is(err, klearn.ErrMissingData) {
		b.Skip("MNIST not in the data cache (make data)")
	}
	j := jobs.Job{Paper: JobsPaper, Table: k.Table, Method: k.Method,
		Params: map[string]any{"config": cfg, "task": task, "range": rng}}
	for b.Loop() {
		g, err := k.Run(context.Background(), cfg, j)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(g.Error, "err%")
		b.ReportMetric(float64(g.Steps), "steps")
		var cuts int
		for _, c := range g.Cuts {
			cuts += c
		}
		b.ReportMetric(float64(cuts), "cuts")
		b.ReportMetric(float64(g.Certified), "certified")
		b.Logf("cuts per step %v, largest gap %.3g", g.Cuts, g.MaxGap)
	}
}

// BenchmarkTable2Cell is the costliest cell of Table 2 at the paper's
// size: the DC column (two variances, the left and right image halves) for
// odd vs. even on the widest range [75, 25000].
// In full mode: the paper's 500 training and 1000 test points, the greedy
// test at 1 %.
func BenchmarkTable2Cell(b *testing.B) { benchCell(b, Full(), KindDC2, 0, 0) }

// BenchmarkTable2CellQuick is the same cell in quick mode (200 training
// and 500 test points; quick mode itself runs only [100, 10000]).
func BenchmarkTable2CellQuick(b *testing.B) { benchCell(b, Quick(), KindDC2, 0, 0) }

// BenchmarkTable1Cell is the DC column of Table 1 (one variance) for odd
// vs. even on the widest range, at the paper's size.
func BenchmarkTable1Cell(b *testing.B) { benchCell(b, Full(), KindDC1, 0, 0) }

// BenchmarkQuadCell is the four-variance run (one variance per image
// quadrant) with the local variant of Algorithm 2 at step 2, odd vs. even
// in [100, 10000], at the paper's size; BenchmarkQuadCellMultistart the
// same run with the multistart quasi-Newton step 2.
func BenchmarkQuadCell(b *testing.B) { benchCell(b, Full(), KindLocalDC, 0, 1) }

func BenchmarkQuadCellMultistart(b *testing.B) {
	benchCell(b, Full(), KindMultistart, 0, 1)
}

// BenchmarkQuadCellQuick is the four-variance DC run in quick mode.
func BenchmarkQuadCellQuick(b *testing.B) { benchCell(b, Quick(), KindLocalDC, 0, 1) }
