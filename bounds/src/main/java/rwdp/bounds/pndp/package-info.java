/**
 * The pairwise network DP accountant of Cyffers, Bellet & Upadhyay, “Differentially Private Decentralized Learning with Random Walks”, ICML 2024, arXiv:2402.07471, Theorems 3-5 and Appendix B: the matrix function
 * of the gossip matrix by Chebyshev and Lanczos (with the top eigenpairs deflated by subspace iteration on small-gap graphs), the closed forms on rings and stars, the exact
 * finite-T series and the noise calibration to a target loss.
 */
package rwdp.bounds.pndp;
