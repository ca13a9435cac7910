package rwdp.data;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.random.GammaSampler;

/**
 * Splits a labelled set across n devices with controlled label skew (Wang et al., §VI-A): an IID
 * split, the deterministic "u% similarity" shard split, and the Dirichlet(α_d) split. Each
 * result is {@code int[n][]}: the sample indices of each device, every device non-empty.
 */
public final class LabelSkewPartition {
    private LabelSkewPartition() {}

    /** Returns a uniformly shuffled split into n nearly equal parts (Wang et al., §VI-A, u = 100). */
    public static int[][] iid(LabeledData data, int devices, SplittableRandom rng) {
        checkDevices(data, devices);
        int[] perm = permutation(data.size(), rng);
        int[][] out = new int[devices][];
        for (int i = 0; i < devices; i++) {
            int from = (int) ((long) data.size() * i / devices);
            int to = (int) ((long) data.size() * (i + 1) / devices);
            out[i] = java.util.Arrays.copyOfRange(perm, from, to);
        }
        return out;
    }

    /**
     * Returns the deterministic split of Wang et al., §VI-A: a fraction {@code similarity} (u/100)
     * of the samples forms a shuffled IID pool dealt evenly to the devices; the rest is grouped by
     * label, each class cut into {@code shardsPerClass} equal shards, and every device receives
     * {@code classes·shardsPerClass/n} random shards (the paper: 10 classes, 4 shards per class,
     * 20 devices, 2 shards each).
     *
     * @throws InvalidArgumentException when devices &lt; 1 or exceeds the number of samples, similarity is outside
     *     [0, 1], shardsPerClass &lt; 1, or the classes·shardsPerClass shards cannot be dealt evenly to the devices
     */
    public static int[][] shards(LabeledData data, int devices, double similarity, int shardsPerClass, SplittableRandom rng) {
        checkDevices(data, devices);
        checkSimilarity(similarity);
        if (shardsPerClass < 1) {
            throw new InvalidArgumentException("shards per class must be >= 1, got " + shardsPerClass);
        }
        int total = data.classes() * shardsPerClass;
        if (total % devices != 0) {
            throw new InvalidArgumentException(data.classes() + " classes x " + shardsPerClass + " shards = " + total
                    + " shards cannot be dealt evenly to " + devices + " devices");
        }
        int[] perm = permutation(data.size(), rng);
        int iidCount = (int) Math.round(similarity * data.size());
        int[] counts = new int[devices];
        int[][] buckets = new int[devices][0];
        for (int r = 0; r < iidCount; r++) {
            int i = r % devices;
            add(buckets, counts, i, perm[r]);
        }
        // Non-IID pool: the remaining samples grouped by class, each class cut into equal shards.
        int[] classCount = new int[data.classes()];
        for (int r = iidCount; r < perm.length; r++) {
            classCount[data.label(perm[r])]++;
        }
        int[][] byClass = new int[data.classes()][];
        for (int c = 0; c < data.classes(); c++) {
            byClass[c] = new int[classCount[c]];
        }
        int[] fill = new int[data.classes()];
        for (int r = iidCount; r < perm.length; r++) {
            int c = data.label(perm[r]);
            byClass[c][fill[c]++] = perm[r];
        }
        int[] shardOrder = permutation(total, rng);
        int perDevice = total / devices;
        for (int s = 0; s < total; s++) {
            int shard = shardOrder[s];
            int c = shard / shardsPerClass;
            int part = shard % shardsPerClass;
            int from = (int) ((long) byClass[c].length * part / shardsPerClass);
            int to = (int) ((long) byClass[c].length * (part + 1) / shardsPerClass);
            int i = s / perDevice;
            for (int r = from; r < to; r++) {
                add(buckets, counts, i, byClass[c][r]);
            }
        }
        return finish(buckets, counts, data, rng);
    }

    /**
     * Returns the Dirichlet split of Wang et al., §VI-A: for each class c, proportions
     * p_c ~ Dir(α_d, ..., α_d) over the n devices, and the class's samples are dealt in those
     * proportions. Small α_d gives strong label skew and unequal sizes. The proportions are
     * normalised Gamma(α_d, 1) draws ({@link GammaSampler}, stream {@link GammaSampler.Uniforms#BOOST_FIRST}).
     *
     * @throws InvalidArgumentException if {@code devices} is below 1 or above the number of samples,
     *                                  or α_d is not positive and finite
     */
    public static int[][] dirichlet(LabeledData data, int devices, double alpha, SplittableRandom rng) {
        checkDevices(data, devices);
        checkConcentration(alpha);
        int[] perm = permutation(data.size(), rng);
        int[][] byClass = new int[data.classes()][];
        int[] cc = data.classCounts();
        for (int c = 0; c < data.classes(); c++) {
            byClass[c] = new int[cc[c]];
        }
        int[] fill = new int[data.classes()];
        for (int r : perm) {
            int c = data.label(r);
            byClass[c][fill[c]++] = r;
        }
        int[] counts = new int[devices];
        int[][] buckets = new int[devices][0];
        double[] p = new double[devices];
        for (int c = 0; c < data.classes(); c++) {
            double s = 0;
            for (int i = 0; i < devices; i++) {
                p[i] = GammaSampler.standard(alpha, rng, GammaSampler.Uniforms.BOOST_FIRST);
                s += p[i];
            }
            if (!(s > 0)) {
                // All draws underflowed (tiny alpha): the class goes to one random device, the α → 0 limit.
                java.util.Arrays.fill(p, 0);
                p[rng.nextInt(devices)] = 1;
                s = 1;
            }
            double cum = 0;
            int start = 0;
            for (int i = 0; i < devices; i++) {
                cum += p[i] / s;
                int end = i == devices - 1 ? byClass[c].length : (int) Math.min(byClass[c].length, Math.round(cum * byClass[c].length));
                for (int r = start; r < end; r++) {
                    add(buckets, counts, i, byClass[c][r]);
                }
                start = Math.max(start, end);
            }
        }
        return finish(buckets, counts, data, rng);
    }

    /** Returns, per device, the number of samples of each class: the label histogram of a split. */
    public static int[][] labelHistogram(LabeledData data, int[][] split) {
        int[][] h = new int[split.length][data.classes()];
        for (int i = 0; i < split.length; i++) {
            for (int r : split[i]) {
                h[i][data.label(r)]++;
            }
        }
        return h;
    }

    /**
     * Appends sample {@code r} to device {@code i}'s bucket, doubling it when full: the buckets
     * take O(samples + devices) memory, not one full-size array per device.
     */
    private static void add(int[][] buckets, int[] counts, int i, int r) {
        if (counts[i] == buckets[i].length) {
            buckets[i] = java.util.Arrays.copyOf(buckets[i], Math.max(4, 2 * buckets[i].length));
        }
        buckets[i][counts[i]++] = r;
    }

    private static int[][] finish(int[][] buckets, int[] counts, LabeledData data, SplittableRandom rng) {
        int n = buckets.length;
        // A device left empty by the skew takes one sample from the largest device, so that every
        // device has a local loss (Wang et al. assume non-empty local datasets).
        for (int i = 0; i < n; i++) {
            if (counts[i] == 0) {
                int big = 0;
                for (int j = 1; j < n; j++) {
                    if (counts[j] > counts[big]) {
                        big = j;
                    }
                }
                if (counts[big] < 2) {
                    throw new InvalidArgumentException("too few samples (" + data.size() + ") for " + n + " devices");
                }
                int k = rng.nextInt(counts[big]);
                add(buckets, counts, i, buckets[big][k]);
                buckets[big][k] = buckets[big][--counts[big]];
            }
        }
        int[][] out = new int[n][];
        for (int i = 0; i < n; i++) {
            out[i] = java.util.Arrays.copyOf(buckets[i], counts[i]);
        }
        return out;
    }

    /**
     * Throws unless {@code similarity} (the IID share u of {@link #shards}) is in [0, 1]; the one
     * rule, shared with {@link Partition.Shards}.
     *
     * @throws InvalidArgumentException when it is outside [0, 1] or NaN
     */
    static void checkSimilarity(double similarity) {
        if (!(similarity >= 0 && similarity <= 1)) {
            throw new InvalidArgumentException("similarity u must be in [0, 1], got " + similarity);
        }
    }

    /**
     * Throws unless {@code alpha} (the concentration α_d of {@link #dirichlet}) is positive and
     * finite; the one rule, shared with {@link Partition.Dirichlet}.
     *
     * @throws InvalidArgumentException when it is not positive and finite
     */
    static void checkConcentration(double alpha) {
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new InvalidArgumentException("Dirichlet concentration alpha_d must be positive and finite, got " + alpha);
        }
    }

    private static void checkDevices(LabeledData data, int devices) {
        if (devices < 1) {
            throw new InvalidArgumentException("number of devices must be >= 1, got " + devices);
        }
        if (data.size() < devices) {
            throw new InvalidArgumentException(data.size() + " samples cannot give every one of " + devices + " devices a sample");
        }
    }

    private static int[] permutation(int n, SplittableRandom rng) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
