package viz

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"gonum.org/v1/plot/vg"

	"github.com/kernelab/kernelab/klearn"
)

// EChartsVersion is the ECharts release that scripts/fetch-echarts.sh pins.
const EChartsVersion = "5.6.0"

// EChartsPath returns where the ECharts library is read from, the first
// of: $KERNELAB_ECHARTS (the file); echarts/echarts.min.js under
// $KERNELAB_ASSETS (a folder of downloaded assets); build/echarts/echarts.min.js
// under $KERNELAB_ROOT (a checkout, where `make setup` runs
// scripts/fetch-echarts.sh; the notebook kernel's environment names it);
// else echarts/echarts.min.js under kernelab's folder of the user's cache
// (os.UserCacheDir). A program that imports viz from elsewhere fetches the
// library there (npm pack echarts@5.6.0) or names it.
func EChartsPath() string {
	if p := os.Getenv("KERNELAB_ECHARTS"); p != "" {
		return p
	}
	if d := os.Getenv("KERNELAB_ASSETS"); d != "" {
		return filepath.Join(d, "echarts", "echarts.min.js")
	}
	if r := os.Getenv("KERNELAB_ROOT"); r != "" {
		return filepath.Join(r, "build", "echarts", "echarts.min.js")
	}
	d, err := os.UserCacheDir()
	if err != nil {
		d = os.TempDir()
	}
	return filepath.Join(d, "kernelab", "echarts", "echarts.min.js")
}

var (
	libMu   sync.Mutex
	libPath string
	libJS   string
)

// echartsLib reads (and caches) the ECharts library.
func echartsLib() (string, error) {
	path := EChartsPath()
	libMu.Lock()
	defer libMu.Unlock()
	if libJS != "" && libPath == path {
		return libJS, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", klearn.Errorf(klearn.ErrMissingData,
			"viz: the ECharts library is not at %s (%v); run `make setup` (or scripts/fetch-echarts.sh), or set KERNELAB_ECHARTS or KERNELAB_ASSETS", path, err)
	}
	if !bytes.Contains(b[:min(len(b), 4096)], []byte("echarts")) {
		return "", klearn.Errorf(klearn.ErrMissingData, "viz: %s does not look like echarts.min.js; rerun scripts/fetch-echarts.sh", path)
	}
	libPath, libJS = path, string(b)
	return libJS, nil
}

// libScript returns the <script> element that defines window.echarts.
//
// The library is a UMD bundle: it registers as an AMD module when it sees a
// global `define` with `define.amd` (RequireJS in Jupyter's HTML export), and
// then window.echarts stays undefined and every chart is blank. Running it
// inside a function whose parameters `define`, `exports` and `module` are
// undefined shields it, so it always takes its browser-global branch. The
// `if (window.echarts) return` guard makes a page that holds several copies
// (one per notebook output) evaluate the library once.
func libScript() (string, error) {
	js, err := echartsLib()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(len(js) + 256)
	b.WriteString("<script type=\"text/javascript\" data-kl-echarts=\"" + EChartsVersion + "\">\n")
	b.WriteString("(function(define, exports, module){\nif (window.echarts) { return; }\n")
	b.WriteString(scriptSafe(js))
	b.WriteString("\n}).call(window);\n</script>\n")
	return b.String(), nil
}

// scriptSafe keeps text from closing its <script> element early.
func scriptSafe(s string) string {
	s = strings.ReplaceAll(s, "</script", "<\\/script")
	s = strings.ReplaceAll(s, "</SCRIPT", "<\\/SCRIPT")
	s = strings.ReplaceAll(s, "<!--", "<\\!--")
	return s
}

// ecChart is what each interactive chart builds: the ECharts option (through
// go-echarts) and the size of its div.
type ecChart struct {
	kind   string
	option string // JSON
	w, h   float64
}

// optionJSON extracts the option JSON of a finished go-echarts chart.
func optionJSON(c interface {
	Validate()
	JSONNotEscaped() template.HTML
}) string {
	c.Validate()
	return richOption(strings.TrimSpace(string(c.JSONNotEscaped())))
}

// richStyles are the ECharts rich-text styles that richLabel's {sub|…}
// and {sup|…} use.
var richStyles = map[string]any{
	"sub": map[string]any{"fontSize": 9, "padding": []int{6, 0, 0, 0}},
	"sup": map[string]any{"fontSize": 9, "padding": []int{0, 0, 6, 0}},
}

// richOption adds richStyles to the text styles of the title, the legend
// and the axis names of an ECharts option (JSON in, JSON out; unchanged if
// it does not parse).
func richOption(option string) string {
	if !strings.Contains(option, "{sub|") && !strings.Contains(option, "{sup|") {
		return option
	}
	var o map[string]any
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		return option
	}
	set := func(m map[string]any, key string) {
		ts, _ := m[key].(map[string]any)
		if ts == nil {
			ts = map[string]any{}
			m[key] = ts
		}
		ts["rich"] = richStyles
	}
	each := func(v any, key string) {
		switch x := v.(type) {
		case map[string]any:
			set(x, key)
		case []any:
			for _, e := range x {
				if m, ok := e.(map[string]any); ok {
					set(m, key)
				}
			}
		}
	}
	each(o["title"], "textStyle")
	each(o["legend"], "textStyle")
	each(o["xAxis"], "nameTextStyle")
	each(o["xAxis"], "axisLabel")
	each(o["yAxis"], "nameTextStyle")
	b, err := json.Marshal(o)
	if err != nil {
		return option
	}
	return string(b)
}

// richName converts a label for ECharts: Unicode sub/superscripts where
// they exist, else rich text.
func richName(s string) string {
	out, _ := richLabel(s)
	return out
}

// seriesName is the legend name of series i: richName(name), or "<unnamed> i+1"
// (counted from 1) when name is empty.
func seriesName(name, unnamed string, i int) string {
	if out := richName(name); out != "" {
		return out
	}
	return fmt.Sprintf("%s %d", unnamed, i+1)
}

// id is a deterministic chart id: a hash of the kind, size and option, so
// golden files are stable and two different charts never share an id.
func (e ecChart) id() string {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s|%g|%g|%s", e.kind, e.w, e.h, e.option)))
	return "kl-" + e.kind + "-" + hex.EncodeToString(h[:6])
}

// fragment is the chart's div and init script, without the library.
//
// The script initialises every not-yet-initialised div carrying this id (the
// same chart may be displayed twice in one notebook), and writes a visible
// message instead of failing silently when ECharts is absent.
func (e ecChart) fragment() string {
	id := e.id()
	var b strings.Builder
	fmt.Fprintf(&b, "<div class=\"kl-chart\" id=\"%s\" data-kl-chart=\"%s\" style=\"width:%gpx;height:%gpx;\"></div>\n", id, id, e.w, e.h)
	b.WriteString("<script type=\"text/javascript\">\n(function(){\n")
	fmt.Fprintf(&b, "var option = %s;\n", scriptSafe(e.option))
	// Tooltips show series names with real sub/superscripts (rich-text
	// markup there would print raw).
	b.WriteString(`if (option.tooltip && !option.tooltip.formatter) { option.tooltip.formatter = function(p) {
  var n = String(p.seriesName || '').replace(/\{(sub|sup)\|([^}]*)\}/g, function(m, k, t) { return '<' + k + '>' + t + '</' + k + '>'; });
  var v = Array.isArray(p.value) ? p.value.join(', ') : p.value;
  return p.marker + n + (p.name && p.name !== p.seriesName ? ' · ' + p.name : '') + ': ' + v;
}; }
`)
	// Log axes label their customValues with the labels withLogAxes chose.
	b.WriteString(`['xAxis', 'yAxis'].forEach(function(k){ [].concat(option[k] || []).forEach(function(a){
  var l = a && a.axisLabel;
  if (!l || !l.klLabels) { return; }
  var vals = l.customValues, labs = l.klLabels;
  l.formatter = function(v){ for (var i = 0; i < vals.length; i++) { if (Math.abs(v - vals[i]) <= 1e-9 * Math.abs(vals[i])) { return labs[i]; } } return ''; };
}); });
`)
	fmt.Fprintf(&b, "var els = document.querySelectorAll('div[data-kl-chart=\"%s\"]');\n", id)
	b.WriteString(`for (var i = 0; i < els.length; i++) {
  var el = els[i];
  if (el.getAttribute('_echarts_instance_')) { continue; }
  if (!window.echarts) { el.textContent = 'viz: ECharts library not loaded'; continue; }
  window.echarts.init(el, null, {renderer: 'canvas'}).setOption(option);
}
})();
</script>
`)
	return b.String()
}

// html is the self-contained snippet: library + fragment.
func (e ecChart) html() ([]byte, error) {
	lib, err := libScript()
	if err != nil {
		return nil, err
	}
	return []byte(lib + e.fragment()), nil
}

// echartHTML renders c's interactive chart as a self-contained snippet.
func echartHTML(c echarter) ([]byte, error) {
	e, err := c.echart()
	if err != nil {
		return nil, err
	}
	return e.html()
}

// ---- go-echarts helpers ----

func ecGlobal(title, xname, yname string, w, h float64) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithAnimation(false),
		charts.WithInitializationOpts(opts.Initialization{Width: fmt.Sprintf("%gpx", w), Height: fmt.Sprintf("%gpx", h), ChartID: "kl"}),
		charts.WithTitleOpts(opts.Title{Title: richName(title), Left: "center"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "28", Type: "scroll"}),
		charts.WithGridOpts(opts.Grid{Top: "70", Left: "70", Right: "40", Bottom: "60", ContainLabel: opts.Bool(true)}),
		charts.WithColorsOpts(opts.Colors(palette10)),
		charts.WithToolboxOpts(opts.Toolbox{Show: opts.Bool(false)}),
	}
}

func axisType(log bool) string {
	if log {
		return "log"
	}
	return "value"
}

func ecXAxis(name string, log bool) opts.XAxis {
	return opts.XAxis{Type: axisType(log), Name: richName(name), NameLocation: "middle", NameGap: 30, Scale: opts.Bool(true)}
}

func ecYAxis(name string, log bool) opts.YAxis {
	return opts.YAxis{Type: axisType(log), Name: richName(name), NameLocation: "middle", NameGap: 50, Scale: opts.Bool(true)}
}

// escapeText escapes s for HTML text content.
func escapeText(s string) string { return html.EscapeString(s) }

// withLogAxes places and labels the ticks of the option's log axes as the
// static charts do (axisTicks, without data values): powers of ten, with
// 2, 3 and 5 × 10^k labelled where fewer than two powers fall in range,
// labels that would overlap dropped for the chart's size (w × h px); the
// labels read 10^k (logLabel). An axis without min and max gets the
// nice range (niceRange) of its data, xr or yr. The fragment's script
// turns each axis' klLabels into its label formatter.
func withLogAxes(option string, w, h float64, xr, yr [2]float64) (string, error) {
	var o map[string]any
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		return "", fmt.Errorf("viz: chart option: %w", err)
	}
	changed := false
	for _, ax := range []struct {
		key      string
		vertical bool
		length   float64
		data     [2]float64
	}{{"xAxis", false, w - 130, xr}, {"yAxis", true, h - 150, yr}} {
		list, _ := o[ax.key].([]any)
		for _, a := range list {
			m, _ := a.(map[string]any)
			if m == nil || m["type"] != "log" {
				continue
			}
			lo, okLo := m["min"].(float64)
			hi, okHi := m["max"].(float64)
			if !okLo || !okHi {
				var ok bool
				if lo, hi, ok = niceRange(ax.data[0], ax.data[1], true); !ok {
					continue
				}
				m["min"], m["max"] = lo, hi
			}
			sty := newPlot("", "", "", LogLog).X.Tick.Label
			t := &axisTicks{log: true, vertical: ax.vertical, length: vg.Length(math.Max(ax.length, 50) * 0.75), sty: &sty}
			var vals []float64
			var labels []string
			for _, tk := range t.Ticks(lo, hi) {
				if tk.Label != "" {
					vals = append(vals, tk.Value)
					labels = append(labels, richName(logLabel(tk.Value, tk.Label)))
				}
			}
			if len(vals) == 0 {
				continue
			}
			// Tick marks (and the grid lines ECharts draws with them) at
			// the labels only.
			tick, _ := m["axisTick"].(map[string]any)
			if tick == nil {
				tick = map[string]any{}
				m["axisTick"] = tick
			}
			tick["customValues"] = vals
			lab, _ := m["axisLabel"].(map[string]any)
			if lab == nil {
				lab = map[string]any{}
				m["axisLabel"] = lab
			}
			lab["customValues"] = vals
			lab["klLabels"] = labels
			changed = true
		}
	}
	if !changed {
		return option, nil
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("viz: chart option: %w", err)
	}
	return string(b), nil
}

// logLabel is the label of a log axis' tick at v: 10^k for a power of ten
// (1 and 10 as such), the static chart's label (def) otherwise.
func logLabel(v float64, def string) string {
	if !isPow10(v) {
		return def
	}
	switch k := int(math.Round(math.Log10(v))); k {
	case 0:
		return "1"
	case 1:
		return "10"
	default:
		return "10^{" + strings.Replace(strconv.Itoa(k), "-", "−", 1) + "}"
	}
}
