package rwdp.claims;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a check found: named values (cases, worst ratio, counterexample, confidence interval),
 * tables, figures and free-text notes. Built by one check; insertion order is kept.
 */
public final class Evidence {
    /** A figure written by a check under the report's {@code figures/} folder. */
    public record Figure(String file, String caption) {}

    private final Map<String, Object> values = new LinkedHashMap<>();
    private final List<Table> tables = new ArrayList<>();
    private final List<Figure> figures = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private Power power;
    private double slack = Double.NaN;

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
