package rwdp.claims;

import java.util.Objects;

/**
 * How able a check is to fail (the claims model: "power"). {@code NONE}: the compared quantity
 * satisfies the claim by construction, or the bound exceeds the largest value the quantity can
 * take. {@code WEAK}: the smallest slack bound/value is above 10, or the sample cannot reject.
 * {@code STRONG}: otherwise.
 *
 * @param level the level
 * @param why   the reason, one sentence a reader can check against the evidence
 */
public record Power(Level level, String why) {
    /** The power levels. */
    public enum Level { STRONG, WEAK, NONE }

    /** Slack above which a bound comparison is weak. */
    public static final double WEAK_SLACK = 10.0;

    /**
     * Checks the level and its reason.
     *
     * @throws NullPointerException when level is null
     * @throws IllegalArgumentException when why is null or blank
     */
    public Power {
        Objects.requireNonNull(level, "level");
        if (why == null || why.isBlank()) {
            throw new IllegalArgumentException("a power level needs its reason");
        }
    }

    /** Returns a strong power with its reason. */
    public static Power strong(String why) {
        return new Power(Level.STRONG, why);
    }

    /** Returns a weak power with its reason. */
    public static Power weak(String why) {
        return new Power(Level.WEAK, why);
    }

    /** Returns a power of none with its reason. */
    public static Power none(String why) {
        return new Power(Level.NONE, why);
    }

    /**
     * Returns the power of a bound comparison from its smallest slack bound/value: weak above
     * {@link #WEAK_SLACK}, strong otherwise; {@code why} explains the setting.
     */
    public static Power ofSlack(double slack, String why) {
        return slack > WEAK_SLACK ? weak("smallest slack " + fmt(slack) + " > " + (int) WEAK_SLACK + ": " + why)
                : strong("smallest slack " + fmt(slack) + ": " + why);
    }

    private static String fmt(double x) {
        return String.format(java.util.Locale.ROOT, "%.3g", x);
    }

    /** Returns the level in lower case, as claims.json writes it. */
    public String levelName() {
        return level.name().toLowerCase(java.util.Locale.ROOT);
    }
}
