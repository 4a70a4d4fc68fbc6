package viz_test

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"math"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/viz"
)

func ExampleLine() {
	// Test error against the degree, with ± one standard deviation as a band.
	l := &viz.Line{
		Title: "Test error", XLabel: "degree", YLabel: "error",
		Series: []viz.Series{{
			Name: "EasyMKL",
			X:    []float64{1, 2, 3, 4},
			Y:    []float64{0.20, 0.15, 0.12, 0.13},
			Err:  []float64{0.02, 0.02, 0.01, 0.02},
		}},
	}
	svg, err := l.SVG()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("SVG document:", bytes.Contains(svg, []byte("<svg")))
	// Show displays it in a GoNB notebook and does nothing elsewhere.
	if err := l.Show(); err != nil {
		log.Fatal(err)
	}

	// Bad input is an error wrapping a klearn sentinel, never a broken chart.
	l.Series[0].Y[1] = math.NaN()
	_, err = l.SVG()
	fmt.Println("NaN:", errors.Is(err, klearn.ErrNotFinite))
	var nilLine *viz.Line
	_, err = nilLine.SVG()
	fmt.Println("nil chart:", errors.Is(err, klearn.ErrEmpty))
	// Output:
	// SVG document: true
	// NaN: true
	// nil chart: true
}

func ExampleCompareTable() {
	// Our mean ± std beside the paper's, each cell marked by the verdict
	// its caller decided (repro.CompareTable builds such a table from
	// repro's cell rule); viz only draws it.
	t := &viz.CompareTable{
		Title: "Accuracy (%)", Corner: "data set",
		Rows: []string{"sonar", "ionosphere"}, Cols: []string{"EasyMKL"},
		Ours:     [][]viz.MeanStd{{{Mean: 86.1, Std: 2.3}}, {{Mean: 92.0, Std: 1.1}}},
		Paper:    [][]viz.MeanStd{{{Mean: 86.5, Std: 2.0}}, {{Mean: 94.2, Std: 1.0}}},
		Source:   "paper, Table 3",
		Verdicts: [][]viz.Verdict{{viz.Within}, {viz.Outside}}, Rule: "Welch's test at α = 0.05",
	}
	within, outside := t.Counts()
	fmt.Println("within:", within, "outside:", outside)
	fmt.Println(t.Verdict(0, 0) == viz.Within, t.Verdict(1, 0) == viz.Outside)
	// Output:
	// within: 1 outside: 1
	// true true
}
