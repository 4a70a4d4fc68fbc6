package afkanpour2013

import (
	"fmt"
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
	"github.com/kernelab/kernelab/viz"
)

// gammaSeries is one Line series per method of a metric of the 50-D
// problem against γ: the mean over the repetitions ± its standard error.
// γ = 0 is drawn at γ = 0.5 on the log axis.
func gammaSeries(res *Results, f metric) []viz.Series {
	var out []viz.Series
	for _, m := range TaskMethods {
		s := viz.Series{Name: m}
		for _, task := range tasksOf(res, protocol.JobFigure2) {
			v, err := repro.Summarize(pairsOf(res, protocol.JobFigure2, m, func(t string) bool { return t == task }, f))
			if err != nil {
				continue
			}
			se := 0.0
			if v.N > 1 {
				se = v.Std / math.Sqrt(float64(v.N))
			}
			s.X, s.Y, s.Err = append(s.X, math.Max(gammaOf(task), 0.5)), append(s.Y, v.Mean), append(s.Err, se)
		}
		if len(s.X) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// Figure2Chart draws Figure 2 (two panels): the test error and the
// running time of each method against γ on the 50-D Gaussian problem,
// means over the repetitions with standard errors.
func Figure2Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(tasksOf(res, protocol.JobFigure2)) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "afkanpour2013: Figure 2 was not run")
	}
	errs := &viz.Line{Title: "(a) test error", XLabel: "γ (0 drawn at 0.5)", YLabel: "misclassification %", Scale: viz.LogX, Series: gammaSeries(res, errorOf)}
	times := &viz.Line{Title: "(b) running time", XLabel: "γ (0 drawn at 0.5)", YLabel: "seconds", Scale: viz.LogLog, Series: gammaSeries(res, secondsOf)}
	return &viz.Grid{Title: "Figure 2: 50-D Gaussian relevance problem", Panels: []viz.Chart{errs, times}, Cols: 2, SharedLegend: true}, nil
}

// Figure4Chart draws Figure 4: the test-set centred alignment of each
// method's kernel against γ on the 50-D Gaussian problem.
func Figure4Chart(res *Results) (*viz.Line, error) {
	if res == nil || len(tasksOf(res, protocol.JobFigure2)) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "afkanpour2013: Figure 4 was not run")
	}
	return &viz.Line{Title: "Figure 4: test alignment, 50-D Gaussian problem", XLabel: "γ (0 drawn at 0.5)", YLabel: "A_c(K_test, yyᵀ)",
		Scale: viz.LogX, Series: gammaSeries(res, alignmentOf)}, nil
}

// Figure3Chart draws Figure 3: one panel per h(σ) curve (task and stage,
// the stage in parentheses), σ on a log axis.
func Figure3Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.HCurves) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "afkanpour2013: Figure 3 was not run")
	}
	var panels []viz.Chart
	for _, c := range res.HCurves {
		panels = append(panels, &viz.Line{Title: fmt.Sprintf("%s (%d): %d minima", c.Task, c.Stage, c.Minima), XLabel: "σ", YLabel: "h(σ)",
			Scale: viz.LogX, Series: []viz.Series{{Name: "h", X: c.Sigma, Y: c.H}}})
	}
	return &viz.Grid{Title: "Figure 3: h(σ) at stage t (in parentheses)", Panels: panels, Cols: 3}, nil
}

// Table2Chart draws Table 2's median ranks, ours beside the paper's, one
// panel per group run.
func Table2Chart(res *Results) (*viz.Grid, error) {
	var panels []viz.Chart
	for _, g := range Table2Groups {
		table := groupTable[g]
		if res == nil || len(tasksOf(res, table)) == 0 {
			continue
		}
		ours := MedianRanks(res, table)
		var cats []string
		var o, p []float64
		for k, m := range TaskMethods {
			if !math.IsNaN(ours[k]) {
				cats, o, p = append(cats, m), append(o, ours[k]), append(p, Table2Rank[g][k])
			}
		}
		panels = append(panels, &viz.Bar{Title: fmt.Sprintf("%s (%s)", g, countTasks(len(tasksOf(res, table)))), YLabel: "median rank", Categories: cats,
			Groups: []viz.BarGroup{{Name: "ours", Values: o}, {Name: "paper", Values: p}}})
	}
	if len(panels) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "afkanpour2013: Table 2 was not run")
	}
	return &viz.Grid{Title: "Table 2: median rank over the tasks (1 best)", Panels: panels, Cols: len(panels), SharedLegend: true}, nil
}

// TaskErrorsChart draws the test error per task and method of one Table 2
// group (Figures 5, 6 and 8 of the supplement: MNIST, Letter, the Table 3
// data sets), means over the repetitions.
func TaskErrorsChart(res *Results, group string) (*viz.Bar, error) {
	table, ok := groupTable[group]
	if !ok || res == nil || len(tasksOf(res, table)) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "afkanpour2013: no tasks of %q were run", group)
	}
	tasks := tasksOf(res, table)
	var groups []viz.BarGroup
	for _, m := range protocol.TableMethods(table) {
		g := viz.BarGroup{Name: m}
		for _, t := range tasks {
			g.Values = append(g.Values, taskMean(res, table, t, m, errorOf))
		}
		groups = append(groups, g)
	}
	fig := map[string]string{"MNIST": "Figure 5", "Letter": "Figure 6", "11 data sets": "Figure 8"}[group]
	return &viz.Bar{Title: fmt.Sprintf("%s: test error per task, %s", fig, group), YLabel: "misclassification %", Categories: slices.Clone(tasks), Groups: groups}, nil
}

// countTasks is "1 task" or "n tasks", for titles and verdict notes.
func countTasks(n int) string {
	if n == 1 {
		return "1 task"
	}
	return fmt.Sprintf("%d tasks", n)
}
