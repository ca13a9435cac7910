package rwdp.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.Verdict;

/**
 * The errata page of a report ({@code errata.md}): one entry per claim expected VIOLATED (an
 * erratum of the paper) or DEPENDS (a finding on a parameter the paper leaves unstated), each
 * with the paper's citation and place, its quote, what fails, the smallest counterexample, the
 * corrected statement with its claim id, and the command that reproduces it.
 *
 * <p><b>Counterexample convention.</b> A check that finds a counterexample records it in its
 * evidence under keys that begin with {@code counterexample}: the case itself under
 * {@code counterexample} (graph, parameters, one line a reader can re-enter), and its numbers
 * under {@code counterexample_<what>}, e.g. {@code counterexample_bound} and
 * {@code counterexample_value}. The page shows every such key, in insertion order; the older
 * spellings {@code smallest_counterexample} and {@code largest_counterexample} (any key that
 * contains {@code counterexample}) are shown too. A DEPENDS check records where the claim fails
 * the same way. The relative size of the effect (rule 6 of the README) goes under
 * {@code effect_size} and is shown as "Effect size"; the cells the run decided
 * ({@code Evidence.cell}) are shown as computed, so the entry's numbers are the run's own.
 */
public final class Errata {
    private Errata() {}

    /** Returns whether {@code r} belongs on the errata page (expected VIOLATED or DEPENDS). */
    static boolean listed(ClaimResult r) {
        Verdict e = r.claim().expected();
        return e == Verdict.VIOLATED || e == Verdict.DEPENDS;
    }

    /** Returns the evidence values that form the counterexample, by the convention above. */
    static Map<String, Object> counterexample(ClaimResult r) {
        Map<String, Object> out = new LinkedHashMap<>();
        r.outcome().evidence().values().forEach((k, v) -> {
            if (k.contains("counterexample")) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** Returns the command reproducing claim {@code id} in a run of {@code info}'s profile and seed. */
    static String command(String id, ReportWriter.RunInfo info) {
        return "./rwdp report --only " + id + " --profile " + info.profile() + " --seed " + info.seed();
    }

    /** Returns the errata page in Markdown for the results of one run. */
    public static String markdown(List<ClaimResult> results, ReportWriter.RunInfo info) {
        Map<String, ClaimResult> byId = new LinkedHashMap<>();
        results.forEach(r -> byId.put(r.claim().id(), r));
        List<ClaimResult> listed = new ArrayList<>();
        for (ClaimResult r : results) {
            if (listed(r)) {
                listed.add(r);
            }
        }
        long errata = listed.stream().filter(r -> r.claim().expected() == Verdict.VIOLATED).count();
        StringBuilder sb = new StringBuilder("# Errata and findings\n\n");
        sb.append("Profile `").append(info.profile()).append("`, seed ").append(info.seed()).append(". ")
                .append(errata).append(errata == 1 ? " erratum" : " errata").append(" (a statement the paper makes that fails inside its own setting) and ")
                .append(listed.size() - errata).append(listed.size() - errata == 1 ? " finding" : " findings")
                .append(" (a statement whose truth depends on a parameter the paper leaves unstated). ")
                .append("The full evidence of each is in [the report](index.html).\n");
        if (!listed.isEmpty()) {
            sb.append("\n| claim | kind | effect on the paper's conclusions | verdict in this run |\n|---|---|---|---|\n");
            for (ClaimResult r : listed) {
                sb.append("| `").append(r.claim().id()).append("` | ").append(r.claim().expected() == Verdict.VIOLATED ? "erratum" : "finding")
                        .append(" | ").append(Cells.effectCell(r)).append(" | ").append(r.outcome().verdict()).append(" |\n");
            }
        }
        if (listed.isEmpty()) {
            sb.append("\nNo claim of this run is expected to be violated or to depend on an unstated parameter.\n");
        }
        String paper = null;
        for (ClaimResult r : listed) {
            Claim c = r.claim();
            if (!c.paper().equals(paper)) {
                paper = c.paper();
                sb.append("\n## ").append(Cells.paperTitle(paper)).append("\n");
            }
            boolean violated = c.expected() == Verdict.VIOLATED;
            sb.append("\n### `").append(c.id()).append("` — ").append(violated ? "erratum" : "finding").append("\n\n");
            sb.append("- **Source:** ").append(c.source().citation()).append(".\n");
            if (c.quote() != null) {
                sb.append("- **The paper says:** “").append(oneLine(c.quote())).append("”\n");
            }
            sb.append("- **Checked statement:** ").append(oneLine(c.statement()))
                    .append(c.reading() == null ? "" : " (" + oneLine(c.reading()) + ")").append("\n");
            sb.append("- **").append(violated ? "What fails" : "Where it holds and where not").append(":** ")
                    .append(oneLine(c.erratum())).append("\n");
            Map<String, Object> ce = counterexample(r);
            if (ce.isEmpty()) {
                sb.append("- **Counterexample:** not recorded in the evidence (see the report).\n");
            } else {
                sb.append("- **").append(violated ? "Smallest counterexample" : "Where it fails").append(":**");
                ce.forEach((k, v) -> sb.append(ce.size() == 1 ? " " : "\n  - " + k + ": ").append(oneLine(Cells.fmt(v))));
                sb.append("\n");
            }
            Map<String, Object> vals = r.outcome().evidence().values();
            Object effect = vals.get(rwdp.claims.LabelRules.EFFECT_SIZE);
            sb.append("- **Effect size (this run):** ").append(effect == null ? "not recorded in the evidence (see the report)" : oneLine(Cells.fmt(effect))).append("\n");
            Object onConclusions = vals.get(rwdp.claims.LabelRules.EFFECT_ON_CONCLUSIONS);
            sb.append("- **Effect on the paper's conclusions (this run):** ")
                    .append(onConclusions == null ? "not recorded in the evidence (see the report)" : oneLine(String.valueOf(onConclusions))).append("\n");
            if (!r.outcome().evidence().cells().isEmpty()) {
                sb.append("- **Cells decided in this run:** ").append(oneLine(String.valueOf(vals.get(rwdp.claims.Evidence.DECIDED_CELLS)))).append("\n");
            }
            if (c.corrected() != null) {
                ClaimResult fix = byId.get(c.corrected());
                sb.append("- **Corrected statement** (`").append(c.corrected()).append("`")
                        .append(fix == null ? "" : ", " + fix.label() + " in this run").append("): ")
                        .append(fix == null ? "not run here; `" + command(c.corrected(), info) + "` checks it"
                                : oneLine(fix.claim().statement()))
                        .append("\n");
            }
            sb.append("- **Verdict in this run:** ").append(r.label())
                    .append(r.asExpected() ? " (as expected)" : " — differs from the expected " + c.expected()).append("\n");
            sb.append("- **Reproduce:** `").append(command(c.id(), info)).append("`; evidence: [report entry](index.html#")
                    .append(Cells.anchor(c.id())).append(")\n");
        }
        return sb.toString();
    }

    private static String oneLine(String s) {
        return s.replace("\r", " ").replace("\n", " ");
    }
}
