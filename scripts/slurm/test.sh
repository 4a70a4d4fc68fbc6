#!/usr/bin/env bash
# Test the Slurm path for real: install Debian's slurm-wlm and munge, start a
# single-node cluster on loopback (munged, slurmctld, slurmd, started here and
# stopped by PID on exit), submit the demo grid as an array of 4 shards plus
# the dependent merge job (scripts/slurm/submit.sh), wait (bounded), and check
# the merged store equals a local run bit for bit. Skips, with a message, only
# where apt-get is unavailable or we are not root.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
if ! command -v apt-get >/dev/null || [[ "$(id -u)" != 0 ]]; then
  echo "SKIP scripts/slurm/test.sh: needs apt-get and root to install slurm-wlm and munge"
  exit 0
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "== installing slurm-wlm and munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null 2>&1 ||
    { apt-get update >/dev/null && apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null; }
fi

T="$(mktemp -d /tmp/kernelab-slurm.XXXXXX)"
chmod 711 "$T"
pids=() names=() shown=0
cleanup() {
  local rc=$?
  for ((k = ${#pids[@]} - 1; k >= 0; k--)); do kill "${pids[k]}" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  if [[ $rc != 0 && $shown == 0 ]]; then
    for f in "$T"/*.log "$T"/*.out "$T"/results.log/*; do [[ -f "$f" ]] && { echo "--- $f"; tail -20 "$f"; }; done
  fi
  rm -rf "$T"
  exit $rc
}
trap cleanup EXIT INT TERM

# start NAME CMD... runs a daemon in the foreground of a background job; its stdout and stderr go to
# $T/NAME.out (where a daemon writes an error it meets before it opens its log file).
start() {
  local name="$1"; shift
  "$@" >"$T/$name.out" 2>&1 &
  pids+=($!) names+=("$name")
}
# check_daemons fails with the error of a daemon that has exited: its status and the end of its log and
# output, instead of a node state that only says the node never came up.
check_daemons() {
  local k rc f
  for k in "${!pids[@]}"; do
    kill -0 "${pids[k]}" 2>/dev/null && continue
    rc=0; wait "${pids[k]}" || rc=$?
    echo "FAIL: ${names[k]} exited at start (status $rc)"
    for f in "$T/${names[k]}.log" "$T/${names[k]}.out"; do
      [[ -s "$f" ]] && { echo "--- $f"; tail -n 20 "$f"; }
    done
    shown=1
    return 1
  done
}

# Ports away from the defaults so a system Slurm, if any, is not disturbed.
ctld_port=$((20000 + RANDOM % 20000)) slurmd_port=$((ctld_port + 1))
mkdir -p "$T/state" "$T/spool" "$T/munge"
chmod 711 "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$T/munge/munge.key"
sock="$T/munge/munge.socket"
start munged munged --foreground --force --key-file="$T/munge/munge.key" --socket="$sock" \
  --pid-file="$T/munge/munged.pid" --log-file="$T/munged.log" --seed-file="$T/munge/seed"

cat >"$T/slurm.conf" <<CONF
ClusterName=kernelabtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=10 State=UP
CONF
export SLURM_CONF="$T/slurm.conf"
for _ in $(seq 50); do [[ -S "$sock" ]] && break; check_daemons; sleep 0.1; done
[[ -S "$sock" ]] || { echo "FAIL: munged made no socket $sock in 5 s"; exit 1; }
start slurmctld slurmctld -D -i -f "$SLURM_CONF"
start slurmd slurmd -D -N localhost -f "$SLURM_CONF"
echo "== waiting for the node"
state="" t0=$SECONDS
for _ in $(seq 60); do
  check_daemons
  state="$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)"
  [[ "$state" == idle* || "$state" == mix* ]] && break
  # A node that slurmctld has set down or drained will not come back by itself: say why now.
  [[ "$state" == down* || "$state" == drain* || "$state" == fail* ]] && break
  sleep 1
done
if [[ "$state" != idle* && "$state" != mix* ]]; then
  reason="$(scontrol show node localhost 2>/dev/null | grep -o 'Reason=.*' || true)"
  echo "FAIL: the node is '${state:-unknown to sinfo}' ${reason:+($reason) }after $((SECONDS - t0)) s; the daemons' logs:"
  for f in "$T/slurmd.log" "$T/slurmd.out" "$T/slurmctld.log" "$T/slurmctld.out"; do
    [[ -s "$f" ]] && { echo "--- $f"; tail -n 20 "$f"; }
  done
  shown=1
  exit 1
fi

echo "== building kernelab and the local reference run"
mkdir -p "$T/bin"
go build -o "$T/bin/kernelab" ./cmd/kernelab
export KERNELAB_ROOT="$root" KERNELAB_BIN="$T/bin/kernelab"
unset KERNELAB_CACHE
"$T/bin/kernelab" run demo --mode full --results "$T/local" 2>/dev/null

echo "== sbatch: demo grid as an array of 4 shards + dependent merge"
merge="$(scripts/slurm/submit.sh demo 4 --mode full --results "$T/results" -- --partition=test)"
deadline=$((SECONDS + 120))
while squeue -h 2>/dev/null | grep -q .; do
  ((SECONDS < deadline)) || { echo "FAIL: jobs still queued after 120 s"; squeue; exit 1; }
  sleep 1
done
mlog="$T/results.log/merge-${merge}.out"
grep -q "merged 48 records" "$mlog" || { echo "FAIL: merge job output:"; cat "$mlog"; exit 1; }
# Every attempt keeps its log: one per array task, named by array job and task.
n_logs="$(ls "$T"/results.log/shard-*_[0-3].out 2>/dev/null | wc -l)"
[[ "$n_logs" == 4 ]] || { echo "FAIL: want 4 shard logs shard-<job>_<task>.out, got:"; ls "$T/results.log"; exit 1; }
# Records keep their compute times (wall and CPU), which differ between runs: only those lines may differ.
diff -r -I '^  "seconds": ' -I '^  "cpu_seconds": ' "$T/local" "$T/results" >/dev/null || { echo "FAIL: merged Slurm results differ from the local run"; diff -r -I '^  "seconds": ' -I '^  "cpu_seconds": ' "$T/local" "$T/results" | head -40; exit 1; }
echo "PASS scripts/slurm/test.sh: 4 Slurm array tasks merged (job $merge) equal the local run (results bit for bit; compute times aside)"
