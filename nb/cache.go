package nb

import (
	"encoding/json"

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
// stops the cell loudly. Delete the store's "notebooks" folder to force a
// fresh run.
func Cached[T any](key string, params any, run func() (T, error)) T {
	var v T
	p, err := json.Marshal(params)
	if err != nil {
		fatalf("✗ unexpected error: nb.Cached %q: params: %v", key, err)
		return v
	}
	j := jobs.Job{Paper: "notebooks", Table: key, Method: "nb.Cached", Data: Mode(),
		Params: map[string]any{"params": json.RawMessage(p)}}
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
