package rwdp.sampling;

import java.util.Arrays;
import rwdp.check.InvalidArgumentException;

/**
 * Which senders a sample computes: a certainty stratum, every row exact, and senders drawn uniformly without
 * replacement within each of the other strata.
 *
 * @param certain the senders computed with certainty, increasing
 * @param sizes   the number of nodes of each drawn stratum
 * @param drawn   the senders drawn from each stratum, each increasing (at least 2, fewer than its size)
 */
public record Design(int[] certain, int[] sizes, int[][] drawn) {
    /**
     * Checks the design.
     *
     * @throws InvalidArgumentException when an array is missing, or a stratum draws fewer than 2 or not fewer than its size
     */
    public Design {
        if (certain == null || sizes == null || drawn == null || sizes.length != drawn.length) {
            throw new InvalidArgumentException("a design needs its certain senders and one draw per stratum");
        }
        for (int h = 0; h < sizes.length; h++) {
            if (drawn[h].length < 2 || drawn[h].length >= sizes[h]) {
                throw new InvalidArgumentException("stratum " + h + " draws " + drawn[h].length + " of " + sizes[h]
                        + " nodes: need 2 <= draws < size");
            }
        }
    }

    /** Returns every sender, certain then each stratum's draw: the order of the rows an estimate takes. */
    public int[] senders() {
        int k = certain.length;
        for (int[] d : drawn) {
            k += d.length;
        }
        int[] all = Arrays.copyOf(certain, k);
        int at = certain.length;
        for (int[] d : drawn) {
            System.arraycopy(d, 0, all, at, d.length);
            at += d.length;
        }
        return all;
    }
}
