/**
 * The claims of Wang et al., “Decentralized Federated Averaging via Random Walk”, IEEE Trans. Mobile Computing 2025, arXiv:2508.21286.
 */
package rwdp.claims.dfedrw;
