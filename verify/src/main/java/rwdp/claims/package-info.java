/**
 * The claims kit: a claim (its cited source, quote, statement and expected verdict), its check,
 * evidence with power and slack, the runner (parallel, seeded, thread-count independent) and the
 * family-wise error helpers. Papers' claims live in the sub-packages.
 *
 * <p>Every claim is labelled by the six rules of the README ("Reading the report"), which
 * {@link rwdp.claims.LabelRules} enforces where a test can:
 * <ol>
 *   <li>INCONCLUSIVE means the statistics cannot separate: a check records each cell it decides
 *       ({@link rwdp.claims.Evidence#cell}) and {@link rwdp.claims.Outcome#overCells} labels a
 *       claim whose decided cells all go against the paper VIOLATED (DEPENDS when some go for
 *       it), never INCONCLUSIVE;</li>
 *   <li>a claim decides every cell its quote covers, setting one aside only when the paper's own
 *       setting for it cannot be reproduced, with the reason in the evidence;</li>
 *   <li>power counts every source of randomness: an interval on an empirical comparison covers
 *       several training/walk seeds, and one run seed ({@code run_seeds} = 1) is at most weak;</li>
 *   <li>the finding text is computed from the evidence: no finding, reading or errata entry states
 *       a number or a "not separated" that the run did not produce;</li>
 *   <li>substitute data is labelled in the reading and the power's reason
 *       ({@code substitute_data}), and its power is at most weak;</li>
 *   <li>every DEPENDS and VIOLATED carries the relative size of its effect
 *       ({@code effect_size}), shown in the errata.</li>
 * </ol>
 */
package rwdp.claims;
