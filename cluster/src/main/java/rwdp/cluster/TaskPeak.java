package rwdp.cluster;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkExecutorInfo;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The most tasks running at once during a job, what a cluster's cores allow: the executors' running-task counts of
 * Spark's status tracker, summed every 50 ms. (A SparkListener's start and end events overcount: Spark frees a finished
 * task's slot and posts the next task's start before the finished task's end event.)
 */
final class TaskPeak {
    private final ScheduledExecutorService poller;
    private volatile int max;

    private TaskPeak(JavaSparkContext sc) {
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rwdp-task-peak");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleAtFixedRate(() -> {
            int running = 0;
            for (SparkExecutorInfo e : sc.sc().statusTracker().getExecutorInfos()) {
                running += e.numRunningTasks();
            }
            if (running > max) {
                max = running;
            }
        }, 0, 50, TimeUnit.MILLISECONDS);
    }

    /** Returns a peak counter polling {@code sc}. */
    static TaskPeak attach(JavaSparkContext sc) {
        return new TaskPeak(sc);
    }

    /** Stops polling. */
    void detach() {
        poller.shutdownNow();
    }

    /** Returns the most tasks seen running at once. */
    int max() {
        return max;
    }
}
