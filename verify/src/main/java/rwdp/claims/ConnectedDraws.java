package rwdp.claims;

import rwdp.check.InvalidArgumentException;
import rwdp.graph.GraphSpec;

/**
 * Random graphs for checks whose statement is about connected graphs: a family's draw is taken
 * at the first seed, from the claim's own, that gives a connected graph. Without it a check would
 * fail at the rare run seed whose draw is disconnected (a reducible chain is outside every
 * theorem checked here), so its verdict would depend on the seed rather than on the claim.
 */
public final class ConnectedDraws {
    /** Seeds tried before giving up: a family that is disconnected this often is the wrong family. */
    static final int ATTEMPTS = 1000;

    private ConnectedDraws() {}

    /**
     * Returns {@code family} at the first seed {@code s = seed, seed + 1, ...} whose graph is
     * connected, e.g. {@code first(GraphSpec.er(40, 0.3, 7))}.
     *
     * @throws InvalidArgumentException when none of {@value #ATTEMPTS} seeds gives a connected graph
     */
    public static GraphSpec first(GraphSpec.Random family) {
        return family.connected(ATTEMPTS).spec();
    }
}
