/**
 * The one place where arguments are checked, in the spirit of Google differential-privacy's
 * {@code DpPreconditions}: {@link rwdp.check.Checks} (ε, δ, α, σ, steps, probabilities, sizes and
 * memory, each message naming the option and the allowed range) and the one exception type for a
 * bad argument, {@link rwdp.check.InvalidArgumentException}, which the command line reports as
 * exit 2 with one line. {@link rwdp.check.Copies} deep-copies the nested arrays a record is built
 * from, so no record shares an array with its caller.
 */
package rwdp.check;
