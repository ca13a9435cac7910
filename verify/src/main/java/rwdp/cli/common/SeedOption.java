package rwdp.cli.common;

import picocli.CommandLine.Option;

/** The {@code --seed} of every command that draws at random: one seed from which all its draws derive. */
public final class SeedOption {
    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of every random draw of the command: the same seed gives the same output (default: ${DEFAULT-VALUE}).")
    long seed;

    /** Returns the run seed. */
    public long seed() {
        return seed;
    }
}
