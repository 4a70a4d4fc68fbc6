package viz

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tourGammaLine is the tour's sweep: test AUC against γ = f/60 on a log
// axis, with bands that pass 1.
func tourGammaLine() *Line {
	f := []float64{0.03, 0.1, 0.3, 1, 3, 10, 30}
	x := make([]float64, len(f))
	for i := range f {
		x[i] = f[i] / 60
	}
	return &Line{Title: "Sonar: test AUC against the RBF width", XLabel: "γ", YLabel: "test AUC", Scale: LogX, Interactive: true,
		YMin: 0.5, YMax: 1,
		Series: []Series{
			{Name: "KRR", X: x, Y: []float64{0.80, 0.84, 0.90, 0.93, 0.88, 0.70, 0.60}, Err: []float64{0.05, 0.04, 0.04, 0.05, 0.05, 0.06, 0.07}},
			{Name: "SVM", X: x, Y: []float64{0.82, 0.85, 0.91, 0.94, 0.89, 0.72, 0.61}, Err: []float64{0.05, 0.04, 0.04, 0.06, 0.05, 0.06, 0.07}},
		}}
}

func axisOf(t *testing.T, option, key string) map[string]any {
	t.Helper()
	var o map[string]any
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		t.Fatalf("option: %v", err)
	}
	a, _ := o[key].([]any)
	if len(a) == 0 {
		t.Fatalf("no %s in %s", key, option)
	}
	return a[0].(map[string]any)
}

// The interactive log axis is labelled at powers of ten (10⁻³ … 1), never
// at the raw data values, and ends at nice powers; a fixed y range bounds
// the axis (AUC ≤ 1).
func TestEChartsLogAxisLabels(t *testing.T) {
	l := tourGammaLine()
	for i := range l.Series {
		l.Series[i].Err = nil // the bands are JavaScript, not JSON
	}
	e, err := l.echart()
	if err != nil {
		t.Fatal(err)
	}
	opt := e.option
	x := axisOf(t, opt, "xAxis")
	if x["min"] != 0.0001 || x["max"] != 1.0 {
		t.Errorf("x axis spans [%v, %v], want [10⁻⁴, 1]", x["min"], x["max"])
	}
	lab := x["axisLabel"].(map[string]any)
	got, _ := json.Marshal(lab["klLabels"])
	if string(got) != `["10⁻⁴","10⁻³","10⁻²","10⁻¹","1"]` {
		t.Errorf("log axis labels %s, want 10⁻⁴ 10⁻³ 10⁻² 10⁻¹ 1", got)
	}
	vals, _ := json.Marshal(lab["customValues"])
	if string(vals) != `[0.0001,0.001,0.01,0.1,1]` {
		t.Errorf("labelled values %s", vals)
	}
	if ticks, _ := json.Marshal(x["axisTick"].(map[string]any)["customValues"]); string(ticks) != string(vals) {
		t.Errorf("tick marks at %s, want at the labels %s", ticks, vals)
	}
	y := axisOf(t, opt, "yAxis")
	if y["max"] != 1.0 || y["min"] != 0.5 {
		t.Errorf("y axis [%v, %v], want the fixed [0.5, 1]", y["min"], y["max"])
	}
	// Within one decade, 2, 3 and 5 × 10^k are labelled too.
	l.Series = []Series{{Name: "a", X: []float64{2, 3, 5, 8}, Y: []float64{1, 2, 3, 4}}}
	l.YMin, l.YMax, l.XMin, l.XMax = 0, 0, 1.5, 8
	if e, err = l.echart(); err != nil {
		t.Fatal(err)
	}
	got, _ = json.Marshal(axisOf(t, e.option, "xAxis")["axisLabel"].(map[string]any)["klLabels"])
	if string(got) != `["2","3","5"]` {
		t.Errorf("part of a decade labelled %s, want 2 3 5", got)
	}
	if _, err := withLogAxes("{", 640, 400, [2]float64{1, 10}, [2]float64{1, 10}); err == nil {
		t.Error("broken option accepted")
	}
}

// In Chromium the probe finds the texts of an ECharts chart as it finds a
// static figure's: the tour's chart with its new axis has no overlap; the
// same chart labelled at the raw data values (γ = 0.0005, 0.0016…) does.
func TestBrowserEChartsTexts(t *testing.T) {
	bin, dir := browser(t)
	l := tourGammaLine()
	for i := range l.Series {
		l.Series[i].Err = nil
	}
	e, err := l.echart()
	if err != nil {
		t.Fatal(err)
	}
	// The bad chart: labels at the raw data values.
	var o map[string]any
	if err := json.Unmarshal([]byte(e.option), &o); err != nil {
		t.Fatal(err)
	}
	lab := o["xAxis"].([]any)[0].(map[string]any)["axisLabel"].(map[string]any)
	delete(lab, "klLabels")
	lab["customValues"] = l.Series[0].X
	b, _ := json.Marshal(o)
	bad := e
	bad.option = string(b)
	lib, err := libScript()
	if err != nil {
		t.Fatal(err)
	}
	page := "<!DOCTYPE html><html><body>" + lib + e.fragment() + bad.fragment() + FigureProbe + "</body></html>"
	path := filepath.Join(dir, "axes.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	dom, err := exec.CommandContext(ctx, bin, append(BrowserArgs(filepath.Join(dir, "profile"), 1000, 1000, 5000), "--dump-dom", "file://"+path)...).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	probe, err := ParseProbe(dom)
	if err != nil {
		t.Fatal(err)
	}
	if len(probe.Charts) != 2 {
		t.Fatalf("%d charts probed, want 2", len(probe.Charts))
	}
	if p := probe.Charts[0].Problems; len(p) != 0 {
		t.Errorf("the tour's chart: %q", p)
	}
	if p := strings.Join(probe.Charts[1].Problems, "; "); !strings.Contains(p, "overlap") {
		t.Errorf("raw data labels not found overlapping: %q", p)
	}
}
