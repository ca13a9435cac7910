package rwdp.claims.audit;

import java.util.ArrayList;
import java.util.List;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Table;
import rwdp.plot.Charts;

/**
 * The four rungs of one privacy guarantee, per setting: the attack's lower bound ≤ the exact
 * loss (where computable) ≤ the tightest valid upper bound ≤ the paper's bound. Each audit claim
 * records them in a table whose title starts with {@link #TITLE} and draws them in one figure;
 * the report gathers those tables into its privacy-audit section.
 */
public final class Rungs {
    /** The title prefix by which the report finds the rungs tables. */
    public static final String TITLE = "privacy rungs";

    private final String guarantee;
    private final String xLabel;
    private final Table table;
    private final List<double[]> points = new ArrayList<>();

    private Rungs(String guarantee, String xLabel, Table table) {
        this.guarantee = guarantee;
        this.xLabel = xLabel;
        this.table = table;
    }

    /**
     * Returns the rungs of {@code guarantee} recorded in {@code ev}; {@code exactLabel} and
     * {@code tightestLabel} say what the exact and the tightest rung are for this guarantee.
     */
    public static Rungs of(Evidence ev, String guarantee, String xLabel, String exactLabel, String tightestLabel) {
        Table t = ev.table(TITLE + SEPARATOR + guarantee, "setting", xLabel, "attack lower bound", exactLabel, tightestLabel,
                "paper's bound", "paper / lower bound", "paper / tightest");
        return new Rungs(guarantee, xLabel, t);
    }

    /** Returns the guarantee a rungs table (title starting with {@link #TITLE}) is about. */
    public static String guaranteeOf(Table t) {
        return t.title().substring(TITLE.length() + SEPARATOR.length());
    }

    private static final String SEPARATOR = ": ";

    /** Adds one setting: its label, the value on the figure's x axis and the four ε rungs (NaN: not computable). */
    public void row(String setting, double x, double lower, double exact, double tightest, double paper) {
        table.row(setting, x, lower, exact, tightest, paper, paper / lower, paper / tightest);
        points.add(new double[] {x, lower, exact, tightest, paper});
    }

    /** Returns the number of settings recorded so far. */
    public int size() {
        return points.size();
    }

    /** Draws the rungs against the x value of each setting, log scale, and records the figure in {@code ev}. */
    public void figure(CheckContext ctx, Evidence ev, String name) {
        points.sort((a, b) -> Double.compare(a[0], b[0]));
        String[] names = {"attack lower bound", "exact loss of the view", "tightest valid upper bound", "paper's bound"};
        Charts.Xy chart = Charts.xy(guarantee, xLabel, "ε").logY();
        for (int r = 1; r <= 4; r++) {
            List<double[]> finite = new ArrayList<>();
            for (double[] p : points) {
                if (Double.isFinite(p[r]) && p[r] > 0) {
                    finite.add(p);
                }
            }
            double[] x = new double[finite.size()];
            double[] y = new double[finite.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = finite.get(i)[0];
                y[i] = finite.get(i)[r];
            }
            if (x.length > 0) {
                chart.add(Charts.Series.markers(names[r - 1], x, y));
            }
        }
        chart.save(ctx.figure(name));
        ev.figure(ctx.figureFile(name), guarantee + ": the four rungs per setting (lower bound ≤ exact ≤ tightest ≤ paper's).");
    }
}
