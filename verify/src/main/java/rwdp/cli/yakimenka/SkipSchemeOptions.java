package rwdp.cli.yakimenka;

import picocli.CommandLine.Option;
import rwdp.cli.common.Labelled;

/** The skipping scheme a Yakimenka et al. bound is about: ring or rand-ring, its n nodes, h_max hops and skip probability p. */
final class SkipSchemeOptions {
    /** The order of the nodes' visits: the fixed logical ring, or a fresh random permutation every round. */
    enum Scheme implements Labelled {
        /** Skip-Ring (Theorem 2). */
        RING,
        /** Skip-Rand-Ring (Theorem 3). */
        RAND_RING;
    }

    @Option(names = "--scheme", required = true, paramLabel = "ring|rand-ring", description = "Skip-Ring or Skip-Rand-Ring.")
    Scheme scheme;

    @Option(names = "--n", required = true, description = "Number of nodes n >= 2.")
    int n;

    @Option(names = "--hmax", required = true, description = "Number of hops h_max, a multiple of n.")
    long hmax;

    @Option(names = "--p", required = true, description = "Skip probability p in [0, 1) (Theorem 1 on the ring needs p > 0).")
    double p;

    /** Returns whether the scheme is Skip-Rand-Ring (Theorem 3) rather than Skip-Ring (Theorem 2). */
    boolean randomized() {
        return scheme == Scheme.RAND_RING;
    }
}
