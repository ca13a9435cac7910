/**
 * The claims kit: a claim (its cited source, quote, statement and expected verdict), its check,
 * evidence with power and slack, the runner (parallel, seeded, thread-count independent) and the
 * family-wise error helpers. Papers' claims live in the sub-packages.
 */
package rwdp.claims;
