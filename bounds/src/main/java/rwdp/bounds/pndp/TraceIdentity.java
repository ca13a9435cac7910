package rwdp.bounds.pndp;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.random.MeanInterval;
import rwdp.random.Rngs;

/**
 * The mean of ε_{u→v} over all ordered pairs from the trace of f(W − J/n): by the dense spectrum, or by Hutchinson
 * probes on the row operator (Cyffers et al., Thm. 3).
 */
final class TraceIdentity {
    private TraceIdentity() {}

    static PndpAccountant.MeanIdentity meanIdentity(PndpSetting s, PairwiseRows op, int probes, long seed, double level, int spectrumMaxN) {
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        if (s.senderKnown()) {
            throw new InvalidArgumentException("the trace identity gives the anonymous mean only, not the sender-known one");
        }
        int n = s.w().n();
        double scale = s.slope() / ((double) n * (n - 1));
        if (n <= spectrumMaxN) {
            double tr = DenseSpectralFunction.trace(s.w(), s.function());
            double m = s.offset() - scale * tr;
            return new PndpAccountant.MeanIdentity("spectrum", m, m, m, 0);
        }
        if (probes < 2) {
            throw new InvalidArgumentException("need at least 2 Hutchinson probes, got " + probes);
        }
        double[] est = new double[probes];
        IntStream.range(0, probes).parallel().forEach(i -> {
            SplittableRandom rng = Rngs.stream(seed, i);
            double[] z = new double[n];
            for (int v = 0; v < n; v++) {
                z[v] = rng.nextBoolean() ? 1 : -1;
            }
            PairwiseMatrixFunction.project(z);
            double[] fz = op.apply(z);
            double q = 0;
            for (int v = 0; v < n; v++) {
                q += z[v] * fz[v];
            }
            est[i] = q;
        });
        MeanInterval trace = MeanInterval.studentT(est, level);
        double m = s.offset() - scale * trace.mean();
        return new PndpAccountant.MeanIdentity("hutchinson", m, m - scale * trace.halfWidth(), m + scale * trace.halfWidth(), probes);
    }
}
