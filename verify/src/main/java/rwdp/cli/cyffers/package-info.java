/**
 * Commands of Cyffers, Bellet & Upadhyay, “Differentially Private Decentralized Learning with Random Walks”, ICML 2024, arXiv:2402.07471: {@code bound pndp|pndp-ring|pndp-star|rdp-to-dp|rw-dp-sgd-epsilon}, {@code simulate rw-dp-sgd}.
 */
package rwdp.cli.cyffers;
