package rwdp.bounds.rwsgd;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.random.MonteCarlo;

/**
 * The exact privacy loss of node v's view in RW DP-SGD (Cyffers et al., Alg. 1, the view of eq. (7)),
 * sampled exactly, and the Monte Carlo accountant built on it ({@link PrivacyLossSample}).
 *
 * <p>The view. Alg. 1 runs updates t = 0..T−1 and sends the token on after each, so the walk is
 * y₀ (public start), …, y_T. v observes (t, x_t) at every t ≤ T with y_t = v (at the last, t = T,
 * the final model reaches it) and knows what it did there (its own update and noise, and where it
 * sent the token). The walk does not depend on the data; between two observations the model moves
 * by the updates of one segment ({@link SegmentLaws}), and by the Markov property the segments are
 * independent given what v sees of them (first node f, m updates). The updates after v's last
 * observation are never seen. So with the canary's gradient +C (D) or −C (D'), every other
 * gradient 0 (the attacker knows them: the worst case) and d = 1 (other coordinates carry only
 * noise the same under D and D'), the exact privacy loss of the view is
 * L = Σ_segments ℓ_{f_j,m_j}(Z_j), and a sample of L under D draws the walk, counts u's updates
 * K_j in each observed segment, draws Z_j ~ N(K_j, 4σ²m_j) and sums the exact ℓ. By the symmetry
 * z ↦ −z the two orders of D and D' have the same curve, δ(ε) = E_D[(1 − e^{ε−L})₊].
 *
 * With the sender known (Cyffers et al., App. B.1) v also sees each segment's last node, and the segment laws are
 * conditioned on it ({@link SegmentLaws#of(ViewSetting, boolean)}). A coalition (App. D) observes at every visit
 * to any member, and each segment's law is conditioned on the receiving member too; everything else is the same.
 *
 * <p>Trial i draws from the run seed's stream i ({@link MonteCarlo}), so the numbers are the same
 * for any thread count. Cost: about runs·5T elementary operations ({@link #cost}) on top of the
 * tables of {@link SegmentLaws}.
 */
public final class ViewMonteCarlo {
    private ViewMonteCarlo() {}

    /** Returns the elementary operations {@code runs} samples need, about runs·5T. */
    public static double cost(ViewSetting s, int runs) {
        return 5.0 * runs * s.steps();
    }

    /**
     * Returns {@code runs} exact samples of v's privacy loss under D, with their uniforms (seeded from {@code seed}).
     *
     * @throws InvalidArgumentException if runs &lt; 1
     */
    public static PrivacyLossSample sample(ViewSetting s, SegmentLaws laws, int runs, long seed) {
        if (runs < 1) {
            throw new InvalidArgumentException("need at least 1 run, got " + runs);
        }
        double[][] out = MonteCarlo.runVectors(runs, seed, (i, rng) -> {
            double l = loss(s, laws, rng);
            return new double[] {l, rng.nextDouble()};
        });
        double[] loss = new double[runs];
        double[] uniform = new double[runs];
        for (int i = 0; i < runs; i++) {
            loss[i] = out[i][0];
            uniform[i] = out[i][1];
        }
        return PrivacyLossSample.of(loss, uniform);
    }

    /** Returns one exact sample of the observers' privacy loss under D: one walk, one Gaussian per observed segment. */
    static double loss(ViewSetting s, SegmentLaws laws, SplittableRandom rng) {
        int u = s.u();
        int node = s.start();
        int first = node;
        int previous = -1;
        int m = 0;
        int k = 0;
        double l = 0;
        double twoSigma = 2 * s.sigma();
        for (int t = 0; t <= s.steps(); t++) {
            if (s.observes(node)) {
                if (m >= 1) {
                    double z = k + twoSigma * Math.sqrt(m) * rng.nextGaussian();
                    l += laws.logRatio(first, previous, node, m, z);
                }
                m = 0;
                k = 0;
                if (t < s.steps()) {
                    node = s.w().sample(node, rng);
                    first = node;
                }
                continue;
            }
            if (t < s.steps()) {
                m++;
                k += node == u ? 1 : 0;
                previous = node;
                node = s.w().sample(node, rng);
            }
        }
        return l;
    }
}
