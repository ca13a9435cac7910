package rwdp.sampling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import rwdp.random.Rngs;

/**
 * {@link WithoutReplacement#draw} holds only the entries its swaps displaced; it must draw exactly what the
 * partial Fisher–Yates shuffle of the whole array 0..n−1 draws with the same seed (the draws of every earlier run).
 */
class DrawWithoutReplacementPropertyTest {
    /** Returns the partial Fisher–Yates draw on the whole array, as the accountant drew before the sparse form. */
    static int[] dense(int n, int k, long seed) {
        SplittableRandom rng = Rngs.root(seed);
        int[] perm = IntStream.range(0, n).toArray();
        for (int i = 0; i < k; i++) {
            int j = i + rng.nextInt(n - i);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int[] out = Arrays.copyOf(perm, k);
        Arrays.sort(out);
        return out;
    }

    @Property(tries = 500)
    void sameDrawAsTheWholeArray(@ForAll @IntRange(min = 1, max = 5000) int n, @ForAll @IntRange(min = 0, max = 1000) int k0,
                                 @ForAll long seed) {
        int k = Math.min(n, k0);
        assertArrayEquals(dense(n, k, seed), WithoutReplacement.draw(n, k, seed), "n=" + n + " k=" + k);
    }
}
