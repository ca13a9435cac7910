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
                        CyffersClaims::hamilton),
                Claim.violated("cyffers.eq16", SEED, "App. B, eq. (16); Thm. 3",
                        "The exact N_u-fold loss N_u Σ_{t≤T} α/(σ² t) (W^t)_uv is at most Theorem 3's closed form α T ln T/(σ² n²) + α T L(W)_uv/(σ² n) plus an O(λ₂^T) tail.",
                        "The J/n part of W^t sums to H_T/n, not ln T/n: the exact loss exceeds the closed form by "
                                + "N_u α (H_T − ln T)/(σ² n) ≈ α T γ/(σ² n²) (γ = 0.5772, Euler's constant), which is not O(λ₂^T). "
                                + "Corrected statement (cyffers.thm3-harmonic): ε_{u→v} = N_u α/σ² (H_T/n + L(W)_uv) − R_T with "
                                + "|R_T| ≤ N_u α/σ² s^(T+1)/((T+1)(1 − s)), s the second-largest eigenvalue modulus; "
                                + "ln T + 1 in place of ln T gives an upper bound once the tail is negligible.",
                        PndpClaims::eq16),
                Claim.holds("cyffers.thm3-harmonic", SEED, "App. B, eq. (15)-(16) (corrected)",
                        "N_u Σ_{t≤T} α/(σ² t) (W^t)_uv = N_u α/σ² (H_T/n + L(W)_uv) − R_T with |R_T| ≤ N_u α/σ² s^(T+1)/((T+1)(1 − s)), on ER, grid, hypercube, geometric, SBM and star graphs.",
                        PndpClaims::thm3Harmonic),
                Claim.holds("cyffers.logw-two-methods", SEED, "Thm. 3 (matrix logarithm)",
                        "L(W) = −ln(I − W + J/n) (and the finite series Σ_{t≤T}(W^t − J/n)/t) from a symmetric eigendecomposition and from a Chebyshev expansion on the sparse W agree to 1e-9 relative.",
                        PndpClaims::twoMethods),
                Claim.violated("cyffers.thm5", SEED, "Thm. 5; App. E.2 (ring)",
                        "On the ring with equal probabilities (κ = 1/3), ε_single(u→v) = α ln T/(nσ²) + α/(nσ²) Σ_k cos(2π a k/n) ln((3/4) csc²(πk/n)) with a = (u + v − 2) mod n equals Theorem 3's bracket, for n = 3..64 and every pair.",
                        "The circulant eigenvectors give φ_k(u) conj(φ_k(v)) = ω^(k(u−v))/n, so the index is a = (u − v) mod n, "
                                + "not (u + v − 2) mod n (App. E.2 multiplies φ(ω)φ(ω) without conjugating). As printed the formula "
                                + "is right only when u or v is node 1 (or n/2 + 1). Corrected statement (cyffers.thm5-corrected): "
                                + "a = (u − v) mod n, equal to the general formula through λ_k = κ + (1 − κ) cos(2πk/n).",
                        ctx -> PndpClaims.thm5(ctx, false)),
                Claim.holds("cyffers.thm5-corrected", SEED, "Thm. 5; App. E.2 (ring, corrected)",
                        "With a = (u − v) mod n, Theorem 5's sum equals Theorem 3's bracket for κ = 1/3 (n = 3..64, every pair), and the circulant formula −(1/n) Σ_k cos(2πk(u−v)/n) ln(1 − λ_k), λ_k = κ + (1 − κ)cos(2πk/n), equals the numerical L(W) for any κ.",
                        ctx -> PndpClaims.thm5(ctx, true)),
                Claim.violated("cyffers.thm4", SEED, "Thm. 4; App. E.2 (star)",
                        "On the star with centre self-loop κ, Theorem 4's expressions bound the single-contribution loss of the doubly stochastic star (n = 3..64).",
                        "App. E.2 sums powers of W = A/(n − 1), which is not stochastic on the leaves (rows of leaves sum to "
                                + "1/(n − 1)), so it misses the mass that stays on leaves and the J/n part: the exact series grows "
                                + "like α ln T/(σ² n) while Theorem 4 is T-free and of order α/(σ² n) (centre) or α/(σ² n²) "
                                + "(leaves). Corrected statement (cyffers.thm4-exact): with p = (1 − κ)/(n − 1), "
                                + "ε_single = α/σ² [H_T/n + g_T(1 − p)·P1_uv + g_T(κ − p)·P2_uv], g_T(x) = Σ_{t≤T} x^t/t, "
                                + "P1_uv = −1/(n − 1) between leaves (0 with the centre), P2_uv = −1/n centre–leaf and 1/(n(n − 1)) between leaves.",
                        PndpClaims::thm4),
                Claim.holds("cyffers.thm4-exact", SEED, "Thm. 4; App. E.2 (star, corrected)",
                        "On the doubly stochastic star the exact single-contribution loss is α/σ² [H_T/n + g_T(1 − p)P1_uv + g_T(κ − p)P2_uv] (three eigenvalues 1, 1 − p, κ − p).",
                        PndpClaims::thm4Exact),
                Claim.holds("cyffers.collusion-union", SEED, "App. D, eq. (17)-(18)",
                        "For a coalition F, the union bound Σ_{v∈F} ε_{u→v} is at least the exact first-passage loss Σ_i α/(σ² i) Pr[first entry in F at step i].",
                        PndpClaims::collusion),
                Claim.holds("cyffers.complete-graph", SEED, "Remark 2",
                        "On the complete graph (W = J/n) the second term of Theorem 3 vanishes: ε_{u→v} = α T ln T/(σ² n²) for every pair.",
                        PndpClaims::completeGraph),
                Claim.violated("cyffers.sender-known", SEED, "Remark 3; App. B.1; Fig. 4",
                        "With known senders amplification is smaller (Fig. 4: \"as expected\"): the sender-known loss max_{w∈N(v), w≠v} ε_{u→w} is at least the anonymous ε_{u→v} for every pair.",
                        "The max over v's neighbours can fall below ε_{u→v} itself (a few adjacent pairs of ER and geometric "
                                + "graphs, by up to ~8%), so the rule of App. B.1 (and of the authors' maxi_priv) is not monotone "
                                + "in what the observer knows. Corrected statement (cyffers.sender-known-shift): use "
                                + "ε̃'_{u→v} = max(ε_{u→v}, max_{w∈N(v)} ε_{u→w}); on average it lies between the anonymous loss at "
                                + "the same distance and one hop closer, as Remark 3 says.",
                        PndpClaims::senderKnown),
                Claim.holds("cyffers.sender-known-shift", SEED, "Remark 3; App. B.1 (corrected)",
                        "With ε̃' = max(ε_{u→v}, max_{w∈N(v)} ε_{u→w}), knowing the sender roughly shifts the loss by one hop: for every distance d ≥ 2, the mean ε̃'(d) is at least the anonymous mean ε(d) and within the anonymous [min, max] at distance d − 1.",
                        PndpClaims::senderKnownShift),
                Claim.holds("cyffers.thm2", SEED, "Thm. 2; §5 (averaging)",
                        "RW DP-SGD with Theorem 2's step size satisfies E||x_T − x*||² ≤ 2e^(−Tµ/L)||x₀ − x*||² + [39τζ²L/(µ³T) + dσ²Δ²L/(µ²T)] ln(Tµ²||x₀ − x*||²/(39Lτζ²)) on averaging and ridge logistic regression.",
                        SgdClaims::thm2),
                Claim.holds("cyffers.fig1", SEED, "§7, Fig. 1",
                        "For exponential, Erdős–Rényi (q = 1.2 ln n/n), grid and random geometric graphs, random walks beat local DP even for neighbours: the mean loss between adjacent nodes is below the local-DP loss of the same contributions.",
                        FigureClaims::fig1),
                Claim.holds("cyffers.communicability", SEED, "§6.1; App. C, Fig. 5",
                        "On a community graph (3-block SBM), the pairwise privacy loss orders pairs like communicability exp(W): Spearman rank correlation ≥ 0.7.",
                        FigureClaims::communicability),
                Claim.holds("cyffers.contributions", SEED, "App. B; Remark 5",
                        "With a doubly stochastic W and a uniform start, the expected number of contributions of every node is T/n, and the cap of Remark 5 bounds every node's contributions.",
                        SgdClaims::contributions)).stream().collect(PndpScaleClaims.appended());
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
