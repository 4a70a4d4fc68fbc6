package viz

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// demsarCD is the example of Demšar (2006), Fig. 1: four C4.5 variants,
// average ranks over 14 data sets, with a CD of 1.0 (narrower than the
// paper's 1.25, so that two groups form).
func demsarCD() *CDDiagram {
	return &CDDiagram{Title: "Nemenyi, α = 0.05", Names: []string{"C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"},
		Ranks: []float64{3.143, 2.000, 2.893, 1.964}, CD: 1.0}
}

// TestCDCliques: the groups are the maximal runs of ranks spanning less
// than CD, computed by hand for the example.
func TestCDCliques(t *testing.T) {
	d := demsarCD()
	order := cdOrder(d.Names, d.Ranks)
	if want := []int{3, 1, 2, 0}; !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	sorted := []float64{1.964, 2.000, 2.893, 3.143}
	for _, c := range []struct {
		cd   float64
		want [][2]int
	}{
		{1.0, [][2]int{{0, 2}, {2, 3}}}, // 2.893 − 1.964 < 1 ≤ 3.143 − 2.000
		{1.25, [][2]int{{0, 3}}},        // the paper's CD: one group
		{0.1, [][2]int{{0, 1}}},         // only the two close ranks
		{0.01, nil},                     // no group
	} {
		if got := cdCliques(sorted, c.cd); !slices.Equal(got, c.want) {
			t.Errorf("CD %g: cliques %v, want %v", c.cd, got, c.want)
		}
	}
}

// TestCDDiagramStructure checks what the drawing holds: every method's
// name with its rank, the CD label, the tick labels 1 … k, one thick bar
// per group, and no overlapping or clipped text (CheckFigure); the SVG is
// the reviewed golden file.
func TestCDDiagramStructure(t *testing.T) {
	d := demsarCD()
	lay, err := LayoutOf(d)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, tb := range lay.Texts {
		texts = append(texts, tb.Text)
	}
	all := strings.Join(texts, "|")
	for _, want := range []string{"C4.5+m+cf 1.96", "C4.5+m 2.00", "2.89 C4.5+cf", "3.14 C4.5", "CD = 1.00", "1", "4"} {
		if !strings.Contains("|"+all+"|", "|"+want+"|") {
			t.Errorf("no text %q among %q", want, texts)
		}
	}
	if err := CheckFigure(d); err != nil {
		t.Error(err)
	}
	svg, err := d.SVG()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(svg), "stroke-width:3;") + strings.Count(string(svg), "stroke-width:3\""); n != 2 {
		t.Errorf("%d thick bars in the SVG, want 2 (one per group)", n)
	}
	golden(t, "cd.svg", svg)
	if _, err := d.PNG(); err != nil {
		t.Fatal(err)
	}
}

// TestCDDiagramBadInput: nil, empty, mismatched, NaN, rank below 1 and a
// bad CD are wrapped klearn errors.
func TestCDDiagramBadInput(t *testing.T) {
	for name, c := range map[string]struct {
		d    *CDDiagram
		want error
	}{
		"nil":      {nil, klearn.ErrEmpty},
		"empty":    {&CDDiagram{CD: 1}, klearn.ErrEmpty},
		"mismatch": {&CDDiagram{Names: []string{"a"}, Ranks: []float64{1, 2}, CD: 1}, klearn.ErrShape},
		"NaN":      {&CDDiagram{Names: []string{"a"}, Ranks: []float64{math.NaN()}, CD: 1}, klearn.ErrNotFinite},
		"rank 0":   {&CDDiagram{Names: []string{"a"}, Ranks: []float64{0}, CD: 1}, klearn.ErrParam},
		"CD 0":     {&CDDiagram{Names: []string{"a"}, Ranks: []float64{1}}, klearn.ErrParam},
		"CD +Inf":  {&CDDiagram{Names: []string{"a"}, Ranks: []float64{1}, CD: math.Inf(1)}, klearn.ErrParam},
	} {
		if _, err := c.d.SVG(); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}
