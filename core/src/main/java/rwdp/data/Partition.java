package rwdp.data;

import java.util.Locale;
import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * How a labelled set is split over the devices (Wang et al., §VI-A), as a value: parsed once from
 * {@code iid}, {@code shards:u} or {@code dirichlet:alpha} ({@link #GRAMMAR}) or built by the
 * factories, validated at construction by the rules {@link LabelSkewPartition} applies, and
 * {@link #split applied} by it. Its {@link #toString()} is the canonical text, which
 * {@link #parse} reads back to an equal value.
 */
public sealed interface Partition {
    /** The texts {@link #parse} accepts. */
    String GRAMMAR = "iid, shards:u or dirichlet:alpha";

    /**
     * Returns the sample indices of each of {@code devices} devices, every device non-empty, drawn from {@code rng}.
     *
     * @throws InvalidArgumentException when the set has fewer samples than devices, or the split cannot be dealt to them
     */
    int[][] split(LabeledData data, int devices, SplittableRandom rng);

    /** Returns the IID split. */
    static Partition iid() {
        return new Iid();
    }

    /** Returns the shard split with IID share {@code similarity}. @throws InvalidArgumentException when it is outside [0, 1] */
    static Partition shards(double similarity) {
        return new Shards(similarity);
    }

    /** Returns the Dirichlet split of concentration {@code alpha}. @throws InvalidArgumentException unless it is positive and finite */
    static Partition dirichlet(double alpha) {
        return new Dirichlet(alpha);
    }

    /**
     * Returns the partition named by {@code text} (case and surrounding blanks ignored; {@code shards} alone is u = 0).
     *
     * @throws InvalidArgumentException when the text is none of {@link #GRAMMAR}, its number is unreadable or out of range
     */
    static Partition parse(String text) {
        String p = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        int colon = p.indexOf(':');
        String name = colon < 0 ? p : p.substring(0, colon).strip();
        String arg = colon < 0 ? null : p.substring(colon + 1).strip();
        try {
            if (name.equals("iid") && arg == null) {
                return iid();
            }
            if (name.equals("shards")) {
                return shards(arg == null ? 0 : Double.parseDouble(arg));
            }
            if (name.equals("dirichlet") && arg != null) {
                return dirichlet(Double.parseDouble(arg));
            }
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("cannot read the number in partition '" + text + "'");
        }
        throw new InvalidArgumentException("unknown partition '" + text + "'; expected " + GRAMMAR);
    }

    /** The uniformly shuffled split into nearly equal parts (u = 100 in the paper). */
    record Iid() implements Partition {
        @Override
        public int[][] split(LabeledData data, int devices, SplittableRandom rng) {
            return LabelSkewPartition.iid(data, devices, rng);
        }

        @Override
        public String toString() {
            return "iid";
        }
    }

    /**
     * The "u% similarity" shard split: a share {@code similarity} of the samples dealt IID, the rest
     * as label shards, so many per class that every device gets two when possible.
     *
     * @param similarity the IID share u ∈ [0, 1]
     */
    record Shards(double similarity) implements Partition {
        /** @throws InvalidArgumentException when the share is outside [0, 1] */
        public Shards {
            LabelSkewPartition.checkSimilarity(similarity);
            // -0.0 prints as 0 and reads back as +0.0: one value for one text.
            similarity += 0.0;
        }

        @Override
        public int[][] split(LabeledData data, int devices, SplittableRandom rng) {
            return LabelSkewPartition.shards(data, devices, similarity, shardsPerClass(data.classes(), devices), rng);
        }

        /** Returns the shards per class giving every device two shards when possible (§VI-A: 10 classes, 20 devices, 4). */
        static int shardsPerClass(int classes, int devices) {
            for (int s = 1; s <= 4 * devices; s++) {
                if ((classes * s) % devices == 0 && classes * s >= 2 * devices) {
                    return s;
                }
            }
            return devices;
        }

        @Override
        public String toString() {
            return "shards:" + number(similarity);
        }
    }

    /**
     * The Dirichlet split: per class, device proportions drawn from Dir(α_d, ..., α_d).
     *
     * @param alpha the concentration α_d, positive and finite (small: strong label skew)
     */
    record Dirichlet(double alpha) implements Partition {
        /** @throws InvalidArgumentException unless the concentration is positive and finite */
        public Dirichlet {
            LabelSkewPartition.checkConcentration(alpha);
        }

        @Override
        public int[][] split(LabeledData data, int devices, SplittableRandom rng) {
            return LabelSkewPartition.dirichlet(data, devices, alpha, rng);
        }

        @Override
        public String toString() {
            return "dirichlet:" + number(alpha);
        }
    }

    /** Returns {@code x} as the texts name it: an integral value without ".0" (shards:0, dirichlet:1), else Java's shortest form. */
    private static String number(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }
}
