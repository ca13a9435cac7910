package rwdp.claims.cyffers;

import java.util.List;
import rwdp.claims.CheckContext;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Table;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** The claims of Cyffers, Bellet & Upadhyay (seed 002; ../shared/spec/cyffers.md). */
public final class CyffersClaims implements ClaimSet {
    static final String SEED = "002_d112def8fe11fcb7.txt";

    /** Connected graphs of several families, bipartite and not. */
    static List<String> graphs(long seed) {
        return List.of("complete:9", "ring:9", "ring:10", "ring:64", "star:9", "path:7", "grid:4,4", "grid:5,7",
                "torus:4,6", "torus:5,5", "hypercube:3", "hypercube:5", "exponential:32", "er:50,0.15," + seed,
                "regular:30,4," + seed, "geometric:60,0.3," + seed, "sbm:12/12/12,0.5,0.05," + seed);
    }

    @Override
    public List<Claim> claims() {
        return List.of(
                Claim.holds("cyffers.metropolis-doubly-stochastic", SEED, "§4.1; Assumption 2",
                        "The metropolis weights 1/(1 + max(d_u, d_v)) are symmetric, doubly stochastic, irreducible and aperiodic on every connected graph.",
                        CyffersClaims::metropolis),
                Claim.violated("cyffers.hamilton-aperiodic", SEED, "§4.1; Assumption 1",
                        "The weights W_uv = 1/max(d_u, d_v) printed in §4.1 satisfy Assumption 1 (irreducible and aperiodic) on every connected graph.",
                        "On regular bipartite graphs (even rings, hypercubes, tori with even sides) these weights leave every "
                                + "self-loop at 0, so the chain has period 2 and λ_min = −1: Assumption 1 fails and W^t does not "
                                + "converge. Corrected statement (registered as cyffers.metropolis-doubly-stochastic): "
                                + "1/(1 + max(d_u, d_v)), as in the authors' code, keeps a self-loop ≥ 1/(1 + d_max) and is aperiodic.",
                        CyffersClaims::hamilton));
    }

    static Outcome metropolis(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("metropolis weights", "graph", "max |W − Wᵀ|", "max |col sum − 1|", "irreducible", "period");
        boolean ok = true;
        for (String spec : graphs(ctx.seed() & 0xffff)) {
            Graph g = GraphSpec.parse(spec);
            if (!g.isConnected()) {
                ev.note("skipped " + spec + ": not connected");
                continue;
            }
            TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
            double asym = w.asymmetry();
            double col = w.columnSumDefect();
            boolean irr = w.isIrreducible();
            int period = irr ? w.period() : -1;
            t.row(spec, asym, col, irr, period);
            ok &= asym <= 1e-15 && col <= 1e-12 && irr && period == 1;
        }
        ev.put("graphs", t.rows().size());
        return Outcome.of(ok, ev);
    }

    static Outcome hamilton(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("hamilton weights 1/max(d_u, d_v)", "graph", "bipartite", "symmetric", "period", "λ_min",
                "Assumption 1");
        String counterexample = null;
        for (String spec : graphs(ctx.seed() & 0xffff)) {
            Graph g = GraphSpec.parse(spec);
            if (!g.isConnected()) {
                continue;
            }
            TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.HAMILTON).build(g);
            int period = w.period();
            double lmin = w.spectrum().lambdaMin();
            boolean holds = w.isIrreducible() && period == 1;
            t.row(spec, g.isBipartite(), w.isSymmetric(1e-15), period, lmin, holds ? "holds" : "FAILS (periodic)");
            if (!holds && (counterexample == null || g.n() < GraphSpec.parse(counterexample).n())) {
                counterexample = spec;
            }
        }
        ev.put("graphs", t.rows().size());
        if (counterexample != null) {
            TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.HAMILTON).build(GraphSpec.parse(counterexample));
            ev.put("smallest_counterexample", counterexample).put("period", w.period())
                    .put("lambda_min", w.spectrum().lambdaMin());
        }
        ev.note("Bipartite graphs that are not regular (paths, grids, stars) keep positive self-loops at their lower-degree "
                + "nodes, so they stay aperiodic: the failure needs every self-loop to vanish.");
        return Outcome.of(counterexample == null, ev);
    }
}
