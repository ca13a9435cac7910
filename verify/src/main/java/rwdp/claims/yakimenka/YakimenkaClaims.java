package rwdp.claims.yakimenka;

import java.util.List;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;
import rwdp.claims.Verdict;

/** The claims of the Yakimenka paper (see ../shared/spec/yakimenka.md). */
public final class YakimenkaClaims implements ClaimSet {
    static final String SEED = "004_d01c107d241c336a.txt";

    @Override
    public List<Claim> claims() {
        return List.of(
                Claim.holds("yakimenka.eq3", SEED, "App. A, eq. (3); Lemma 3",
                        "Q of eq. (3) is doubly stochastic, its second-largest eigenvalue modulus equals |λ_1| = (1−p)/√(1+p²−2p cos(2π/n)), and Algorithm 1's successive updating nodes follow Q.",
                        SkipAnalyticChecks::eq3),
                Claim.holds("yakimenka.lemma3", SEED, "App. A, Lemma 3, eq. (4)",
                        "For the Skip-Ring chain, ||π^(h) − π^(∞)||_1 ≤ √n |λ_1|^h for every h (exact iteration of Q).",
                        SkipAnalyticChecks::lemma3),
                Claim.holds("yakimenka.noise", SEED, "footnote 4; §VI-D",
                        "σ = k√(8 ln(1.25/δ))/ε gives σ ≈ 10.5976 for k = 1, ε = 1, δ = 1e-6.",
                        SkipAnalyticChecks::noise),
                Claim.holds("yakimenka.lemma1-integral", SEED, "§VI-A, Lemma 1",
                        "Lemma 1's integral ∫_0^t s dΦ_T(s), through each distribution's own functions, equals numerical quadrature of s φ(s).",
                        SkipAnalyticChecks::lemma1Integral),
                Claim.holds("yakimenka.lemma1", SEED, "§VI-A, Lemma 1",
                        "The mean total latency of Algorithm 1 equals h_max(χ + ∫_0^{t_skip} t dΦ_T + t_skip(1 − Φ_T(t_skip))) for the exponential, gamma and Pareto II models.",
                        SkipSimulationChecks::lemma1),
                Claim.holds("yakimenka.lemma2", SEED, "§VI-A, Lemma 2; §VI-B",
                        "Minimising Lemma 2's mean time between updates gives p = 0 / 0.710 / 0.737 for the exponential / gamma / Pareto II models (χ = 1/100).",
                        SkipAnalyticChecks::lemma2),
                Claim.holds("yakimenka.thm1", SEED, "§IV, Theorem 1",
                        "The Monte Carlo mean of f(τ_{h_max}) − f(τ*) of Algorithm 1 on unit-norm logistic regression stays below Theorem 1's binomial mixture of e_h, for Skip-Ring, Skip-Rand-Ring and the uniform walk.",
                        SkipSimulationChecks::thm1),
                Claim.holds("yakimenka.thm2", SEED, "§V, Theorem 2; App. B-C, eq. (13)",
                        "Theorem 2's ε_skip equals the minimum over α > 1 of its RDP form 2h̃αk²/σ² + ln(1/δ)/(α − 1).",
                        SkipAnalyticChecks::thm2),
                Claim.holds("yakimenka.thm3", SEED, "§V, Theorem 3; App. B-D, eqs. (16)-(18)",
                        "Theorem 3's ε_skip equals the minimum of ε²aα/(2 ln(1.25/δ)) + ln(1/δ)/(α − 1) over 1 < α ≤ α_max, and the reordered sum for a equals the printed triple sum.",
                        SkipAnalyticChecks::thm3),
                Claim.holds("yakimenka.remark2", SEED, "§V, Remark 2",
                        "ε_skip = Θ(h_max) for Skip-Ring and Skip-Rand-Ring: ε_skip/h_max decreases to the asymptotic slope (n ∈ {10, 500}, p ∈ {1e-4, 1/2, 7/10}).",
                        SkipAnalyticChecks::remark2),
                Claim.holds("yakimenka.rand-ring-advantage", SEED, "§VI-B",
                        "For large n (500, 1000) and h_max ≥ 10n, Skip-Rand-Ring's ε_skip is at most Skip-Ring's for p ∈ {1e-4, 1/2, 7/10}.",
                        SkipAnalyticChecks::randRingAdvantage),
                Claim.violated("yakimenka.fig2", SEED, "§VI-B, Fig. 2",
                        "At equal average latency, p = 1e-4 gives the worst expected error bound for all latency models and both schemes, and the best privacy level.",
                        "Fails under exponential latency, where Lemma 2's optimum is t_skip = ∞ so skipping buys no faster updates: "
                                + "Skip-Rand-Ring's bound at p = 1e-4 is the lowest, not the highest (n = 10, latency 1010: 66.08 vs 66.34 "
                                + "(p = 1/2) vs 66.66 (p = 7/10)), and Skip-Ring's ε_skip at p = 1e-4 is the highest (same latency: 15.68 vs "
                                + "15.62 vs 15.51). Corrected statement: yakimenka.fig2-corrected (the claim holds for the gamma and Pareto II "
                                + "models, and for Skip-Ring's bound and Skip-Rand-Ring's ε under the exponential model).",
                        ctx -> SkipTradeoffChecks.fig2(ctx, false)),
                Claim.holds("yakimenka.fig2-corrected", SEED, "§VI-B, Fig. 2",
                        "At equal average latency, p = 1e-4 gives the worst error bound and the best ε_skip for gamma and Pareto II latency (both schemes), and under exponential latency the worst Skip-Ring bound and the best Skip-Rand-Ring ε_skip.",
                        ctx -> SkipTradeoffChecks.fig2(ctx, true)),
                Claim.violated("yakimenka.fig3", SEED, "§VI-B, Fig. 3",
                        "For a given expected error bound, ε_skip is lower with n = 500 than with n = 10 (both schemes, p ∈ {1e-4, 1/2, 7/10}).",
                        "Fails for Skip-Ring: with n = 500 the ring chain mixes slowly (|λ_1| ≈ 1 − 1.6e-4 at p = 1/2), so Theorem 1's bias "
                                + "term keeps the bound high and reaching a given bound needs many more hops; over the error range both sizes "
                                + "reach, ε_skip with n = 500 is up to 3.8 times that with n = 10 (p = 1/2; the evidence gives the worst case). "
                                + "Corrected statement: yakimenka.fig3-corrected (the claim holds for Skip-Rand-Ring).",
                        ctx -> SkipTradeoffChecks.fig3(ctx, false)),
                Claim.holds("yakimenka.fig3-corrected", SEED, "§VI-B, Fig. 3",
                        "For Skip-Rand-Ring, at every expected error bound reached by both, ε_skip is lower with n = 500 than with n = 10 (p ∈ {1e-4, 1/2, 7/10}).",
                        ctx -> SkipTradeoffChecks.fig3(ctx, true)),
                new Claim("yakimenka.fig4", SEED, "§VI-C1, Fig. 4 (first row)",
                        "On Skip-Rand-Ring logistic regression (n = 10), skipping (p = 7/10) lowers the error rate over a latency budget compared with p = 1e-4, except for the exponential model.",
                        Verdict.INCONCLUSIVE, null,
                        SkipSimulationChecks::fig4),
                Claim.holds("yakimenka.fig4-gamma", SEED, "§VI-C1, Fig. 4 (first row)",
                        "Under gamma latency (shape 1/4, scale 1), skipping with p = 7/10 lowers Skip-Rand-Ring's test error rate averaged over a latency budget compared with p = 1e-4 (n = 10, logistic regression).",
                        SkipSimulationChecks::fig4Gamma),
                Claim.holds("yakimenka.fig4-updates", SEED, "§VI-C1 ('as predicted well by Lemma 2'); Lemma 2",
                        "Per unit of latency, Algorithm 1 makes more token updates with p = 7/10 than with p = 1e-4 under gamma and Pareto II latency, and fewer under exponential latency.",
                        SkipSimulationChecks::fig4Updates),
                RealDataChecks.sanityClaim(),
                RealDataChecks.fig4Claim(),
                RealDataChecks.fig4GammaClaim());
    }
}
