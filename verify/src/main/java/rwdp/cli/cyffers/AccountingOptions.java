package rwdp.cli.cyffers;

import picocli.CommandLine.Option;
import rwdp.bounds.pndp.PndpParams;
import rwdp.check.InvalidArgumentException;

/**
 * The {@code --alpha}, {@code --sigma} and {@code --T} of the RW DP-SGD accountant (Cyffers et al., Thm. 3), read
 * once into {@link PndpParams}; a command with a default walk length declares it through
 * {@link rwdp.cli.common.CommandDefaults.Declared}.
 */
final class AccountingOptions {
    @Option(names = "--alpha", paramLabel = "A", required = true, description = "Renyi order alpha > 1.")
    double alpha;

    @Option(names = "--sigma", paramLabel = "S", required = true,
            description = "Noise multiplier sigma > 0 (noise N(0, sigma^2 Delta^2 I)); Theorem 3 needs sigma^2 >= 2 alpha (alpha - 1).")
    double sigma;

    @Option(names = "--T", paramLabel = "T", required = true,
            description = "Number of steps T of the walk (Theorem 3's closed form needs T >= " + PndpParams.THEOREM3_MIN_T + ").")
    long steps;

    /**
     * Returns alpha, sigma and T, refusing a loss factor alpha T/sigma^2 that leaves the double range.
     *
     * @throws InvalidArgumentException when a value is out of range
     */
    PndpParams params() {
        return representable(new PndpParams(alpha, sigma, steps));
    }

    /**
     * Returns alpha, sigma and T for Theorem 3 (T checked first); the caller checks {@link #representable} once sigma's
     * range has been decided, whose refusal says more.
     *
     * @throws InvalidArgumentException when a value is out of range
     */
    PndpParams theorem3Params() {
        return PndpParams.forTheorem3(alpha, sigma, steps);
    }

    /**
     * Refuses a --sigma so small that the loss factor alpha T/sigma^2 leaves the double range (the losses would print
     * as infinite), naming the smallest --sigma that keeps it below 1e300.
     *
     * @throws InvalidArgumentException when alpha T/sigma^2 exceeds 1e300
     */
    static PndpParams representable(PndpParams p) {
        double factor = p.rate() * p.T();
        if (!(factor <= 1e300)) {
            throw new InvalidArgumentException("--sigma " + p.sigma() + " is too small: the loss factor alpha T/sigma^2 = "
                    + factor + " leaves the double range; use --sigma >= "
                    + String.format(java.util.Locale.ROOT, "%.3g", Math.sqrt(p.alpha() * p.T() / 1e300)) + " (a larger noise)");
        }
        return p;
    }
}
