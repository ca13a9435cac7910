/**
 * The pairwise network DP accountant of Cyffers, Bellet &amp; Upadhyay, “Differentially Private Decentralized Learning
 * with Random Walks”, ICML 2024, arXiv:2402.07471, Theorems 3-5 and Appendix B, with one door: {@link
 * rwdp.bounds.pndp.PndpAccountant} over a validated {@link rwdp.bounds.pndp.PndpSetting} and one solver plan {@link
 * rwdp.bounds.pndp.PndpPlan}; the statistics of pairs ({@link rwdp.bounds.pndp.PairStatistics}, with the accountant's
 * sampled, trace and certified answers nested in it, so that no engine of the package uses the door that calls it: the
 * classes form a tree, verify's ClassCycleTest), the exact finite-T series and the closed forms on rings and stars
 * ({@link rwdp.bounds.pndp.PndpClosedForms}). The matrix function of the gossip matrix is computed by the engine of
 * {@code rwdp.spectral}, the sampled statistics drawn by {@code rwdp.sampling}; the noise calibration to a target loss
 * is {@code rwdp.bounds.privacy.NoiseCalibration}.
 */
package rwdp.bounds.pndp;
