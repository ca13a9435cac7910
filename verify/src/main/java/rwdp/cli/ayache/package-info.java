/**
 * Commands of Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient Descent”, arXiv:2009.01790: {@code bound gamma-delta|gamma-theta}, {@code simulate uniform-rw|weighted-rw|private-weighted-rw|laplace-weighted-rw|gossip}.
 */
package rwdp.cli.ayache;
