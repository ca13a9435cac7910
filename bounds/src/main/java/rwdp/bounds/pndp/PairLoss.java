package rwdp.bounds.pndp;

/**
 * The one home of ε_{u→v} = a + b·f(W − J/n)_uv, affine in the matrix function of the gossip matrix (Cyffers et al.,
 * Thm. 3 with a = α T ln T/(σ² n²); App. B eq. (15) composed N_u = T/n times with a = N_u α H_T/(σ² n); b = N_u α/σ²
 * in both), and the means it gives through f(W − J/n)𝟙 = 0: row u's mean over v ≠ u is a − b·f_uu/(n − 1) and the
 * mean over all ordered pairs a − b·tr f/(n(n − 1)). The n×n matrix path ({@link PndpAccountant#pairwise}) applies
 * the same map in its own historical order of operations (rate·T/n rather than (T/n)·rate), which can differ in the
 * last bit; it is left as it is so that no printed number moves.
 *
 * @param offset a, the pair-independent term ({@link PndpSetting#offset})
 * @param slope  b ({@link PndpSetting#slope})
 */
record PairLoss(double offset, double slope) {
    /** Returns the loss ε = a + b·f of a pair whose matrix-function entry is f (Cyffers et al., Thm. 3 / eq. (15)). */
    double at(double f) {
        return offset + slope * f;
    }

    /** Returns b/(n(n − 1)), the factor of tr f(W − J/n) in the mean over all ordered pairs of n nodes. */
    double perTrace(int n) {
        return slope / ((double) n * (n - 1));
    }

    /** Returns the mean over all ordered pairs of n nodes, a − b·tr f/(n(n − 1)), from the trace of f(W − J/n). */
    double pairMean(double trace, int n) {
        return offset - perTrace(n) * trace;
    }

    /** Returns b/(n − 1), the factor of f_uu in row u's mean over its n − 1 observers. */
    double perDiagonal(int n) {
        return slope / (n - 1);
    }
}
