package rwdp.claims.yakimenka;

import java.util.Locale;
import rwdp.algo.SkippingScheme;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.bounds.skipping.SkipCountMixture;
import rwdp.bounds.skipping.SkipPrivacy;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Table;
import rwdp.claims.audit.AuditCases;
import rwdp.claims.audit.AuditRun;
import rwdp.claims.audit.CanaryLoss;
import rwdp.claims.audit.Rungs;
import rwdp.latency.ExponentialLatency;

/**
 * The empirical audit of Theorem 2 (Yakimenka et al., §V): core's skipping scheme (Alg. 1) on
 * Skip-Ring with a canary. Node u = v_{n−1} holds a clipped gradient of norm k along e₁ in D and
 * along −e₁ in D'; every other node's gradient is 0 (known to the attacker, the worst case of
 * DP). The curious node v = v_n, u's successor, sees the token each time it arrives and knows
 * what it sent; its score is the likelihood-ratio statistic of what changed in between,
 * projected on the canary direction.
 */
final class SkipAuditChecks {
    private SkipAuditChecks() {}

    /** The audited cases: n, rounds h_max/n, per-update ε (footnote 4's σ = k√(8 ln(1.25/δ))/ε). */
    static final double[][] CASES = {{2, 10, 1.5}, {4, 10, 2}, {4, 15, 1}};
    /** Theorem 2's δ and the Chernoff δ'. */
    static final double DELTA = 1e-5;
    static final double DELTA_PRIME = 1e-5;
    /** Family-wise error of the claim. */
    static final double BETA = 1e-4;


    /** Returns w_r = η_u(r)/Var_r, the likelihood-ratio weight of round r (no skips: update c happens at hop c, η_c = ζ/√c). */
    static double[] weights(int n, int rounds, double zeta, double sigma) {
        double[] w = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            double var = 0;
            for (int j = 0; j < n - 1; j++) {
                double eta = zeta / Math.sqrt((double) r * n + j + 1);
                var += sigma * sigma * eta * eta;
            }
            double etaU = zeta / Math.sqrt((double) r * n + n - 1);
            w[r] = etaU / var;
        }
        return w;
    }

    /** Returns μ of the curious node's view: 2k √(Σ_r η_u(r)²/Var_r), the GDP parameter of its exact Gaussian likelihood ratio. */
    static double viewMu(int n, int rounds, double zeta, double sigma, double k) {
        double[] w = weights(n, rounds, zeta, sigma);
        double a = 0;
        for (int r = 0; r < rounds; r++) {
            double etaU = zeta / Math.sqrt((double) r * n + n - 1);
            a += w[r] * etaU;
        }
        return 2 * k * Math.sqrt(a);
    }

    /** Returns the score of one run: −Σ_r w_r (τ received in round r − τ sent by v in round r − 1) · e₁. */
    static double score(SkippingScheme scheme, int n, double[] w, java.util.SplittableRandom rng) {
        double[] acc = new double[2];
        scheme.run(rng, 1, (hop, latency, updates, tau) -> {
            int pos = (int) ((hop - 1) % n);
            int r = (int) ((hop - 1) / n);
            if (pos == n - 2) {
                acc[0] -= w[r] * (tau[0] - acc[1]);
            } else if (pos == n - 1) {
                acc[1] = tau[0];
            }
        });
        return acc[0];
    }

    /** Theorem 2's ε_skip, the exact composition at h̃ and the exact view against the audited ε lower bound, per case. */
    static Outcome audit(CheckContext ctx) {
        return audit(ctx, 1);
    }

    /** As {@link #audit(CheckContext)}, with the scheme run at σ·{@code sigmaFactor} (below 1: leakier than the σ Theorem 2 was given). */
    static Outcome audit(CheckContext ctx, double sigmaFactor) {
        Evidence ev = new Evidence();
        // Full profile: 2·10⁷ audit trials per side, where an optimal test on these μ-GDP views certifies within about 1.16×
        // of the exact ε (4·10⁶ left 1.27×: issue 30 asks for 1.25); about 3.5 μs a trial.
        AuditCases cases = new AuditCases(ctx, 30_000, 1_000_000, 150_000, 20_000_000, BETA, CASES.length);
        double k = 1;
        double zeta = 1;
        double deltaTotal = DELTA + DELTA_PRIME;
        Rungs rungs = Rungs.of(ev, "Skip-Ring ε_skip, Theorem 2 (δ + δ' = " + deltaTotal + ")", "case",
                "exact ε of the observer's view", "tightest valid: the exact view itself (its μ is exact here); the Binomial mixture "
                        + "(--accounting mixture) is the tightest for any observer");
        Table t = ev.table("Skip-Ring audit (canary ±k e₁ at v_{n−1}; observer v_n; δ + δ' = " + deltaTotal + ")",
                "n", "rounds", "ε per update", "σ/k", "h̃", "TPR [CP]", "FPR [CP]", "ε_lb", "ε exact view", "ε mixture (tightest valid)",
                "ε GDP of h̃ updates", "ε_skip Thm 2", "ε_lb/view", "view/mixture", "mixture/Thm 2", "ε_lb/Thm 2");
        for (double[] c : CASES) {
            int n = (int) c[0];
            int rounds = (int) c[1];
            double eps = c[2];
            double sigma = SkippingScheme.gaussianSigma(k, eps, DELTA);
            long hmax = (long) n * rounds;
            long ht = SkipPrivacy.htilde(hmax, n, 0, DELTA_PRIME);
            double thm2 = SkipPrivacy.ringEpsilon(eps, DELTA, ht);
            double gdpHt = SkipPrivacy.ringExactEpsilonForSigma(sigma / k, DELTA, ht);
            // p = 0: the canary updates in every one of the h_max/n rounds, and that composition needs no δ'.
            double mixture = SkipCountMixture.of(rounds, 0, sigma / k).epsilon(deltaTotal);
            double mu = viewMu(n, rounds, zeta, sigma, k);
            double exactView = new GaussianPrivacyCurve(mu).epsilon(deltaTotal);
            double[] w = weights(n, rounds, zeta, sigma * sigmaFactor);
            SkippingScheme.Params p = new SkippingScheme.Params(SkippingScheme.Path.RING, hmax, Double.POSITIVE_INFINITY, 0, zeta,
                    sigma * sigmaFactor, 1e300);
            SkippingScheme onD = new SkippingScheme(new CanaryLoss(n, n - 2, k), new ExponentialLatency(1), p);
            SkippingScheme onDPrime = new SkippingScheme(new CanaryLoss(n, n - 2, -k), new ExponentialLatency(1), p);
            AuditRun run = cases.run(String.format(Locale.ROOT, "skip-%d-%d-%g", n, rounds, eps),
                    (i, rng) -> score(onD, n, w, rng), (i, rng) -> score(onDPrime, n, w, rng), deltaTotal, Double.NaN);
            double lb = run.result().epsilonLower();
            cases.above(lb > thm2, lb > exactView || lb > mixture);
            cases.ratio(lb / exactView);
            cases.bound(thm2, lb);
            rungs.row("n = " + n + ", " + rounds + " rounds, ε = " + eps, rungs.size() + 1, lb, exactView, Math.min(exactView, mixture), thm2);
            t.row(n, rounds, eps, sigma / k, ht, run.tpr(), run.fpr(), lb, exactView, mixture, gdpHt, thm2, lb / exactView,
                    exactView / mixture, mixture / thm2, lb / thm2);
        }
        double worstRatio = cases.lowestRatio();
        cases.put(ev, AuditRun.THRESHOLDS_PER_TARGET, "smallest_lower_bound_over_exact_view")
                .put("smallest_theorem2_over_lower_bound", cases.slack())
                .note("Mechanism: core's SkippingScheme (Alg. 1, Skip-Ring path) with t_skip = ∞ (p = 0: every node updates, so h̃ = "
                        + "⌈h_max/n + √(3 h_max/n ln(1/δ'))⌉ ≥ the canary's h_max/n updates), ζ = 1 (η_c = 1/√c), W a ball too large to project, "
                        + "σ by footnote 4. The observer sees the token on arrival and knows what it sent; the change in between is u's update "
                        + "plus the noise of the n − 1 nodes before it, independent Gaussians, so the log-likelihood ratio is linear in the "
                        + "changes projected on e₁, weighted w_r = η_u/Var_r: the score used, an exactly optimal attack on this view. "
                        + "Exact view: that score is N(±k Σ w_r η_u, Σ w_r η_u), i.e. μ-GDP with μ = 2k√(Σ η_u²/Var_r) (Dong, Roth and Su 2022, "
                        + "Cor. 2.13). Mixture: the canary's count of updates does not depend on the data, here exactly h_max/n (p = 0), so the "
                        + "μ = 2√(h_max/n) k/σ composition at δ + δ' is valid with no Chernoff step (SkipCountMixture; equal to the view "
                        + "for n = 2). GDP of h̃ updates: the μ = 2√h̃ k/σ composition at δ that Theorem 2's proof bounds (yakimenka.thm2-exact), "
                        + "above the mixture because h̃ > h_max/n. "
                        + "Clopper–Pearson one-sided bounds, Bonferroni over 3 cases × 3 thresholds × 2 rates at family error 1e-4, "
                        + "thresholds chosen on separate selection trials.");
        cases.finish(ev, rungs, 0.4,
                String.format(Locale.ROOT, "the attack's ε_lb reaches at least %.0f%% of the exact ε of the view", 100 * worstRatio),
                String.format(Locale.ROOT, "the attack's ε_lb reaches only %.0f%% of the exact ε of the view", 100 * worstRatio));
        return cases.outcome(ev, "A lower bound exceeds the exact ε of the view (but not Theorem 2): the exact rung or the scheme is wrong, not the paper.");
    }
}
