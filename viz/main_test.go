package viz

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestMain points the tests at the checkout's ECharts library (build/,
// written by `make setup`) when no variable names one: viz itself never
// looks for its checkout.
func TestMain(m *testing.M) {
	if os.Getenv("KERNELAB_ECHARTS") == "" && os.Getenv("KERNELAB_ASSETS") == "" && os.Getenv("KERNELAB_ROOT") == "" {
		if _, file, _, ok := runtime.Caller(0); ok {
			os.Setenv("KERNELAB_ROOT", filepath.Dir(filepath.Dir(file)))
		}
	}
	os.Exit(m.Run())
}

// EChartsPath reads the variables in order, falling back to the user's
// cache.
func TestEChartsPath(t *testing.T) {
	t.Setenv("KERNELAB_ECHARTS", "/x/e.js")
	t.Setenv("KERNELAB_ASSETS", "/assets")
	t.Setenv("KERNELAB_ROOT", "/root-of-checkout")
	if p := EChartsPath(); p != "/x/e.js" {
		t.Errorf("KERNELAB_ECHARTS: %s", p)
	}
	t.Setenv("KERNELAB_ECHARTS", "")
	if p := EChartsPath(); p != "/assets/echarts/echarts.min.js" {
		t.Errorf("KERNELAB_ASSETS: %s", p)
	}
	t.Setenv("KERNELAB_ASSETS", "")
	if p := EChartsPath(); p != "/root-of-checkout/build/echarts/echarts.min.js" {
		t.Errorf("KERNELAB_ROOT: %s", p)
	}
	t.Setenv("KERNELAB_ROOT", "")
	t.Setenv("XDG_CACHE_HOME", "/cache")
	if p := EChartsPath(); p != "/cache/kernelab/echarts/echarts.min.js" {
		t.Errorf("default: %s", p)
	}
}
