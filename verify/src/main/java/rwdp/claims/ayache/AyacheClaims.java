package rwdp.claims.ayache;

import java.util.List;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;
import rwdp.claims.Outcome;
import rwdp.claims.Verdict;
import rwdp.claims.core.ChainChecks;
import rwdp.markov.WeightScheme;

/** The claims of Ayache & El Rouayheb (seeds 000 and 001; ../shared/spec/ayache.md). */
public final class AyacheClaims implements ClaimSet {
    static final String SEED = "000_9a42945fe94cbd4f.txt";

    static List<String> graphs(long seed) {
        return List.of("er:40,0.3," + seed, "er:100,0.3," + (seed + 1), "star:12", "path:9", "grid:4,6",
                "geometric:50,0.3," + seed, "sbm:10/20,0.5,0.05," + seed);
    }

    @Override
    public List<Claim> claims() {
        List<WeightScheme> mh = List.of(WeightScheme.of(WeightScheme.Kind.MH_UNIFORM), WeightScheme.of(WeightScheme.Kind.MH_WEIGHTED));
        return List.of(
                Claim.holds("ayache.mh-stationary", SEED, "§III, Algorithms 1 and 2",
                        "The Metropolis-Hastings walks of Alg. 1 and Alg. 2 have stationary laws 1/N and L_i/ΣL (exact πP = π to 1e-12; chi-square on visit frequencies).",
                        ctx -> {
                            List<ChainChecks.Case> cases = ChainChecks.cases(graphs(ctx.seed() & 0xffff), mh, ctx.seed());
                            Outcome exact = ChainChecks.exactStationarity(cases, 1e-12);
                            Outcome empirical = ChainChecks.empiricalStationarity(cases, ctx.profile().pick(20_000, 200_000),
                                    1e-3, ctx.seed("walks"));
                            exact.evidence().put("empirical_smallest_p_value", empirical.evidence().values().get("smallest_p_value"))
                                    .put("empirical_verdict", empirical.verdict().name());
                            empirical.evidence().tables().forEach(tb -> {
                                var copy = exact.evidence().table(tb.title(), tb.columns().toArray(new String[0]));
                                tb.rows().forEach(r -> copy.row(r.toArray()));
                            });
                            boolean ok = exact.verdict() == Verdict.HOLDS && empirical.verdict() == Verdict.HOLDS;
                            return Outcome.of(ok, exact.evidence());
                        }));
    }
}
