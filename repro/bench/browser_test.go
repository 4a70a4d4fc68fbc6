package bench

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/kernelab/kernelab/viz"
)

// TestFilterInBrowser opens the per-set table and the leaderboard in
// headless Chromium with no network and checks that the inline script
// filters rows, no kernel needed: choosing the family "neural network"
// leaves the four NN rows of the per-set table (bupa's says why NN did not
// run), adding the size class "medium" leaves pima's and bupa's, and the leaderboard
// keeps one row for the family.
func TestFilterInBrowser(t *testing.T) {
	bin, err := viz.FindChromium()
	if err != nil {
		if os.Getenv("KERNELAB_REQUIRE_BROWSER") == "1" {
			t.Fatal(err)
		}
		t.Skip(err.Error() + "; browser test skipped")
	}
	a, err := Analyze(handResults())
	if err != nil {
		t.Fatal(err)
	}
	const driver = `<script>
window.addEventListener('load', function(){
  function visible(box){ var n = 0; box.querySelectorAll('tr[data-family]').forEach(function(tr){ if (tr.style.display !== 'none') { n++; } }); return n; }
  function choose(box, key, v){ var s = box.querySelector('select[data-filter="' + key + '"]'); s.value = v; s.dispatchEvent(new Event('change')); }
  var boxes = document.querySelectorAll('.kl-bench'), sets = boxes[1], board = boxes[0];
  var out = [visible(sets)];
  choose(sets, 'family', 'neural network'); out.push(visible(sets));
  choose(sets, 'size', 'medium (300–999 rows)'); out.push(visible(sets));
  choose(board, 'family', 'neural network'); out.push(visible(board));
  document.body.setAttribute('data-result', out.join(','));
});
</script>`
	page := "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>" + a.LeaderboardHTML() + a.SetTableHTML() + driver + "</body></html>"
	dir := t.TempDir()
	path := filepath.Join(dir, "page.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(viz.BrowserArgs(filepath.Join(dir, "profile"), 1000, 800, 5000), "--dump-dom", "file://"+path)
	dom, err := exec.Command(bin, args...).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := regexp.MustCompile(`data-result="([^"]*)"`).FindSubmatch(dom)
	if m == nil {
		t.Fatal("the driver script left no result: the page's scripts did not run")
	}
	// 12 rows (4 sets × 3 methods); NN: 4 rows (bupa's says why); medium
	// NN: pima (768) and bupa (345); leaderboard: NN.
	if got := string(m[1]); got != "12,4,2,1" {
		t.Errorf("visible rows %s, want 12,4,2,1", got)
	}
}
