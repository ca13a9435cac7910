#!/usr/bin/env bash
# Issue 31's check at scale, one graph at a time and resumable: certified-vs-all-sources.sh on random-regular,
# Erdős–Rényi and geometric graphs of N nodes (mean degree about 8, 10 and 12, the geometric one's largest component),
# seeds A..B, one tab-separated line per graph appended to OUT (graphs already in OUT are skipped): min, the printed
# mean (statistical at the command's 95% where narrower than the proven one, so about 1 in 20 of those may miss), max,
# and the proven mean (which may never miss). FAMILIES picks some of the three (comma-separated), e.g. to finish the
# fast families' seeds before the slow geometric ones. Each graph's exact statistics are kept in EXACT_DIR (default: OUT
# without .tsv, then .exact/) and read from there when present: to check a changed --certified against the same exact
# values in minutes, give a new OUT and the old EXACT_DIR (with KEPT_ONLY=1 in the environment the graphs without kept
# exact statistics are skipped rather than computed).
#   bench/scripts/certified-contains-exact-sweep.sh OUT.tsv [N=20000] [A=1] [B=20] [FAMILIES=regular,er,geometric] [EXACT_DIR]
# Time at N = 20000 on a 2-core machine, mostly the exact all-pairs statistics: about 2 minutes a regular graph,
# 2.5 an Erdős–Rényi one, 11-16 a geometric one (its walks mix slowly: the exact side's Chebyshev degree is about 170 there, after deflating about 70 eigenpairs).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$1"; n="${2:-20000}"; a="${3:-1}"; b="${4:-20}"; families=",${5:-regular,er,geometric},"
exact="${6:-${out%.tsv}.exact}"
mkdir -p "$exact"
q=$(python3 -c "print(f'{10 / $n:.8f}')")
r=$(python3 -c "import math; print(f'{math.sqrt(12 / (math.pi * $n)):.6f}')")
[ -f "$out" ] || printf 'graph\tmin\tmean\tmax\tmean_rel_width\tmax_rel_width\tcertified_s\tall_sources_s\tmean_proven\n' > "$out"
for s in $(seq "$a" "$b"); do
  for g in "regular:$n,8,$s" "largest:er:$n,$q,$s" "largest:geometric:$n,$r,$s"; do
    family="${g#largest:}"; family="${family%%:*}"
    case "$families" in *",$family,"*) ;; *) continue ;; esac
    if cut -f1 "$out" | grep -qxF "$g"; then continue; fi
    if [ -n "${KEPT_ONLY:-}" ] && [ ! -f "$exact/${g//:/_}.json" ]; then continue; fi
    log="$(mktemp)"
    status=0
    EXACT_JSON="$exact/${g//:/_}.json" "$here/certified-vs-all-sources.sh" "$g" > "$log" 2>/dev/null || status=$?
    python3 - "$g" "$log" "$status" >> "$out" <<'PY'
import re, sys
g, log, status = sys.argv[1], open(sys.argv[2]).read(), int(sys.argv[3])
def field(k):
    m = re.search(rf"^{k}: .*: (yes|NO)$", log, re.M)
    return "inside" if m and m.group(1) == "yes" else ("OUTSIDE" if m else "error")
def width(k):
    m = re.search(rf"^{k}: .*relative width ([^)]*)\)", log, re.M)
    return m.group(1) if m else "nan"
t = re.search(r"certified ([\d.]+) s, all sources ([\d.]+) s", log)
print("\t".join([g, field("min"), field("mean"), field("max"), width("mean"), width("max"),
                 t.group(1) if t else "nan", t.group(2) if t else "nan", field("mean_proven")]))
PY
    rm -f "$log"
  done
done
