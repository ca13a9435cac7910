/**
 * The unbiased stochastic quantiser of quantised DFedRW (Wang et al., “Decentralized Federated Averaging via Random Walk”, IEEE Trans. Mobile Computing 2025, arXiv:2508.21286, §IV, eq. (15)-(16)).
 */
package rwdp.quantize;
