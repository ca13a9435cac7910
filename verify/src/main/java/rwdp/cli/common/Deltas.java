package rwdp.cli.common;

/**
 * The check every δ option gets: in (0, 1) and a normal double. Below 2.2e-308 (a subnormal) 1/δ and 1.25/δ overflow,
 * and the conversions' ln(1/δ) turned into an infinity that a later check blamed on ε or α.
 */
public final class Deltas {
    private Deltas() {}

    /**
     * Returns {@code delta} if it lies in [{@link Double#MIN_NORMAL}, 1).
     *
     * @param option the option's name, e.g. {@code --delta}, said in the refusal
     * @throws UserException when delta is outside (0, 1) or below {@link Double#MIN_NORMAL}
     */
    public static double check(String option, double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new UserException(option + " must be in (0, 1), got " + delta);
        }
        if (delta < Double.MIN_NORMAL) {
            throw new UserException(option + " " + delta + " is below " + Double.MIN_NORMAL + " (a subnormal double: 1/delta "
                    + "overflows); use " + option + " >= " + Double.MIN_NORMAL);
        }
        return delta;
    }
}
