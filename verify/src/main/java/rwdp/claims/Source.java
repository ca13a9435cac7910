package rwdp.claims;

import java.util.Objects;

/**
 * Where a claim comes from: the cited work and the exact place in it.
 *
 * @param paper the work
 * @param where section, equation, figure and/or page, e.g. {@code "§4.1, eq. (16)"}
 */
public record Source(Paper paper, String where) {
    /**
     * Checks the source.
     *
     * @throws NullPointerException when paper is null
     * @throws IllegalArgumentException when where is null or blank
     */
    public Source {
        Objects.requireNonNull(paper, "paper");
        if (where == null || where.isBlank()) {
            throw new IllegalArgumentException("a source needs a place (section, equation, figure)");
        }
    }

    /** Returns the citation followed by the place. */
    public String citation() {
        return paper.citation() + ", " + where;
    }
}
