// Command tkplus measures Colbert & Peet (2020)'s [SimpleMKL TK+] column
// on full mode's protocol (protocol.ProbeTKPlus): for each split named,
// the combined fit, each kernel family alone at the same C, and the
// [SimpleMKL TK] column, under three relative scales of the two families
// (both at unit trace; the standard list at unit trace and the TK kernels
// at their own scale, the main table's; both at centred unit trace). It is
// the measurement behind the scale chosen for the TK kernels (see
// protocol.TKLibraryScale); the certificate of each fit is printed beside
// it (TKPlusProbe.Certified).
//
// Usage: go run ./scripts/probe/tkplus -probe 'bupa:0,3;heart:0'
//
// Each data set is named by its kernelab name (protocol.DataSet.Name:
// bupa, heart, …); the splits are indices of full mode's random 80/20
// splits.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
)

func main() {
	spec := flag.String("probe", "bupa:0", "data sets and splits: name:i,j;name:k")
	flag.Parse()
	if err := run(*spec); err != nil {
		fmt.Fprintln(os.Stderr, "tkplus:", err)
		os.Exit(1)
	}
}

func run(spec string) error {
	cfg := protocol.Full()
	scales := [][2]protocol.Scale{{protocol.UnitTrace, protocol.UnitTrace}, {protocol.UnitTrace, protocol.OwnScale}, {protocol.CentredTrace, protocol.CentredTrace}}
	for _, part := range strings.Split(spec, ";") {
		name, list, ok := strings.Cut(part, ":")
		i := protocol.DataSetIndex(name)
		if !ok || i < 0 {
			return fmt.Errorf("%q: want name:i,j with a data set of Table 1", part)
		}
		ds := protocol.DataSets[i]
		data, err := protocol.Load(ds)
		if err != nil {
			return err
		}
		n, _ := data.X.Dims()
		sp, err := protocol.Splits(n, cfg)
		if err != nil {
			return err
		}
		for _, f := range strings.Split(list, ",") {
			s, err := strconv.Atoi(f)
			if err != nil || s < 0 || s >= len(sp) {
				return fmt.Errorf("%s: split %q, want 0…%d", ds.Paper, f, len(sp)-1)
			}
			for _, sc := range scales {
				p, err := protocol.ProbeTKPlus(data, s, sp[s], cfg, sc[0], sc[1])
				if err != nil {
					return fmt.Errorf("%s split %d: %w", ds.Paper, s, err)
				}
				fmt.Printf("%s split %d: %v (certified %v)\n", ds.Paper, s, p, p.Certified(1e-3))
			}
		}
	}
	return nil
}
