/**
 * The experiments of the papers as one reusable layer that both the {@code rwdp simulate} commands
 * and the claims call: for Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient
 * Descent”, arXiv:2009.01790, §V, the graph (a connected Erdős–Rényi draw or a given one), the
 * Gaussian-mixture data and its regularised logistic loss (eq. (12)-(13)), the minimiser w*, the
 * step-size settings, the one place where an algorithm (Alg. 1, 2, 3 with Gamma or Laplace noise,
 * or the gossip baseline) is chosen, and seeded Monte Carlo replications of it; for Wang et al.,
 * “Decentralized Federated Averaging via Random Walk”, IEEE TMC 2025, arXiv:2508.21286, §VI, the
 * federated experiment (graph, data set — synthetic, CSV or Fashion-MNIST —, label-skew partition,
 * model, stragglers) that runs any of FedAvg, DFedAvg, DSGD, DFedRW and QDFedRW.
 */
package rwdp.experiment;
