package rwdp.cli.cyffers;

import rwdp.cli.common.Deltas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.cli.common.CommandDefaults;
import rwdp.check.InvalidArgumentException;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpClosedForms;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.cli.common.Outputs;

/** The single-pair commands of the Cyffers paper: ring, star and RDP conversion. */
final class SmallBoundCommands {
    private SmallBoundCommands() {}

    /** {@code rwdp bound pndp-ring}: Theorem 5 as printed and the general formula on the lazy ring. */
    @Command(name = "pndp-ring", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Single-contribution privacy loss from u to v on the ring (Cyffers et al., Theorem 5).",
                "Prints {as_printed, general, corrected}: as_printed = Theorem 5 (kappa = 1/3, a = (u + v - 2) mod n);",
                "general = alpha ln T/(sigma^2 n) + (alpha/sigma^2) L(W)_uv through the circulant spectrum",
                "lambda_k = kappa + (1 - kappa) cos(2 pi k/n); corrected = Theorem 5 with a = (u - v) mod n."})
    static final class Ring implements Callable<Integer> {
        @Option(names = "--n", required = true, paramLabel = "N", description = "Number of nodes (>= 3).")
        int n;
        @Option(names = "--u", required = true, paramLabel = "U", description = "Sender, 1-based as in the paper.")
        int u;
        @Option(names = "--v", required = true, paramLabel = "V", description = "Observer, 1-based as in the paper.")
        int v;
        @Mixin
        AccountingOptions accounting;
        @Option(names = "--kappa", paramLabel = "K", defaultValue = "0.3333333333333333",
                description = "Self-loop probability for 'general' (default: 1/3, equal probabilities).")
        double kappa;

        @Override
        public Integer call() {
            PndpParams p = accounting.params();
            if (n > PndpClosedForms.RING_MAX_N) {
                throw new InvalidArgumentException("--n " + n + " is above " + PndpClosedForms.RING_MAX_N + ": each value is a sum of n cosines and "
                        + "logarithms, minutes at this size; use `rwdp bound pndp --graph ring:N --weights lazy-ring(K) --source U` "
                        + "(sparse, O(n) per Chebyshev step) for large rings");
            }
            Map<String, Object> out = new LinkedHashMap<>();
            double asPrinted = PndpClosedForms.ringAsPrinted(n, u, v, p);
            double general = PndpClosedForms.ringGeneral(n, u, v, kappa, p);
            double corrected = PndpClosedForms.ringCorrected(n, u, v, p);
            out.put("as_printed", asPrinted);
            out.put("general", general);
            out.put("corrected", corrected);
            out.put("kappa", kappa);
            out.put("as_printed_kappa", 1.0 / 3);
            List<String> warnings = new ArrayList<>();
            if (p.admissibilityWarning() != null) {
                warnings.add(p.admissibilityWarning());
            }
            List<String> negative = new ArrayList<>();
            for (Map.Entry<String, Double> e : Map.of("as_printed", asPrinted, "general", general, "corrected", corrected).entrySet()) {
                if (e.getValue() < 0) {
                    negative.add(e.getKey());
                }
            }
            if (!negative.isEmpty()) {
                java.util.Collections.sort(negative);
                out.put("negative_pairs", 1);
                warnings.add(String.join(", ", negative) + " below 0: the ln T closed form undercounts the exact series "
                        + "(H_T > ln T) and drops its O(lambda^T) tail, so a loss near 0 can print negative; a privacy loss never is. "
                        + "Exact: rwdp bound pndp --graph ring:" + n + " --weights \"lazy-ring(" + kappa + ")\" --method series --source "
                        + (u - 1) + " (divide by T/n for one contribution)");
            }
            if (!warnings.isEmpty()) {
                out.put("warning", String.join("; ", warnings));
            }
            Outputs.printJson(out);
            return 0;
        }
    }

    /** {@code rwdp bound pndp-star}: Theorem 4 as printed and the exact series on the doubly stochastic star. */
    @Command(name = "pndp-star", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Single-contribution privacy loss from u to v on the star, centre = node 1 (Cyffers et al., Theorem 4).",
                "Prints {as_printed, general}: as_printed = Theorem 4; general = the exact series",
                "alpha/sigma^2 sum_{t<=T} (W^t)_uv/t on the doubly stochastic star (centre-leaf (1 - kappa)/(n - 1),",
                "centre self-loop kappa)."})
    static final class Star implements Callable<Integer>, CommandDefaults.Declared {
        /** The exact series needs a walk length; Theorem 4 itself has none. */
        private static final Map<String, String> STAR_DEFAULTS = Map.of("--T", "1000");

        @Option(names = "--n", required = true, paramLabel = "N", description = "Number of nodes (>= 3).")
        int n;
        @Option(names = "--u", required = true, paramLabel = "U", description = "Sender, 1-based (1 = centre).")
        int u;
        @Option(names = "--v", required = true, paramLabel = "V", description = "Observer, 1-based (1 = centre).")
        int v;
        @Mixin
        AccountingOptions accounting;
        @Option(names = "--kappa", required = true, paramLabel = "K", description = "Centre self-loop kappa in [0, 1).")
        double kappa;

        @Override
        public Map<String, String> optionDefaults() {
            return STAR_DEFAULTS;
        }

        @Override
        public Integer call() {
            PndpParams p = accounting.params();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("as_printed", PndpClosedForms.starAsPrinted(n, u, v, kappa, p));
            out.put("general", PndpClosedForms.starExactSeries(n, u, v, kappa, p));
            out.put("T", p.T());
            if (p.admissibilityWarning() != null) {
                out.put("warning", p.admissibilityWarning());
            }
            Outputs.printJson(out);
            return 0;
        }
    }

    /** {@code rwdp bound rdp-to-dp}: Mironov's and the improved conversion. */
    @Command(name = "rdp-to-dp", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Convert (alpha, eps_alpha)-RDP to (eps, delta)-DP. Prints {mironov, improved}:",
                "mironov = eps_alpha + ln(1/delta)/(alpha - 1) (Mironov 2017, as in Cyffers et al. Sec. 4.2);",
                "improved = eps_alpha + ln((alpha - 1)/alpha) - (ln delta + ln alpha)/(alpha - 1) (Balle et al. 2020)."})
    static final class RdpToDp implements Callable<Integer> {
        @Option(names = "--epsilon-rdp", required = true, paramLabel = "E", description = "Renyi DP level eps_alpha >= 0.")
        double eps;
        @Option(names = "--alpha", required = true, paramLabel = "A", description = "Renyi order alpha > 1.")
        double alpha;
        @Option(names = "--delta", required = true, paramLabel = "D", description = "delta in (0, 1).")
        double delta;

        @Override
        public Integer call() {
            if (!(eps >= 0) || Double.isInfinite(eps)) {
                throw new InvalidArgumentException("--epsilon-rdp must be >= 0 and finite, got " + eps);
            }
            Deltas.check("--delta", delta);
            Map<String, Object> out = new LinkedHashMap<>();
            double improved = RdpConversion.improved(eps, alpha, delta);
            double mironov = RdpConversion.mironov(eps, alpha, delta);
            if (!Double.isFinite(mironov) || !Double.isFinite(improved)) {
                throw new InvalidArgumentException("alpha = " + alpha + " is too close to 1: ln(1/delta)/(alpha - 1) overflows");
            }
            // A negative epsilon is no guarantee: (0, delta)-DP is the floor, as standard accountants clamp.
            out.put("mironov", Math.max(0, mironov));
            // Floors of dp_accounting: 0 also when delta^2 + expm1(-eps_alpha) > 0 (delta covers the total variation).
            out.put("improved", RdpConversion.refined(eps, alpha, delta));
            if (improved < 0) {
                out.put("improved_unclamped", improved);
            }
            Outputs.printJson(out);
            return 0;
        }
    }
}
