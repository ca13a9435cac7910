/**
 * The decentralised learning algorithms, one class per algorithm, all driven by the one walk
 * engine ({@link rwdp.markov.Walk}): Uniform, Weighted and Private Weighted random-walk SGD and
 * asynchronous gossip SGD (Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient Descent”, arXiv:2009.01790, Alg. 1-3 and §V), random-walk DP-SGD (Cyffers, Bellet & Upadhyay, “Differentially Private Decentralized Learning with Random Walks”, ICML 2024, arXiv:2402.07471, Alg. 1), and the
 * straggler-resilient skipping scheme (Yakimenka et al., “Straggler-Resilient Differentially Private Decentralized Learning”, IEEE JSAIT 2024, arXiv:2212.03080, §III). Each step allocates nothing.
 */
package rwdp.algo;
