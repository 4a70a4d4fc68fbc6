package protocol

import "testing"

// benchmarkSplit runs the first Table 1 split of DataSets[row] at the full
// configuration: model selection (Select) and the final fit of every column.
func benchmarkSplit(b *testing.B, row int) {
	d := DataSets[row]
	data, err := Load(d)
	if err != nil {
		b.Fatal(err)
	}
	cfg := Full()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := RunSplit(d, data, cfg, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSelectSonar(b *testing.B)      { benchmarkSplit(b, 2) }
func BenchmarkSelectIonosphere(b *testing.B) { benchmarkSplit(b, 1) }
