package bench

import (
	"fmt"
	"html"
	"sort"
	"strings"
)

// SizeClass names the size group of a data set with n rows as shipped, one
// of the size filter's options.
func SizeClass(n int) string {
	switch {
	case n < 300:
		return "small (< 300 rows)"
	case n < 1000:
		return "medium (300–999 rows)"
	}
	return "large (≥ 1000 rows)"
}

// filterScript shows the rows of the tables in the same .kl-bench block
// whose data-size and data-family match the selects (empty: all). It needs
// no kernel: it runs in the exported HTML.
const filterScript = `<script>
(function(){
  var boxes = document.querySelectorAll('.kl-bench');
  boxes.forEach(function(box){
    if (box.dataset.ready) { return; }
    box.dataset.ready = '1';
    var sels = box.querySelectorAll('select[data-filter]');
    function apply(){
      var want = {};
      sels.forEach(function(s){ want[s.dataset.filter] = s.value; });
      box.querySelectorAll('tr[data-family]').forEach(function(tr){
        var ok = true;
        for (var k in want) {
          if (want[k] && tr.dataset[k] !== undefined && tr.dataset[k] !== want[k]) { ok = false; }
        }
        tr.style.display = ok ? '' : 'none';
      });
    }
    sels.forEach(function(s){ s.addEventListener('change', apply); });
    apply();
  });
})();
</script>`

func selectHTML(key, label string, options []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<label style="margin-right:1em">%s <select data-filter="%s"><option value="">all</option>`, html.EscapeString(label), key)
	for _, o := range options {
		fmt.Fprintf(&b, `<option>%s</option>`, html.EscapeString(o))
	}
	b.WriteString(`</select></label>`)
	return b.String()
}

func (a *Analysis) families() []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range a.Methods {
		if !seen[m.Family] {
			seen[m.Family] = true
			out = append(out, m.Family)
		}
	}
	return out
}

// cappedText is the per-set table's count of an entry's capped fits: ""
// when none, else "k of n", with the splits whose final fit was capped.
func cappedText(e Entry) string {
	if e.Capped == 0 {
		return ""
	}
	return fmt.Sprintf("<i>capped: %d of %d fits (final fit in %d of %d splits)</i>", e.Capped, e.Fits, e.FinalCapped, len(e.Accs))
}

func pct(v, se float64) string { return fmt.Sprintf("%.1f ± %.1f", 100*v, 100*se) }

func seconds(s float64) string {
	if s < 0.01 {
		return "< 0.01"
	}
	return fmt.Sprintf("%.2g", s)
}

// LeaderboardHTML is the leaderboard: the methods by average rank over the
// complete sets, with their family, mean accuracy and AUC, the sets they
// won (best or not distinguishable from the best), mean training seconds,
// whether they are on the accuracy–time Pareto front, and the sets they
// did not run on, and how many of its fits stopped at a solver cap; below
// the table, every method's caps (Method.Caps). A select filters the rows
// by family.
func (a *Analysis) LeaderboardHTML() string {
	capped, fits := a.CappedFits()
	var b strings.Builder
	b.WriteString(`<div class="kl-bench">`)
	b.WriteString(selectHTML("family", "family", a.families()))
	b.WriteString(`<table><thead><tr><th>rank</th><th>method</th><th>family</th><th>mean accuracy (%)</th><th>mean AUC (%)</th><th>best or tied</th><th>training s</th><th>Pareto</th><th>not run on</th><th>fits stopped at a cap</th></tr></thead><tbody>`)
	for _, j := range a.Ranked() {
		m := a.Methods[j]
		rank, acc, auc, sec := "–", "–", "–", "–"
		if a.Friedman.Ranks != nil {
			rank = fmt.Sprintf("%.2f", a.Friedman.Ranks[j])
		}
		if len(a.Complete) > 0 {
			acc, auc, sec = fmt.Sprintf("%.1f", 100*a.MeanAcc[j]), fmt.Sprintf("%.1f", 100*a.MeanAUC[j]), seconds(a.MeanSec[j])
		}
		wins, skipped := 0, []string{}
		for i := range a.Entries {
			e := a.Entries[i][j]
			if e.Best || e.Tie {
				wins++
			}
			if !e.Ran() {
				skipped = append(skipped, a.Sets[i].Name)
			}
		}
		pareto := ""
		if a.Pareto != nil && a.Pareto[j] {
			pareto = "✓"
		}
		fmt.Fprintf(&b, `<tr data-family="%s"><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%d of %d</td><td>%s</td><td>%s</td><td>%s</td><td>%d of %d</td></tr>`,
			html.EscapeString(m.Family), rank, html.EscapeString(m.Name), html.EscapeString(m.Family), acc, auc, wins, len(a.Entries), sec, pareto, html.EscapeString(strings.Join(skipped, ", ")), capped[j], fits[j])
	}
	b.WriteString(`</tbody></table></div>`)
	b.WriteString(a.capsHTML())
	b.WriteString(filterScript)
	return b.String()
}

// capsHTML states the solver caps of the methods, the same whatever the
// data, and how a capped fit is treated.
func (a *Analysis) capsHTML() string {
	var b strings.Builder
	b.WriteString(`<p>Solver caps, the same on every data set; a fit counts as stopped at a cap when its solver, or the SVM its model keeps, reports an iteration limit instead of its convergence test. Each method chooses among the candidates whose inner fits all converged (among all when none did); a cell whose fits stopped at a cap is marked in the per-set table: its accuracy is not the method's converged result.</p><ul>`)
	for _, m := range a.Methods {
		caps := m.Caps
		if caps == "" {
			caps = "none (a direct solve)"
		}
		fmt.Fprintf(&b, `<li>%s: %s</li>`, html.EscapeString(m.Name), html.EscapeString(caps))
	}
	b.WriteString(`</ul>`)
	return b.String()
}

// SetTableHTML is the per-set table: for each data set (rows as shipped,
// substitute marked) each method's accuracy and AUC (mean ± standard error
// over the splits), training and prediction seconds and the candidates
// chosen; the best mean accuracy in bold, the methods the paired t-test
// does not tell from it marked ≈ with the p-value; a method that did not
// run says why, and one whose fits stopped at a solver cap says how many
// (and in how many splits the final fit did). Selects filter by size class
// and family.
func (a *Analysis) SetTableHTML() string {
	var sizes []string
	seen := map[string]bool{}
	ds := append([]DataSet(nil), a.Sets...)
	sort.SliceStable(ds, func(x, y int) bool { return ds[x].Rows < ds[y].Rows })
	for _, d := range ds {
		if s := SizeClass(d.Rows); !seen[s] {
			seen[s] = true
			sizes = append(sizes, s)
		}
	}
	var b strings.Builder
	b.WriteString(`<div class="kl-bench">`)
	b.WriteString(selectHTML("size", "data set size", sizes))
	b.WriteString(selectHTML("family", "family", a.families()))
	b.WriteString(`<table><thead><tr><th>data set</th><th>method</th><th>accuracy (%)</th><th>AUC (%)</th><th>fit / predict s</th><th>chosen (first split)</th><th>fits stopped at a cap</th></tr></thead><tbody>`)
	for i, row := range a.Entries {
		d := a.Sets[i]
		name := fmt.Sprintf("%s (%d×%d)", d.Name, d.Rows, d.Features)
		if d.Substitute {
			name += ", substitute"
		}
		for _, e := range row {
			m, _ := methodByName(e.Method)
			attrs := fmt.Sprintf(`data-size="%s" data-family="%s"`, html.EscapeString(SizeClass(d.Rows)), html.EscapeString(m.Family))
			if !e.Ran() {
				fmt.Fprintf(&b, `<tr %s><td>%s</td><td>%s</td><td colspan="5"><i>%s</i></td></tr>`, attrs, html.EscapeString(name), html.EscapeString(e.Method), html.EscapeString(e.Skip))
				continue
			}
			acc := pct(e.Acc, e.AccSE)
			switch {
			case e.Best:
				acc = "<b>" + acc + "</b>"
			case e.Tie:
				acc = fmt.Sprintf("≈ %s (p = %.2f)", acc, e.TieP)
			}
			chosen := ""
			if len(e.Chosen) > 0 {
				chosen = e.Chosen[0]
			}
			fmt.Fprintf(&b, `<tr %s><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s / %s</td><td>%s</td><td>%s</td></tr>`, attrs, html.EscapeString(name), html.EscapeString(e.Method),
				acc, pct(e.AUC, e.AUCSE), seconds(e.FitSec), seconds(e.PredictSec), html.EscapeString(chosen), cappedText(e))
		}
	}
	b.WriteString(`</tbody></table></div>`)
	b.WriteString(filterScript)
	return b.String()
}

// RegressionRows returns the regression table: per set and regressor the
// test RMSE (mean ± standard error over the splits), the fit seconds and
// the candidate of the first split, or why it did not run.
func RegressionRows(res *Results) [][]string {
	type key struct{ set, method string }
	cells := map[key][]RegCell{}
	var order []key
	for _, c := range res.Regression {
		k := key{c.Set, c.Method}
		if _, ok := cells[k]; !ok {
			order = append(order, k)
		}
		cells[k] = append(cells[k], c)
	}
	var rows [][]string
	for _, k := range order {
		cs := cells[k]
		var rmse []float64
		fit, skip := 0.0, ""
		for _, c := range cs {
			if c.Skip != "" {
				skip = c.Skip
				break
			}
			rmse = append(rmse, c.RMSE)
			fit += c.FitSec / float64(len(cs))
		}
		if skip != "" {
			rows = append(rows, []string{k.set, k.method, skip, "", ""})
			continue
		}
		m, se, _ := meanSE(rmse)
		rows = append(rows, []string{k.set, k.method, fmt.Sprintf("%.3f ± %.3f", m, se), seconds(fit), cs[0].Chosen})
	}
	return rows
}
