/**
 * The claims of Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient Descent”, arXiv:2009.01790.
 */
package rwdp.claims.ayache;
