package rwdp.claims.cyffers;

import java.util.Locale;
import java.util.SplittableRandom;
import rwdp.algo.RwDpSgd;
import rwdp.bounds.audit.LastVisitView;
import rwdp.spectral.MatrixFunctions;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpSetting;
import rwdp.spectral.Solver;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.bounds.rwsgd.NoAmplification;
import rwdp.bounds.rwsgd.PrivacyLossSample;
import rwdp.bounds.rwsgd.SegmentLaws;
import rwdp.bounds.rwsgd.Theorem3Guarantee;
import rwdp.bounds.rwsgd.UpdateCountLaw;
import rwdp.bounds.rwsgd.ViewMonteCarlo;
import rwdp.bounds.rwsgd.ViewSetting;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Table;
import rwdp.claims.audit.AuditCases;
import rwdp.claims.audit.AuditRun;
import rwdp.claims.audit.CanaryLoss;
import rwdp.claims.audit.Rungs;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.model.PerSampleLoss;

/**
 * The empirical audit of Theorem 3 / eq. (15) (Cyffers et al., §4): core's RW DP-SGD (Alg. 1)
 * with a canary at node u, attacked by node v from its view of eq. (7), the token (t, x_t, next
 * node) at each of its visits.
 */
final class PndpAuditChecks {
    private PndpAuditChecks() {}

    /**
     * One audited setting.
     *
     * @param graph  graph spec
     * @param weights weight scheme
     * @param u      the canary node
     * @param v      the observer
     * @param start  the walk's (public) first node
     * @param sigma  noise multiplier σ (noise N(0, σ²Δ²), Δ = 2C)
     * @param steps  T
     */
    record Case(GraphSpec graph, WeightScheme weights, int u, int v, int start, double sigma, long steps) {}

    static final Case[] CASES = {
        new Case(GraphSpec.complete(5), WeightScheme.of(WeightScheme.Kind.SIMPLE), 0, 1, 4, 1.2, 40),
        new Case(GraphSpec.ring(6), WeightScheme.of(WeightScheme.Kind.METROPOLIS), 0, 1, 3, 1.2, 40),
        new Case(GraphSpec.complete(5), WeightScheme.of(WeightScheme.Kind.SIMPLE), 0, 1, 4, 6, 40),
    };
    /** Each side of the view's interval fails with at most this probability. */
    static final double VIEW_BETA = 1e-6;
    static final double DELTA = 1e-3;
    static final double BETA = 1e-4;
    /**
     * Returns the observers' score of one run: the exact log-likelihood ratio of their view, Σ over observed segments
     * of ℓ_{f,m,r}(z), z = −(x at the next view − x last sent)/(γC) (the optimal attack: Neyman–Pearson), r the member
     * that received the token (v itself for one observer), the final delivery of x_T to y_T included as Alg. 1 sends it.
     */
    static double score(PerSampleLoss loss, ViewSetting observers, RwDpSgd.Config cfg, SegmentLaws laws,
                        SplittableRandom rng) {
        RwDpSgd alg = new RwDpSgd(loss, observers.w(), new double[1], cfg, rng);
        long steps = cfg.steps();
        double unit = cfg.stepSize() * cfg.clip();
        double s = 0;
        double sent = 0;
        long tSent = -1;
        int first = cfg.start();
        for (long t = 0; t <= steps; t++) {
            if (observers.observes(alg.node())) {
                long m = t - tSent - 1;
                if (m >= 1) {
                    s += laws.logRatio(first, -1, alg.node(), (int) m, -(alg.model()[0] - sent) / unit);
                }
                if (t == steps) {
                    break;
                }
                alg.step();
                sent = alg.model()[0];
                tSent = t;
                first = alg.node();
            } else if (t < steps) {
                alg.step();
            }
        }
        return s;
    }

    /** Theorem 3 as a guarantee against the optimal attack's ε lower bound and the exact view, per case. */
    static Outcome audit(CheckContext ctx) {
        return audit(ctx, 1);
    }

    /**
     * As {@link #audit(CheckContext)}, with the mechanism run at σ·{@code sigmaFactor} (below 1: leakier than the σ
     * Theorem 3 was given) while the bounds keep σ.
     */
    static Outcome audit(CheckContext ctx, double sigmaFactor) {
        return audit(ctx, sigmaFactor, CASES);
    }

    /** As {@link #audit(CheckContext, double)} over {@code audited} only (a test's shortcut). */
    static Outcome audit(CheckContext ctx, double sigmaFactor, Case[] audited) {
        Evidence ev = new Evidence();
        // Full profile: 2·10⁷ audit trials per side (4·10⁶ left the ring:6 case's tightest valid rung 1.31× its ε_lb;
        // issue 30 asks for 1.25); about 30 μs a trial.
        AuditCases cases = new AuditCases(ctx, 30_000, 1_000_000, 150_000, 20_000_000, BETA, audited.length);
        int viewRuns = ctx.profile().pick(100_000, 1_000_000);
        double clip = 1;
        Rungs rungs = Rungs.of(ev, "pairwise network DP of RW DP-SGD, Thm. 3 (ε at δ = " + DELTA + ")", "case",
                "exact ε of v's view (Monte Carlo estimate)", "tightest valid: upper bound on the view's ε (confidence 1 − 1e-6)");
        Table t = ev.table("RW DP-SGD audit (canary ±C e₁ at u; v's view of eq. (7); δ = " + DELTA + ")", "graph", "W", "u→v",
                "σ", "T", "TPR [CP]", "FPR [CP]", "ε_lb (optimal attack)", "ε last visit (2nd lower bound)", "view ε [lower, upper]",
                "no amplification", "Thm 3 guarantee (N, tail)", "Thm 3 at T/n (plotted, not a guarantee)", "eq. (15) at T/n (α)",
                "ε_lb/view upper", "view upper/Thm 3 guarantee");
        double worstLast = 0;
        boolean orderBroken = false;
        for (Case c : audited) {
            Graph g = c.graph().build();
            TransitionMatrix w = c.weights().build(g);
            PndpParams p = new PndpParams(2, c.sigma(), c.steps());
            double k15 = PndpAccountant.pairwise(new PndpSetting(g, w, p, PndpSetting.Method.SERIES, PndpSetting.Sender.ANONYMOUS), Solver.EIGEN)[c.u()][c.v()] / 2;
            RdpConversion.Optimum e15 = RdpConversion.optimise(a -> a * k15, 1 + 1e-9, PndpParams.maxAlpha(c.sigma()), DELTA,
                    RdpConversion::mironov);
            ViewSetting bounded = new ViewSetting(w, c.u(), c.v(), c.start(), (int) c.steps(), c.sigma());
            Theorem3Guarantee th = Theorem3Guarantee.of(g, bounded);
            Theorem3Guarantee.Optimum guarantee = th.guarantee(UpdateCountLaw.of(bounded), DELTA);
            double atMean = th.atMeanCount(DELTA);
            double run = c.sigma() * sigmaFactor;
            ViewSetting actual = new ViewSetting(w, c.u(), c.v(), c.start(), (int) c.steps(), run);
            SegmentLaws laws = SegmentLaws.of(actual);
            RwDpSgd.Config cfg = new RwDpSgd.Config(c.steps(), run, clip, Double.NaN, 1, c.start(), 0, Long.MAX_VALUE);
            CanaryLoss onD = new CanaryLoss(g.n(), c.u(), clip);
            CanaryLoss onDPrime = new CanaryLoss(g.n(), c.u(), -clip);
            String label = "pndp-" + c.graph() + "-" + c.weights().label() + "-" + c.sigma();
            AuditRun audit = cases.run(label, (i, rng) -> score(onD, actual, cfg, laws, rng),
                    (i, rng) -> score(onDPrime, actual, cfg, laws, rng), DELTA, Double.NaN);
            double lb = audit.result().epsilonLower();
            double lastVisit = LastVisitView.of(w.toDenseArray(), c.u(), c.v(), c.start(), c.steps(), run).epsilon(DELTA);
            PrivacyLossSample view = ViewMonteCarlo.sample(actual, laws, viewRuns, ctx.seed(label + "/view"));
            double viewUp = view.epsilonUpper(DELTA, VIEW_BETA);
            double viewLo = view.epsilonLower(DELTA, VIEW_BETA);
            double viewEst = view.epsilonEstimate(DELTA);
            double none = NoAmplification.of(actual).epsilon(DELTA);
            double bound = guarantee.epsilon();
            cases.above(lb > bound || lastVisit > bound || viewLo > bound, lb > viewUp);
            // The ladder's order, each rung within its stated error: the lower bounds below the view's upper bound, the
            // view's upper bound below the deterministic no-amplification bound (both valid, the view tighter).
            orderBroken |= lastVisit > viewUp || viewLo > none || (sigmaFactor == 1 && none > bound);
            worstLast = Math.max(worstLast, lastVisit / bound);
            cases.ratio(lb / viewUp);
            cases.bound(bound, lb);
            rungs.row(c.graph() + " " + c.weights().label() + " " + c.u() + "→" + c.v() + ", σ = " + c.sigma() + ", T = " + c.steps(),
                    rungs.size() + 1, lb, viewEst, viewUp, bound);
            t.row(c.graph(), c.weights().label(), c.u() + "→" + c.v(), run, c.steps(), audit.tpr(), audit.fpr(), lb, lastVisit,
                    String.format(Locale.ROOT, "%.4g [%.4g, %.4g]", viewEst, viewLo, viewUp), none,
                    String.format(Locale.ROOT, "%.4g (%d, %.2g)", bound, guarantee.count(), guarantee.tail()), atMean,
                    String.format(Locale.ROOT, "%.4g (%.3g)", e15.epsilon(), e15.alpha()), lb / viewUp, viewUp / bound);
        }
        double worstRatio = cases.lowestRatio();
        cases.put(ev, AuditRun.THRESHOLDS_PER_TARGET, "smallest_lower_bound_over_view_upper")
                .put("smallest_bound_over_lower_bound", cases.slack())
                .put("largest_last_visit_over_bound", worstLast)
                .put("view_runs", viewRuns).put("view_beta", VIEW_BETA).put(rwdp.claims.LabelRules.LADDER_BROKEN, orderBroken)
                .note("Mechanism: core's RwDpSgd (Alg. 1), C = 1, Δ = 2C (noise N(0, σ²Δ²)), γ = 1, d = 1, public start node; "
                        + "the canary u's gradient is +C on D and −C on D', every other node's is 0 (known to v, the worst case). "
                        + "v sees x_t at each visit (and x_T if the last send reaches it) and knows what it sent; between two views "
                        + "the change is one segment of m updates from a first node f, N(∓γC·#u, γ²σ²Δ² m) with #u hidden, whose law "
                        + "given (f, m) is the taboo walk's. Score: the exact log-likelihood ratio Σ_segments ℓ_{f,m}(z) of the view "
                        + "(rwdp.bounds.rwsgd.SegmentLaws), the optimal attack. Bound: Theorem 3 (eq. (16)) as App. B defines a "
                        + "guarantee, composed over a count N of u's updates with P(#u > N) added to δ (the best N, from the exact "
                        + "law of #u), Mironov's conversion at the best α with σ² ≥ 2α(α − 1); the paper's plotted value at N = T/n is "
                        + "shown, labelled, but #u exceeds T/n with probability about 0.4, so it is no guarantee. Clopper–Pearson "
                        + "one-sided bounds, Bonferroni over " + audited.length + " cases × 3 thresholds × 2 rates at family error 1e-4.")
                .note("Rungs: the last visit (LastVisitView, exact by quadrature) is a second lower bound, a post-processing of "
                        + "the view; the view's ε is sampled exactly (ViewMonteCarlo) and bracketed with confidence 1 − 1e-6 each side; "
                        + "no amplification (v given every update: an exact Gaussian mixture over #u) is a deterministic upper bound "
                        + "of the view. The σ = 6 case is where the trials can certify more than the bound: there a leak can be seen.");
        cases.finish(ev, rungs, 0.5,
                String.format(Locale.ROOT, "the optimal attack's ε_lb reaches %.0f%% of the view's upper bound", 100 * worstRatio),
                String.format(Locale.ROOT, "the attack's ε_lb reaches only %.0f%% of the view's upper bound", 100 * worstRatio));
        return cases.outcome(ev, "A lower bound exceeds the view's upper bound (but not Theorem 3): the accountant or the "
                + "mechanism is wrong, not the paper.", orderBroken);
    }
}
