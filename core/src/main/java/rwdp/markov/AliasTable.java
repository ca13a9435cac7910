package rwdp.markov;

/**
 * Builds Walker/Vose alias tables for a segment of a probability array, so that a draw from
 * the segment costs one uniform index and one uniform double (O(1), no allocation).
 */
final class AliasTable {
    private AliasTable() {}

    /**
     * Fills {@code threshold[from..to)} and {@code alias[from..to)} (absolute positions into the
     * segment) for the probabilities {@code p[from..to)}, which must sum to 1 up to rounding.
     */
    static void build(double[] p, int from, int to, double[] threshold, int[] alias, int[] small, int[] large) {
        int k = to - from;
        double sum = 0;
        for (int t = from; t < to; t++) {
            sum += p[t];
        }
        int ns = 0;
        int nl = 0;
        for (int t = from; t < to; t++) {
            threshold[t] = p[t] * k / sum;
            alias[t] = t;
            if (threshold[t] < 1.0) {
                small[ns++] = t;
            } else {
                large[nl++] = t;
            }
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int l = large[--nl];
            alias[s] = l;
            threshold[l] = (threshold[l] + threshold[s]) - 1.0;
            if (threshold[l] < 1.0) {
                small[ns++] = l;
            } else {
                large[nl++] = l;
            }
        }
        // Leftovers are 1 up to rounding: make them certain.
        while (nl > 0) {
            threshold[large[--nl]] = 1.0;
        }
        while (ns > 0) {
            threshold[small[--ns]] = 1.0;
        }
    }
}
