/**
 * Privacy of single mechanisms: the Gamma mechanism's δ (exact and Lemma 3 of Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient Descent”, arXiv:2009.01790), the
 * private stationary law, and Rényi-DP to (ε, δ) conversions (Mironov 2017; Balle et al. 2020).
 */
package rwdp.bounds.privacy;
