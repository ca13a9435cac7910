/**
 * The convergence bounds of DFedRW and quantised DFedRW (Wang et al., “Decentralized Federated Averaging via Random Walk”, IEEE Trans. Mobile Computing 2025, arXiv:2508.21286, Theorems 1-2, Lemma 3,
 * Proposition 1), their step-size series and heterogeneity estimates, with certified sums.
 */
package rwdp.bounds.dfedrw;
