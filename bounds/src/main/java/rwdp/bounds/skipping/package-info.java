/**
 * The skipping scheme's analysis (Yakimenka et al., “Straggler-Resilient Differentially Private Decentralized Learning”, IEEE JSAIT 2024, arXiv:2212.03080): the skip chain, latency (Lemmas 1-2), ε_skip
 * (Theorems 1-3) and the error bound (Lemma 3).
 */
package rwdp.bounds.skipping;
