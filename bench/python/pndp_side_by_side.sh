#!/usr/bin/env bash
# Side by side at n = 2048: scipy's dense eigh route (the authors' logW) against `rwdp bound pndp`
# (--solver auto) on the same three edge lists (ER, 45x45 grid, random geometric), alternating.
# Prints one JSON line per graph and round:
#   scipy_cold / scipy_warm: eigh + reconstruction, first call and best of two more in one process;
#   scipy_process: the whole `python3 reference.py pndp-file` process (imports, reading, one call);
#   rwdp_seconds: the JSON `seconds` of one cold CLI run (choice + matrix, JIT warm-up included);
#   rwdp_process: the whole `rwdp bound pndp` process (JVM start, reading, statistics);
#   *_process_cpu: the same processes' CPU seconds (user + sys, all threads), which a shared machine
#   disturbs far less than wall time (OpenBLAS's threads, spinning on a busy machine, least of all).
# The warm rwdp figure comes from JMH: java -jar bench/target/benchmarks.jar PndpMatrixBenchmark.auto
#   -p graph=file:DIR/er.txt (see bench/README.md).
# Usage: bench/python/pndp_side_by_side.sh [DIR] [ROUNDS]   (needs python3 with numpy and scipy)
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
dir="${1:-$root/target/pndp-side-by-side}"
rounds="${2:-2}"
ref="$root/bench/python/reference.py"
python3 "$ref" pndp-graphs "$dir" >/dev/null
for g in er grid geo; do
  for r in $(seq "$rounds"); do
    /usr/bin/time -f "%e %U %S" -o "$dir/py.time" python3 "$ref" pndp-file "$dir/$g.txt" >"$dir/py1.json"
    python3 "$ref" pndp-file "$dir/$g.txt" 3 >"$dir/py3.json"
    /usr/bin/time -f "%e %U %S" -o "$dir/rw.time" "$root/rwdp" bound pndp --graph "file:$dir/$g.txt" --T 1000 --alpha 2 \
      --sigma 2.5 --quiet >"$dir/rw.json"
    python3 - "$dir" "$g" "$r" <<'PY'
import json, sys
d, g, r = sys.argv[1:]
p1 = json.load(open(f"{d}/py1.json")); p3 = json.load(open(f"{d}/py3.json")); rw = json.load(open(f"{d}/rw.json"))
def times(name):
    t = [float(x) for x in open(f"{d}/{name}.time").read().split()[-3:]]
    return t[0], round(t[1] + t[2], 2)
pw, pc = times("py"); rw_w, rw_c = times("rw")
print(json.dumps({"graph": g, "round": int(r), "n": rw["n"],
    "scipy_cold": round(p3["eigh_wall_seconds"], 3), "scipy_warm": round(p3["eigh_wall_seconds_best_warm"], 3),
    "scipy_process": pw, "scipy_process_cpu": pc,
    "rwdp_solver": rw["solver"], "rwdp_degree": rw.get("degree"), "rwdp_deflated": rw.get("deflated_eigenpairs", 0),
    "rwdp_seconds": round(rw["seconds"], 3), "rwdp_process": rw_w, "rwdp_process_cpu": rw_c}))
PY
  done
done
