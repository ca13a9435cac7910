package rwdp.sampling;

import java.util.Arrays;
import java.util.HashMap;
import java.util.SplittableRandom;
import rwdp.random.Rngs;

/** Simple random samples without replacement: k distinct units of n, each k-subset equally likely. */
public final class WithoutReplacement {
    private WithoutReplacement() {}

    /**
     * Returns k distinct integers of 0..n−1 drawn uniformly with {@code seed}, in increasing order (partial Fisher–Yates;
     * Knuth, TAOCP vol. 2, §3.4.2, Algorithm P stopped after k swaps).
     */
    public static int[] draw(int n, int k, long seed) {
        SplittableRandom rng = Rngs.root(seed);
        // Fisher–Yates on the identity permutation, holding only the entries its swaps displaced: the same swaps and
        // draw as on the whole array, in O(k) instead of O(n) (the proxy check and the design choice draw thousands
        // of times from strata as large as the graph).
        HashMap<Integer, Integer> moved = new HashMap<>(4 * k);
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            int j = i + rng.nextInt(n - i);
            int vi = moved.getOrDefault(i, i);
            out[i] = moved.getOrDefault(j, j);
            moved.put(j, vi);
        }
        Arrays.sort(out);
        return out;
    }
}
