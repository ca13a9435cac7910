package rwdp.claims;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a check found: named values (cases, worst ratio, counterexample, confidence interval),
 * tables, figures and free-text notes. Built by one check; insertion order is kept. A
 * counterexample goes under keys starting with {@code counterexample} ({@code counterexample}
 * for the case, {@code counterexample_bound}, {@code counterexample_value}, … for its numbers):
 * the errata page ({@code rwdp.report.Errata}) shows exactly those.
 */
public final class Evidence {
    /** A figure written by a check under the report's {@code figures/} folder. */
    public record Figure(String file, String caption) {}

    private final Map<String, Object> values = new LinkedHashMap<>();
    private final List<Table> tables = new ArrayList<>();
    private final List<Figure> figures = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    /** Value key under which {@link #cell} keeps the cells' one-line summary (claims.json, errata). */
    public static final String DECIDED_CELLS = "decided_cells";

    private final Map<String, Verdict> cells = new LinkedHashMap<>();
    private Power power;
    private double slack = Double.NaN;

    /**
     * Records one cell of the claim's quote (a figure, a swept value of a parameter the paper
     * leaves unstated, a case) and how the run decided it: {@link Verdict#HOLDS} for the paper,
     * {@link Verdict#VIOLATED} against it, {@link Verdict#INCONCLUSIVE} when the statistics do not
     * separate. The cells are what the labelling rules of the README ("Reading the report") read:
     * {@link Outcome#overCells} derives the verdict from them and {@link LabelRules} checks that an
     * INCONCLUSIVE verdict never hides a decided cell against the paper. Returns this evidence.
     *
     * @throws NullPointerException when decision is null
     * @throws IllegalArgumentException when decision is DEPENDS
     */
    public synchronized Evidence cell(String name, Verdict decision) {
        java.util.Objects.requireNonNull(decision, "decision");
        if (decision == Verdict.DEPENDS) {
            throw new IllegalArgumentException("a cell is decided for (HOLDS), against (VIOLATED) or not separated (INCONCLUSIVE), got DEPENDS");
        }
        cells.put(name, decision);
        values.put(DECIDED_CELLS, cellSummary());
        return this;
    }

    /** Returns the recorded cells in insertion order (empty when the check records none). */
    public synchronized Map<String, Verdict> cells() {
        return new LinkedHashMap<>(cells);
    }

    private String cellSummary() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Verdict> e : cells.entrySet()) {
            if (b.length() > 0) {
                b.append("; ");
            }
            String d = switch (e.getValue()) {
                case HOLDS -> "for the paper";
                case VIOLATED -> "against the paper";
                default -> "not separated";
            };
            b.append(e.getKey()).append(": ").append(d);
        }
        return b.toString();
    }

    /**
     * Records how able this check is to fail (required of every claim) and returns this
     * evidence; see {@link Power} for the levels.
     */
    public synchronized Evidence power(Power p) {
        this.power = java.util.Objects.requireNonNull(p, "power");
        return this;
    }

    /**
     * Records the slack of a bound comparison: the smallest bound/value ratio over the cases
     * (1 = tight; below 1 = the bound fails). Returns this evidence.
     *
     * @throws IllegalArgumentException when minBoundOverValue is NaN
     */
    public synchronized Evidence slack(double minBoundOverValue) {
        if (Double.isNaN(minBoundOverValue)) {
            throw new IllegalArgumentException("slack must be a number (bound/value), got NaN");
        }
        this.slack = minBoundOverValue;
        return this;
    }

    /**
     * Records a family of {@code size} simultaneous tests decided at family-wise confidence
     * {@code familyLevel} (Bonferroni: each test at 1 − (1 − familyLevel)/size); returns the
     * per-test confidence level to use.
     */
    public synchronized double family(int size, double familyLevel) {
        double each = Multiplicity.bonferroniLevel(familyLevel, size);
        values.put("family_size", size);
        values.put("family_level", familyLevel);
        values.put("per_test_level", each);
        return each;
    }

    /** Returns the recorded power, or null when the check did not record one. */
    public synchronized Power power() {
        return power;
    }

    /** Returns the recorded slack, or NaN when the check compared no bound. */
    public synchronized double slack() {
        return slack;
    }

    /** Records a named value and returns this evidence. */
    public synchronized Evidence put(String key, Object value) {
        values.put(key, value);
        return this;
    }

    /** Adds a table and returns it for filling. */
    public synchronized Table table(String title, String... columns) {
        Table t = Table.of(title, columns);
        tables.add(t);
        return t;
    }

    /** Records a figure file (relative to the figures folder) and its caption. */
    public synchronized Evidence figure(String file, String caption) {
        figures.add(new Figure(file, caption));
        return this;
    }

    /** Adds a free-text note. */
    public synchronized Evidence note(String text) {
        notes.add(text);
        return this;
    }

    /** Returns the named values in insertion order. */
    public synchronized Map<String, Object> values() {
        return new LinkedHashMap<>(values);
    }

    /** Returns the tables. */
    public synchronized List<Table> tables() {
        return List.copyOf(tables);
    }

    /** Returns the figures. */
    public synchronized List<Figure> figures() {
        return List.copyOf(figures);
    }

    /** Returns the notes. */
    public synchronized List<String> notes() {
        return List.copyOf(notes);
    }
}
