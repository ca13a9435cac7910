package rwdp.claims;

import java.util.Objects;

/**
 * A published work a claim cites, as a reader would look it up: authors, title, venue, year and
 * an identifier (arXiv or DOI). {@link #RWDP} stands for rwdp's own definitions.
 *
 * @param key     the claim-id prefix of the work ({@code ayache}, {@code cyffers}, …)
 * @param authors the authors, as printed
 * @param title   the title
 * @param venue   the venue (journal, conference or preprint server)
 * @param year    the year of the version the section numbers follow
 * @param id      {@code arXiv:…} and/or {@code doi:…}; empty for rwdp's own definitions
 */
public record Paper(String key, String authors, String title, String venue, int year, String id) {

    /** G. Ayache, S. El Rouayheb, arXiv:2009.01790 (v2, 2021). */
    public static final Paper AYACHE = new Paper("ayache", "G. Ayache, S. El Rouayheb",
            "Private Weighted Random Walk Stochastic Gradient Descent", "arXiv preprint (v2)", 2021,
            "arXiv:2009.01790");
    /** E. Cyffers, A. Bellet, J. Upadhyay, ICML 2024. */
    public static final Paper CYFFERS = new Paper("cyffers", "E. Cyffers, A. Bellet, J. Upadhyay",
            "Differentially Private Decentralized Learning with Random Walks", "ICML 2024 (PMLR 235)", 2024,
            "arXiv:2402.07471");
    /** C. Wang et al., IEEE Transactions on Mobile Computing 2025. */
    public static final Paper DFEDRW = new Paper("dfedrw",
            "C. Wang, Z. Wei, L. Liu, Q. Deng, Y. Wu, Y. Niu, Y. Pang, Z. Feng",
            "Decentralized Federated Averaging via Random Walk", "IEEE Transactions on Mobile Computing", 2025,
            "doi:10.1109/TMC.2025.3569423, arXiv:2508.21286");
    /** Y. Yakimenka et al., IEEE JSAIT 5:407–423, 2024. */
    public static final Paper YAKIMENKA = new Paper("yakimenka",
            "Y. Yakimenka, C.-W. Weng, H.-Y. Lin, E. Rosnes, J. Kliewer",
            "Straggler-Resilient Differentially Private Decentralized Learning",
            "IEEE Journal on Selected Areas in Information Theory 5:407–423", 2024,
            "doi:10.1109/JSAIT.2024.3400995, arXiv:2212.03080");
    /** D. A. Levin, Y. Peres, E. L. Wilmer, Markov Chains and Mixing Times (2nd ed., AMS 2017). */
    public static final Paper LEVIN_PERES = new Paper("core", "D. A. Levin, Y. Peres, E. L. Wilmer",
            "Markov Chains and Mixing Times", "American Mathematical Society, 2nd edition", 2017,
            "doi:10.1090/mbk/107");
    /** rwdp's own definitions (weights, generators, samplers) that no paper states. */
    public static final Paper RWDP = new Paper("core", "rwdp", "rwdp definition", "this repository", 2026, "");

    public Paper {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(authors, "authors");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(venue, "venue");
        Objects.requireNonNull(id, "id");
    }

    /** Returns the place {@code where} (section, equation, figure, page) in this work. */
    public Source at(String where) {
        return new Source(this, where);
    }

    /** Returns the one-line citation: authors, title, venue, year, identifier. */
    public String citation() {
        if (this == RWDP || "rwdp".equals(authors)) {
            return "rwdp definition";
        }
        return authors + ", \u201c" + title + "\u201d, " + venue + ", " + year + (id.isEmpty() ? "" : ", " + id);
    }

    /** Returns the paper whose claim-id prefix is {@code key}, or {@link #RWDP}. */
    public static Paper forKey(String key) {
        return switch (key) {
            case "ayache" -> AYACHE;
            case "cyffers" -> CYFFERS;
            case "dfedrw" -> DFEDRW;
            case "yakimenka" -> YAKIMENKA;
            default -> RWDP;
        };
    }
}
