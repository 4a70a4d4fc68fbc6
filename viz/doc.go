// Package viz draws the figures and tables of the kernelab notebooks and
// reports: inline in GoNB notebooks and in self-contained HTML files that
// render with no network.
//
// Every chart renders to bytes first and displays second:
//
//   - SVG() and PNG() draw it with gonum/plot (Liberation fonts embedded in
//     gonum/plot, so output is byte-for-byte deterministic; the SVG names
//     the metric-compatible fallbacks Arimo, Arial and Helvetica);
//   - HTML() (Line, HeatMap, Bar, Histogram, Scatter) gives an ECharts
//     snippet built with go-echarts, the ECharts library inlined from
//     the file EChartsPath names (in a checkout build/echarts/echarts.min.js,
//     fetched by `make setup`; elsewhere under the user cache or $KERNELAB_ASSETS),
//     shielded from RequireJS, animation off, with a deterministic chart id;
//   - Show() displays it in GoNB (interactive when the chart's Interactive
//     field is set, else SVG), then calls gonbui.Sync so the output is not
//     lost; outside a notebook it does nothing and returns nil.
//
// Chart kinds, after the figures of the papers reproduced here: Line (error
// bands or bars; linear, semi-log, log-log), HeatMap (Gram matrices,
// objective surfaces F(μ1, μ2) of Cortes et al. (2009) Fig. 1, decision
// surfaces with contours and training points as in Colbert & Peet (2020)
// Fig. 6), Bar and Histogram (kernel weights η, Donini & Aiolli (2017)
// Fig. 8), Stem (coefficients over a kernel parameter, Argyriou et al.
// (2006) Fig. 1), Scatter, Surface (a shaded 3-D surface over a grid;
// static only), and Grid (small multiples: one panel per data set or λ,
// with a shared legend and shared axes), and CDDiagram (the critical-difference
// diagram of Demšar (2006): mean ranks on an axis, groups within the
// critical difference joined by bars). CompareTable puts our mean ± std
// beside the paper's and shows the verdict its caller decided for each cell; Progress is a progress bar; Page assembles a report.
//
// # Figures at the papers' standard
//
//   - Legends stay off the data: in the corner of the plot area that no
//     line, band, marker or bar crosses, else outside at the right
//     (LegendPos; Grid.SharedLegend puts one legend above all panels).
//   - Series differ without colour: marker shapes per series, slightly
//     smaller for later series so coinciding points both show, and
//     Series.Dash (Solid, Dashed, Dotted, DashDot) for paired series;
//     bands are drawn first, then lines, then markers.
//   - Ticks: nice steps, as many as fit, labels that would collide dropped;
//     log axes label every power of ten and the data's own values when
//     there are few (100, 300, 1000, 3000); Line.TicksAtX puts ticks at the
//     data's x; Line.YMin/YMax zoom on a region. Bars and histograms keep
//     6 % headroom. Heat-map fields fill the axes; colour bars span the plot
//     area; SVG rasters are PNG, stretched to their boxes.
//   - Labels (titles, axis names, series, category and point-set names)
//     accept a small markup: _x or _{…} is a subscript, ^x or ^{…} a
//     superscript (unbraced: after _ the run of letters and digits, after ^
//     a signed number or one letter), \_ and \^ are literal. K_{MKL}, η_s, σ^2, 10^{−4} are drawn with real
//     sub- and superscripts (tspans in SVG; Unicode forms or ECharts rich
//     text in the interactive charts). A static chart draws at most the
//     first 1 000 characters of a label, then "…" (MaxLabelRunes), so a
//     runaway title costs milliseconds, not minutes; a title is further
//     shortened to its panel's width.
//   - Fonts: static charts are laid out in Liberation Sans. In SVG every
//     run of text carries the width it was laid out with (textLength), and
//     the runs of a label after the first of its line flow after it, so a
//     browser that lacks Liberation Sans, Arimo and Arial (DejaVu Sans on
//     many Linux systems) fits its own font to the same boxes instead of
//     overlapping or clipping the labels.
//   - LayoutOf records the geometry of a static chart and CheckFigure
//     reports legends over data, data outside the plot area, overlapping or
//     clipped texts and rasters that do not fill their box; the tests apply
//     it to every chart kind, in Go and in headless Chromium.
//
// Bad input (NaN, ±Inf, empty or mismatched series, non-positive values on a
// log axis, an unknown Scale, LegendPos or Dash, data whose range overflows
// float64) gives an error wrapping a klearn sentinel, never a broken chart,
// a panic or a hang. Methods on a nil chart, table or page (say
// (*Line)(nil).SVG()) return an error wrapping klearn.ErrEmpty instead of
// panicking — Show and ShowPNG too, even outside a notebook; a nil
// *Progress ignores Add and Done.
//
// In a notebook:
//
//	%%
//	l := &viz.Line{Title: "Test error", XLabel: "degree d", YLabel: "error of K_{MKL}", Scale: viz.LogX,
//	    Series: []viz.Series{{Name: "uniform", X: degrees, Y: u, Err: us},
//	        {Name: "learned", X: degrees, Y: m, Err: ms, Dash: viz.Dashed}}}
//	must(l.Show())             // SVG; set l.Interactive = true for ECharts
//	g := &viz.Grid{Panels: perDataSet, Cols: 3, SharedLegend: true}
//	must(g.Show())
//	t := repro.CompareTable("Accuracy", "data set", "Table 2", cells)
//	must(t.Show())             // verdicts decided by repro; fmt.Print(t.Text()) in a terminal
//	p := viz.NewProgress("folds", 10)
//	for i := 0; i < 10; i++ { work(i); p.Add(1) }
//	p.Done()
package viz
