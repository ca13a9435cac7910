/**
 * The one seeded generator family: {@link rwdp.random.Rngs} derives every stream from a run seed
 * ({@code SplittableRandom}); {@link rwdp.random.MonteCarlo} runs index-ordered parallel trials whose
 * results do not depend on the thread count; {@link rwdp.random.SummaryStats} gives intervals;
 * {@link rwdp.random.GammaSampler} is the one Gamma variate generator.
 */
package rwdp.random;
