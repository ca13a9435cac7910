package rwdp.report;

import java.util.List;
import java.util.Locale;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.Paper;
import rwdp.claims.Power;
import rwdp.claims.Verdict;

/**
 * What the Markdown, HTML and errata pages show alike: evidence values, the power and slack
 * columns, the verdict count, anchors and the papers' headings, so the pages never disagree.
 */
final class Cells {
    private Cells() {}

    /** Returns the power column of a claim: its level, or a dash when the check gave none. */
    static String powerCell(ClaimResult r) {
        Power p = r.outcome().evidence().power();
        return p == null ? "—" : p.levelName();
    }

    /**
     * Returns the effect column of a claim: the level of its finding's effect on the paper's conclusions (none, minor, changes
     * a conclusion; rule 8 of the labelling rules), or a dash for a claim without a finding.
     */
    static String effectCell(ClaimResult r) {
        rwdp.claims.LabelRules.Effect e = rwdp.claims.LabelRules.Effect.of(
                r.outcome().evidence().values().get(rwdp.claims.LabelRules.EFFECT_ON_CONCLUSIONS));
        return e == null ? "—" : e.label();
    }

    /** Returns the slack column of a claim: its slack formatted, or a dash when the check gave none. */
    static String slackCell(ClaimResult r) {
        double s = r.outcome().evidence().slack();
        return Double.isNaN(s) ? "—" : fmt(s);
    }

    /** Returns an evidence value as every format shows it: six significant digits, arrays and lists in brackets. */
    static String fmt(Object v) {
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return String.valueOf(d);
            }
            double a = Math.abs(d);
            if (a != 0 && (a < 1e-3 || a >= 1e6)) {
                return String.format(Locale.ROOT, "%.6g", d);
            }
            return String.format(Locale.ROOT, "%.6g", d).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
        }
        if (v instanceof Float f) {
            return fmt(f.doubleValue());
        }
        if (v instanceof double[] arr) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < arr.length; i++) {
                sb.append(i > 0 ? ", " : "").append(fmt(arr[i]));
            }
            return sb.append(']').toString();
        }
        if (v instanceof int[] arr) {
            return java.util.Arrays.toString(arr);
        }
        if (v instanceof long[] arr) {
            return java.util.Arrays.toString(arr);
        }
        if (v instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                sb.append(i > 0 ? ", " : "").append(fmt(list.get(i)));
            }
            return sb.append(']').toString();
        }
        return String.valueOf(v);
    }

    /** Returns the one-line count of verdicts at the top of the Markdown and HTML reports. */
    static String summaryLine(List<ClaimResult> results) {
        long errors = results.stream().filter(ClaimResult::internalError).count();
        long holds = results.stream().filter(r -> !r.internalError() && r.outcome().verdict() == Verdict.HOLDS).count();
        long violated = results.stream().filter(r -> !r.internalError() && r.outcome().verdict() == Verdict.VIOLATED).count();
        long depends = results.stream().filter(r -> !r.internalError() && r.outcome().verdict() == Verdict.DEPENDS).count();
        long inconclusive = results.size() - holds - violated - depends - errors;
        long unexpected = results.stream().filter(r -> !r.asExpected()).count();
        long notRun = results.stream().filter(ClaimResult::notRun).count();
        return (errors == 0 ? "" : errors + " INTERNAL ERROR" + (errors == 1 ? "" : "S") + " (a check threw: a defect of rwdp, no verdict; "
                + "see the top of the report); ") + results.size() + " claims: " + holds + " HOLDS, " + violated + " VIOLATED, "
                + depends + " DEPENDS, " + inconclusive + " INCONCLUSIVE; " + (notRun == 0 ? "" : notRun + " not run (data package missing, see docs); ")
                + (unexpected == 0 ? "every verdict as expected" : unexpected + " NOT as expected");
    }

    /** Returns the label of a claim's erratum text: Erratum (expected VIOLATED), Finding (DEPENDS) or Note. */
    static String findingLabel(Claim c) {
        return switch (c.expected()) {
            case VIOLATED -> "Erratum";
            case DEPENDS -> "Finding";
            default -> "Note";
        };
    }

    /** Returns the anchor of claim {@code id} in the Markdown and HTML reports (dots become dashes). */
    static String anchor(String id) {
        return id.replace('.', '-');
    }

    /** Returns the heading of a paper's section from its key. */
    static String paperTitle(String paper) {
        return switch (paper) {
            case "core" -> "Foundations (graphs, transition matrices, sampling)";
            default -> {
                Paper p = Paper.forKey(paper);
                yield p == Paper.RWDP ? paper : p.authors() + " — " + p.title() + " (" + p.venue() + ", " + p.year() + ")";
            }
        };
    }
}
