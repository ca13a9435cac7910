package rwdp.claims.dfedrw;

import java.util.List;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;

/** The claims of Wang et al., Decentralized Federated Averaging via Random Walk (seed 003; ../shared/spec/dfedrw.md). */
public final class DfedrwClaims implements ClaimSet {
    static final String SEED = "003_8ead830b4633f00c.txt";

    @Override
    public List<Claim> claims() {
        return List.of(
                Claim.holds("dfedrw.lemma3", SEED, "§IV-B, Lemma 3",
                        "The stochastic quantiser of eq. (12) satisfies E||Q(w) − w||² ≤ σ² d s²/4 (exact variance over vectors, b and s; Monte Carlo cross-check).",
                        QuantizerChecks::lemma3),
                Claim.holds("dfedrw.quantizer-unbiased", SEED, "§IV-B, eq. (12)",
                        "Q is unbiased, E[Q(w)] = w, and a quantised message fits in exactly 64 + b·d bits.",
                        QuantizerChecks::unbiasedAndBits),
                Claim.holds("dfedrw.reduction-dfedavg", SEED, "§IV-A",
                        "DFedRW whose walks are all self-loops is DFedAvg (no momentum): identical trajectories for the same seed.",
                        ReductionChecks::dfedavg),
                Claim.holds("dfedrw.reduction-dsgd", SEED, "§IV-A",
                        "DFedRW with K_m = 1 is DSGD: identical trajectories for the same seed.",
                        ReductionChecks::dsgd),
                Claim.holds("dfedrw.thm1", SEED, "§V-B, Thm. 1",
                        "For regularised logistic regression with label skew, E[f(w̄^k)] − f(w*) of DFedRW stays below (½||w0 − w*||² + ψ + κ + λ)/k^(1−q).",
                        ConvergenceChecks::theorem1),
                Claim.violated("dfedrw.thm2", SEED, "§V-B, Thm. 2",
                        "QDFedRW converges at rate O(1/k^(1−q)) with the constant extra term ψ(d, s) = (1+n) Dσ√d s/2 Σ_k η^k τ^k.",
                        "As printed ψ(d, s) is an infinite series with τ^k ≥ 1 and Σ_k η^k = ∞ for q < 1, so it is +∞ and Thm. 2 is vacuous. "
                                + "Summed only to the horizon k, ψ_k(d, s)/k^(1−q) grows like ln k (τ^k ~ ln k/ln(1/λ_P)), so the bound does not "
                                + "even decay. Corrected statement (dfedrw.thm2-finite): the bound with ψ_k(d, s) in place of ψ(d, s) holds (for the "
                                + "projected Algorithm 2), without a rate.",
                        ConvergenceChecks::theorem2Printed),
                Claim.violated("dfedrw.alg2-as-printed", SEED, "§IV-B, eq. (13)-(14), Algorithm 2",
                        "QDFedRW exactly as printed (b = 4) stays below the finite-horizon Thm. 2 bound on regularised logistic regression.",
                        "Eq. (14) adds the quantised differences Q(w_l^{t,last} − w_l^{t,0}) to each device's own start model w_i^{t,0}: it is not "
                                + "a convex combination of models, so the devices never reach consensus and their models (and the receiver's w̃ + Q(·)) "
                                + "leave W, which Thm. 2 assumes they never do; the quantisation noise, proportional to the transmitted difference, "
                                + "feeds back and after a few hundred walk steps the error explodes (see the counterexample). Corrected algorithm "
                                + "and statement (dfedrw.thm2-finite): aggregate Σ (n_l/m)(w_l^{t,0} + Q(w_l^{t,last} − w_l^{t,0})) and project onto W.",
                        ConvergenceChecks::algorithm2AsPrinted),
                Claim.holds("dfedrw.thm2-finite", SEED, "§V-B, Thm. 2 (corrected)",
                        "With ψ(d, s) summed to the horizon k, the corrected QDFedRW (b = 4; eq. (14) mixing the neighbours' start models, projected onto W) stays below the Thm. 2 bound at every k.",
                        ConvergenceChecks::theorem2Finite),
                Claim.holds("dfedrw.prop1", SEED, "§V-B, Proposition 1",
                        "With the measured round ratio ϱ = T_q/T_nq, b-bit QDFedRW (corrected eq. (14)) needs fewer bits to the target accuracy than 32-bit DFedRW exactly when b < 32/ϱ − 64/d.",
                        ComparisonChecks::proposition1),
                Claim.violated("dfedrw.headline", SEED, "§VI-B, Figs. 5-6",
                        "Under strong label skew (Dirichlet α_d = 0.1, shards) with 50% and 90% stragglers, DFedRW reaches the target accuracy in fewer rounds, and ends more accurate, than DFedAvg and FedAvg.",
                        "Not on our synthetic 10-class data (20 devices, softmax model, the paper's schedule): with Dirichlet α_d = 0.1 and 50% "
                                + "stragglers FedAvg reaches the target first (see the counterexample and table). DFedRW is ahead of DFedAvg in all four "
                                + "settings and of FedAvg at 90% stragglers, where FedAvg loses most of its selected devices. A reason: the mh-uniform walk "
                                + "visits devices uniformly, so DFedRW descends (1/n)Σ f_i, while FedAvg weights devices by their sample counts n_l, which "
                                + "Dirichlet splits make very unequal and which the IID test set follows. Corrected statement: dfedrw.headline-corrected.",
                        ComparisonChecks::headline),
                Claim.holds("dfedrw.headline-corrected", SEED, "§VI-B, Figs. 5-6 (corrected)",
                        "Under Dirichlet α_d = 0.1 and shard skew, DFedRW reaches the target in fewer rounds, and ends more accurate, than DFedAvg at 50% and 90% stragglers and than FedAvg at 90%.",
                        ComparisonChecks::headlineCorrected),
                Claim.holds("dfedrw.straggler-robustness", SEED, "§VI-B, Figs. 3, 5, 6",
                        "Under label skew (shards, Dirichlet α_d = 0.1), DFedRW loses less accuracy than FedAvg, DFedAvg and DSGD when stragglers go from 0% to 90%.",
                        ComparisonChecks::stragglerRobustness),
                RealDataChecks.centralClaim(),
                RealDataChecks.iidClaim(),
                RealDataChecks.headlineClaim(),
                RealDataChecks.dirichletClaim());
    }
}
