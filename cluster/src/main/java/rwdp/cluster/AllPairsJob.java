package rwdp.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpSetting;

/**
 * The exact all-pairs statistics on Spark: the senders 0..n−1 cut into kernel blocks of {@code block} senders (as
 * {@link PndpAccountant#allSources} cuts them), kernel blocks grouped into {@code blocks} Spark blocks (one task
 * each); an executor returns one partial {@link PairStatistics} per kernel block ({@link PndpAccountant#block}), and the
 * driver merges them in kernel-block order, so the result equals the local one bit for bit for any executor count.
 */
final class AllPairsJob {
    private final int n;
    private final int block;
    private final int kernelBlocks;
    private final int blocks;

    /** A job over n senders in kernel blocks of {@code block}, grouped into at most {@code blocks} Spark blocks. */
    AllPairsJob(int n, int block, int blocks) {
        this.n = n;
        this.block = block;
        this.kernelBlocks = (n + block - 1) / block;
        this.blocks = Math.min(blocks, kernelBlocks);
    }

    /** Returns the number of Spark blocks (tasks). */
    int blocks() {
        return blocks;
    }

    /** Returns the default number of Spark blocks: one per 256 senders (a task of a few seconds to a few minutes). */
    static int defaultBlocks(int n) {
        return Math.max(1, (n + 255) / 256);
    }

    /** The kernel blocks [first, end) of Spark block b. */
    static int first(int b, int kernelBlocks, int blocks) {
        return (int) ((long) b * kernelBlocks / blocks);
    }

    /**
     * Runs the job: blocks found in {@code checkpoint} (may be null) are read, the others run on {@code sc}'s
     * executors against one broadcast of the setting and operator, each recorded in the checkpoint as it finishes;
     * returns the statistics merged in block order.
     */
    PairStatistics run(JavaSparkContext sc, PndpSetting setting, MatrixFunctionOperator op, Checkpoint checkpoint, boolean quiet) {
        long t0 = System.nanoTime();
        PairStatistics[][] parts = new PairStatistics[blocks][];
        if (checkpoint != null) {
            TreeMap<Integer, PairStatistics[]> done = checkpoint.finished(blocks);
            done.forEach((b, p) -> parts[b] = p);
            if (!done.isEmpty()) {
                System.err.printf(Locale.ROOT, "rwdp cluster: %d of %d blocks read from the checkpoint%n", done.size(), blocks);
            }
        }
        List<Integer> pending = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            if (parts[b] == null) {
                pending.add(b);
            }
        }
        if (!pending.isEmpty()) {
            Broadcast<PndpSetting> bs = sc.broadcast(setting);
            Broadcast<MatrixFunctionOperator> bo = sc.broadcast(op);
            BlockTask task = new BlockTask(bs, bo, n, block, kernelBlocks, blocks);
            // One Spark job per block, submitted from a few driver threads: Spark schedules the tasks (and retries a
            // lost executor's), and each block is checkpointed and reported as soon as it is back.
            int threads = Math.max(2, Math.min(pending.size(), 2 * sc.defaultParallelism()));
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "rwdp-block-submitter");
                t.setDaemon(true);
                return t;
            });
            AtomicInteger finished = new AtomicInteger(blocks - pending.size());
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int b : pending) {
                    futures.add(pool.submit(() -> {
                        sc.setJobGroup("rwdp-pndp", "rwdp cluster pndp block " + b, true);
                        PairStatistics[] r = sc.parallelize(List.of(b), 1).map(task).collect().get(0);
                        if (checkpoint != null) {
                            checkpoint.save(b, r);
                        }
                        parts[b] = r;
                        int d = finished.incrementAndGet();
                        if (!quiet) {
                            int from = first(b, kernelBlocks, blocks) * block;
                            int to = Math.min(n, first(b + 1, kernelBlocks, blocks) * block);
                            System.err.printf(Locale.ROOT, "rwdp cluster: block %d/%d done (senders %d..%d), %d/%d blocks, %.1f s%n",
                                    b + 1, blocks, from, to - 1, d, blocks, (System.nanoTime() - t0) / 1e9);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                sc.cancelJobGroup("rwdp-pndp");
                Throwable c = e.getCause();
                throw c instanceof RuntimeException re ? re : new IllegalStateException(c);
            } finally {
                pool.shutdownNow();
            }
            bs.destroy();
            bo.destroy();
        }
        PairStatistics all = new PairStatistics();
        for (PairStatistics[] p : parts) {
            for (PairStatistics k : p) {
                all.merge(k);
            }
        }
        return all;
    }

    /** The map step: Spark block b's kernel blocks, one partial statistics each, on an executor. */
    static final class BlockTask implements Function<Integer, PairStatistics[]> {
        private static final long serialVersionUID = 1L;
        private final Broadcast<PndpSetting> setting;
        private final Broadcast<MatrixFunctionOperator> op;
        private final int n;
        private final int block;
        private final int kernelBlocks;
        private final int blocks;

        BlockTask(Broadcast<PndpSetting> setting, Broadcast<MatrixFunctionOperator> op, int n, int block, int kernelBlocks, int blocks) {
            this.setting = setting;
            this.op = op;
            this.n = n;
            this.block = block;
            this.kernelBlocks = kernelBlocks;
            this.blocks = blocks;
        }

        @Override
        public PairStatistics[] call(Integer b) {
            int k0 = first(b, kernelBlocks, blocks);
            int k1 = first(b + 1, kernelBlocks, blocks);
            PndpSetting s = setting.value();
            MatrixFunctionOperator o = op.value();
            int[][] sources = new int[k1 - k0][];
            for (int k = k0; k < k1; k++) {
                sources[k - k0] = IntStream.range(k * block, Math.min(n, (k + 1) * block)).toArray();
            }
            // One workspace for the task's kernel blocks, not three n x block arrays per block.
            return PndpAccountant.blocks(s, o, sources);
        }
    }

    /** Returns a text naming the graph's content (its adjacency, hashed): a file: graph edited between runs differs. */
    static String graphDigest(rwdp.graph.Graph g) {
        long h = 1125899906842597L;
        for (int u = 0; u < g.n(); u++) {
            h = 31 * h + g.degree(u);
            for (int k = 0; k < g.degree(u); k++) {
                h = 31 * h + g.neighbor(u, k);
            }
        }
        return Long.toHexString(h);
    }

    @Override
    public String toString() {
        return "AllPairsJob[n=" + n + ", block=" + block + ", blocks=" + blocks + "]";
    }
}
