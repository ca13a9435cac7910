package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;
import rwdp.random.MeanInterval;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.Traces;

/**
 * The mean of ε_{u→v} over all ordered pairs from the trace of f(W − J/n): by the dense spectrum, or by Hutchinson
 * probes on the row operator (Cyffers et al., Thm. 3).
 */
final class TraceIdentity {
    private TraceIdentity() {}

    static PairStatistics.MeanIdentity meanIdentity(PndpSetting s, MatrixFunctionOperator op, int probes, long seed, double level, int spectrumMaxN) {
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        if (s.senderKnown()) {
            throw new InvalidArgumentException("the trace identity gives the anonymous mean only, not the sender-known one");
        }
        int n = s.w().n();
        PairLoss loss = s.loss();
        double scale = loss.perTrace(n);
        if (n <= spectrumMaxN) {
            double tr = Traces.exact(s.w(), s.function());
            double m = loss.pairMean(tr, n);
            return new PairStatistics.MeanIdentity("spectrum", m, m, m, 0);
        }
        if (probes < 2) {
            throw new InvalidArgumentException("need at least 2 Hutchinson probes, got " + probes);
        }
        double[] est = Traces.hutchinson(op, probes, seed);
        MeanInterval trace = MeanInterval.studentT(est, level);
        double m = loss.pairMean(trace.mean(), n);
        return new PairStatistics.MeanIdentity("hutchinson", m, m - scale * trace.halfWidth(), m + scale * trace.halfWidth(), probes);
    }
}
