#!/usr/bin/env bash
# test-lab.sh — check `make lab` for real: start scripts/lab.sh on a free port
# (as whoever runs it: root in CI, jovyan in the Docker image), wait for the
# URL it prints, then through JupyterLab's REST API check /api/status, that
# /api/kernelspecs offers this checkout's gonb kernel as the default, and that
# /lab serves JupyterLab 4.6; stop the server. Then start the kernel itself
# (jupyter_client), run a cell importing klearn, and ask for a completion and
# for hover help: gopls must answer them. About half a minute with a warm
# build cache (make setup warms it). Needs make setup.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
kl_env
cd "$KL_ROOT"
j="$(kl_jupyter)" || { echo "FAIL test-lab: no jupyter; run make setup" >&2; exit 1; }
py="$(dirname "$j")/python"
[ -x "$py" ] && "$j" lab --version >/dev/null 2>&1 || { echo "FAIL test-lab: no JupyterLab in build/venv; run make setup" >&2; exit 1; }
T="$(mktemp -d)"
pid=""
cleanup() {
  local rc=$?
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  [ $rc = 0 ] || { echo "--- lab log"; tail -n 30 "$T/lab.log"; echo "--- kernel log"; tail -n 30 "$T/kernel.log" 2>/dev/null; }
  rm -rf "$T"
  exit $rc
}
trap cleanup EXIT INT TERM
port="$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
t0=$SECONDS
JUPYTER_RUNTIME_DIR="$T/runtime" scripts/lab.sh --ip 127.0.0.1 --port "$port" --no-browser >"$T/lab.log" 2>&1 &
pid=$!
while [ $((SECONDS - t0)) -lt 180 ]; do
  grep -q "^    http://127.0.0.1:$port/lab?token=" "$T/lab.log" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { echo "FAIL test-lab: scripts/lab.sh exited"; exit 1; }
  sleep 0.5
done
url="$(sed -n "s|^    \(http://127.0.0.1:$port/lab?token=.*\)$|\1|p" "$T/lab.log" | head -n1)"
[ -n "$url" ] || { echo "FAIL test-lab: no URL with a token printed in 180 s"; exit 1; }
echo "== lab up in $((SECONDS - t0)) s: ${url%%\?*}?token=…"
"$py" - "$url" "$JUPYTER_DATA_DIR/kernels/gonb" "$KL_ROOT/bin/gonb" <<'PY'
import json, sys, urllib.parse, urllib.request
url, kdir, gonb = sys.argv[1:]
u = urllib.parse.urlsplit(url)
token = urllib.parse.parse_qs(u.query)["token"][0]
base = f"{u.scheme}://{u.netloc}"
def get(path, auth=True):
    req = urllib.request.Request(base + path, headers={"Authorization": "token " + token} if auth else {})
    with urllib.request.urlopen(req, timeout=20) as r:
        return r.status, r.read().decode()
def fail(msg):
    sys.exit("FAIL test-lab: " + msg)
st, body = get("/api/status")
status = json.loads(body)
if st != 200 or "started" not in status:
    fail(f"/api/status: {st} {body[:200]}")
try:
    get("/api/status", auth=False)
    fail("/api/status answers without the token")
except urllib.error.HTTPError as e:
    if e.code != 403:
        fail(f"/api/status without token: HTTP {e.code}, want 403")
st, body = get("/api/kernelspecs")
specs = json.loads(body)
if specs.get("default") != "gonb":
    fail(f"default kernel {specs.get('default')!r}, want gonb")
gspec = specs["kernelspecs"].get("gonb")
if not gspec:
    fail(f"no gonb kernelspec in {sorted(specs['kernelspecs'])}")
argv = gspec["spec"]["argv"]
if argv[0] != gonb or gspec["spec"]["language"] != "go":
    fail(f"gonb kernelspec runs {argv[0]} ({gspec['spec']['language']}), want {gonb}")
st, page = get("/lab")
if st != 200 or "jupyterlab" not in page.lower():
    fail(f"/lab: HTTP {st}")
st, body = get("/api")
print(f"ok /api/status, /api/kernelspecs (default gonb: {argv[0]}), /lab; jupyter_server {json.loads(body)['version']}")
PY
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""

echo "== the kernel: a cell importing klearn, then completion and hover (gopls)"
"$py" - "$T/kernel.log" <<'PY'
import sys, time
from jupyter_client.manager import start_new_kernel
def fail(msg):
    sys.exit("FAIL test-lab: " + msg)
t0 = time.time()
log = open(sys.argv[1], "w")
km, kc = start_new_kernel(kernel_name="gonb", startup_timeout=120, stdout=log, stderr=log)
try:
    cell = ('%noautoget\nimport "github.com/kernelab/kernelab/klearn/kernel"\n\n'
            'var k = kernel.Gaussian{Sigma: 1}\n')
    msg = kc.execute_interactive(cell, timeout=120, output_hook=lambda m: None)
    if msg["content"]["status"] != "ok":
        fail(f"cell failed: {msg['content']}")
    t1 = time.time()
    code = cell + "%%\nk.\n"
    pos = len(code) - 1
    deadline = time.time() + 60
    matches = []
    while time.time() < deadline:   # gopls loads the workspace on the first request
        reply = kc.complete(code, pos, reply=True, timeout=60)["content"]
        matches = reply.get("matches", [])
        if matches:
            break
        time.sleep(1)
    if "Eval" not in matches:
        fail(f"completion of `k.` gave {matches[:10]}, want the method Eval (is gopls on the kernel's PATH?)")
    code = cell + "%%\nkernel.Gaussian{}\n"
    reply = kc.inspect(code, code.rindex("Gaussian") + 2, reply=True, timeout=60)["content"]
    data = reply.get("data", {}) if reply.get("found") else {}
    text = data.get("text/markdown") or data.get("text/plain") or ""
    if "Gaussian" not in text:
        fail(f"hover over kernel.Gaussian found nothing: {reply}")
    print(f"ok cell {t1 - t0:.1f} s (kernel start included); completion of `k.` -> {len(matches)} matches "
          f"incl. Eval; hover: {next(l for l in text.splitlines() if l and not l.startswith('`'))[:80]!r}")
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=False)  # gonb stops its gopls on a shutdown request
PY
echo "PASS scripts/test-lab.sh ($((SECONDS - t0)) s)"
