/**
 * Commands of Yakimenka et al., “Straggler-Resilient Differentially Private Decentralized Learning”, IEEE JSAIT 2024, arXiv:2212.03080: {@code bound skip-epsilon|skip-timeout|skip-latency|skip-error}, {@code simulate skip-ring|skip-rand-ring}.
 */
package rwdp.cli.yakimenka;
