/**
 * The claims of Cyffers, Bellet & Upadhyay, “Differentially Private Decentralized Learning with Random Walks”, ICML 2024, arXiv:2402.07471.
 */
package rwdp.claims.cyffers;
