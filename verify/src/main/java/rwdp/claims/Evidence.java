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
