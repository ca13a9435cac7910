package rwdp.claims;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One checkable statement of a paper (the claims model in the README, "Reading the report").
 *
 * <p>A claim carries the paper's own words ({@code quote}, verbatim; where the text extraction
 * lost symbols the repair is marked with square brackets and "[repaired]"), the exact place
 * ({@code source}), our precise reading of the quote ({@code statement}) and, where that reading
 * says more than the quote's words, what we read into it ({@code reading}). Registration reads:
 *
 * <pre>{@code
 * Claim.holds("cyffers.thm3", Paper.CYFFERS.at("§4.2, Theorem 3, eq. (8)"),
 *         "For every pair u ≠ v, ε_{u→v} ≤ …", PndpClaims::theorem3)
 *      .quote("the privacy loss from u to v is bounded by …")
 *      .reading("we read 'for all T' as every T ≥ 1 the figure shows");
 * }</pre>
 *
 * A check reports its power and, for bounds, its slack through {@link Evidence#power} and
 * {@link Evidence#slack}.
 *
 * @param id        {@code <paper>.<item>}, e.g. {@code ayache.lemma3}
 * @param source    the cited work and the place in it
 * @param quote     a short verbatim quote of what the paper states (null only for claims not yet quoted)
 * @param statement our precise statement of it, in one line
 * @param reading   what our statement reads into the quote beyond its words, or null
 * @param expected  the verdict we expect; VIOLATED and DEPENDS only with a finding
 * @param erratum   for an expected VIOLATED: what is wrong; for DEPENDS: where it holds and where not
 * @param corrected for an expected VIOLATED: the id of the claim holding the corrected statement, or null
 * @param check     the test
 */
public record Claim(String id, Source source, String quote, String statement, String reading, Verdict expected,
                    String erratum, String corrected, Check check) {

    private static final Pattern ID = Pattern.compile("[a-z0-9]+(\\.[a-z0-9][a-z0-9-]*)+");

    /**
     * Checks the claim.
     *
     * @throws NullPointerException when check, source or expected is null
     * @throws IllegalArgumentException when id or corrected (if given) is not an id like paper.item, statement is
     *     blank or not one line, or expected is VIOLATED or DEPENDS without an erratum
     */
    public Claim {
        Objects.requireNonNull(check, "check");
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("claim id must look like paper.item (lower case), got " + id);
        }
        Objects.requireNonNull(source, "source");
        if (statement == null || statement.isBlank() || statement.contains("\n")) {
            throw new IllegalArgumentException("claim " + id + " needs a one-line statement");
        }
        Objects.requireNonNull(expected, "expected");
        if ((expected == Verdict.VIOLATED || expected == Verdict.DEPENDS) && (erratum == null || erratum.isBlank())) {
            throw new IllegalArgumentException("claim " + id + " expects " + expected + ", so it needs a finding (erratum)");
        }
        if (corrected != null && !ID.matcher(corrected).matches()) {
            throw new IllegalArgumentException("claim " + id + ": corrected claim id '" + corrected + "' is not an id");
        }
    }

    /** Returns a claim expected to hold. */
    public static Claim holds(String id, Source source, String statement, Check check) {
        return new Claim(id, source, null, statement, null, Verdict.HOLDS, null, null, check);
    }

    /**
     * Returns a claim expected to be violated: {@code erratum} says what fails inside the paper's
     * setting, and {@code corrected} names the claim holding the corrected statement.
     */
    public static Claim violated(String id, Source source, String statement, String erratum, String corrected,
                                 Check check) {
        return new Claim(id, source, null, statement, null, Verdict.VIOLATED, erratum, corrected, check);
    }

    /**
     * Returns a claim expected to depend on a parameter the paper leaves unstated: {@code finding}
     * says where in the plausible range it holds and where it fails.
     */
    public static Claim depends(String id, Source source, String statement, String finding, Check check) {
        return new Claim(id, source, null, statement, null, Verdict.DEPENDS, finding, null, check);
    }

    /** Returns a claim expected to be INCONCLUSIVE, with the reason in {@code why}. */
    public static Claim inconclusive(String id, Source source, String statement, String why, Check check) {
        return new Claim(id, source, null, statement, null, Verdict.INCONCLUSIVE, why, null, check);
    }

    /** Returns this claim with the paper's verbatim words. */
    public Claim quote(String text) {
        return new Claim(id, source, text, statement, reading, expected, erratum, corrected, check);
    }

    /** Returns this claim with what our statement reads into the quote beyond its words. */
    public Claim reading(String text) {
        return new Claim(id, source, quote, statement, text, expected, erratum, corrected, check);
    }

    /**
     * Returns this claim whose check also records the finding's effect on the paper's conclusions (rule 8 of
     * {@link LabelRules}): {@code level}, with the reason {@code because} writes from the run's evidence (it must carry the
     * run's number that justifies the level). A check that records its own effect keeps it; a run whose data is missing
     * records none.
     *
     * @throws NullPointerException when level or because is null
     */
    public Claim effect(LabelRules.Effect level, java.util.function.Function<Evidence, String> because) {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(because, "because");
        Check inner = check;
        Check withEffect = ctx -> {
            Outcome o = inner.run(ctx);
            Evidence ev = o.evidence();
            java.util.Map<String, Object> v = ev.values();
            if (!v.containsKey(ClaimResult.MISSING_PACKAGE) && !v.containsKey(LabelRules.EFFECT_ON_CONCLUSIONS)) {
                ev.effect(level, because.apply(ev));
            }
            return o;
        };
        return new Claim(id, source, quote, statement, reading, expected, erratum, corrected, withEffect);
    }

    /** Returns the paper prefix of the id. */
    public String paper() {
        return id.substring(0, id.indexOf('.'));
    }
}
