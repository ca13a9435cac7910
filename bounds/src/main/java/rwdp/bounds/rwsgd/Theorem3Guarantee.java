package rwdp.bounds.rwsgd;

import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpSetting;
import rwdp.spectral.Solver;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;

/**
 * Cyffers et al.'s Theorem 3 (eq. (16), composed over contributions as in App. B) converted to
 * (ε, δ) by Mironov's Prop. 3, the order α restricted to Theorem 3's condition σ² ≥ 2α(α − 1).
 *
 * <p>Theorem 3 bounds the Rényi loss of one contribution of u by α·c₁ and App. B composes it over
 * N_u contributions. The paper plots N_u = T/n, the <em>mean</em> count: {@link #atMeanCount} is that
 * number, not a guarantee, since the count K of u's updates exceeds T/n with probability about
 * 0.4 in the audited settings. A guarantee takes a count N that K exceeds only with a small
 * probability and adds that tail to δ: {@link #guarantee} returns
 * min over N of min_α [α·c₁·N + ln(1/(δ − P(K &gt; N)))/(α − 1)] over N with P(K &gt; N) &lt; δ, K's law from
 * {@link UpdateCountLaw}. (Each N is a valid guarantee, so the minimum over a fixed set of N is one.)
 *
 * @param perContribution c₁, Theorem 3's Rényi loss of one contribution divided by α
 * @param meanCount       T/n, the paper's N_u
 * @param sigma           the noise multiplier σ
 */
public record Theorem3Guarantee(double perContribution, double meanCount, double sigma) {
    /**
     * Checks the values.
     *
     * @throws InvalidArgumentException if a value is not finite and &gt; 0 (c₁ may be 0)
     */
    public Theorem3Guarantee {
        if (!(perContribution >= 0) || Double.isInfinite(perContribution) || !(meanCount > 0) || Double.isInfinite(meanCount)
                || !(sigma > 0) || Double.isInfinite(sigma)) {
            throw new InvalidArgumentException("need c1 >= 0, T/n > 0 and sigma > 0, all finite, got " + perContribution + ", "
                    + meanCount + ", " + sigma);
        }
    }

    /**
     * Returns Theorem 3's guarantee for pair u → v of the setting, W on graph g (closed form eq. (16), through
     * {@link PndpAccountant}).
     *
     * @throws InvalidArgumentException if g and the setting's W differ in size, or W is not symmetric doubly stochastic
     *                                  on a connected graph (Theorem 3's setting)
     */
    public static Theorem3Guarantee of(Graph g, ViewSetting s) {
        return of(g, s, false);
    }

    /**
     * Returns Theorem 3's guarantee for pair u → v, with the sender known to v when {@code senderKnown}
     * (App. B.1: the largest loss over v's neighbours); for a coalition, the sum of its members' pair losses
     * (App. D, eq. (18)).
     *
     * @throws InvalidArgumentException if g and the setting's W differ in size, or W is not symmetric doubly stochastic
     *                                  on a connected graph (Theorem 3's setting)
     */
    public static Theorem3Guarantee of(Graph g, ViewSetting s, boolean senderKnown) {
        if (g.n() != s.n()) {
            throw new InvalidArgumentException("the graph has " + g.n() + " nodes, W " + s.n());
        }
        TransitionMatrix w = s.w();
        // α = 2 only fixes the parameter record; the closed form is linear in α and is divided by it.
        PndpSetting setting = new PndpSetting(g, w, new PndpParams(2, s.sigma(), s.steps()), PndpSetting.Method.CLOSED,
                senderKnown ? PndpSetting.Sender.KNOWN : PndpSetting.Sender.ANONYMOUS);
        double[] row = PndpAccountant.row(setting, PndpAccountant.operator(setting), s.u()).epsilon();
        double whole = 0;
        for (int v : s.observers()) {
            whole += row[v] / 2;
        }
        double mean = setting.params().contributions(g.n());
        return new Theorem3Guarantee(whole / mean, mean, s.sigma());
    }

    /**
     * Returns Cyffers et al.'s exact first-passage loss of one contribution against the observers (App. D, eq. (17):
     * α/σ²·Σ_{i ≤ T} P(the walk from u first enters the observers at step i)/i) composed as Theorem 3 is, over the count
     * of u's updates; for one observer v it is the same with the first visit of v.
     *
     * @throws InvalidArgumentException if T/n is not &gt; 0 (cannot happen for a valid setting)
     */
    public static Theorem3Guarantee firstPassage(ViewSetting s) {
        double perContribution = PndpAccountant.collusionExact(s.w(), s.u(), s.observers(), s.steps()) / (s.sigma() * s.sigma());
        return new Theorem3Guarantee(perContribution, s.steps() / (double) s.n(), s.sigma());
    }

    /** Returns Theorem 3's pair loss for N contributions at the best admissible α, converted at δ. */
    private double epsilonAt(double count, double delta) {
        double c = perContribution * count;
        return RdpConversion.optimise(a -> a * c, 1 + 1e-9, PndpParams.maxAlpha(sigma), delta, RdpConversion::mironov).epsilon();
    }

    /**
     * Returns ε at δ with N_u = T/n, the mean count, as the paper evaluates it (not a guarantee: see the class comment).
     *
     * @throws InvalidArgumentException if δ is not in (0, 1)
     */
    public double atMeanCount(double delta) {
        check(delta);
        return epsilonAt(meanCount, delta);
    }

    /**
     * Returns Theorem 3 as a guarantee at total δ: the best count N with its tail P(K &gt; N) added to δ.
     *
     * @param law P(K = k), k = 0..T (from {@link UpdateCountLaw})
     * @throws InvalidArgumentException if δ is not in (0, 1) or the law is empty
     */
    public Optimum guarantee(double[] law, double delta) {
        check(delta);
        if (law.length == 0) {
            throw new InvalidArgumentException("the law of K must not be empty");
        }
        double[] tail = new double[law.length];
        double acc = 0;
        for (int k = law.length - 1; k >= 0; k--) {
            tail[k] = acc;
            acc += law[k];
        }
        Optimum best = new Optimum(Double.POSITIVE_INFINITY, law.length - 1, 0);
        for (int nCount = 0; nCount < law.length; nCount++) {
            double rest = delta - tail[nCount];
            if (!(rest > 0)) {
                continue;
            }
            double e = epsilonAt(nCount, rest);
            if (e < best.epsilon()) {
                best = new Optimum(e, nCount, tail[nCount]);
            }
        }
        return best;
    }

    /**
     * Theorem 3 as a guarantee.
     *
     * @param epsilon the ε at the total δ
     * @param count   the count N the composition uses
     * @param tail    P(K &gt; N), the part of δ spent on the count
     */
    public record Optimum(double epsilon, int count, double tail) {}

    private static void check(double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
    }
}
