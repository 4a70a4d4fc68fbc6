// Package viz draws the figures and tables of the kernelab notebooks and
// reports: inline in GoNB notebooks and in self-contained HTML files that
// render with no network.
//
// Every chart renders to bytes first and displays second:
//
//   - SVG() and PNG() draw it with gonum/plot (Liberation fonts embedded in
//     gonum/plot, so output is byte-for-byte deterministic);
//   - HTML() (Line, HeatMap, Bar, Histogram, Scatter) gives an ECharts
//     snippet built with go-echarts, the ECharts library inlined from
//     build/echarts/echarts.min.js (fetched by `make setup`, see EChartsPath),
//     shielded from RequireJS, animation off, with a deterministic chart id;
//   - Show() displays it in GoNB (interactive when the chart's Interactive
//     field is set, else SVG), then calls gonbui.Sync so the output is not
//     lost; outside a notebook it does nothing and returns nil.
//
// Chart kinds, after the figures of the five papers (see
// papers/CHECKLIST.md, section 0): Line (error bands or bars; linear,
// semi-log, log-log), HeatMap (Gram matrices, objective surfaces F(μ1, μ2) of
// Cortes et al. (2009) Fig. 1, decision surfaces with contours and training
// points as in Colbert & Peet (2020) Fig. 6), Bar and Histogram (kernel
// weights η, Donini & Aiolli (2017) Fig. 8), Stem (coefficients over a kernel
// parameter, Argyriou et al. (2006) Fig. 1), Scatter, Surface (a shaded 3-D
// surface over a grid, the surface plots of Cortes et al. (2009) Fig. 1;
// static only), and Grid (one panel per data set or λ). CompareTable puts our mean ± std beside the paper's and
// marks each cell within or outside a stated tolerance; Progress is a
// progress bar; Page assembles a report.
//
// Bad input (NaN, ±Inf, empty or mismatched series, non-positive values on a
// log axis) gives an error wrapping a klearn sentinel, never a broken chart.
// Methods on a nil chart, table or page (say (*Line)(nil).SVG()) return an
// error wrapping klearn.ErrEmpty instead of panicking — Show and ShowPNG too,
// even outside a notebook; a nil *Progress ignores Add and Done.
//
// In a notebook:
//
//	%%
//	l := &viz.Line{Title: "Test error", XLabel: "degree", YLabel: "error", Scale: viz.LogX,
//	    Series: []viz.Series{{Name: "EasyMKL", X: degrees, Y: mean, Err: std}}}
//	must(l.Show())             // SVG; set l.Interactive = true for ECharts
//	t := &viz.CompareTable{Title: "Accuracy", Rows: sets, Cols: methods,
//	    Ours: ours, Paper: paper, Source: "Table 2", Tol: 1}
//	must(t.Show())             // fmt.Print(t.Text()) in a terminal
//	p := viz.NewProgress("folds", 10)
//	for i := 0; i < 10; i++ { work(i); p.Add(1) }
//	p.Done()
package viz
