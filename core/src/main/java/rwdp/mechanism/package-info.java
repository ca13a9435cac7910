/**
 * Noise mechanisms and their samplers: the Gamma mechanism of Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient Descent”, arXiv:2009.01790, §IV, and the Laplace
 * baseline of §V. These serve simulation and verification; they are not a hardened DP library.
 */
package rwdp.mechanism;
