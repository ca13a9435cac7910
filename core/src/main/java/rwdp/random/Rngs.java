package rwdp.random;

import java.util.SplittableRandom;

/**
 * The one seeded generator family of rwdp: {@link SplittableRandom} (SplitMix64, specified
 * bit-for-bit by the JDK, so a seed gives the same numbers on every platform).
 *
 * <p>Parallel work never shares a generator: trial {@code i} of a run seeded {@code s} uses
 * {@link #stream(long, long) stream(s, i)}, which depends only on {@code (s, i)}. Results are
 * therefore identical for any thread count and any scheduling order.
 */
public final class Rngs {
    private Rngs() {}

    /** Returns a generator for a whole run seeded {@code seed}. */
    public static SplittableRandom root(long seed) {
        return new SplittableRandom(seed);
    }

    /** Returns the independent generator of sub-stream {@code index} of the run seeded {@code seed}. */
    public static SplittableRandom stream(long seed, long index) {
        // Two rounds of the SplitMix64 finaliser decorrelate neighbouring (seed, index) pairs.
        return new SplittableRandom(mix64(mix64(seed) ^ mix64(index + 0x9E3779B97F4A7C15L)));
    }

    /** Returns the seed of the named sub-task {@code label} of the run seeded {@code seed}. */
    public static long derive(long seed, String label) {
        long h = 1125899906842597L;
        for (int i = 0; i < label.length(); i++) {
            h = 31 * h + label.charAt(i);
        }
        return mix64(seed ^ mix64(h));
    }

    /** Returns the SplitMix64 finaliser of {@code z} (Steele, Lea and Flood 2014). */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
