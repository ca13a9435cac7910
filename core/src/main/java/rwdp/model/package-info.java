/**
 * Losses, models and minimisers: the regularised logistic loss of Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient Descent”, arXiv:2009.01790, eq. (12)-(13), the
 * per-sample losses of Cyffers, Bellet & Upadhyay, “Differentially Private Decentralized Learning with Random Walks”, ICML 2024, arXiv:2402.07471, §5, softmax and two-layer perceptron classifiers for the federated
 * experiments, and one accelerated projected-gradient engine behind the exact minimisers.
 */
package rwdp.model;
