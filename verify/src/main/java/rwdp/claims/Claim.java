package rwdp.claims;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One checkable statement of a paper.
 *
 * @param id        {@code <paper>.<item>}, e.g. {@code ayache.lemma3}
 * @param seed      the seed file the statement comes from (or {@code spec} for rwdp's own checks)
 * @param section   the section, theorem or equation in that file
 * @param statement the statement in one line
 * @param expected  the verdict we expect; VIOLATED only with an erratum
 * @param erratum   for an expected VIOLATED: what is wrong and the id of the corrected claim
 * @param check     the test
 */
public record Claim(String id, String seed, String section, String statement, Verdict expected,
                    String erratum, Check check) {

    private static final Pattern ID = Pattern.compile("[a-z0-9]+(\\.[a-z0-9][a-z0-9-]*)+");

    public Claim {
        Objects.requireNonNull(check, "check");
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("claim id must look like paper.item (lower case), got " + id);
        }
        if (statement == null || statement.isBlank() || statement.contains("\n")) {
            throw new IllegalArgumentException("claim " + id + " needs a one-line statement");
        }
        Objects.requireNonNull(expected, "expected");
        if (expected == Verdict.VIOLATED && (erratum == null || erratum.isBlank())) {
            throw new IllegalArgumentException("claim " + id + " expects VIOLATED, so it needs an erratum note");
        }
    }

    /** Returns a claim expected to hold. */
    public static Claim holds(String id, String seed, String section, String statement, Check check) {
        return new Claim(id, seed, section, statement, Verdict.HOLDS, null, check);
    }

    /** Returns a claim expected to be violated, with its erratum. */
    public static Claim violated(String id, String seed, String section, String statement, String erratum, Check check) {
        return new Claim(id, seed, section, statement, Verdict.VIOLATED, erratum, check);
    }

    /** Returns the paper prefix of the id. */
    public String paper() {
        return id.substring(0, id.indexOf('.'));
    }
}
