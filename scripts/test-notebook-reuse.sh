#!/usr/bin/env bash
# test-notebook-reuse.sh — end-to-end test of run-notebooks.sh's reuse of
# unchanged notebooks (nbtool stamp), run by `make test`.
#
# A two-cell probe notebook (one experiment through nb.Cached, into a results
# store of its own) is written under build/test-reuse/ and run in quick mode
# with an HTML report (checked in Chromium when there is one):
#   1. first run: executed; the experiment is computed (1 record);
#   2. nothing changed: reused, said so in the log and in index.html;
#   3. its prose edited: executed again, and the experiment is read from the
#      store, not recomputed (the record file is unchanged);
#   4. nothing changed: reused;
#   5. KERNELAB_CACHE=off: executed although nothing changed;
#   6. a Go file added to the module (a package of its own under internal/,
#      untracked, removed on exit; no tracked file is touched): executed
#      again (and, the code digest being new, the experiment computed
#      afresh: a new record).
# Then stopping: a notebook whose cell sleeps is started and the runner sent
# SIGTERM once the cell's program runs; nbconvert, the kernel (in a process
# group of its own) and the cell program must all be gone, and the runner
# exit with 143.
# Asserts on the runner's output, status file, index and processes, never on
# times (the waits are bounds, not measurements).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$KL_ROOT"

dir="$KL_ROOT/build/test-reuse"
rm -rf "$dir"
mkdir -p "$dir/src"
src="$dir/src/99-reuse.ipynb"
export KERNELAB_RESULTS="$dir/results"
# The test notebook is a few cells with no exploration: the report check does not ask for one here.
export KERNELAB_REPORT_EXPLORE=false

# probe NOTE writes the probe notebook with NOTE in its prose.
probe() {
  python3 - "$src" "$1" <<'PY'
import json, sys
path, note = sys.argv[1], sys.argv[2]
code = lambda cid, src, tags=None: {"cell_type": "code", "execution_count": None, "id": cid,
    "metadata": {"tags": tags} if tags else {}, "outputs": [], "source": src}
nb = {"cells": [
  {"cell_type": "markdown", "id": "prose", "metadata": {}, "source": "# Reuse probe\n\n" + note},
  code("setup", '%noautoget\nimport (\n\t"fmt"\n\n\t"github.com/kernelab/kernelab/nb"\n)\n\nconst seed = 1\n', ["hide-input"]),
  {"cell_type": "markdown", "id": "section", "metadata": {}, "source": "## The one experiment"},
  code("sum", '%%\n// expect: text\n'
       'sum := nb.Cached("reuse-probe", map[string]int{"n": 100}, func() (int, error) {\n'
       '\ts := 0\n\tfor i := 1; i <= 100; i++ {\n\t\ts += i\n\t}\n\treturn s, nil\n})\n'
       'fmt.Println("1 + … + 100 =", sum)\n'),
],
 "metadata": {"kernelspec": {"display_name": "Go (gonb)", "language": "go", "name": "gonb"},
              "language_info": {"name": "go"}},
 "nbformat": 4, "nbformat_minor": 5}
with open(path, "w") as f:
    json.dump(nb, f, indent=1, ensure_ascii=False)
    f.write("\n")
PY
}

fail() { echo "test-notebook-reuse: FAIL: $*" >&2; exit 1; }
step=0
# run EXPECT: run the probe and check the runner says EXPECT (reused|executing) for it.
run() {
  step=$((step + 1))
  local log="$dir/run$step.log"
  echo "-- run $step: expect $1"
  scripts/run-notebooks.sh --mode quick --out "$dir/out" --html "$dir/html" "$src" >"$log" 2>&1 ||
    { cat "$log"; fail "run $step failed"; }
  sed 's/^/   /' "$log"
  grep -qE "^ +$1[ :]" "$log" || fail "run $step: the runner did not say '$1' (log: $log)"
  case "$1" in
    reused)
      grep -qP '^99-reuse\tok\t\d+\tquick\treused: ' "$dir/out/status.tsv" || fail "run $step: status.tsv has no reused line"
      grep -q 'reused: unchanged since its run of' "$dir/html/index.html" || fail "run $step: index.html does not say reused"
      grep -q 'reused at' "$dir/out/99-reuse.log" || fail "run $step: the notebook's log does not say reused"
      ;;
    executing)
      [ -f "$dir/out/99-reuse.stamp" ] || fail "run $step: no stamp after a passed run"
      grep -q 'reused' "$dir/html/index.html" && fail "run $step: index.html says reused after an execution"
      ;;
  esac
  grep -q '1 + … + 100 = 5050' "$dir/out/99-reuse.ipynb" || fail "run $step: the executed notebook lacks its output"
}
records() { find "$KERNELAB_RESULTS" -name '*.json' | wc -l; }
store_sum() { find "$KERNELAB_RESULTS" -name '*.json' -print0 | sort -z | xargs -0 sha256sum | sha256sum; }

probe "Prose, version 1."
run executing
grep -q 'executing: no earlier run' "$dir/run1.log" || fail "run 1: not 'no earlier run'"
[ "$(records)" = 1 ] || fail "run 1: $(records) records in the store, want 1"
store1="$(store_sum)"

run reused

probe "Prose, version 2: only the words changed."
run executing
grep -q 'changed: .*99-reuse.ipynb' "$dir/run3.log" || fail "run 3: the prose edit is not named"
[ "$(store_sum)" = "$store1" ] || fail "run 3: a prose edit changed the results store (an experiment re-ran)"

run reused

KERNELAB_CACHE=off run executing
grep -q 'executing: KERNELAB_CACHE=off' "$dir/run5.log" || fail "run 5: KERNELAB_CACHE=off did not bypass the stamp"

# A Go file added to the module, in a package of its own (removed on exit).
probedir="$KL_ROOT/internal/zzreuseprobe$$"
restore() { rm -rf "$probedir"; }
trap restore EXIT
n="$(records)"
mkdir -p "$probedir"
printf '// Package zzreuseprobe is a temporary package of test-notebook-reuse.sh.\npackage zzreuseprobe\n' >"$probedir/probe.go"
run executing
restore
grep -q "changed: .*file:internal/zzreuseprobe$$/probe.go" "$dir/run6.log" || fail "run 6: the Go file is not named"
[ "$(records)" -gt "$n" ] || fail "run 6: no new record (a new code digest computes the experiment afresh)"

# descendants PID prints the processes below PID, one "pid command-name" a line.
descendants() {
  local pid name
  kl_children "$1" | while read -r pid name; do
    echo "$pid $name"
    descendants "$pid"
  done
}
stop_src="$dir/src/98-stop.ipynb"
python3 - "$stop_src" <<'PY'
import json, sys
nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "sleep", "metadata": {}, "outputs": [],
                 "source": 'import "time"\n\n%%\ntime.Sleep(600 * time.Second)\n'}],
      "metadata": {"kernelspec": {"display_name": "Go (gonb)", "language": "go", "name": "gonb"},
                   "language_info": {"name": "go"}}, "nbformat": 4, "nbformat_minor": 5}
json.dump(nb, open(sys.argv[1], "w"), indent=1)
PY
echo "-- stop: SIGTERM while a cell runs"
scripts/run-notebooks.sh --mode quick --out "$dir/out-stop" "$stop_src" >"$dir/stop.log" 2>&1 &
runner=$!
cell=""
for _ in $(seq 240); do
  cell="$(descendants "$runner" | awk '$2 ~ /^gonb_/ {print $1; exit}')"
  [ -z "$cell" ] || break
  sleep 0.5
done
[ -n "$cell" ] || { kill -TERM "$runner"; cat "$dir/stop.log"; fail "stop: the cell program did not start within 120 s"; }
below="$(descendants "$runner" | awk '{print $1}')"
kill -TERM "$runner"
rc=0
wait "$runner" || rc=$?
[ "$rc" = 143 ] || fail "stop: the runner exited with $rc, want 143"
for _ in $(seq 20); do
  alive=""
  for p in $below; do
    # Gone, or a zombie waiting for its reaper (state Z).
    line="$(cat "/proc/$p/stat" 2>/dev/null)" || continue
    read -r state _ <<<"${line##*) }"
    [ "$state" = Z ] || alive+=" $p"
  done
  [ -n "$alive" ] || break
  sleep 0.5
done
[ -z "$alive" ] || fail "stop: processes left running after SIGTERM:$alive"
grep -q 'killing nbconvert' "$dir/stop.log" || fail "stop: the runner did not say what it stopped"
echo "   stopped: nbconvert, the kernel and the cell program ($(echo $below | wc -w) processes) are gone"

echo "test-notebook-reuse: ok (unchanged: reused; prose edited: executed, no experiment re-run; KERNELAB_CACHE=off: executed; Go file added: executed; SIGTERM: nothing left running)"
