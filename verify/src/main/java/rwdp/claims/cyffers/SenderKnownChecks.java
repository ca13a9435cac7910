package rwdp.claims.cyffers;

import java.util.ArrayList;
import java.util.List;
import rwdp.graph.GraphSpec;
import rwdp.spectral.MatrixFunctions;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.spectral.SpectralFunction;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;

/** Checks of the sender-known losses against the anonymous ones (Cyffers et al., App. B.1, Fig. 4). */
final class SenderKnownChecks {
    private SenderKnownChecks() {}

    /** Mean anonymous and sender-known losses per distance for one graph. */
    record KnownCase(String spec, int below, double minRatio, String worstPair, double[] meanAnon, double[] meanKnown,
                     int[] count, double[] minAnon, double[] maxAnon) {
        KnownCase {
            meanAnon = meanAnon.clone();
            meanKnown = meanKnown.clone();
            count = count.clone();
            minAnon = minAnon.clone();
            maxAnon = maxAnon.clone();
        }

        /** Returns a copy of the mean anonymous loss per distance. */
        @Override
        public double[] meanAnon() {
            return meanAnon.clone();
        }

        /** Returns a copy of the mean sender-known loss per distance. */
        @Override
        public double[] meanKnown() {
            return meanKnown.clone();
        }

        /** Returns a copy of the pair count per distance. */
        @Override
        public int[] count() {
            return count.clone();
        }

        /** Returns a copy of the smallest anonymous loss per distance. */
        @Override
        public double[] minAnon() {
            return minAnon.clone();
        }

        /** Returns a copy of the largest anonymous loss per distance. */
        @Override
        public double[] maxAnon() {
            return maxAnon.clone();
        }
    }

    static List<KnownCase> knownCases(CheckContext ctx) {
        List<KnownCase> out = new ArrayList<>();
        for (GraphSpec tpl : PndpClaims.families(ctx.quick())) {
            PndpGraphs.Case c = PndpGraphs.connected(tpl, ctx.seed("graph") & 0xffff);
            int n = c.graph().n();
            PndpParams p = new PndpParams(2, 2, 20L * n);
            double[][] l = MatrixFunctions.eigen(c.w(), SpectralFunction.logResolvent());
            double[][] known = PndpAccountant.closedForm(
                    PndpAccountant.senderKnown(l, c.graph()), p);
            double[][] anon = PndpAccountant.closedForm(l, p);
            int[][] dist = PndpGraphs.distances(c.graph());
            int dmax = 0;
            for (int[] r : dist) {
                for (int d : r) {
                    dmax = Math.max(dmax, d);
                }
            }
            double[] sa = new double[dmax + 1];
            double[] sk = new double[dmax + 1];
            int[] cnt = new int[dmax + 1];
            double[] mn = new double[dmax + 1];
            double[] mx = new double[dmax + 1];
            java.util.Arrays.fill(mn, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(mx, Double.NEGATIVE_INFINITY);
            int below = 0;
            double minR = Double.POSITIVE_INFINITY;
            String wp = "";
            for (int u = 0; u < n; u++) {
                for (int v = 0; v < n; v++) {
                    if (u == v) {
                        continue;
                    }
                    int d = dist[u][v];
                    sa[d] += anon[u][v];
                    sk[d] += known[u][v];
                    cnt[d]++;
                    mn[d] = Math.min(mn[d], anon[u][v]);
                    mx[d] = Math.max(mx[d], anon[u][v]);
                    double r = known[u][v] / anon[u][v];
                    if (known[u][v] < anon[u][v] * (1 - 1e-12)) {
                        below++;
                    }
                    if (r < minR) {
                        minR = r;
                        wp = u + "→" + v + " (distance " + d + ", deg " + c.graph().degree(u) + "→" + c.graph().degree(v)
                                + ", ε̃ = " + known[u][v] + ", ε = " + anon[u][v] + ")";
                    }
                }
            }
            for (int d = 1; d <= dmax; d++) {
                sa[d] /= cnt[d];
                sk[d] /= cnt[d];
            }
            out.add(new KnownCase(c.spec(), below, minR, wp, sa, sk, cnt, mn, mx));
        }
        return out;
    }

    static Outcome senderKnown(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("Fig. 4 vs Fig. 1: mean loss per distance, sender known (App. B.1) vs anonymous (Thm. 3), α = 2, σ = 2, T = 20n",
                "graph", "d", "pairs", "mean ε(d)", "mean ε̃(d)", "mean ε̃(d) / mean ε(d)");
        Table obs = ev.table("observation about the bounds: pairs with ε̃_{u→v} < ε_{u→v}", "graph", "pairs with ε̃ < ε",
                "min ε̃/ε", "worst pair");
        Table peaks = ev.table("relative excess ε̃(d)/ε(d) − 1 at every distance: where it peaks and whether it falls beyond",
                "graph", "excess at d = 1", "peak at d", "excess at the peak", "largest d", "excess at the largest d", "falls at every d beyond the peak");
        boolean ok = true;
        double slack = Double.POSITIVE_INFINITY;
        int below = 0;
        String first = null;
        for (KnownCase k : knownCases(ctx)) {
            int dmax = k.meanAnon().length - 1;
            for (int d = 1; d <= dmax; d++) {
                double r = k.meanKnown()[d] / k.meanAnon()[d];
                t.row(k.spec(), d, k.count()[d], k.meanAnon()[d], k.meanKnown()[d], r);
                slack = Math.min(slack, r);
                if (r < 1 - 1e-12 && first == null) {
                    first = k.spec() + " d=" + d + ": mean ε̃ below mean ε";
                }
                ok &= r >= 1 - 1e-12;
            }
            // Every distance: the relative excess ε̃(d)/ε(d) − 1 peaks among the close distances (d ≤ 2: App. B.1's max over
            // v's neighbours shifts the loss by one hop, Remark 3) and falls at every distance beyond its peak.
            double[] excess = new double[dmax + 1];
            int peak = 1;
            for (int d = 1; d <= dmax; d++) {
                excess[d] = k.meanKnown()[d] / k.meanAnon()[d] - 1;
                if (excess[d] > excess[peak]) {
                    peak = d;
                }
            }
            boolean falls = true;
            for (int d = peak; d < dmax; d++) {
                falls &= excess[d + 1] <= excess[d] + 1e-12;
            }
            boolean caseOk = peak <= 2 && falls && excess[dmax] < excess[peak];
            if (!caseOk && first == null) {
                first = k.spec() + ": relative excess peaks at d = " + peak + (falls ? "" : " and does not fall at every distance beyond it");
            }
            ok &= caseOk;
            peaks.row(k.spec(), excess[1], peak, excess[peak], dmax, excess[dmax], falls);
            ev.cell(k.spec(), caseOk ? rwdp.claims.Verdict.HOLDS : rwdp.claims.Verdict.VIOLATED);
            obs.row(k.spec(), k.below(), k.minRatio(), k.worstPair());
            below += k.below();
        }
        ev.put("first_failure", first == null ? "none" : first).put("pairs_with_known_below_anonymous", below);
        ev.note("Both ε and ε̃ are upper bounds. The anonymous view is a post-processing of the sender-known view (drop the "
                + "sender), so ε̃ also bounds the anonymous loss and min(ε, ε̃) is a valid anonymous bound: a pair with ε̃ < ε "
                + "only shows that Theorem 3 is loose for that pair. It is not an erratum: Fig. 4 is about losses averaged by distance.");
        ev.note("Sender-known losses use the authors' rule (maxi_priv): max over neighbours w ≠ v of v of L(W)_uw, then Thm. 3.");
        ev.slack(slack);
        ev.power(Power.strong("the mean ratio per distance must stay ≥ 1 although single pairs go below 1 (so it could fail), "
                + "and at every distance the excess must fall from its peak (at d ≤ 2) to the largest distance"));
        return Outcome.of(ok, ev);
    }

    static Outcome senderKnownShift(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("sender-known mean ε̃(d) against the anonymous losses one hop closer",
                "graph", "d", "mean ε(d)", "mean ε̃(d)", "min ε(d − 1)", "mean ε(d − 1)", "max ε(d − 1)", "in band");
        boolean ok = true;
        String first = null;
        double worstExcess = 0;
        double margin = Double.POSITIVE_INFINITY;
        for (KnownCase k : knownCases(ctx)) {
            for (int d = 2; d < k.meanAnon().length; d++) {
                double m = k.meanKnown()[d];
                boolean h = k.meanAnon()[d] <= m * (1 + 1e-12) && m >= k.minAnon()[d - 1] * (1 - 1e-12)
                        && m <= k.maxAnon()[d - 1] * (1 + 1e-12);
                worstExcess = Math.max(worstExcess, m / k.meanAnon()[d - 1] - 1);
                margin = Math.min(margin, Math.min(k.maxAnon()[d - 1] / m, m / k.minAnon()[d - 1]));
                t.row(k.spec(), d, k.meanAnon()[d], m, k.minAnon()[d - 1], k.meanAnon()[d - 1], k.maxAnon()[d - 1], h);
                if (!h && first == null) {
                    first = k.spec() + " d=" + d;
                }
                ok &= h;
            }
        }
        ev.put("first_failure", first == null ? "none" : first)
                .put("worst_excess_of_mean_known_over_mean_anonymous_one_hop_closer", worstExcess)
                .put("smallest_margin_to_band_edge", margin);
        ev.note("ε̃ is App. B.1's rule as the authors compute it. \"Roughly shifts by one hop\" is read as: the mean "
                + "sender-known loss at distance d is at least the anonymous mean at d and lies within the anonymous [min, max] at "
                + "d − 1. The stricter mean(d) ≤ mean(d − 1) fails by the excess reported above.");
        ev.slack(margin);
        ev.power(Power.ofSlack(margin, "ratio of the nearer band edge to the mean; the band [min, max] at d − 1 is our reading "
                + "of \"roughly\""));
        return Outcome.of(ok, ev);
    }
}
