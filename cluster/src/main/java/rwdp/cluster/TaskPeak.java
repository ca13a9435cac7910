package rwdp.cluster;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;

/** A Spark listener that counts the tasks running at once and keeps the largest count (what a cluster's cores allow). */
final class TaskPeak extends SparkListener {
    private final JavaSparkContext sc;
    private int running;
    private int max;

    private TaskPeak(JavaSparkContext sc) {
        this.sc = sc;
    }

    /** Returns a peak counter listening on {@code sc}. */
    static TaskPeak attach(JavaSparkContext sc) {
        TaskPeak p = new TaskPeak(sc);
        sc.sc().addSparkListener(p);
        return p;
    }

    /** Stops listening. */
    void detach() {
        try {
            sc.sc().listenerBus().waitUntilEmpty(10_000); // the last task events are delivered before max() is read
        } catch (Exception e) {
            // a late event only makes the peak an undercount; the job's result does not depend on it
        }
        sc.sc().removeSparkListener(this);
    }

    @Override
    public synchronized void onTaskStart(SparkListenerTaskStart e) {
        running++;
        max = Math.max(max, running);
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd e) {
        running--;
    }

    /** Returns the most tasks seen running at once. */
    synchronized int max() {
        return max;
    }
}
