package rwdp.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The labelling rules of the README ("Reading the report") that a test can enforce on one run of
 * a claim; {@code ClaimsTest} and {@code SeedStabilityTest} apply them to every claim they run.
 *
 * <ol>
 *   <li><b>INCONCLUSIVE means the statistics cannot separate.</b> A claim whose evidence holds a
 *       cell ({@link Evidence#cell}) decided against the paper and none decided for it is
 *       VIOLATED, or DEPENDS when it holds elsewhere in the range: never INCONCLUSIVE, unless it ran on substitute data
 *       (rule 7: there a cell against the paper is context and the label INCONCLUSIVE).</li>
 *   <li><b>A claim decides every cell its quote covers</b>; a cell is set aside only when the
 *       paper's own setting for it cannot be reproduced, and the evidence says why (not
 *       testable here: the claim's reading names the cells).</li>
 *   <li><b>Power counts every source of randomness.</b> A check that records
 *       {@link #RUN_SEEDS} = 1 (one training/walk run behind an empirical comparison) has power
 *       at most weak.</li>
 *   <li><b>The finding text follows the evidence.</b> A DEPENDS run records a cell for and one
 *       against; a VIOLATED run records one against; a finding that says "not separated"
 *       comes with a cell the run did not separate; every decimal the finding states is one of
 *       the run's numbers to its printed digits, and every range holds one ({@link #unproduced}).</li>
 *   <li><b>Substitute data is labelled.</b> A check that decides on data the paper did not use
 *       records {@link #SUBSTITUTE_DATA}; its power is at most weak and its claim's reading
 *       says so.</li>
 *   <li><b>Effect size next to every DEPENDS and VIOLATED.</b> Checked where a claim records
 *       {@link #EFFECT_SIZE} (the errata show it); see the README.</li>
 *   <li><b>Inside the paper's setting.</b> A VIOLATED verdict declares the parameters the paper states and the values the
 *       run used ({@link Evidence#stated}, or {@link Evidence#noStatedParameters} where the paper fixes none), and every
 *       one is as stated; a VIOLATED or DEPENDS verdict is never decided with a stated parameter used otherwise, nor on
 *       data other than the paper's ({@link Evidence#data}, {@link #SUBSTITUTE_DATA}): a sweep of what the paper leaves
 *       unstated maps a DEPENDS, a substitute data set is context.</li>
 *   <li><b>Every finding states its effect on the paper's conclusions</b> ({@link #EFFECT_ON_CONCLUSIONS}: none, minor or
 *       changes a conclusion), with a number of the run that justifies it; the report's summary shows it.</li>
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

    /**
     * Evidence key: the finding's effect on the paper's conclusions, {@code "none: …"}, {@code "minor: …"} or
     * {@code "changes a conclusion: …"}, the reason carrying a number of the run ({@link Effect#line}).
     */
    public static final String EFFECT_ON_CONCLUSIONS = "effect_on_conclusions";

    /** How much a finding changes what the paper concludes (rule 8). */
    public enum Effect {
        /** The finding leaves every conclusion of the paper as it is. */
        NONE("none"),
        /** A number or a constant moves, by an amount too small to change what the paper concludes from it. */
        MINOR("minor"),
        /** A conclusion the paper draws does not follow, or reverses. */
        CHANGES("changes a conclusion");

        private final String label;

        Effect(String label) {
            this.label = label;
        }

        /** Returns the label the report prints ("none", "minor", "changes a conclusion"). */
        public String label() {
            return label;
        }

        /**
         * Returns the evidence line {@code "<label>: because"}.
         *
         * @throws IllegalArgumentException when because is blank or states no number
         */
        public String line(String because) {
            if (because == null || because.isBlank() || !because.matches("(?s).*\\d.*")) {
                throw new IllegalArgumentException("an effect on the paper's conclusions needs the run's number that justifies it, got: " + because);
            }
            return label + ": " + because;
        }

        /** Returns the effect a line of {@link #EFFECT_ON_CONCLUSIONS} states, or null when it states none. */
        public static Effect of(Object line) {
            if (line == null) {
                return null;
            }
            String s = String.valueOf(line);
            for (Effect e : values()) {
                if (s.startsWith(e.label + ": ")) {
                    return e;
                }
            }
            return null;
        }
    }

    /** The evidence key an audit sets when its rungs (attack ≤ exact ≤ tightest ≤ paper) are out of order. */
    public static final String LADDER_BROKEN = "ladder_order_broken";

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
        // On substitute data a cell against the paper is context (rule 7): INCONCLUSIVE is then the label.
        boolean substitute = ev.values().containsKey(SUBSTITUTE_DATA) || (ev.dataset() != null && !ev.dataset().papers());
        if (v == Verdict.INCONCLUSIVE && anyAgainst && !anyFor && !substitute) {
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
        if (Boolean.TRUE.equals(ev.values().get(LADDER_BROKEN))) {
            out.add(c.id() + ": a privacy ladder out of order beyond its stated error (evidence key " + LADDER_BROKEN
                    + "): an accountant or the mechanism is wrong");
        }
        out.addAll(setting(c.id(), v, ev));
        if (c.erratum() != null) {
            Object effect = ev.values().get(EFFECT_ON_CONCLUSIONS);
            if (Effect.of(effect) == null || !String.valueOf(effect).matches("(?s).*\\d.*")) {
                out.add(c.id() + ": rule 8: a finding without its effect on the paper's conclusions (evidence key " + EFFECT_ON_CONCLUSIONS
                        + ": none, minor or changes a conclusion, with the run's number that justifies it), got " + effect);
            }
        }
        String finding = c.erratum() == null ? "" : c.erratum().toLowerCase(Locale.ROOT);
        if ((finding.contains("not separated") || finding.contains("not separable")) && !cells.isEmpty() && !anyOpen) {
            out.add(c.id() + ": rule 4: the finding says 'not separated' but every cell of this run is decided (" + cells + ")");
        }
        for (String number : unproduced(c.erratum() == null ? "" : c.erratum(), ev)) {
            out.add(c.id() + ": rule 4: the finding states " + number + ", which this run's evidence does not hold (to its printed digits)");
        }
        return out;
    }

    /**
     * Returns the rule-7 problems of verdict {@code v} on evidence {@code ev}: a VIOLATED verdict that does not declare the
     * paper's stated setting, or a VIOLATED or DEPENDS verdict decided with a stated parameter used otherwise or on data other
     * than the paper's.
     */
    static List<String> setting(String id, Verdict v, Evidence ev) {
        List<String> out = new ArrayList<>();
        if (v != Verdict.VIOLATED && v != Verdict.DEPENDS) {
            return out;
        }
        if (v == Verdict.VIOLATED && !ev.settingDeclared()) {
            out.add(id + ": rule 7: VIOLATED without the paper's stated parameters and the values used (Evidence.stated, or "
                    + "Evidence.noStatedParameters where the paper fixes none)");
        }
        for (Evidence.Stated st : ev.stated().values()) {
            if (!st.asStated()) {
                out.add(id + ": rule 7: " + v + " decided with " + st.parameter() + " = " + st.used() + " where the paper states "
                        + st.paper() + ": outside the paper's setting, the label is INCONCLUSIVE (or DEPENDS over what it leaves unstated)");
            }
        }
        Evidence.Dataset data = ev.dataset();
        if (data != null && !data.papers()) {
            out.add(id + ": rule 7: " + v + " decided on " + data.used() + " where the paper's figure is drawn on " + data.paper()
                    + ": a substitute is context, never the verdict");
        }
        if (ev.values().containsKey(SUBSTITUTE_DATA)) {
            out.add(id + ": rule 7: " + v + " decided on substitute data (" + SUBSTITUTE_DATA + "): a substitute is context, never the verdict");
        }
        return out;
    }

    /**
     * A decimal as a finding writes it: 0.11, −0.079 (hyphen or typographic minus), 3.1e5; not a place in a paper (§4.1,
     * Fig. 3.2, eq. (3.4), Lemma 4.2 and the like). Integers are not checked: they are counts and settings (n = 10,
     * d = 500, 200 runs) as often as results.
     */
    private static final Pattern DECIMAL = Pattern.compile("(?<![\\w.])(?<!§)(?<!§ )(?<!(?:Fig|Figs|Thm|Prop|Cor|Def|Alg|App|Sec|eq|eqs|Eq)\\. )"
            + "(?<!(?:Fig|Figs|Thm|Prop|Cor|Def|Alg|App|Sec|eq|eqs|Eq)\\. \\()(?<!(?:Theorem|Lemma|Proposition|Corollary|Appendix|Table|Assumption|Section) )"
            + "[-\u2212]?\\d+\\.\\d+(?:[eE][-+\u2212]?\\d+)?");

    /**
     * A range as a finding writes a spread over seeds or settings: 0.4-1.5, 0.006–0.17, 0.4-4 (no spaces); it agrees with
     * the run when one of the run's numbers lies in it.
     */
    private static final Pattern RANGE = Pattern.compile("(?<![\\w.])(\\d+\\.\\d+)[-\u2013](\\d+(?:\\.\\d+)?)(?![\\w.])");

    /** Any number in the evidence's text: the same forms, integers and exponents included. */
    private static final Pattern NUMBER = Pattern.compile("[-\u2212]?\\d+(?:\\.\\d+)?(?:[eE][-+\u2212]?\\d+)?");

    /**
     * Returns the decimals of {@code finding} that no number of the run's evidence (values, tables, notes, the power's
     * reason) equals to the finding's printed digits, directly or as a percentage: a number the run did not produce
     * (rule 4).
     */
    static List<String> unproduced(String finding, Evidence ev) {
        List<String> out = new ArrayList<>();
        Matcher m = DECIMAL.matcher(finding);
        if (!m.find()) {
            return out;
        }
        m.reset();
        List<Double> held = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, Object> e : ev.values().entrySet()) {
            text.append(e.getKey()).append(' ');
            collect(e.getValue(), held, text);
        }
        for (Table t : ev.tables()) {
            text.append(t.title()).append(' ');
            for (List<Object> row : t.rows()) {
                for (Object x : row) {
                    collect(x, held, text);
                }
            }
        }
        ev.notes().forEach(n -> text.append(n).append(' '));
        if (ev.power() != null) {
            text.append(ev.power().why());
        }
        Matcher t = NUMBER.matcher(text);
        while (t.find()) {
            held.add(parse(t.group()));
        }
        Matcher r = RANGE.matcher(finding);
        List<int[]> ranges = new ArrayList<>();
        while (r.find()) {
            ranges.add(new int[] {r.start(), r.end()});
            double lo = parse(r.group(1)) - tolerance(r.group(1));
            double hi = parse(r.group(2)) + tolerance(r.group(2));
            if (held.stream().noneMatch(y -> Math.abs(y) >= lo && Math.abs(y) <= hi)) {
                out.add(r.group());
            }
        }
        while (m.find()) {
            int at = m.start();
            if (ranges.stream().anyMatch(span -> at >= span[0] && at < span[1])) {
                continue;
            }
            String printed = m.group();
            double x = Math.abs(parse(printed));
            double tol = tolerance(printed);
            if (held.stream().noneMatch(y -> Math.abs(x - Math.abs(y)) <= tol || Math.abs(x - 100 * Math.abs(y)) <= tol)) {
                out.add(printed);
            }
        }
        return out;
    }

    /** Returns half a unit of the last printed digit of {@code printed} (with its exponent): what rounding allows. */
    private static double tolerance(String printed) {
        String[] parts = printed.replace('\u2212', '-').split("[eE]");
        int dot = parts[0].indexOf('.');
        int decimals = dot < 0 ? 0 : parts[0].length() - dot - 1;
        int exponent = parts.length > 1 ? Integer.parseInt(parts[1].replace("+", "")) : 0;
        return 0.5 * Math.pow(10, exponent - decimals) * (1 + 1e-9);
    }

    private static void collect(Object x, List<Double> held, StringBuilder text) {
        if (x instanceof Number n) {
            held.add(n.doubleValue());
        } else if (x instanceof double[] a) {
            for (double v : a) {
                held.add(v);
            }
        } else if (x != null) {
            text.append(x).append(' ');
        }
    }

    private static double parse(String s) {
        return Double.parseDouble(s.replace('\u2212', '-'));
    }
}
