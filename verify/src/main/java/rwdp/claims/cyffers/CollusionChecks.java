package rwdp.claims.cyffers;

import rwdp.graph.GraphSpec;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;

/** Checks of the collusion bound (Cyffers et al., App. D, eq. (17)-(18)). */
final class CollusionChecks {
    private CollusionChecks() {}

    // ---- claim 6: collusion ----

    static Outcome collusion(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("collusion (single contribution, without α/σ²)", "graph", "coalition size", "T", "min union/exact",
                "mean union/exact");
        java.util.SplittableRandom rng = ctx.rng();
        double worst = Double.POSITIVE_INFINITY;
        int cases = 0;
        for (GraphSpec tpl : PndpClaims.families(ctx.quick())) {
            PndpGraphs.Case c = PndpGraphs.connected(tpl, ctx.seed("graph") & 0xffff);
            int n = c.graph().n();
            long T = 5L * n;
            double[][] s = PndpAccountant.exactSeries(c.w(), T);
            for (int size : new int[] {1, 3, Math.max(2, n / 4)}) {
                double minR = Double.POSITIVE_INFINITY;
                double sumR = 0;
                int k = 0;
                for (int trial = 0; trial < 8; trial++) {
                    int u = rng.nextInt(n);
                    int[] f = sample(rng, n, size, u);
                    double exact = PndpAccountant.collusionExact(c.w(), u, f, T);
                    double union = PndpAccountant.collusionUnion(s, u, f);
                    double r = union / exact;
                    minR = Math.min(minR, r);
                    sumR += r;
                    k++;
                    cases++;
                }
                worst = Math.min(worst, minR);
                t.row(c.spec(), size, T, minR, sumR / k);
            }
        }
        ev.put("cases", cases).put("worst_ratio_union_over_exact", worst);
        ev.note("Exact: first-passage probabilities with the coalition made absorbing (App. D eq. (17)); union bound: "
                + "Σ_{v∈F} Σ_t (W^t)_uv/t (eq. (18)). Even a coalition of one has ratio > 1: (W^t)_uv counts every visit at t, "
                + "the first-passage probability only the first.");
        ev.slack(worst);
        ev.power(Power.none("Pr[first entry in F at step i] ≤ Σ_{v∈F} (W^i)_uv term by term, so the union bound dominates by "
                + "construction; the check guards the two computations"));
        return Outcome.of(worst >= 1 - 1e-12, ev);
    }

    static int[] sample(java.util.SplittableRandom rng, int n, int size, int exclude) {
        int[] perm = new int[n - 1];
        for (int i = 0, k = 0; i < n; i++) {
            if (i != exclude) {
                perm[k++] = i;
            }
        }
        for (int i = 0; i < size; i++) {
            int j = i + rng.nextInt(perm.length - i);
            int tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
        }
        return java.util.Arrays.copyOf(perm, size);
    }
}
