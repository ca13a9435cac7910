package rwdp.claims;

import java.util.Arrays;

/**
 * Family-wise error control for a check that decides many tests at once (Holm, "A simple
 * sequentially rejective multiple test procedure", Scand. J. Statist. 6:65–70, 1979; Bonferroni
 * as its one-step form). A claim that runs m intervals or tests must not flip its verdict
 * because one of them missed by chance: each is run at the per-test level these return.
 */
public final class Multiplicity {
    private Multiplicity() {}

    /**
     * The family-wise error of a check whose expected verdict is that every test accepts a true
     * statement (a sampler's law, an unbiased estimator, an exact value inside its interval): the
     * chance that a run refuses it by bad luck. Verdicts must hold for any run seed, so this is
     * far below the one in a thousand of a conventional level, which a report of some 90 claims
     * run at many seeds would hit.
     */
    public static final double RUN_ERROR = 1e-5;

    /**
     * Returns the per-test confidence 1 − (1 − familyLevel)/m of a Bonferroni family of m tests.
     *
     * @throws IllegalArgumentException when familyLevel is outside (0, 1) or m &lt; 1
     */
    public static double bonferroniLevel(double familyLevel, int m) {
        if (!(familyLevel > 0 && familyLevel < 1)) {
            throw new IllegalArgumentException("family confidence level must be in (0, 1), got " + familyLevel);
        }
        if (m < 1) {
            throw new IllegalArgumentException("a family needs at least one test, got " + m);
        }
        return 1 - (1 - familyLevel) / m;
    }

    /**
     * Returns which null hypotheses Holm's step-down procedure rejects at family-wise error
     * {@code alpha}, given their p-values (same order).
     *
     * @throws IllegalArgumentException when alpha is outside (0, 1) or a p-value is NaN
     */
    public static boolean[] holmRejects(double[] pValues, double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("family-wise error must be in (0, 1), got " + alpha);
        }
        int m = pValues.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            if (Double.isNaN(pValues[i])) {
                throw new IllegalArgumentException("p-value " + i + " is NaN");
            }
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(pValues[a], pValues[b]));
        boolean[] reject = new boolean[m];
        for (int k = 0; k < m; k++) {
            if (pValues[order[k]] > alpha / (m - k)) {
                break;
            }
            reject[order[k]] = true;
        }
        return reject;
    }
}
