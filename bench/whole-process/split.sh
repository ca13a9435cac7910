#!/usr/bin/env bash
# Where a whole `./rwdp bound pndp` process spends its time (bench/README.md, "The whole process").
# Runs, RUNS times each and alternating: the whole command through the launcher (/usr/bin/time: wall
# and user+sys CPU seconds), then the same command inside Split.java, which times JVM start up to
# main, building the command line, the first (cold) execution and the median of 4 warm ones in the
# same JVM. Prints the medians and the load average.
#   bench/whole-process/split.sh [RUNS] [ARGS...]   (default: 5, bound pndp on er:2048,0.01,1)
# JAVA (default: the launcher's choice: RWDP_JAVA, JAVA_HOME's, the PATH's) runs Split; the jar is
# the launcher's copy, built if needed by `./rwdp --version`. JAR=... times another jar (a "before").
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
runs="${1:-5}"
shift || true
if [ $# -eq 0 ]; then
  set -- bound pndp --graph er:2048,0.01,1 --T 1000 --alpha 2 --sigma 3
fi
"$root/rwdp" --version >/dev/null
jar="${JAR:-$root/verify/target/launch/rwdp.jar}"
# The launcher's own choice of JVM (one place decides it), as its RWDP_SHOW_JVM line names it.
java="${JAVA:-$(RWDP_SHOW_JVM=1 "$root/rwdp" --version 2>&1 >/dev/null | sed -n 's/^rwdp: \([^ ]*\) .*/\1/p')}"
# Split starts from the launcher's class archive too, when there is one (none with JAR=...).
share=""
if [ -z "${JAR:-}" ]; then
  a="$(ls -t "$(dirname "$jar")"/rwdp-*.jsa 2>/dev/null | head -n 1 || true)"
  [ -n "$a" ] && share="-XX:SharedArchiveFile=$a -Xlog:cds=off -Xlog:cds+dynamic=off"
fi
out="$root/target/whole-process"
mkdir -p "$out/classes"
javac -d "$out/classes" -cp "$jar" "$root/bench/whole-process/Split.java"
: >"$out/split.txt"
: >"$out/process.txt"
for _ in $(seq "$runs"); do
  if [ -z "${JAR:-}" ]; then
    /usr/bin/time -a -o "$out/process.txt" -f '%e %U %S' "$root/rwdp" "$@" >/dev/null
  else
    /usr/bin/time -a -o "$out/process.txt" -f '%e %U %S' "$java" -XX:+UseParallelGC -Djava.awt.headless=true \
      -jar "$jar" "$@" >/dev/null
  fi
  # shellcheck disable=SC2086
  "$java" $share -XX:+UseParallelGC -Djava.awt.headless=true -cp "$jar:$out/classes" Split 4 "$@" 2>>"$out/split.txt"
done
python3 - "$out" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import statistics as st, sys
d, load = sys.argv[1:]
proc = [list(map(float, l.split())) for l in open(f"{d}/process.txt") if l[:1].isdigit()]
rows = [dict(kv.split("=") for kv in l.split()) for l in open(f"{d}/split.txt") if l.startswith("exit=")]
m = lambda k: st.median(float(r[k]) for r in rows)
pw, pc = st.median(p[0] for p in proc), st.median(p[1] + p[2] for p in proc)
print(f"runs {len(proc)}, load average {load}; medians, seconds (wall / CPU)")
print(f"  whole process           {pw:.3f} / {pc:.3f}")
print(f"  JVM start up to main    {m('main_wall'):.3f} / {m('main_cpu'):.3f}")
print(f"  command line (picocli)  {m('cli_wall'):.3f} / {m('cli_cpu'):.3f}")
print(f"  command, cold           {m('cold_wall'):.3f} / {m('cold_cpu'):.3f}   ({m('classes'):.0f} classes loaded, JIT {m('jit_ms_cold')/1e3:.2f} s of compiler threads)")
print(f"  command, warm           {m('warm_wall'):.3f} / {m('warm_cpu'):.3f}")
print(f"  class loading + JIT ramp of the command (cold - warm)  {m('cold_wall')-m('warm_wall'):.3f} / {m('cold_cpu')-m('warm_cpu'):.3f}")
PY
