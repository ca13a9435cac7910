package rwdp.claims.ayache;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.model.GaussianMixture;
import rwdp.model.LogisticLoss;
import rwdp.model.Vectors;

/** Checks of the local losses of §V, eq. (12)-(13): the gradient-Lipschitz constants L_i (Ayache et al.). */
final class LossChecks {
    private LossChecks() {}

    /** Largest eigenvalue of the finite-difference Hessian of f_i at w. */
    static double hessianMax(LogisticLoss loss, int node, double[] w) {
        int d = loss.dimension();
        double h = 1e-5;
        DMatrixRMaj m = new DMatrixRMaj(d, d);
        double[] wp = w.clone();
        double[] gp = new double[d];
        double[] gm = new double[d];
        for (int k = 0; k < d; k++) {
            wp[k] = w[k] + h;
            loss.gradient(node, wp, gp);
            wp[k] = w[k] - h;
            loss.gradient(node, wp, gm);
            wp[k] = w[k];
            for (int j = 0; j < d; j++) {
                m.add(j, k, (gp[j] - gm[j]) / (4 * h));
                m.add(k, j, (gp[j] - gm[j]) / (4 * h));
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, false, true);
        eig.decompose(m);
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < d; k++) {
            max = Math.max(max, eig.getEigenvalue(k).getReal());
        }
        return max;
    }

    /** L_i = 1 + N||x_i||²/4 bounds the Hessian of f_i everywhere and is attained at w = 0. */
    static Outcome lipschitz(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("largest Hessian eigenvalue (finite differences) against L_i", "data", "node", "L_i",
                "max λ over w", "λ at w = 0");
        SplittableRandom rng = ctx.rng();
        int points = ctx.profile().pick(40, 400);
        double worstRatio = 0;
        double worstTight = 0;
        int cases = 0;
        for (double v : new double[] {1, 10}) {
            int n = 30;
            LogisticLoss loss = new GaussianMixture(1, v, 5, ctx.seed("data" + v)).loss(n);
            for (int node = 0; node < n; node += 3) {
                double[] x = loss.feature(node, 0);
                double li = 1 + n * Vectors.dot(x, x) / 4;
                double max = 0;
                double[] w = new double[5];
                for (int k = 0; k < points; k++) {
                    Vectors.uniformInBall(w, k % 2 == 0 ? 10 : 0.5, rng);
                    max = Math.max(max, hessianMax(loss, node, w));
                    cases++;
                }
                double at0 = hessianMax(loss, node, new double[5]);
                worstRatio = Math.max(worstRatio, Math.max(max, at0) / li);
                worstTight = Math.max(worstTight, Math.abs(at0 / li - 1));
                if (node % 9 == 0) {
                    t.row("v=" + v, node, li, max, at0);
                }
                if (Math.abs(loss.smoothness(node) - li) > 1e-9 * li) {
                    ev.put("loss_smoothness_mismatch_node", node);
                    ev.power(Power.strong("exact comparison of the loss's L_i with the closed form"));
                    return Outcome.of(false, ev);
                }
            }
        }
        ev.put("cases", cases).put("max_ratio_lambda_over_L", worstRatio).put("max_relative_gap_at_w0", worstTight);
        ev.slack(1 / worstRatio).power(Power.ofSlack(1 / worstRatio,
                "L_i is attained at w = 0 (relative gap " + String.format("%.1e", worstTight) + "), so any larger Hessian eigenvalue would fail the check"));
        return Outcome.of(worstRatio <= 1 + 1e-6 && worstTight <= 1e-6, ev);
    }

    /**
     * eq. (13) as printed ((N/2)||w||²) is inconsistent with eq. (12) and with L_i = 1 + N||x||²/4.
     * Smallest case N = 2; the Hessian's largest eigenvalue at w = 0 is computed twice (finite
     * differences of the gradient, and the closed form N + N||x||²/4 of N x xᵀ/4 + N I).
     */
    static Outcome printedRegulariser(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("f_i with the printed regulariser (N/2)||w||²: largest Hessian eigenvalue at w = 0 against the stated L_i",
                "N", "node", "stated L_i = 1 + N||x||²/4", "λ_max finite differences", "λ_max closed form N + N||x||²/4",
                "(1/N)Σ f_i − eq. (12) at w = e_1", "(N − 1)/2");
        boolean consistent = true;
        double slack = Double.POSITIVE_INFINITY;
        String worstCase = null;
        double worstExcess = 0;
        for (int n : new int[] {2, 10}) {
            GaussianMixture gm = new GaussianMixture(1, 1, 5, ctx.seed("data" + n));
            GaussianMixture.Sample s = gm.draw(n);
            double[][] features = s.features();
            double[] labels = s.labels();
            LogisticLoss printed = LogisticLoss.onePerNode(features, labels, n, n);
            double[] x = features[0];
            double li = 1 + n * Vectors.dot(x, x) / 4;
            double lambda = hessianMax(printed, 0, new double[5]);
            double closed = n + n * Vectors.dot(x, x) / 4;
            double[] w = new double[5];
            w[0] = 1;
            double eq12 = 0.5;
            for (int i = 0; i < n; i++) {
                eq12 += LogisticLoss.softplus(-labels[i] * Vectors.dot(features[i], w));
            }
            double mean = printed.average(w);
            t.row(n, 0, li, lambda, closed, mean - eq12, (n - 1) / 2.0);
            if (n == 2) {
                ev.put("counterexample", String.format(java.util.Locale.ROOT,
                        "N = 2, node 0: stated L_i = %.6g < largest Hessian eigenvalue at w = 0 = %.6g", li, lambda));
                ev.put("counterexample_second_computation", String.format(java.util.Locale.ROOT,
                        "closed form N + N||x||²/4 = %.6g (finite differences %.6g)", closed, lambda));
            }
            consistent &= lambda <= li * (1 + 1e-6) && Math.abs(eq12 - mean) < 1e-9;
            if (li / lambda < slack) {
                worstCase = String.format(java.util.Locale.ROOT, "N = %d, node 0: λ_max = %.4g against the stated L_i = %.4g", n, lambda, li);
                worstExcess = (mean - eq12) / Math.abs(eq12);
            }
            slack = Math.min(slack, li / lambda);
            if (Math.abs(lambda - closed) > 1e-6 * closed) {
                ev.put("finite_difference_disagrees_with_closed_form_at_N", n);
            }
        }
        ev.note("With (N/2)||w||² the Hessian of f_i at w = 0 is N x xᵀ/4 + N I, largest eigenvalue N + N||x||²/4 > 1 + N||x||²/4 for every N ≥ 2, "
                + "and (1/N)Σf_i exceeds eq. (12) by (N−1)/2·||w||². Smallest counterexample: N = 2 (first row).");
        if (worstCase != null && slack < 1) {
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, String.format(java.util.Locale.ROOT,
                    "the stated L_i is %.1f%% below the largest Hessian eigenvalue (the true constant is %.2f× the printed one; %s); "
                            + "there (1/N)Σf_i exceeds eq. (12) by %.1f%% at w = e_1", 100 * (1 - slack), 1 / slack, worstCase, 100 * worstExcess));
        }
        ev.slack(slack).power(Power.strong("deterministic: the stated L_i is below the Hessian's largest eigenvalue, computed two independent ways"));
        return Outcome.of(consistent, ev);
    }
}
