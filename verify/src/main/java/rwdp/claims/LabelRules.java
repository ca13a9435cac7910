package rwdp.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The labelling rules of the README ("Reading the report") that a test can enforce on one run of
 * a claim; {@code ClaimsTest} and {@code SeedStabilityTest} apply them to every claim they run.
 *
 * <ol>
 *   <li><b>INCONCLUSIVE means the statistics cannot separate.</b> A claim whose evidence holds a
 *       cell ({@link Evidence#cell}) decided against the paper and none decided for it is
 *       VIOLATED, or DEPENDS when it holds elsewhere in the range: never INCONCLUSIVE.</li>
 *   <li><b>A claim decides every cell its quote covers</b>; a cell is set aside only when the
 *       paper's own setting for it cannot be reproduced, and the evidence says why (not
 *       testable here: the claim's reading names the cells).</li>
 *   <li><b>Power counts every source of randomness.</b> A check that records
 *       {@link #RUN_SEEDS} = 1 (one training/walk run behind an empirical comparison) has power
 *       at most weak.</li>
 *   <li><b>The finding text follows the evidence.</b> A DEPENDS run records a cell for and one
 *       against; a VIOLATED run records one against; a finding that says "not separated"
 *       comes with a cell the run did not separate.</li>
 *   <li><b>Substitute data is labelled.</b> A check that decides on data the paper did not use
 *       records {@link #SUBSTITUTE_DATA}; its power is at most weak and its claim's reading
 *       says so.</li>
 *   <li><b>Effect size next to every DEPENDS and VIOLATED.</b> Checked where a claim records
 *       {@link #EFFECT_SIZE} (the errata show it); see the README.</li>
 * </ol>
 */
public final class LabelRules {
    private LabelRules() {}

    /** Evidence key: how many independent training/walk runs stand behind an empirical comparison. */
    public static final String RUN_SEEDS = "run_seeds";
    /** Evidence key: which data the check used in place of the paper's, and why. */
    public static final String SUBSTITUTE_DATA = "substitute_data";
    /** Evidence key: the relative size of the effect behind a DEPENDS or VIOLATED verdict. */
    public static final String EFFECT_SIZE = "effect_size";

    /** Returns the rules {@code r} breaks, one line each (empty when it meets them all). */
    public static List<String> problems(ClaimResult r) {
        List<String> out = new ArrayList<>();
        if (r.error() != null || r.notRun()) {
            return out;
        }
        Claim c = r.claim();
        Evidence ev = r.outcome().evidence();
        Verdict v = r.outcome().verdict();
        Map<String, Verdict> cells = ev.cells();
        boolean anyFor = cells.containsValue(Verdict.HOLDS);
        boolean anyAgainst = cells.containsValue(Verdict.VIOLATED);
        boolean anyOpen = cells.containsValue(Verdict.INCONCLUSIVE);
        if (v == Verdict.INCONCLUSIVE && anyAgainst && !anyFor) {
            out.add(c.id() + ": rule 1: INCONCLUSIVE with a cell decided against the paper and none for it (" + cells + "): the label is VIOLATED or DEPENDS");
        }
        if (!cells.isEmpty() && v == Verdict.HOLDS && anyAgainst) {
            out.add(c.id() + ": rule 4: HOLDS with a cell decided against the paper (" + cells + ")");
        }
        Power p = ev.power();
        Object seeds = ev.values().get(RUN_SEEDS);
        if (seeds instanceof Number n && n.intValue() <= 1 && p != null && p.level() == Power.Level.STRONG) {
            out.add(c.id() + ": rule 3: one run seed behind the comparison, yet power strong");
        }
        if (ev.values().containsKey(SUBSTITUTE_DATA)) {
            if (p != null && p.level() == Power.Level.STRONG) {
                out.add(c.id() + ": rule 5: decided on substitute data, yet power strong");
            }
            if (p != null && !p.why().toLowerCase(Locale.ROOT).contains("substitute")) {
                out.add(c.id() + ": rule 5: the power's reason does not say the data is a substitute");
            }
            if (c.reading() == null || !c.reading().toLowerCase(Locale.ROOT).contains("substitute")) {
                out.add(c.id() + ": rule 5: the reading does not say the data is a substitute");
            }
        }
        if (c.expected() == v && (v == Verdict.DEPENDS || v == Verdict.VIOLATED) && !cells.isEmpty()) {
            if (v == Verdict.DEPENDS && !(anyFor && anyAgainst)) {
                out.add(c.id() + ": rule 4: DEPENDS without a cell for and a cell against the paper (" + cells + ")");
            }
            if (v == Verdict.VIOLATED && !anyAgainst) {
                out.add(c.id() + ": rule 4: VIOLATED without a cell against the paper");
            }
        }
        if (v == Verdict.DEPENDS || v == Verdict.VIOLATED) {
            Object effect = ev.values().get(EFFECT_SIZE);
            if (effect == null || String.valueOf(effect).isBlank()) {
                out.add(c.id() + ": rule 6: " + v + " without an effect size (evidence key " + EFFECT_SIZE
                        + ": the relative size of the failure, from this run's numbers)");
            }
        }
        String finding = c.erratum() == null ? "" : c.erratum().toLowerCase(Locale.ROOT);
        if ((finding.contains("not separated") || finding.contains("not separable")) && !cells.isEmpty() && !anyOpen) {
            out.add(c.id() + ": rule 4: the finding says 'not separated' but every cell of this run is decided (" + cells + ")");
        }
        return out;
    }
}
