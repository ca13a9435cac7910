package rwdp.sampling;

import java.util.Arrays;
import rwdp.random.Rngs;

/**
 * The strata of a design before the draw: the senders computed with certainty, each drawn stratum's members and
 * its number of draws; {@link #draw} draws them (certainty strata: Cochran, §5A.13).
 *
 * @param certain the senders computed with certainty, increasing
 * @param members each drawn stratum's nodes
 * @param alloc   each drawn stratum's number of draws
 * @param uniform whether the draw is the plain uniform one from a single stratum, seeded by the run's seed itself
 */
public record Frame(int[] certain, int[][] members, int[] alloc, boolean uniform) {
    /** Returns the design with each stratum's draw seeded from {@code seed} (one seed per stratum). */
    public Design draw(long seed) {
        int strata = members.length;
        int[] sizes = new int[strata];
        int[][] drawn = new int[strata][];
        for (int h = 0; h < strata; h++) {
            sizes[h] = members[h].length;
            long s = uniform ? seed : Rngs.derive(seed, "stratum " + h);
            drawn[h] = map(members[h], WithoutReplacement.draw(sizes[h], alloc[h], s));
            Arrays.sort(drawn[h]);
        }
        return new Design(certain, sizes, drawn);
    }

    private static int[] map(int[] members, int[] pick) {
        int[] out = new int[pick.length];
        for (int j = 0; j < pick.length; j++) {
            out[j] = members[pick[j]];
        }
        return out;
    }
}
