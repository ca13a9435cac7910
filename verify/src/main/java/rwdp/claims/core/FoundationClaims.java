package rwdp.claims.core;

import java.util.List;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;
import rwdp.claims.Paper;

/**
 * rwdp's own foundations, checked like the papers' claims: transition matrices of every weight
 * scheme, the alias sampler, the graph generators, spectra and mixing times. The claims are
 * listed here; their checks are in {@link MatrixChecks}, {@link GeneratorChecks},
 * {@link SpectrumChecks} and {@link ChainChecks}.
 */
public final class FoundationClaims implements ClaimSet {
    @Override
    public List<Claim> claims() {
        return List.of(
                Claim.holds("core.rows-stochastic", Paper.RWDP.at("README, Command line, \u201cWeights W\u201d"),
                        "Every weight scheme gives a row-stochastic matrix (non-negative rows summing to 1 within 1e-12) on every graph family.",
                        MatrixChecks::rowsStochastic),
                Claim.holds("core.stationary-exact", Paper.RWDP.at("README, Command line, \u201cWeights W\u201d"),
                        "Each scheme's target law (deg/2|E|, uniform, or L/ΣL) satisfies πP = π to 1e-12, and the solver returns it.",
                        ChainChecks::stationaryExact),
                Claim.holds("core.stationary-empirical", Paper.RWDP.at("README, Command line, \u201cWeights W\u201d"),
                        "Visit frequencies of a long seeded walk match each aperiodic scheme's target law (chi-square, family level 1e-5).",
                        ChainChecks::stationaryEmpirical),
                Claim.holds("core.alias-sampler", Paper.VOSE.at("the alias method, pp. 972–975"),
                        "The O(1) alias-table draw of a row reproduces its probabilities (chi-square on 2e5 draws per row, family level 1e-5).",
                        MatrixChecks::aliasSampler)
                        .reading("cited as rwdp's definition, not quoted: the statement is our wording of what Vose's alias method guarantees "
                                + "(each draw returns j with the row's probability P_ij), and the check tests that wording; rows mix probability "
                                + "scales over three decades and exact zeros, the cases where a table construction goes wrong; "
                                + "zero-probability entries must never be drawn"),
                Claim.holds("core.generators-exact", Paper.RWDP.at("README, Command line, \u201cGraph SPEC\u201d"),
                        "Deterministic families have their exact edge counts and degrees (complete, ring, star, path, grid, "
                                + "torus, hypercube, exponential).",
                        GeneratorChecks::generatorsExact),
                Claim.holds("core.generators-random", Paper.RWDP.at("README, Command line, \u201cGraph SPEC\u201d"),
                        "Random families match their expected edge counts within a family-wise 1 − 1e-5 confidence interval (ER, geometric, SBM) "
                                + "and regular graphs are exactly d-regular.",
                        GeneratorChecks::generatorsRandom),
                Claim.holds("core.spectrum-closed-form",
                        Paper.LEVIN_PERES.at("§12.3.1 (cycle), §12.3.2 (path), §12.4 (hypercube as a product chain)"),
                        "Numerical eigenvalues (EJML) equal the closed-form spectra of ring, path, complete, hypercube "
                                + "and lazy-ring chains to 1e-10.",
                        SpectrumChecks::spectrumClosedForm)
                        .reading("cited as rwdp's definition, not quoted: the closed-form spectra are our statement of the eigenvalues the "
                                + "textbook derives in the sections named (cycle cos(2πk/n), path cos(πk/(n−1)), complete, hypercube as a product "
                                + "chain, lazy versions (1+λ)/2), and the check tests our statement"),
                Claim.holds("core.mixing-time-bounds", Paper.LEVIN_PERES.at("Thm. 12.4 (upper) and Thm. 12.5 (lower)"),
                        "The exact total-variation mixing time t_mix(1/4) lies between (t_rel − 1) ln 2 and ⌈ln(4/π_min)/γ*⌉ for reversible chains.",
                        SpectrumChecks::mixingTimeBounds)
                        .reading("cited as rwdp's definition, not quoted: the two bounds are our wording of the textbook's relaxation-time bounds "
                                + "(numbered as in the 2nd edition), and the check tests that wording; ε = 1/4; t_rel = 1/γ* with γ* the absolute "
                                + "spectral gap; the lower bound applies to aperiodic chains, so every chain checked is lazy or has self-loops"));
    }
}
