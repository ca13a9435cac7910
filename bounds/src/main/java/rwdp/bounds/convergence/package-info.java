/**
 * Convergence constants and rates of random-walk SGD: the constants C_u, C_w of Ayache & El Rouayheb, “Private Weighted Random Walk Stochastic Gradient Descent”, arXiv:2009.01790,
 * Theorems 1-2 and eq. (10)-(11), and the utility bound of random-walk DP-SGD (Cyffers, Bellet & Upadhyay, “Differentially Private Decentralized Learning with Random Walks”, ICML 2024, arXiv:2402.07471, Thm. 2).
 */
package rwdp.bounds.convergence;
