#!/usr/bin/env bash
# Checks `bound pndp --certified` against the exact `--all-sources` statistics on one graph (issue 31):
# the exact min, mean and max must lie in the certified intervals (a statistical mean at its level; the proven mean,
# printed as mean_proven, always). Prints both and exits 1 on a miss.
#   bench/scripts/certified-vs-all-sources.sh regular:20000,8,1 [more bound pndp options]
# Memory and time: --all-sources is n senders x K sparse products (minutes to an hour at n = 2e4-5e4 on a loaded
# 2-core machine); --certified is seconds. Needs python3 for the comparison.
# With EXACT_JSON=FILE in the environment the exact statistics (the merge's JSON, with the partial run's seconds) are
# kept there; when FILE exists already they are read from it instead (its n, T, alpha, sigma and sender must be the
# certified run's), so a changed --certified is checked against the same exact values without the hours of all pairs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
rwdp="$here/../../rwdp"
graph="$1"; shift
common=(bound pndp --graph "$graph" --T 100000000 --alpha 2 --sigma 2.5 "$@")
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$rwdp" "${common[@]}" --certified > "$tmp/certified.json"
# All senders as one partial file and its merge: the batch route, which (unlike a plain --all-sources) does not refuse
# a run estimated beyond two minutes.
if [ -n "${EXACT_JSON:-}" ] && [ -f "$EXACT_JSON" ]; then
  cp "$EXACT_JSON" "$tmp/exact.json"
  echo '{}' > "$tmp/partial.json"
else
  last=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["n"] - 1)' "$tmp/certified.json")
  "$rwdp" "${common[@]}" --all-sources --quiet --senders "0..$last" --partial "$tmp/all.part" > "$tmp/partial.json"
  "$rwdp" bound pndp-merge "$tmp/all.part" > "$tmp/exact.json"
fi
python3 - "$tmp/certified.json" "$tmp/exact.json" "$tmp/partial.json" "${EXACT_JSON:-}" <<'PY'
import json, os, sys
c = json.load(open(sys.argv[1])); e = json.load(open(sys.argv[2]))
p = json.load(open(sys.argv[3]))
if p:
    e["seconds"] = p["seconds"]  # the merge's own seconds are only the merge's
else:
    # Kept exact statistics: they must be of the same losses.
    for k in ("n", "T", "alpha", "sigma", "sender"):
        if e[k] != c[k]:
            sys.exit(f"{sys.argv[4]}: {k} is {e[k]!r}, the certified run's {c[k]!r}")
if p and sys.argv[4]:
    with open(sys.argv[4] + ".tmp", "w") as f:
        json.dump(e, f, indent=1)
    os.replace(sys.argv[4] + ".tmp", sys.argv[4])
ok = True
for k in ("min", "mean", "max"):
    lo, hi, x = c[k]["lo"], c[k]["hi"], e[k]
    inside = lo <= x <= hi
    ok &= inside
    level = f", level {c[k]['level']}" if "level" in c[k] else ""
    print(f"{k}: exact {x!r} in [{lo!r}, {hi!r}] ({c[k]['lo_is']}/{c[k]['hi_is']}{level}, relative width {c[k]['relative_width']:.3g}): {'yes' if inside else 'NO'}")
# A statistical mean misses at its level (1 - level of the time); the proven one, which contains it, never may.
p = c.get("mean_proven", c["mean"])
inside = p["lo"] <= e["mean"] <= p["hi"]
ok &= inside
print(f"mean_proven: exact {e['mean']!r} in [{p['lo']!r}, {p['hi']!r}] (relative width {p['relative_width']:.3g}): {'yes' if inside else 'NO'}")
print(f"certified {c['seconds']:.1f} s, all sources {e['seconds']:.1f} s")
sys.exit(0 if ok else 1)
PY
