/**
 * Markov chains on graphs: transition matrices in CSR form with O(1) alias-table row sampling,
 * the weight schemes (simple, lazy, Metropolis–Hastings, Metropolis, Hamilton, lazy ring), the
 * stationary law, spectra, exact and bounded mixing times (Levin, Peres & Wilmer, “Markov Chains
 * and Mixing Times”, 2nd ed., ch. 4 and 12) and the one walk engine.
 */
package rwdp.markov;
