#!/usr/bin/env bash
# A real standalone Spark cluster on 127.0.0.1 (one master, two workers with one core each), started from the Maven
# jars: submits `rwdp cluster pndp` (and a --only subset of `rwdp cluster report` when SPARK_CI_REPORT is not 0),
# compares the output with the local commands, kills one worker (and its executor) mid-job and checks the job still
# gives the same JSON, then stops the cluster. Every wait is bounded; a cluster that does not come up fails clearly.
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
wait_for "$work/logs/master.log" "I have been elected leader" 1 60 "the master did not start"
worker_pids=()
for w in 1 2; do
  # shellcheck disable=SC2086
  java $opens -Xmx512m -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.worker.Worker \
    --host 127.0.0.1 --port "$(free_port)" --webui-port "$(free_port)" --cores 1 --memory 3g \
    --work-dir "$work/worker$w" "$master" >"$work/logs/worker$w.log" 2>&1 &
  pids+=($!); worker_pids+=($!)
done
wait_for "$work/logs/master.log" "Registering worker" 2 60 "the workers did not register with the master"
say "cluster up: $master, master UI http://127.0.0.1:$mui, 2 workers x 1 core"

# spark-submit without Spark's shell scripts: the class bin/spark-submit runs.
submit() {
  # shellcheck disable=SC2086
  timeout 900 java $opens -Xmx2g -cp "$app:$SPARK_HOME/jars/*" org.apache.spark.deploy.SparkSubmit \
    --class rwdp.cluster.ClusterMain --master "$master" --deploy-mode client \
    --conf spark.driver.host=127.0.0.1 --conf spark.driver.bindAddress=127.0.0.1 --conf spark.ui.enabled=false \
    --conf spark.executor.memory=1g --conf "spark.executor.extraJavaOptions=$(echo $opens)" \
    "$app" "$@"
}
same() { # same A B WHAT: the two JSON files equal but for "seconds"
  if ! diff <(grep -v '"seconds"' "$1") <(grep -v '"seconds"' "$2") >"$work/out/diff.txt"; then
    cat "$work/out/diff.txt" >&2; fail "$3 differs from the local run"
  fi
  say "$3: identical to the local run"
}

# 3. Job 1 on a graph of a few thousand nodes, against the local all-sources run.
small=(--graph regular:3000,6,1 --T 5000 --alpha 2 --sigma 4)
./rwdp bound pndp "${small[@]}" --all-sources --quiet >"$work/out/local-small.json" 2>"$work/logs/local-small.log" || fail "local pndp"
submit cluster pndp "${small[@]}" --blocks 8 >"$work/out/cluster-small.json" 2>"$work/logs/submit-small.log" \
  || fail "cluster pndp on $master"
same "$work/out/local-small.json" "$work/out/cluster-small.json" "cluster pndp regular:3000,6,1"

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

# 5. Job 2: a --only subset of the report on the cluster (the remaining worker), against the local report.
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
  if ! diff <(grep -v '"seconds"' "$work/out/local-report/claims.json") \
      <(grep -v '"seconds"' "$work/out/cluster-report/claims.json") >"$work/out/diff-report.txt"; then
    head -n 20 "$work/out/diff-report.txt" >&2; fail "cluster report --only $only differs from the local report"
  fi
  say "cluster report --only $only: claims.json identical to the local report; $(grep -o '[0-9]* Monte Carlo calls ([0-9]* trials) ran on executors' "$work/logs/submit-report.log")"
fi
say "all checks passed"
