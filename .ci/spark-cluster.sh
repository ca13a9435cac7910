#!/usr/bin/env bash
# A real standalone Spark cluster on 127.0.0.1 (one master, three workers declaring 2 cores each), started from the
# Maven jars, with every job submitted the way bin/spark-submit does it (the application jar NOT on the JVM's class
# path). Checks, against the local commands:
#   - cluster pndp: the same JSON; the most tasks running at once (a SparkListener's count) = the 6 declared cores;
#     no INFO line from Spark on stderr;
#   - a worker killed mid-job (the job survives), then the same JSON with 2 workers and with 1;
#   - a driver killed mid-job (SIGKILL) and resumed from its checkpoint with another --blocks: the same JSON; one
#     flipped byte, a truncated block file and a file from another version, each named and recomputed;
#   - SIGTERM to a driver: exit 143 and one line;
#   - a --only subset of cluster report (when SPARK_CI_REPORT is not 0): the same claims.json.
# Every wait is bounded; a cluster that does not come up fails clearly.
#   .ci/spark-cluster.sh [N]   (N: nodes of the kill test's graph, default 8000)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="$root/target/spark-ci"
nodes="${1:-8000}"
rm -rf "$work"
mkdir -p "$work/home/jars" "$work/logs" "$work/out"

say() { echo "spark-ci: $*" >&2; }
fail() { say "FAILED: $*"; for f in "$work"/logs/*.log; do [ -f "$f" ] && { echo "--- $f (last lines)" >&2; tail -n 15 "$f" >&2; }; done; exit 1; }

# children PID: the processes whose parent is PID (from /proc, so procps is not needed).
children() {
  local f stat
  for f in /proc/[0-9]*/stat; do
    stat="$(cat "$f" 2>/dev/null)" || continue
    stat="${stat##*) }"                      # drop "pid (comm) "; fields now start at the state
    set -- $stat
    [ "${2:-}" = "$PARENT" ] && { f="${f#/proc/}"; echo "${f%/stat}"; }
  done
}

pids=()
cleanup() {
  for p in "${pids[@]}"; do
    # The workers' executors are their children: stop them first.
    for c in $(PARENT="$p" children); do kill -9 "$c" 2>/dev/null || true; done
    kill "$p" 2>/dev/null || true
  done
  sleep 1
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

# 1. The application jar (rwdp, not Spark) and SPARK_HOME from the Maven-resolved jars.
say "building the cluster module"
mvn -B -q -pl cluster -am package -DskipTests >"$work/logs/build.log" 2>&1 || fail "mvn package"
app="$root/cluster/target/rwdp-cluster.jar"
tr ':' '\n' <"$root/cluster/target/classpath.txt" | while read -r j; do
  case "$j" in */target/*) ;; *.jar) ln -sf "$j" "$work/home/jars/" ;; esac
done
echo "Spark $(sed -n 's/.*<spark.version>\(.*\)<\/spark.version>.*/\1/p' pom.xml) (jars from Maven, for rwdp's CI)" >"$work/home/RELEASE"
export SPARK_HOME="$work/home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_DIRS="$work/tmp"
mkdir -p "$SPARK_LOCAL_DIRS"
opens="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED"

# A free port on 127.0.0.1 (other engineers may run this script at the same time).
free_port() {
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  fail "no free port found"
}
# wait_for FILE PATTERN COUNT SECONDS WHAT: until FILE has COUNT lines matching PATTERN.
wait_for() {
  local end=$((SECONDS + $4)) c
  while :; do
    c=$(grep -c -- "$2" "$1" 2>/dev/null) || true   # a file not created yet counts 0
    [ "${c:-0}" -ge "$3" ] && break
    [ $SECONDS -ge $end ] && fail "$5 (no '$2' in $1 after $4 s)"
    sleep 0.5
  done
}

# 2. The cluster: a master and two one-core workers, all on 127.0.0.1.
mport=$(free_port); mui=$(free_port)
master="spark://127.0.0.1:$mport"
# shellcheck disable=SC2086
java $opens -Xmx512m -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.master.Master \
  --host 127.0.0.1 --port "$mport" --webui-port "$mui" >"$work/logs/master.log" 2>&1 &
pids+=($!)
wait_for "$work/logs/master.log" "I have been elected leader" 1 120 "the master did not start"
worker_pids=()
cores=2
for w in 1 2 3; do
  # shellcheck disable=SC2086
  java $opens -Xmx512m -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --port "$(free_port)" --webui-port "$(free_port)" --cores "$cores" --memory 3g \
    --work-dir "$work/worker$w" "$master" >"$work/logs/worker$w.log" 2>&1 &
  pids+=($!); worker_pids+=($!)
done
wait_for "$work/logs/master.log" "Registering worker" 3 180 "the workers did not register with the master"
say "cluster up: $master, master UI http://127.0.0.1:$mui, 3 workers x $cores cores (declared)"

# spark-submit without Spark's shell scripts: the class bin/spark-submit runs, with what bin/spark-class puts on the
# class path (SPARK_HOME/conf and jars, not the application jar: SparkSubmit loads it in its own class loader).
# Every executor must be registered before the first task (minRegisteredResourcesRatio), so the task count is the cores'.
submit() {
  # shellcheck disable=SC2086
  timeout 900 java $opens -Xmx2g -cp "$SPARK_HOME/conf:$SPARK_HOME/jars/*" org.apache.spark.deploy.SparkSubmit \
    ${extra[@]+"${extra[@]}"} --class rwdp.cluster.ClusterMain --master "$master" --deploy-mode client \
    --conf spark.driver.host=127.0.0.1 --conf spark.driver.bindAddress=127.0.0.1 --conf spark.ui.enabled=false \
    --conf spark.executor.memory=600m --conf "spark.executor.extraJavaOptions=$(echo $opens)" \
    --conf spark.scheduler.minRegisteredResourcesRatio=1.0 --conf spark.scheduler.maxRegisteredResourcesWaitingTime=90s \
    "$app" "$@"
}
mkdir -p "$SPARK_HOME/conf"
extra=()
# java_of PID: the java process among PID's descendants (submit runs in a subshell, under timeout).
java_of() {
  local p="$1" c
  while [ -n "$p" ]; do
    [ "$(cat /proc/"$p"/comm 2>/dev/null)" = java ] && { echo "$p"; return; }
    c=$(PARENT="$p" children | head -n 1)
    p="$c"
  done
}
same() { # same A B WHAT: the two JSON files equal but for "seconds"
  if ! diff <(grep -v '"seconds"' "$1") <(grep -v '"seconds"' "$2") >"$work/out/diff.txt"; then
    cat "$work/out/diff.txt" >&2; fail "$3 differs from the local run"
  fi
  say "$3: identical to the local run"
}

# 3. Job 1 on a graph of a few thousand nodes, against the local all-sources run: all six declared cores busy at once.
small=(--graph regular:3000,6,1 --T 5000 --alpha 2 --sigma 4)
./rwdp bound pndp "${small[@]}" --all-sources --quiet >"$work/out/local-small.json" 2>"$work/logs/local-small.log" || fail "local pndp"
extra=(--conf spark.cores.max=$((3 * cores)))   # with the ratio above: wait for all six cores
submit cluster pndp "${small[@]}" --blocks 12 >"$work/out/cluster-small.json" 2>"$work/logs/submit-small.log" \
  || fail "cluster pndp on $master"
extra=()
same "$work/out/local-small.json" "$work/out/cluster-small.json" "cluster pndp regular:3000,6,1 (3 workers)"
peak=$(sed -n 's/.*at most \([0-9]*\) tasks running at once.*/\1/p' "$work/logs/submit-small.log")
[ "${peak:-0}" -eq $((3 * cores)) ] || fail "at most ${peak:-?} tasks ran at once on $((3 * cores)) declared cores"
say "at most $peak tasks ran at once: the $((3 * cores)) declared cores"
# Spark prints its version banner (3 INFO lines) before spark.log.level applies; nothing else at INFO.
info=$(grep " INFO " "$work/logs/submit-small.log" | grep -cv "SparkContext: \(Running Spark version\|OS info\|Java version\)" || true)
[ "$info" -eq 0 ] || fail "$info INFO lines from Spark under spark-submit (besides its version banner)"
say "no INFO line under spark-submit ($(wc -l <"$work/logs/submit-small.log") lines on stderr)"

# 4. A worker killed mid-job (the worker and its executor, SIGKILL): Spark reruns its tasks elsewhere.
big=(--graph "regular:$nodes,6,3" --T 10000 --alpha 2 --sigma 4)
./rwdp bound pndp "${big[@]}" --all-sources --quiet >"$work/out/local-big.json" 2>"$work/logs/local-big.log" || fail "local pndp (kill test)"
submit cluster pndp "${big[@]}" --blocks 12 >"$work/out/cluster-big.json" 2>"$work/logs/submit-big.log" &
job=$!
wait_for "$work/logs/submit-big.log" " done (senders" 3 600 "the kill test's job made no progress"
sleep 1   # both executors are busy with the next blocks: the kill loses a running task
victim="${worker_pids[0]}"
for c in $(PARENT="$victim" children); do kill -9 "$c" 2>/dev/null || true; done
kill -9 "$victim"
say "killed worker 1 (pid $victim) and its executor after $(grep -c ' done (senders' "$work/logs/submit-big.log") of 12 blocks"
wait "$job" || fail "the job did not survive a lost worker"
grep -q "12/12 blocks" "$work/logs/submit-big.log" || fail "the job did not report all 12 blocks"
grep -q "Lost executor" "$work/logs/submit-big.log" || fail "the driver never saw the killed worker's executor lost"
# The killed executor's own log: tasks it started and never finished were lost with it and rerun by Spark.
ex_err="$(ls -d "$work"/worker1/app-* 2>/dev/null | sort | tail -n 1)"
ex_err="$(ls "$ex_err"/*/stderr 2>/dev/null | head -n 1)"
lost=$(( $(grep -c "Running task" "$ex_err" 2>/dev/null || true) - $(grep -c "Finished task" "$ex_err" 2>/dev/null || true) ))
say "the driver lost the killed worker's executor with $lost running task(s); Spark reran them on the other worker"
same "$work/out/local-big.json" "$work/out/cluster-big.json" "cluster pndp regular:$nodes,6,3 with a worker killed mid-job"

# 5. The same JSON with two workers, and with one.
submit cluster pndp "${small[@]}" --blocks 9 --quiet >"$work/out/cluster-small2.json" 2>"$work/logs/submit-small2.log" \
  || fail "cluster pndp on 2 workers"
same "$work/out/local-small.json" "$work/out/cluster-small2.json" "cluster pndp regular:3000,6,1 (2 workers)"
victim="${worker_pids[1]}"
for c in $(PARENT="$victim" children); do kill -9 "$c" 2>/dev/null || true; done
kill -9 "$victim"
wait_for "$work/logs/master.log" "Removing worker" 2 60 "the master did not notice the second worker gone"
submit cluster pndp "${small[@]}" --blocks 5 --quiet >"$work/out/cluster-small1.json" 2>"$work/logs/submit-small1.log" \
  || fail "cluster pndp on 1 worker"
same "$work/out/local-small.json" "$work/out/cluster-small1.json" "cluster pndp regular:3000,6,1 (1 worker)"

# 6. A driver killed mid-job (SIGKILL) and resumed from its checkpoint with another --blocks; then three damaged block
# files (a flipped byte, a truncated file, another version's stamp), each named and recomputed.
cp_dir="$work/cp-big"
submit cluster pndp "${big[@]}" --blocks 12 --checkpoint "$cp_dir" >/dev/null 2>"$work/logs/submit-killed.log" &
job=$!
wait_for "$work/logs/submit-killed.log" " done (senders" 2 600 "the driver-kill job made no progress"
jpid=$(java_of "$job")
[ -n "$jpid" ] || fail "no driver JVM found for the driver-kill test"
kill -9 "$jpid"
wait "$job" 2>/dev/null || true
kept=$(ls "$cp_dir" | grep -c '^kblock-' || true)
say "killed the driver (pid $jpid) with $kept kernel blocks in the checkpoint"
submit cluster pndp "${big[@]}" --blocks 5 --checkpoint "$cp_dir" >"$work/out/cluster-resumed.json" 2>"$work/logs/submit-resumed.log" \
  || fail "the resumed job"
grep -q "$kept of [0-9]* kernel blocks read from the checkpoint" "$work/logs/submit-resumed.log" \
  || fail "the resumed job did not read the $kept checkpointed kernel blocks"
same "$work/out/local-big.json" "$work/out/cluster-resumed.json" "cluster pndp resumed after a killed driver with --blocks 12 -> 5"
f1="$cp_dir/kblock-00000003.bin"; f2="$cp_dir/kblock-00000010.bin"; f3="$cp_dir/kblock-00000100.bin"
size=$(stat -c %s "$f1")
b=$(od -An -tu1 -j $((size - 40)) -N1 "$f1" | tr -d ' ')
printf "$(printf '\\%03o' $((b ^ 1)))" | dd of="$f1" bs=1 seek=$((size - 40)) conv=notrunc status=none
truncate -s $(( $(stat -c %s "$f2") / 2 )) "$f2"
printf 'x' | dd of="$f3" bs=1 seek=15 conv=notrunc status=none   # the first character after "rwdp-" of its version stamp
submit cluster pndp "${big[@]}" --blocks 7 --checkpoint "$cp_dir" >"$work/out/cluster-damaged.json" 2>"$work/logs/submit-damaged.log" \
  || fail "the job over damaged block files"
grep -q "kblock-00000003.bin is not used: checksum mismatch" "$work/logs/submit-damaged.log" || fail "the flipped byte was not named"
grep -q "kblock-00000010.bin is not used: truncated" "$work/logs/submit-damaged.log" || fail "the truncated file was not named"
grep -q "kblock-00000100.bin is not used: written by rwdp" "$work/logs/submit-damaged.log" || fail "the other version was not named"
grep -q "3 kernel blocks computed" "$work/logs/submit-damaged.log" || fail "the three damaged blocks were not recomputed"
same "$work/out/local-big.json" "$work/out/cluster-damaged.json" "cluster pndp over a flipped byte, a truncated file and another version"

# 7. SIGTERM to a driver: exit 143 and one line; the checkpoint resumes.
submit cluster pndp "${big[@]}" --blocks 12 --checkpoint "$work/cp-term" >/dev/null 2>"$work/logs/submit-term.log" &
job=$!
wait_for "$work/logs/submit-term.log" " done (senders" 1 600 "the SIGTERM job made no progress"
before=$(wc -l <"$work/logs/submit-term.log")
kill -TERM "$(java_of "$job")"
rc=0; wait "$job" || rc=$?
[ "$rc" -eq 143 ] || fail "SIGTERM ended the driver with exit $rc, not 143"
tail -n +$((before + 1)) "$work/logs/submit-term.log" | grep -v ' done (senders' >"$work/out/term-lines.txt" || true
[ "$(wc -l <"$work/out/term-lines.txt")" -eq 1 ] && grep -q "stopped by SIGTERM" "$work/out/term-lines.txt" \
  || { cat "$work/out/term-lines.txt" >&2; fail "SIGTERM did not end with exactly one line"; }
say "SIGTERM: exit 143, one line: $(cat "$work/out/term-lines.txt")"

# 8. A --only subset of the report on the cluster (the remaining worker), against the local report.
if [ "${SPARK_CI_REPORT:-1}" != 0 ]; then
  # The housing claims' trials (when the data package is there, as in .ci/run), else a data-free claim's.
  if [ -n "${RWDP_DATA:-}" ] && [ -f "$RWDP_DATA/usr/lib/python3/dist-packages/sklearn/datasets/data/boston_house_prices.csv" ]; then
    only="${SPARK_CI_ONLY:-yakimenka.fig4-housing}"
  else
    only="${SPARK_CI_ONLY:-core.alias-sampler}"
  fi
  ./rwdp report --profile quick --only "$only" --out "$work/out/local-report" --quiet 2>"$work/logs/local-report.log" \
    || fail "local report --only $only"
  submit cluster report --profile quick --only "$only" --out "$work/out/cluster-report" --quiet \
    2>"$work/logs/submit-report.log" || fail "cluster report --only $only on $master"
  grep -q "[1-9][0-9]* Monte Carlo calls ([0-9]* trials) ran on executors" "$work/logs/submit-report.log" \
    || fail "cluster report ran no trial on the executors"
  # The timings and the machine line (a cluster run names its executors) differ by design.
  if ! diff <(grep -v -e '"seconds"' -e '"machine"' "$work/out/local-report/claims.json") \
      <(grep -v -e '"seconds"' -e '"machine"' "$work/out/cluster-report/claims.json") >"$work/out/diff-report.txt"; then
    head -n 20 "$work/out/diff-report.txt" >&2; fail "cluster report --only $only differs from the local report"
  fi
  say "cluster report --only $only: claims.json identical to the local report; $(grep -o '[0-9]* Monte Carlo calls ([0-9]* trials) ran on executors' "$work/logs/submit-report.log")"
fi
say "all checks passed"
