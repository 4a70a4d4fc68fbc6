package notebook

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/viz"
)

// skipOrFail skips the test, or fails it under KERNELAB_REQUIRE_BROWSER=1
// (make test sets it where Chromium is installed).
func skipOrFail(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("KERNELAB_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// TestFinalizedReportRendersMathOffline finalizes an nbconvert-style page
// whose MathJax loader points at the exporting machine's files, copies it to
// a fresh directory and opens it in headless Chromium with no network: both
// formulas must be typeset by the inlined MathJax.
func TestFinalizedReportRendersMathOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	bin, err := viz.FindChromium()
	if err != nil {
		skipOrFail(t, err.Error()+"; browser test skipped")
	}
	lib, err := os.ReadFile(repo.Path("build", "mathjax", "tex-svg-full.js"))
	if err != nil {
		skipOrFail(t, "no build/mathjax/tex-svg-full.js (scripts/fetch-js.sh); browser test skipped")
	}
	page := strings.Replace(nbconvertHead, `<body><p>$K_\mu$</p></body>`,
		`<body><p id="m">Inline $K_\mu = \sum_k \mu_k K_k$, displayed $$F(\mu) = y^\top (K_\mu + \lambda I)^{-1} y.$$</p></body>`, 1)
	out, err := FinalizeHTML([]byte(page), lib)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(t.TempDir(), "copied", "report.html")
	if err := os.MkdirAll(filepath.Dir(elsewhere), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(elsewhere, out, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(viz.BrowserArgs(t.TempDir(), 1024, 768, 10000), "--dump-dom", "file://"+elsewhere)...)
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	d := string(dom)
	if n := strings.Count(d, "<mjx-container"); n != 2 {
		t.Fatalf("%d typeset formulas, want 2 (MathJax did not run offline)", n)
	}
	if !strings.Contains(d, `display="true"`) {
		t.Error("the $$…$$ formula is not typeset as displayed math")
	}
	if strings.Contains(d, `$K_\mu`) {
		t.Error("TeX source left in the page")
	}
}
