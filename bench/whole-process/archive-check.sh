#!/usr/bin/env bash
# Checks the launcher's class archive (bench/README.md, "The whole process"): that `./rwdp` builds it in
# the background for the JVM it runs (a static AppCDS archive on Java 17-24, an AOT cache on 25+),
# that the JVM accepts it for the launcher's jar (-Xshare:on / -XX:AOTMode=on refuse to start
# otherwise), and that a command's output is the same with and without it.
#   bench/whole-process/archive-check.sh      (exit 0: checked; 1: a check failed)
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
cd "$root"
# The launcher's own choice of JVM (one place decides it), as its RWDP_SHOW_JVM line names it.
java="$(RWDP_SHOW_JVM=1 ./rwdp --version 2>&1 >/dev/null | sed -n 's/^rwdp: \([^ ]*\) .*/\1/p')"
[ -n "$java" ] || { echo "archive-check: the launcher named no JVM" >&2; exit 1; }
major="$("$java" -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p')"
if [ "${major:-0}" -ge 25 ]; then ext=aot; else ext=jsa; fi
dir=verify/target/launch
# From scratch: the archive that appears is the one this jar and JVM get.
rm -f "$dir"/rwdp-*.jsa "$dir"/rwdp-*.aot
./rwdp --version >/dev/null
archive=""
for _ in $(seq 120); do
  archive="$(ls "$dir"/rwdp-*."$ext" 2>/dev/null | head -n 1 || true)"
  [ -n "$archive" ] && break
  sleep 1
done
[ -n "$archive" ] || { echo "archive-check: no class archive in $dir after 120 s" >&2; exit 1; }
case "$archive" in
  *.jsa) on="-XX:SharedArchiveFile=$archive -Xshare:on" ;;
  *.aot) on="-XX:AOTCache=$archive -XX:AOTMode=on" ;;
esac
# shellcheck disable=SC2086
"$java" $on -XX:+UseParallelGC -Djava.awt.headless=true -jar "$dir/rwdp.jar" --version >/dev/null \
  || { echo "archive-check: the JVM refuses $archive for $dir/rwdp.jar" >&2; exit 1; }
# The launcher starts commands from it: found by its key the first time, then from its memo (no
# subprocess); not from the memo once the archive is gone or the jar copy is newer than the memo.
memo="$dir/.archive-options"
rm -f "$memo"
shown() { RWDP_SHOW_JVM=1 ./rwdp --version 2>&1 >/dev/null | grep -c -F -- "$archive" || true; }
[ "$(shown)" = 1 ] || { echo "archive-check: the launcher does not start from $archive" >&2; exit 1; }
[ -f "$memo" ] || { echo "archive-check: the launcher wrote no memo of the archive's options" >&2; exit 1; }
[ "$(shown)" = 1 ] || { echo "archive-check: the launcher's memo does not start from $archive" >&2; exit 1; }
# With the archive away, the launcher's slow path would start a background build of it; the .failed marker
# (a JVM that cannot build it) keeps that from running during the check.
mv "$archive" "$archive.away"
: >"$archive.failed"
gone="$(shown)"
rm -f "$archive.failed"
mv "$archive.away" "$archive"
[ "$gone" = 0 ] || { echo "archive-check: the launcher's memo names an archive that is gone" >&2; exit 1; }
[ "$(shown)" = 1 ] || { echo "archive-check: the launcher does not find $archive again" >&2; exit 1; }
args=(bound pndp --graph er:300,0.05,1 --T 1000 --alpha 2 --sigma 3)
with="$(./rwdp "${args[@]}" | grep -v '"seconds"')"
without="$(RWDP_AOT=0 ./rwdp "${args[@]}" | grep -v '"seconds"')"
[ "$with" = "$without" ] || { echo "archive-check: output differs with the archive" >&2; diff <(echo "$with") <(echo "$without") >&2; exit 1; }
echo "archive-check: $(basename "$archive") accepted; output identical with and without it"
