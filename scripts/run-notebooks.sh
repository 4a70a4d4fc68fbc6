#!/usr/bin/env bash
# run-notebooks.sh — execute notebooks headless with the private gonb kernel and
# check what they produced. Used by `make test` (quick mode) and `make reports`
# (full mode, HTML).
#
#   scripts/run-notebooks.sh --mode quick|full|paper --out DIR [--html DIR] NOTEBOOK.ipynb...
#
# For each notebook, in order: nbconvert executes it (KERNELAB_MODE=mode) into
# DIR/NAME.ipynb, logging to DIR/NAME.log (DIR/NAME.kernel.log keeps it with
# GoNB's own log lines), while the experiments' progress (done / total, the
# job, an estimate of the time left) is printed as they run; `nbtool check` then fails it on any
# error output, any cell not executed, any missing `// expect:` output, or any
# network script. With --html, the executed notebook is exported to
# HTML_DIR/NAME.html (failed ones too, errors shown): cells tagged
# "remove-cell" are dropped and cells tagged "hide-input" show their output
# only; `nbtool finalize` drops RequireJS and inlines MathJax 3, so the page
# renders offline on any computer; it must be self-contained. Then
# `nbtool check-reports` opens the report, copied elsewhere, in headless
# Chromium with no network and fails it on what a reader would see wrong
# (figure defects, charts or math not rendered, the verdict not first, the
# first experiment below the first quarter, progress bars, shown hidden
# inputs, wide tables, tables printed as text, walls of checks); without
# Chromium this check is skipped with a note (an error under
# KERNELAB_REQUIRE_BROWSER=1; `make setup-reports` installs it;
# KERNELAB_REPORT_CHECK=warn prints its findings without failing the
# notebook). HTML_DIR/index.html
# lists every notebook with its verdict counts, status and run time. Every cell runs (--allow-errors) so that the executed notebook (and
# the report) shows each failure with its message.
# Exits 1 at the end if any notebook failed.
#
# Reuse: a notebook whose run passed is not executed again while nothing it
# depends on has changed. After a passed run, `nbtool stamp write` keeps
# DIR/NAME.stamp with the SHA-256 of every input and of every output. The
# inputs are every file git sees in the repository except the other
# notebooks; the downloaded data, the inlined JavaScript, the gonb kernel
# and binaries; the mode; the KERNELAB_*, GO* and CGO_* variables and `go
# env`; the Jupyter and Chromium versions, and whether the report is
# exported and checked in a browser. The next run reuses the executed
# notebook, its HTML report and its checks when `nbtool stamp check` finds
# inputs and outputs unchanged, and says so in the log, the status file and
# the index ("reused"); anything changed -> the notebook is executed again
# (its experiments still come from the results store, so an edit of its
# prose re-runs no experiment). A failed run is never reused; inputs that
# change during a run leave no stamp. KERNELAB_CACHE=off executes every
# notebook (and recomputes every experiment).
#
# Environment: NB_TIMEOUT (seconds per cell; default 900 quick, 3600 full).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mode="" out="" html=""
while [ $# -gt 0 ]; do
  case "$1" in
    --mode) mode="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --html) html="$2"; shift 2 ;;
    --) shift; break ;;
    -*) echo "run-notebooks: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
case "$mode" in quick|full|paper) ;; *) echo "run-notebooks: --mode quick|full|paper is required" >&2; exit 2 ;; esac
[ -n "$out" ] || { echo "run-notebooks: --out DIR is required" >&2; exit 2; }
[ $# -gt 0 ] || { echo "run-notebooks: no notebooks given" >&2; exit 2; }

kl_env
# No browser watches these kernels. A run started from a notebook cell inherits
# its kernel's JPY_SESSION_NAME, from which nb would expect one (nb.ExploreEnv).
unset JPY_SESSION_NAME
JUPYTER="$(kl_jupyter)" || { echo "run-notebooks: no jupyter with nbconvert; run make setup" >&2; exit 1; }
[ -f "$JUPYTER_DATA_DIR/kernels/gonb/kernel.json" ] || { echo "run-notebooks: gonb kernel not installed in $JUPYTER_DATA_DIR; run make setup" >&2; exit 1; }
# Per-cell limit of nbconvert. A notebook's first cell runs all its experiments (results come from the
# store afterwards), so in full mode it holds the whole run: 01 full took over an hour on a machine loaded
# twentyfold. Full mode allows 4 hours a cell; paper mode (the printed protocols, hours) has no limit.
case "$mode" in
  quick) timeout="${NB_TIMEOUT:-900}" ;;
  full) timeout="${NB_TIMEOUT:-14400}" ;;
  paper) timeout="${NB_TIMEOUT:--1}" ;;
esac

mkdir -p "$out"
out="$(cd "$out" && pwd)"
if [ -n "$html" ]; then mkdir -p "$html"; html="$(cd "$html" && pwd)"; fi
nbtool="$KL_ROOT/build/nbtool"
(cd "$KL_ROOT" && go build -o "$nbtool" ./cmd/nbtool)
mathjax="$KL_ROOT/build/mathjax/tex-svg-full.js"
check_reports=0
if [ -n "$html" ]; then
  "$KL_ROOT/scripts/fetch-js.sh" --check >/dev/null || exit 1
  if kl_chromium >/dev/null; then
    check_reports=1
  elif [ "${KERNELAB_REQUIRE_BROWSER:-}" = 1 ]; then
    echo "run-notebooks: no chromium to check the reports (scripts/setup.sh --browser)" >&2; exit 1
  else
    echo "run-notebooks: note: no chromium, the HTML reports are not checked in a browser (scripts/setup.sh --browser)"
  fi
fi

# What a run depends on beyond the repository's files (nbtool stamp adds those): the tools.
stamp_args=(-root "$KL_ROOT" -mode "$mode" -skip "$out"
  -tool "jupyter=$JUPYTER $("$JUPYTER" --version 2>&1 | tr '\n' ' ')"
  -tool "html=$([ -n "$html" ] && echo yes || echo no)" -tool "browser-check=$check_reports")
[ -z "$html" ] || stamp_args+=(-skip "$html")
if [ $check_reports = 1 ]; then
  chromium="$(kl_chromium)"
  stamp_args+=(-tool "chromium=$chromium $("$chromium" --version 2>/dev/null || true)")
fi

# kill_tree PID kills PID and every process below it, deepest first. Jupyter starts the kernel in a
# process group of its own and gonb runs each cell as a program under it, so a signal to nbconvert (or to
# this script's group) alone would leave them running.
kill_tree() {
  local child
  for child in $(kl_children "$1" | cut -d' ' -f1); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
running=""
# on_signal CODE stops the notebook being executed, with its kernel and cell programs, and exits.
on_signal() {
  if [ -n "$running" ]; then
    echo "run-notebooks: stopped; killing nbconvert ($running), its kernel and cell programs" >&2
    kill_tree "$running"
  fi
  exit "$1"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
trap 'on_signal 129' HUP

# strip_kernel_noise copies a notebook's nbconvert output without GoNB's start-up noise: its klog lines
# (I/W/E + MMDD, e.g. "E1128 10:02:03.123 ... Error message") and the multi-line note that gopls, an
# autocompletion server, is not installed. Anything else (nbconvert's messages, a kernel's fatal error) stays.
strip_kernel_noise() {
  awk '
    /^[IWE][0-9][0-9][0-9][0-9] [0-9:.]+ / { next }
    /^Program gopls is not installed/ { skip = 1; fences = 0; next }
    skip { if ($0 ~ /^```/ && ++fences == 2) skip = 0; next }
    { print }'
}

# lap NAME adds the seconds since the last lap to $phases (the times of a notebook's steps).
lap() { phases+="$1 $((SECONDS - mark)) s, "; mark=$SECONDS; }

status="$out/status.tsv"
: > "$status"
total=$# i=0 failed=0 t0=$SECONDS
for src in "$@"; do
  i=$((i + 1))
  name="$(basename "$src" .ipynb)"
  log="$out/$name.log"
  stamp="$out/$name.stamp"
  outputs=("$out/$name.ipynb" "$out/$name.check")
  [ -z "$html" ] || outputs+=("$html/$name.html")
  [ $check_reports = 0 ] || outputs+=("$out/$name.report")
  printf '[%d/%d] %s (%s mode) ...\n' "$i" "$total" "$name" "$mode"
  start=$SECONDS
  if [ "${KERNELAB_CACHE:-}" = off ]; then
    why="KERNELAB_CACHE=off"
  elif why="$("$nbtool" stamp check "${stamp_args[@]}" -notebook "$src" "$stamp" "${outputs[@]}" 2>&1)"; then
    secs=$((SECONDS - start))
    printf '      reused (%d s): %s\n' "$secs" "$why"
    printf '%s: reused at %s: %s\n' "$name" "$(date -u '+%Y-%m-%d %H:%M:%S UTC')" "$why" >>"$log"
    printf '%s\tok\t%d\t%s\treused: %s\t\n' "$name" "$secs" "$mode" "${why//$'\t'/ }" >>"$status"
    continue
  fi
  printf '      executing: %s\n' "$why"
  rm -f "$stamp" "$out/$name.ipynb" "$out/$name.check" "$out/$name.report" "$log"
  [ -z "$html" ] || rm -f "$html/$name.html"
  # The inputs before the run; a run they cannot be read for is not stamped.
  rm -f "$out/$name.inputs"
  "$nbtool" stamp inputs "${stamp_args[@]}" -notebook "$src" -o "$out/$name.inputs" ||
    echo "      note: inputs not readable (above), this run will not be stamped"
  ok=1 detail="" phases="" mark=$SECONDS
  # The experiments append their progress to $progress (repro/jobs, KERNELAB_PROGRESS): a cell shows nothing
  # before it ends, so the file is printed here as it grows. The kernel's own log goes to $name.kernel.log;
  # $name.log keeps it without GoNB's start-up noise (strip_kernel_noise).
  progress="$out/$name.progress"
  rm -f "$progress" "$out/$name.kernel.log"
  : > "$progress"
  KERNELAB_MODE="$mode" KERNELAB_PROGRESS="$progress" "$JUPYTER" nbconvert --to notebook --execute --allow-errors \
    --ExecutePreprocessor.timeout="$timeout" --ExecutePreprocessor.kernel_name=gonb \
    --output-dir "$out" --output "$name" "$src" >"$out/$name.kernel.log" 2>&1 &
  running=$!
  tail -n +1 -F --pid="$running" "$progress" 2>/dev/null | sed -u 's/^/      /' &
  tailer=$!
  if ! wait "$running"; then
    running=""
    ok=0
    detail="nbconvert failed (timeout or kernel crash?)"
  fi
  running=""
  wait "$tailer" 2>/dev/null || true
  strip_kernel_noise <"$out/$name.kernel.log" >"$log"
  lap execute
  if [ -f "$out/$name.ipynb" ]; then
    if ! "$nbtool" check "$out/$name.ipynb" >"$out/$name.check" 2>&1; then
      ok=0
      detail="$(grep -m1 "^$out/$name.ipynb: " "$out/$name.check" | sed "s|^$out/$name.ipynb: ||" | cut -c1-400)"
    fi
    cat "$out/$name.check" >>"$log"
    if [ -n "$html" ]; then
      if "$JUPYTER" nbconvert --to html --TagRemovePreprocessor.enabled=True \
          --TagRemovePreprocessor.remove_cell_tags=remove-cell --TagRemovePreprocessor.remove_input_tags=hide-input \
          --output-dir "$html" --output "$name" "$out/$name.ipynb" >>"$log" 2>&1 &&
        "$nbtool" finalize -mathjax "$mathjax" "$html/$name.html" >>"$log" 2>&1; then
        lap export
        if ! "$nbtool" check "$html/$name.html" >>"$log" 2>&1; then
          ok=0; [ -n "$detail" ] || detail="HTML report is not self-contained"
        elif [ $check_reports = 1 ] &&
          ! "$nbtool" check-reports -explore="${KERNELAB_REPORT_EXPLORE:-true}" -notebooks "$(dirname "$src")" "$html/$name.html" >"$out/$name.report" 2>&1; then
          if [ "${KERNELAB_REPORT_CHECK:-}" = warn ]; then
            grep "^$html/$name.html: " "$out/$name.report" | sed "s|^$html/$name.html: |      warning: |" | head -n 30
          else
            ok=0
            [ -n "$detail" ] || detail="report check: $(grep -m1 "^$html/$name.html: " "$out/$name.report" | sed "s|^$html/$name.html: ||" | cut -c1-300)"
          fi
        fi
        [ $check_reports = 0 ] || lap "report check"
        [ ! -f "$out/$name.report" ] || cat "$out/$name.report" >>"$log"
      else
        ok=0; [ -n "$detail" ] || detail="HTML export failed"
      fi
    fi
  else
    ok=0
  fi
  secs=$((SECONDS - start))
  echo "times: ${phases}total $secs s" >>"$log"
  detail="${detail//$'\t'/ }"
  if [ $ok = 1 ]; then
    if [ -f "$out/$name.inputs" ] &&
      ! "$nbtool" stamp write "${stamp_args[@]}" -notebook "$src" -before "$out/$name.inputs" -seconds "$secs" \
        "$stamp" "${outputs[@]}" >>"$log" 2>&1; then
      printf '      not stamped, the next run executes it again: %s\n' "$(tail -n 1 "$log")"
    fi
    printf '      ok (%d s: %s)\n' "$secs" "${phases%, }"
    printf '%s\tok\t%d\t%s\t\t\n' "$name" "$secs" "$mode" >>"$status"
  else
    failed=$((failed + 1))
    printf '      FAILED (%d s): %s\n      log: %s\n' "$secs" "$detail" "$log"
    if [ -s "$out/$name.check" ] && grep -qv '^ok ' "$out/$name.check"; then
      grep -v '^ok ' "$out/$name.check" | sed "s|^$out/$name.ipynb: |      |" | head -n 20
    elif [ -s "$out/$name.report" ]; then
      grep "^$html/$name.html: " "$out/$name.report" | sed "s|^$html/$name.html: |      |" | head -n 30
    else
      grep -v -E '^[IWE][0-9]{4} ' "$log" | tail -n 25 | sed 's/^/      /'
    fi
    printf '%s\tfailed\t%d\t%s\t%s\t%s\n' "$name" "$secs" "$mode" "$detail" "$log" >>"$status"
  fi
done

if [ -n "$html" ]; then
  "$nbtool" index -status "$status" -notebooks "$KL_ROOT/notebooks" -out "$html/index.html"
  "$nbtool" check "$html/index.html" >/dev/null
fi
printf '%d notebooks in %d s: %d passed, %d failed\n' "$total" "$((SECONDS - t0))" "$((total - failed))" "$failed"
[ $failed = 0 ]
