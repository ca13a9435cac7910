/**
 * Per-node response-time models (exponential, Gamma, Lomax, shifted) used by the straggler
 * experiments of Yakimenka et al., “Straggler-Resilient Differentially Private Decentralized Learning”, IEEE JSAIT 2024, arXiv:2212.03080, §II and §VI.
 */
package rwdp.latency;
