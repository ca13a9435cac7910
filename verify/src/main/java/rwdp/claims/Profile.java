package rwdp.claims;

import java.util.Locale;

/** How much work a verification run does. */
public enum Profile {
    /** Small sizes; the whole campaign in about two minutes on 2 cores. */
    QUICK,
    /** The papers' sizes; reproduces their figures. */
    FULL;

    /**
     * Returns the profile named {@code s} (quick or full).
     *
     * @throws rwdp.check.InvalidArgumentException when s names no profile
     */
    public static Profile parse(String s) {
        try {
            return valueOf(s.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new rwdp.check.InvalidArgumentException("unknown profile '" + s + "'; expected quick or full");
        }
    }

    /** Returns {@code quick} when this profile is QUICK, else {@code full}. */
    public <T> T pick(T quick, T full) {
        return this == QUICK ? quick : full;
    }

    /** Returns {@code quick} when this profile is QUICK, else {@code full}. */
    public int pick(int quick, int full) {
        return this == QUICK ? quick : full;
    }

    /** Returns the lower-case name. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
