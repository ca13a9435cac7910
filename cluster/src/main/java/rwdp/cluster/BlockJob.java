package rwdp.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.spark.SimpleFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import rwdp.bounds.pndp.PairStatistics;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * The groups of kernel blocks of an all-pairs job as ONE Spark job ({@code SparkContext.submitJob}), one task per
 * group: Spark keeps every executor core busy while a task is pending. Spark hands each task's result to a handler on
 * its scheduler thread, which only queues it; this driver thread checkpoints and reports each one as it arrives.
 */
final class BlockJob {
    private final JavaSparkContext sc;
    private final List<int[]> groups;
    private final AllPairsJob.BlockTask task;
    private final BiConsumer<Integer, PairStatistics[]> onResult;
    private final BiConsumer<Integer, Integer> onProgress;

    /**
     * A job of {@code groups} on {@code sc}: {@code onResult} gets (group, its statistics), then {@code onProgress}
     * (group, groups finished so far), both on the calling thread.
     */
    BlockJob(JavaSparkContext sc, List<int[]> groups, AllPairsJob.BlockTask task, BiConsumer<Integer, PairStatistics[]> onResult,
            BiConsumer<Integer, Integer> onProgress) {
        this.sc = sc;
        this.groups = groups;
        this.task = task;
        this.onResult = onResult;
        this.onProgress = onProgress;
    }

    private record Done(int group, Timed result) {}

    /** A task's statistics and when it ran on its executor (wall-clock milliseconds, the executor's clock). */
    record Timed(PairStatistics[] stats, long startMs, long endMs) implements java.io.Serializable {}

    private final List<long[]> intervals = new ArrayList<>();

    /**
     * Returns the most tasks that ran at once, from the executors' own start and end times: on one host this is exact
     * (a core starts its next task after the last one returned); across hosts it trusts their clocks to a millisecond.
     * Spark's listener events overcount: it frees a finished task's slot and starts the next task before it posts the
     * finished task's end.
     */
    int peak() {
        List<long[]> events = new ArrayList<>();
        for (long[] iv : intervals) {
            events.add(new long[] {iv[0], 1});
            events.add(new long[] {iv[1], -1});
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1])); // ends first
        int running = 0;
        int max = 0;
        for (long[] e : events) {
            running += (int) e[1];
            max = Math.max(max, running);
        }
        return max;
    }

    /** Runs the job to its end; a failed task (after Spark's retries) or a failed handler cancels it and is rethrown. */
    void run() {
        RDD<int[]> rdd = sc.parallelize(groups, groups.size()).rdd();
        List<Object> ids = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            ids.add(g);
        }
        BlockingQueue<Done> arrived = new LinkedBlockingQueue<>();
        sc.setJobGroup("rwdp-pndp", "rwdp cluster pndp: " + groups.size() + " tasks", true);
        SimpleFutureAction<BoxedUnit> job = sc.sc().submitJob(rdd, new Process(task),
                scala.jdk.javaapi.CollectionConverters.asScala(ids).toSeq(), new Handler(arrived), new Unit());
        int received = 0;
        try {
            while (received < groups.size()) {
                Done d = arrived.poll(200, TimeUnit.MILLISECONDS);
                if (d == null) {
                    if (job.isCompleted() && arrived.isEmpty()) {
                        job.get(); // throws the job's failure
                        throw new IllegalStateException("Spark ended the job with " + received + " of " + groups.size() + " results");
                    }
                    continue;
                }
                intervals.add(new long[] {d.result().startMs(), d.result().endMs()});
                onResult.accept(d.group(), d.result().stats());
                received++;
                onProgress.accept(d.group(), received);
            }
            job.get();
        } catch (InterruptedException e) {
            job.cancel();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (RuntimeException e) {
            job.cancel();
            throw e;
        } catch (Exception e) {
            job.cancel();
            throw new IllegalStateException(e.getMessage(), e);
        } finally {
            sc.clearJobGroup();
        }
    }

    /** The task: its group's kernel blocks on an executor. */
    private static final class Process extends AbstractFunction1<scala.collection.Iterator<int[]>, Timed>
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final AllPairsJob.BlockTask task;

        Process(AllPairsJob.BlockTask task) {
            this.task = task;
        }

        @Override
        public Timed apply(scala.collection.Iterator<int[]> it) {
            long t0 = System.currentTimeMillis();
            PairStatistics[] stats = task.call(it.next());
            return new Timed(stats, t0, System.currentTimeMillis());
        }
    }

    /** Spark's result handler: queues (group, result) for the driver thread. */
    private static final class Handler extends AbstractFunction2<Object, Timed, BoxedUnit> {
        private final BlockingQueue<Done> arrived;

        Handler(BlockingQueue<Done> arrived) {
            this.arrived = arrived;
        }

        @Override
        public BoxedUnit apply(Object group, Timed result) {
            arrived.add(new Done((Integer) group, result));
            return BoxedUnit.UNIT;
        }
    }

    private static final class Unit extends AbstractFunction0<BoxedUnit> {
        @Override
        public BoxedUnit apply() {
            return BoxedUnit.UNIT;
        }
    }
}
