package viz

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden files from the current output")

// golden compares got with testdata/golden/name, or rewrites it with -update.
// Provenance: the golden files are this package's own reviewed output (the
// PNGs of the same charts were inspected by eye when they were written).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./viz -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (%d vs %d bytes); inspect and rerun with -update if intended", name, len(got), len(want))
	}
}

func TestGoldenSVG(t *testing.T) {
	for _, tc := range staticCharts() {
		t.Run(tc.name, func(t *testing.T) {
			svg, err := tc.c.SVG()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(svg, []byte("<svg")) {
				t.Fatalf("not an SVG: %.80q", svg)
			}
			// Rendering twice gives the same bytes (determinism).
			again, err := tc.c.SVG()
			if err != nil || !bytes.Equal(svg, again) {
				t.Fatalf("second rendering differs (err %v)", err)
			}
			// Rasters stretched to their boxes and labelled as PNG (a 1 px
			// colour bar and a shrunk heat-map field were the symptoms).
			if p := svgImageProblems(svg); len(p) > 0 {
				t.Error(p)
			}
			golden(t, tc.name+".svg", svg)
		})
	}
}

func TestPNG(t *testing.T) {
	for _, tc := range staticCharts() {
		t.Run(tc.name, func(t *testing.T) {
			b, err := tc.c.PNG()
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			// 144 dpi = 1.5 × the CSS size.
			if img.Bounds().Dx() < 600 || img.Bounds().Dy() < 400 {
				t.Fatalf("PNG is %v", img.Bounds())
			}
			// Not blank: count non-white pixels.
			ink := 0
			r := img.Bounds()
			for y := r.Min.Y; y < r.Max.Y; y += 3 {
				for x := r.Min.X; x < r.Max.X; x += 3 {
					if cr, cg, cb, _ := img.At(x, y).RGBA(); cr < 0xf000 || cg < 0xf000 || cb < 0xf000 {
						ink++
					}
				}
			}
			if ink < 200 {
				t.Fatalf("PNG looks blank: %d inked samples", ink)
			}
			writeArtifact(t, tc.name+".png", b)
		})
	}
}

func TestGoldenHTML(t *testing.T) {
	for _, tc := range interactiveCharts() {
		t.Run(tc.name, func(t *testing.T) {
			e, err := tc.c.(echarter).echart()
			if err != nil {
				t.Fatal(err)
			}
			frag := []byte(e.fragment())
			for _, want := range []string{`"animation":false`, `data-kl-chart="` + e.id() + `"`, "echarts.init"} {
				if !bytes.Contains(frag, []byte(want)) {
					t.Errorf("fragment lacks %q", want)
				}
			}
			if bytes.Contains(frag, []byte(`"type":"custom"`)) && !bytes.Contains(frag, []byte(`"clip":true`)) {
				t.Error("a ±Err band is not clipped to the axes")
			}
			golden(t, tc.name+".html", frag)
		})
	}
}
