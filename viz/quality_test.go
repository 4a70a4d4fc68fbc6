package viz

import (
	"testing"
)

// TestFigureQuality applies the figure check to every example chart: no
// legend over data, nothing outside the plot area, no overlapping texts,
// every raster filling its box.
func TestFigureQuality(t *testing.T) {
	for _, tc := range staticCharts() {
		t.Run(tc.name, func(t *testing.T) {
			if err := CheckFigure(tc.c); err != nil {
				t.Error(err)
			}
		})
	}
}
