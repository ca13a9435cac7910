/**
 * Commands of Wang et al., “Decentralized Federated Averaging via Random Walk”, IEEE Trans. Mobile Computing 2025, arXiv:2508.21286: {@code bound quantizer-variance|dfedrw}, {@code simulate dfedrw|qdfedrw|fedavg|dfedavg|dsgd}.
 */
package rwdp.cli.dfedrw;
