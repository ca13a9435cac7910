/**
 * Federated and decentralised averaging with local steps: DFedRW and quantised DFedRW
 * (Wang et al., “Decentralized Federated Averaging via Random Walk”, IEEE Trans. Mobile Computing 2025, arXiv:2508.21286, Alg. 1-2), and the baselines FedAvg, DFedAvg and DSGD the paper compares with (§VI).
 */
package rwdp.algo.federated;
