package rwdp.bounds.pndp;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.TDistribution;
import rwdp.check.InvalidArgumentException;
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
        double mt = 0;
        for (double x : est) {
            mt += x;
        }
        mt /= probes;
        double ss = 0;
        for (double x : est) {
            ss += (x - mt) * (x - mt);
        }
        double half = new TDistribution(null, probes - 1).inverseCumulativeProbability(0.5 + level / 2)
                * Math.sqrt(ss / (probes - 1) / probes);
        double m = s.offset() - scale * mt;
        return new PndpAccountant.MeanIdentity("hutchinson", m, m - scale * half, m + scale * half, probes);
    }
}
