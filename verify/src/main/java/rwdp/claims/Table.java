package rwdp.claims;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** A small table of evidence: a title, column names and rows of values. */
public final class Table {
    private final String title;
    private final List<String> columns;
    private final List<List<Object>> rows = new ArrayList<>();

    private Table(String title, List<String> columns) {
        this.title = title;
        this.columns = List.copyOf(columns);
    }

    /** Returns an empty table with the given title and columns. */
    public static Table of(String title, String... columns) {
        return new Table(title, Arrays.asList(columns));
    }

    /**
     * Appends a row (one value per column) and returns this table.
     *
     * @throws IllegalArgumentException when values does not hold one value per column
     */
    public synchronized Table row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("table '" + title + "' has " + columns.size() + " columns, row has " + values.length);
        }
        List<Object> row = new ArrayList<>(values.length);
        for (Object v : values) {
            // A value (a graph spec) is shown by its text, never serialised field by field.
            row.add(v instanceof Record ? v.toString() : v);
        }
        rows.add(Collections.unmodifiableList(row));
        return this;
    }

    /** Returns the title. */
    public String title() {
        return title;
    }

    /** Returns the column names. */
    public List<String> columns() {
        return columns;
    }

    /** Returns the rows. */
    public synchronized List<List<Object>> rows() {
        return List.copyOf(rows);
    }
}
