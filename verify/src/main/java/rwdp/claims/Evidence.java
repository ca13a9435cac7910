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

    /** Value key under which {@link #stated} keeps the paper-stated parameters and the values used (claims.json, errata). */
    public static final String STATED_PARAMETERS = "stated_parameters";
    /** Value key under which {@link #data} keeps the paper's data set and the one the run used. */
    public static final String DATA = "data";

    /**
     * A parameter the paper states and the value this run used; rule 7 of {@link LabelRules} reads them.
     *
     * @param parameter the parameter's name as the paper writes it (N, p, K, …)
     * @param paper     the value the paper states
     * @param used      the value the run used
     */
    public record Stated(String parameter, String paper, String used) {
        /**
         * Checks the parameter.
         *
         * @throws IllegalArgumentException when a field is blank
         */
        public Stated {
            if (parameter == null || parameter.isBlank() || paper == null || paper.isBlank() || used == null || used.isBlank()) {
                throw new IllegalArgumentException("a stated parameter needs a name, the paper's value and the value used");
            }
        }

        /** Returns whether the run used the paper's value (numbers compared as numbers, 100 = 100.0). */
        public boolean asStated() {
            try {
                return Double.parseDouble(paper) == Double.parseDouble(used);
            } catch (NumberFormatException e) {
                return paper.equals(used);
            }
        }
    }

    /**
     * The data set the paper's figure was drawn on and the one the run used: the same when the run used the paper's data or
     * its packaged copy (Fashion-MNIST from {@code dataset-fashion-mnist} is the paper's data).
     *
     * @param paper the paper's data set
     * @param used  the run's data set
     */
    public record Dataset(String paper, String used) {
        /**
         * Checks the names.
         *
         * @throws IllegalArgumentException when a name is blank
         */
        public Dataset {
            if (paper == null || paper.isBlank() || used == null || used.isBlank()) {
                throw new IllegalArgumentException("a data set record needs the paper's data set and the one used");
            }
        }

        /** Returns whether the run used the paper's own data set. */
        public boolean papers() {
            return paper.equals(used);
        }
    }

    private final Map<String, Stated> stated = new LinkedHashMap<>();
    private String noStatedParameters;
    private Dataset dataset;

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

    /**
     * Records a parameter the paper states ({@code paperValue}) and the value this run used ({@code usedValue}); rule 7 of
     * {@link LabelRules} rejects a VIOLATED or DEPENDS verdict with one used otherwise. Returns this evidence.
     *
     * @throws IllegalArgumentException when a name or value is blank
     */
    public synchronized Evidence stated(String parameter, Object paperValue, Object usedValue) {
        Stated st = new Stated(parameter, plain(paperValue), plain(usedValue));
        stated.put(parameter, st);
        StringBuilder b = new StringBuilder();
        for (Stated x : stated.values()) {
            if (b.length() > 0) {
                b.append("; ");
            }
            b.append(x.parameter()).append(": paper ").append(x.paper()).append(", run ").append(x.used())
                    .append(x.asStated() ? "" : " (not as stated)");
        }
        values.put(STATED_PARAMETERS, b.toString());
        return this;
    }

    /**
     * Records that the paper fixes no parameter of this claim's setting ({@code why}: e.g. a closed form checked over its own
     * domain), so a VIOLATED verdict has nothing to hold as stated (rule 7 of {@link LabelRules}). Returns this evidence.
     *
     * @throws IllegalArgumentException when why is blank
     */
    public synchronized Evidence noStatedParameters(String why) {
        if (why == null || why.isBlank()) {
            throw new IllegalArgumentException("say why the paper states no parameter of this setting");
        }
        noStatedParameters = why;
        values.put(STATED_PARAMETERS, "none: " + why);
        return this;
    }

    /**
     * Records the paper's data set and the one this run used (rule 7 of {@link LabelRules}: a verdict about the paper's data
     * is decided on the paper's data only). Returns this evidence.
     *
     * @throws IllegalArgumentException when a name is blank
     */
    public synchronized Evidence data(String paper, String used) {
        dataset = new Dataset(paper, used);
        values.put(DATA, "paper: " + paper + "; run: " + used + (dataset.papers() ? "" : " (a substitute)"));
        return this;
    }

    /**
     * Records the finding's effect on the paper's conclusions (rule 8 of {@link LabelRules}) with the run's number that
     * justifies it; returns this evidence.
     *
     * @throws IllegalArgumentException when because is blank or states no number
     */
    public synchronized Evidence effect(LabelRules.Effect level, String because) {
        values.put(LabelRules.EFFECT_ON_CONCLUSIONS, level.line(because));
        return this;
    }

    /** Returns the recorded paper-stated parameters by name (empty when none was recorded). */
    public synchronized Map<String, Stated> stated() {
        return new LinkedHashMap<>(stated);
    }

    /** Returns whether the check declared its setting: stated parameters or that the paper states none. */
    public synchronized boolean settingDeclared() {
        return !stated.isEmpty() || noStatedParameters != null;
    }

    /** Returns the recorded data sets, or null when the check recorded none. */
    public synchronized Dataset dataset() {
        return dataset;
    }

    private static String plain(Object x) {
        if (x instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(x);
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
