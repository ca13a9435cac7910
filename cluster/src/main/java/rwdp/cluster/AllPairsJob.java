package rwdp.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpSetting;

/**
 * The exact all-pairs statistics on Spark: the senders 0..n−1 cut into kernel blocks of {@code block} senders (as
 * {@link PndpAccountant#allSources} cuts them); the kernel blocks not in the checkpoint are grouped into at most
 * {@code blocks} Spark tasks, all submitted as one Spark job, so every core of the cluster (and every executor dynamic
 * allocation adds) has a task while any is pending. Each task returns one partial {@link PairStatistics} per kernel
 * block ({@link PndpAccountant#block}); the driver checkpoints each as it arrives and merges them all in kernel-block
 * order at the end, so the result equals the local one bit for bit for any executor count and any {@code blocks}.
 */
final class AllPairsJob {
    private final int n;
    private final int block;
    private final int kernelBlocks;
    private final int blocks;

    /** A job over n senders in kernel blocks of {@code block}, grouped into at most {@code blocks} Spark tasks. */
    AllPairsJob(int n, int block, int blocks) {
        this.n = n;
        this.block = block;
        this.kernelBlocks = (n + block - 1) / block;
        this.blocks = Math.min(blocks, kernelBlocks);
    }

    /** Returns the number of Spark tasks when nothing is checkpointed. */
    int blocks() {
        return blocks;
    }

    /** Returns the number of kernel blocks (the checkpoint's unit). */
    int kernelBlocks() {
        return kernelBlocks;
    }

    /** Returns the default number of Spark blocks: one per 256 senders (a task of a few seconds to a few minutes). */
    static int defaultBlocks(int n) {
        return Math.max(1, (n + 255) / 256);
    }

    /** Returns the pending kernel blocks cut into at most {@code tasks} consecutive groups of near-equal size. */
    static List<int[]> groups(List<Integer> pending, int tasks) {
        int t = Math.max(1, Math.min(tasks, pending.size()));
        List<int[]> out = new ArrayList<>(t);
        for (int g = 0; g < t; g++) {
            int lo = (int) ((long) g * pending.size() / t);
            int hi = (int) ((long) (g + 1) * pending.size() / t);
            out.add(pending.subList(lo, hi).stream().mapToInt(Integer::intValue).toArray());
        }
        return out;
    }

    /**
     * Runs the job: kernel blocks found in {@code checkpoint} (may be null) are read, the others run on {@code sc}'s
     * executors as one Spark job against one broadcast of the setting and operator, each recorded in the checkpoint as
     * it arrives; returns the statistics merged in kernel-block order.
     */
    PairStatistics run(JavaSparkContext sc, PndpSetting setting, MatrixFunctionOperator op, Checkpoint checkpoint, boolean quiet) {
        long t0 = System.nanoTime();
        PairStatistics[] parts = new PairStatistics[kernelBlocks];
        if (checkpoint != null) {
            TreeMap<Integer, PairStatistics> done = checkpoint.finished(kernelBlocks);
            done.forEach((k, p) -> parts[k] = p);
            if (!done.isEmpty()) {
                System.err.printf(Locale.ROOT, "rwdp cluster: %d of %d kernel blocks read from the checkpoint%n", done.size(), kernelBlocks);
            }
        }
        List<Integer> pending = new ArrayList<>();
        for (int k = 0; k < kernelBlocks; k++) {
            if (parts[k] == null) {
                pending.add(k);
            }
        }
        if (!pending.isEmpty()) {
            List<int[]> groups = groups(pending, blocks);
            Broadcast<PndpSetting> bs = sc.broadcast(setting);
            Broadcast<MatrixFunctionOperator> bo = sc.broadcast(op);
            BlockJob job;
            try {
                job = new BlockJob(sc, groups, new BlockTask(bs, bo, n, block), (g, r) -> {
                    int[] ks = groups.get(g);
                    for (int i = 0; i < ks.length; i++) {
                        if (checkpoint != null) {
                            checkpoint.save(ks[i], r[i]);
                        }
                        parts[ks[i]] = r[i];
                    }
                }, (g, d) -> {
                    if (!quiet) {
                        int[] ks = groups.get(g);
                        System.err.printf(Locale.ROOT, "rwdp cluster: block %d/%d done (senders %d..%d), %d/%d blocks, %.1f s%n",
                                g + 1, groups.size(), ks[0] * block, Math.min(n, (ks[ks.length - 1] + 1) * block) - 1, d, groups.size(),
                                (System.nanoTime() - t0) / 1e9);
                    }
                });
                job.run();
            } finally {
                bs.destroy();
                bo.destroy();
            }
            System.err.printf(Locale.ROOT, "rwdp cluster: %d kernel blocks computed in %d tasks, at most %d tasks running at once%n",
                    pending.size(), groups.size(), job.peak());
        }
        PairStatistics all = new PairStatistics();
        for (PairStatistics p : parts) {
            all.merge(p);
        }
        return all;
    }

    /** The map step: a group of kernel blocks, one partial statistics each, on an executor. */
    static final class BlockTask implements java.io.Serializable {
        private static final long serialVersionUID = 2L;
        private final Broadcast<PndpSetting> setting;
        private final Broadcast<MatrixFunctionOperator> op;
        private final int n;
        private final int block;

        BlockTask(Broadcast<PndpSetting> setting, Broadcast<MatrixFunctionOperator> op, int n, int block) {
            this.setting = setting;
            this.op = op;
            this.n = n;
            this.block = block;
        }

        /** Returns the statistics of kernel blocks {@code ks}, in order. */
        PairStatistics[] call(int[] ks) {
            PndpSetting s = setting.value();
            MatrixFunctionOperator o = op.value();
            int[][] sources = new int[ks.length][];
            for (int i = 0; i < ks.length; i++) {
                int k = ks[i];
                sources[i] = IntStream.range(k * block, Math.min(n, (k + 1) * block)).toArray();
            }
            // One workspace for the task's kernel blocks; on a large graph consecutive kernel blocks share a kernel call
            // as wide as this executor's heap allows with its other task slots busy too (the same bits: a row's do not
            // depend on its call, and each kernel block's statistics still merge its own rows in order).
            return PndpAccountant.blocks(s, o, sources, o.senderBlock(taskSlots()));
        }

        /**
         * Returns how many tasks this JVM may run at once: N for a {@code local[N]} master (all cores for
         * {@code local[*]}), else spark.executor.cores / spark.task.cpus (all cores when unset, as a standalone worker
         * gives its executor).
         */
        static int taskSlots() {
            int cores = Runtime.getRuntime().availableProcessors();
            org.apache.spark.SparkEnv env = org.apache.spark.SparkEnv.get();
            if (env == null) {
                return cores;
            }
            org.apache.spark.SparkConf conf = env.conf();
            return taskSlots(conf.get("spark.master", ""), conf.getInt("spark.executor.cores", cores), conf.getInt("spark.task.cpus", 1), cores);
        }

        /** Returns the task slots of a JVM from the master URL, the executor's cores, the cores per task and the machine's cores. */
        static int taskSlots(String master, int executorCores, int taskCpus, int cores) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("local\\[(\\d+|\\*)(,\\d+)?]").matcher(master);
            if (m.matches()) {
                return "*".equals(m.group(1)) ? cores : Math.max(1, Integer.parseInt(m.group(1)));
            }
            if ("local".equals(master)) {
                return 1;
            }
            return Math.max(1, executorCores / Math.max(1, taskCpus));
        }
    }

    @Override
    public String toString() {
        return "AllPairsJob[n=" + n + ", block=" + block + ", blocks=" + blocks + "]";
    }
}
