/**
 * The privacy a user of RW DP-SGD (Cyffers, Bellet and Upadhyay, ICML 2024, Alg. 1) actually gets
 * against one observer v, or a coalition of colluding observers (App. D): the exact loss of the view of eq. (7) and two valid upper bounds of it.
 *
 * <ul>
 *   <li>{@link rwdp.bounds.rwsgd.NoAmplification}: v is given every update of u (the whole
 *       transcript); the loss is then exactly a Gaussian mixture over the walk's count of u's
 *       updates, computed deterministically.</li>
 *   <li>{@link rwdp.bounds.rwsgd.ViewMonteCarlo}: v's real view; its likelihood ratio is a product
 *       of per-segment Gaussian mixtures under the walk that avoids v ({@link rwdp.bounds.rwsgd.SegmentLaws}),
 *       sampled exactly and turned into an upper bound on ε that holds with a stated confidence
 *       ({@link rwdp.bounds.rwsgd.PrivacyLossSample}, Monte Carlo accounting in the sense of Wang et al.,
 *       NeurIPS 2023).</li>
 *   <li>{@link rwdp.bounds.rwsgd.Theorem3Guarantee}: the paper's Theorem 3 at the mean count T/n
 *       (as plotted) and as App. B defines a guarantee: a high-probability count, its tail added to δ; for a
 *       coalition, Theorem 3 summed over its members (eq. (18)) and the first arrival in it (eq. (17),
 *       {@link rwdp.bounds.rwsgd.Theorem3Guarantee#firstPassage}).</li>
 * </ul>
 */
package rwdp.bounds.rwsgd;
