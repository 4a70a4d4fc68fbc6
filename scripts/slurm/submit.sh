#!/usr/bin/env bash
# Submit a paper's jobs to Slurm as an array of N shard tasks plus a dependent
# merge job. Run from the repository root on a login node whose file system
# (the repository and the results directory) the compute nodes share.
#
#   scripts/slurm/submit.sh <paper>[/<table>] N [--mode quick|full|paper] [--results DIR] [--reports] [-- SBATCH_ARGS...]
#
# Prints the merge job's id on stdout. Results go to DIR (default
# $KERNELAB_RESULTS, else results/), the shards to DIR.shards/<i>, the logs to
# DIR.log/shard-<array job>_<task>.out and merge-<job>.out: a re-submission
# writes new ones, a requeued task appends to its own. Every task runs one
# prebuilt kernelab binary: $KERNELAB_BIN when set (the Docker image sets it to
# its own), else one built here once into build/bin/. A task that starts after
# an edit of the Go source (or go.mod, go.sum, the data checksums) refuses to
# run, saying the source changed since submission: resubmit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 2 ]] || usage
paper="$1" n="$2"; shift 2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || usage
mode=quick results="${KERNELAB_RESULTS:-$root/results}" reports=0 extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mode) mode="$2"; shift 2 ;;
    --results) results="$2"; shift 2 ;;
    --reports) reports=1; shift ;;
    --) shift; extra=("$@"); break ;;
    *) usage ;;
  esac
done
results="$(mkdir -p "$results" && cd "$results" && pwd)"
bin="${KERNELAB_BIN:-$root/build/bin/kernelab}"
if [[ -z "${KERNELAB_BIN:-}" ]]; then
  mkdir -p "$(dirname "$bin")"
  (cd "$root" && go build -o "$bin" ./cmd/kernelab)
fi
# KERNELAB_SUBMITTED: kernelab run then says that the source changed since
# submission when the binary's source is no longer the one under the root.
export KERNELAB_BIN="$bin" KERNELAB_ROOT="$root" KERNELAB_PAPER="$paper" KERNELAB_MODE="$mode" \
  KERNELAB_RESULTS="$results" KERNELAB_SHARDS="$results.shards" KERNELAB_REPORTS="$reports" \
  KERNELAB_SUBMITTED="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
mkdir -p "$KERNELAB_SHARDS" "$results.log"
array=$(sbatch --parsable --export=ALL --open-mode=append --array="0-$((n - 1))" --chdir="$root" \
  --output="$results.log/shard-%A_%a.out" "${extra[@]}" "$root/scripts/slurm/shard.sbatch")
array="${array%%;*}"
merge=$(sbatch --parsable --export=ALL --open-mode=append --dependency="afterok:$array" --chdir="$root" \
  --output="$results.log/merge-%j.out" "${extra[@]}" "$root/scripts/slurm/merge.sbatch")
echo "kernelab: array job $array ($n tasks), merge job ${merge%%;*}; logs in $results.log" >&2
echo "${merge%%;*}"
