#!/usr/bin/env bash
# submit.sh — run a paper's jobs on Kubernetes as an Indexed Job of N shards,
# then (with --merge, once it completed) the merge Job. N is set here, once:
# completions, parallelism and SHARDS of kernelab-job.yaml all take it.
#
#   deploy/kubernetes/submit.sh <paper>[/<table>] N --image IMAGE [--mode quick|full|paper] [--print]
#   deploy/kubernetes/submit.sh <paper> --merge --image IMAGE [--mode M] [--print]
#
# --print writes the manifests to stdout instead of applying them (kubectl apply -f -).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 2 ] || usage
paper="$1" n="" merge=0 image="" mode=full print=0
shift
case "$1" in --merge) merge=1 ;; *) n="$1" ;; esac
shift
while [ $# -gt 0 ]; do
  case "$1" in
    --image) image="$2"; shift 2 ;;
    --mode) mode="$2"; shift 2 ;;
    --print) print=1; shift ;;
    *) usage ;;
  esac
done
[ -n "$image" ] || usage
[ $merge = 1 ] || [[ "$n" =~ ^[1-9][0-9]*$ ]] || usage
[[ "$paper" =~ ^[a-z0-9]+(/[A-Za-z0-9_.-]+)?$ ]] || usage
case "$mode" in quick|full|paper) ;; *) usage ;; esac
render() {
  sed -e "s|^  completions: [0-9]*$|  completions: $n|" -e "s|^  parallelism: [0-9]*$|  parallelism: $n|" \
      -e "/name: SHARDS$/{n;s|value: \"[0-9]*\"|value: \"$n\"|}" \
      -e "/name: PAPER$/{n;s|value: .*|value: $paper|}" -e "/name: MODE$/{n;s|value: .*|value: $mode|}" \
      -e "s|image: kernelab:latest|image: $image|" "$1"
}
if [ $merge = 1 ]; then f="$here/kernelab-merge.yaml"; else f="$here/kernelab-job.yaml"; fi
if [ $print = 1 ]; then render "$f"; else render "$f" | kubectl apply -f -; fi
