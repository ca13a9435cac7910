/**
 * The claims of Yakimenka et al., “Straggler-Resilient Differentially Private Decentralized Learning”, IEEE JSAIT 2024, arXiv:2212.03080.
 */
package rwdp.claims.yakimenka;
