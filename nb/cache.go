package nb

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/kernelab/kernelab/repro/jobs"
)

// CacheEnv names the results store Cached uses: $KERNELAB_RESULTS, else
// results/ under the repository root (see repro/jobs.DefaultDir).
const CacheEnv = "KERNELAB_RESULTS"

// cacheStore is the store Cached reads and writes, replaceable in tests.
var cacheStore = func() jobs.Store { return jobs.Store{Dir: jobs.DefaultDir()} }

// Cached returns the result of run for (key, params) in the current mode,
// computing it at most once for the current code: GoNB runs every cell as
// a fresh program, so a notebook's experiments run in the first cell that
// needs them and every later cell, and every later run while the module's
// Go source, key, params and mode are unchanged, reads the stored result
// (the results store of repro/jobs, under $KERNELAB_RESULTS or results/).
// Cells see the stored form: T must survive a JSON round trip (exported
// fields). params is the run's configuration (seed, sizes, grids), which
// enters the key: a notebook that changes it gets a new run. Any error
// stops the cell loudly. KERNELAB_CACHE=off ignores earlier runs: the
// result is computed afresh once per notebook run (per kernel process).
func Cached[T any](key string, params any, run func() (T, error)) T {
	var v T
	p, err := json.Marshal(params)
	if err != nil {
		fatalf("✗ unexpected error: nb.Cached %q: params: %v", key, err)
		return v
	}
	j := jobs.Job{Paper: "notebooks", Table: key, Method: "nb.Cached", Data: Mode(),
		Params: map[string]any{"params": json.RawMessage(p)}}
	if os.Getenv("KERNELAB_CACHE") == "off" {
		// Fresh results, computed once for this notebook run: the key
		// names the kernel process all cells of the run share.
		j.Params["run"] = kernelRun()
	}
	if key == "" {
		fatalf("✗ unexpected error: nb.Cached needs a key")
		return v
	}
	if run == nil {
		fatalf("✗ unexpected error: nb.Cached %q: nil run function", key)
		return v
	}
	if _, err := jobs.Memo(cacheStore(), j, &v, func() (any, error) { return run() }); err != nil {
		fatalf("✗ unexpected error: nb.Cached %q: %v", key, err)
	}
	return v
}

// kernelRun identifies the notebook run: GoNB starts every cell's program
// from the kernel process, so the parent's PID and start time (from
// /proc, where there is one) are the same for all cells of a run and
// differ between runs.
func kernelRun() string {
	pp := os.Getppid()
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pp)); err == nil {
		// Field 22 (start time) counts from the field after the command
		// name, which is in parentheses and may hold spaces.
		if i := strings.LastIndexByte(string(b), ')'); i >= 0 {
			if f := strings.Fields(string(b)[i+1:]); len(f) > 19 {
				return fmt.Sprintf("%d@%s", pp, f[19])
			}
		}
	}
	return fmt.Sprint(pp)
}
