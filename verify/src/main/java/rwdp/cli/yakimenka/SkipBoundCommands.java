package rwdp.cli.yakimenka;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.bounds.privacy.GaussianMechanismCalibration;
import rwdp.check.Checks;
import rwdp.bounds.skipping.SkipCountMixture;
import rwdp.bounds.skipping.SkipErrorBound;
import rwdp.bounds.skipping.SkipLatency;
import rwdp.bounds.skipping.SkipPrivacy;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;
import rwdp.latency.LatencyModel;
import rwdp.latency.LatencyModels;

/** The {@code rwdp bound skip-*} commands of Yakimenka et al. (IEEE JSAIT 2024, arXiv:2212.03080): Lemmas 1-2, Theorems 1-3. */
final class SkipBoundCommands {
    private SkipBoundCommands() {}


    /** Returns σ/k for (ε, δ) under {@code calibration}: footnote 4's classical form, or Balle and Wang's analytic one (sensitivity 2k). */
    static double sigmaOverK(String calibration, double epsilon, double delta) {
        return switch (calibration) {
            case "classical" -> GaussianMechanismCalibration.classicalSigma(2, epsilon, delta);
            case "analytic" -> GaussianMechanismCalibration.analyticSigma(2, epsilon, delta);
            default -> throw new UserException("unknown --calibration '" + calibration + "'; expected analytic or classical");
        };
    }

    /**
     * Returns the warning for the classical calibration outside its theorem's range ε &lt; 1, or
     * null: whether σ is still (ε, δ)-DP per update comes from the exact δ(ε) (Balle and Wang 2018, Thm. 8).
     */
    static String classicalWarning(String calibration, double epsilon, double delta) {
        if (!calibration.equals("classical") || epsilon < 1) {
            return null;
        }
        double sigma = GaussianMechanismCalibration.classicalSigma(2, epsilon, delta);
        double exact = GaussianMechanismCalibration.exactDelta(2, sigma, epsilon);
        String head = String.format(java.util.Locale.ROOT, "epsilon = %s is outside the classical Gaussian mechanism's "
                + "theorem (epsilon < 1); the exact delta of this sigma at epsilon is %.4g, so ", epsilon, exact);
        return head + (exact <= delta
                ? "each update is still (epsilon, delta)-DP, but --calibration analytic gives the smallest sigma that is"
                : "each update is NOT (epsilon, delta)-DP (the NDP level below still follows from sigma); use --calibration analytic");
    }

    /** Refuses an unknown {@code --accounting}, and the GDP composition on the random ring (no exact curve exists there). */
    static void checkAccounting(String accounting, boolean rand) {
        switch (accounting) {
            case "rdp", "rdp-improved", "mixture" -> { }
            case "gdp" -> {
                if (rand) {
                    throw new UserException("--accounting gdp applies to --scheme ring only: Theorem 3's Renyi bound "
                            + "comes from the random ring's mixture of paths and holds for alpha <= alpha_max only, so it "
                            + "is not a composition of Gaussian mechanisms with an exact curve; use --accounting mixture or rdp-improved");
                }
            }
            case "exact" -> throw new UserException("--accounting exact is now called gdp: it composes h~ updates exactly, but h~ "
                    + "is only a high-probability bound on the count, so the level is not exact; --accounting mixture is the exact "
                    + "level given the skip pattern");
            default -> throw new UserException("unknown --accounting '" + accounting + "'; expected rdp, rdp-improved, gdp or mixture");
        }
    }

    static double timeout(String text) {
        String s = text.strip().toLowerCase(java.util.Locale.ROOT);
        if (s.equals("inf") || s.equals("infinity") || s.equals("+inf")) {
            return Double.POSITIVE_INFINITY;
        }
        try {
            double t = Double.parseDouble(s);
            if (!(t > 0)) {
                throw new UserException("--t-skip must be > 0 or inf, got " + text);
            }
            return t;
        } catch (NumberFormatException e) {
            throw new UserException("--t-skip must be a number > 0 or inf, got '" + text + "'");
        }
    }

    /** {@code rwdp bound skip-epsilon}: Theorem 2 (ring) or Theorem 3 (rand-ring). */
    @Command(name = "skip-epsilon", mixinStandardHelpOptions = true,
            description = {"NDP level eps_skip of the skipping scheme (Yakimenka et al., Theorem 2 for ring, Theorem 3 for",
                "rand-ring), for (eps_skip, delta + delta')-NDP with the Gaussian noise sigma = k sqrt(8 ln(1.25/delta))/eps.",
                "Prints {\"epsilon_skip\", \"htilde\", \"a\", \"alpha\"} (a and alpha for rand-ring only), then",
                "\"sigma_over_k\", \"calibration\", \"accounting\"; with any --accounting but rdp also",
                "\"epsilon_skip_rdp\" (the paper's value) and \"ratio_to_rdp\" (gdp also \"mu\" and \"updates_composed\";",
                "mixture also \"rounds\" and \"chernoff_tail\" = P(count > h~), the chance the Chernoff step's h~ is exceeded)."})
    static final class Epsilon implements Callable<Integer> {
        @Mixin
        SkipSchemeOptions skip;
        @Option(names = "--epsilon", defaultValue = "1", description = "Per-update epsilon of the noise calibration (default: ${DEFAULT-VALUE}).")
        double epsilon;
        @Option(names = "--delta", defaultValue = "1e-6", description = "delta in (0, 1) (default: ${DEFAULT-VALUE}).")
        double delta;
        @Option(names = "--delta-prime", defaultValue = "1e-6", description = "delta' in (0, 1] of the Chernoff step (default: ${DEFAULT-VALUE}).")
        double deltaPrime;
        @Option(names = "--calibration", defaultValue = "classical", paramLabel = "classical|analytic",
                description = {"Noise for (epsilon, delta): classical = the paper's sqrt(8 ln(1.25/delta))/epsilon (a theorem for",
                    "epsilon < 1 only); analytic = the smallest sigma (Balle and Wang, ICML 2018) (default: ${DEFAULT-VALUE})."})
        String calibration;
        @Option(names = "--accounting", defaultValue = "rdp", paramLabel = "rdp|rdp-improved|gdp|mixture",
                description = "How the noisy updates are composed into (eps_skip, delta + delta'): rdp = the paper's Renyi "
                    + "composition of h~ updates and Mironov conversion; rdp-improved = the same Renyi curve with the improved "
                    + "conversion (Balle et al. 2020), both schemes; gdp = ring only: min(h~, h_max/n) Gaussian updates composed "
                    + "exactly, mu = 2 sqrt(h~)/(sigma/k) (Dong, Roth and Su 2022), still with the Chernoff step's delta'; "
                    + "mixture = both schemes: the node's update count is Binomial(h_max/n, 1 - p), independent of the data, so "
                    + "delta(eps) = sum_j P(count = j) delta_{2 sqrt(j)/(sigma/k)}(eps) exactly given the skip pattern, at "
                    + "delta + delta' with no Chernoff step: the tightest valid level here (default: ${DEFAULT-VALUE}).")
        String accounting;

        @Override
        public Integer call() {
            boolean rand = skip.randomized();
            checkAccounting(accounting, rand);
            Checks.checkAtLeast(skip.n, 2, "--n");
            if (rand) {
                // Theorem 3's a costs about n²/2 + n·h̃ terms (SkipPrivacy.randRingA): refuse what takes more than minutes.
                long ht = SkipPrivacy.htilde(skip.hmax, skip.n, skip.p, deltaPrime);
                double work = 0.5 * skip.n * (double) skip.n + (double) skip.n * ht;
                if (work > 2e10) {
                    throw new UserException(String.format(java.util.Locale.ROOT, "--scheme rand-ring with --n %d and h~ = %d"
                            + " needs about %.2g terms (n^2/2 + n h~), more than 2e10 (minutes); use a smaller --n or --hmax", skip.n, ht, work));
                }
            }
            double s = sigmaOverK(calibration, epsilon, delta);
            SkipPrivacy.Epsilon e;
            if (calibration.equals("classical")) {
                e = rand ? SkipPrivacy.randRing(skip.n, skip.hmax, skip.p, epsilon, delta, deltaPrime)
                        : SkipPrivacy.ring(skip.n, skip.hmax, skip.p, epsilon, delta, deltaPrime);
            } else if (rand) {
                e = SkipPrivacy.randRingForSigma(skip.n, skip.hmax, skip.p, s, delta, deltaPrime);
            } else {
                long ht = SkipPrivacy.htilde(skip.hmax, skip.n, skip.p, deltaPrime);
                e = new SkipPrivacy.Epsilon(SkipPrivacy.ringEpsilonForSigma(s, delta, ht), ht, Double.NaN, Double.NaN);
            }
            double rdp = e.epsilonSkip();
            Double mu = null;
            Long composed = null;
            Double chernoffTail = null;
            long rounds = skip.hmax / skip.n;
            if (accounting.equals("gdp")) {
                // The node updates at most once per round: composing more than h_max/n updates is never needed.
                composed = Math.min(e.htilde(), rounds);
                e = new SkipPrivacy.Epsilon(SkipPrivacy.ringExactEpsilonForSigma(s, delta, composed), e.htilde(), e.a(), e.alpha());
                mu = 2 * Math.sqrt((double) composed) / s;
            } else if (accounting.equals("mixture")) {
                // No Chernoff step: the whole δ + δ' of the theorems goes to the mixture.
                double total = delta + deltaPrime;
                double level = total >= 1 ? 0 : SkipCountMixture.of(rounds, skip.p, s).epsilon(total);
                if (!Double.isFinite(level)) {
                    throw new UserException("the mixture's eps_skip exceeds 1e4: no privacy to account; use a smaller --epsilon (more noise) or fewer rounds");
                }
                e = new SkipPrivacy.Epsilon(level, e.htilde(), e.a(), e.alpha());
                chernoffTail = SkipCountMixture.tailAbove(rounds, skip.p, e.htilde());
            } else if (accounting.equals("rdp-improved")) {
                e = rand ? SkipPrivacy.randRingImprovedForSigma(skip.n, skip.hmax, skip.p, s, delta, deltaPrime)
                        : new SkipPrivacy.Epsilon(SkipPrivacy.ringImprovedForSigma(s, delta, e.htilde()).epsilon(), e.htilde(),
                                Double.NaN, Double.NaN);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("epsilon_skip", e.epsilonSkip());
            out.put("htilde", e.htilde());
            if (rand) {
                out.put("a", e.a());
                out.put("alpha", e.alpha());
            }
            out.put("sigma_over_k", s);
            out.put("calibration", calibration);
            out.put("accounting", accounting);
            if (!accounting.equals("rdp")) {
                out.put("epsilon_skip_rdp", rdp);
                out.put("ratio_to_rdp", e.epsilonSkip() / rdp);
            }
            if (mu != null) {
                out.put("mu", mu);
                out.put("updates_composed", composed);
            }
            if (chernoffTail != null) {
                out.put("rounds", rounds);
                out.put("chernoff_tail", chernoffTail);
            }
            String warning = classicalWarning(calibration, epsilon, delta);
            if (warning != null) {
                out.put("warning", warning);
            }
            Outputs.printJson(out);
            return 0;
        }
    }

    /** {@code rwdp bound skip-timeout}: Lemma 2's optimal timeout. */
    @Command(name = "skip-timeout", mixinStandardHelpOptions = true,
            description = {"The timeout t_skip minimising the mean time between token updates (Yakimenka et al., Lemma 2).",
                "Prints {\"t_skip\", \"p\", \"mean_time_between_updates\", \"never_skip\"}; t_skip is \"inf\" and never_skip true",
                "when the optimum is t_skip = infinity (wait for every node)."})
    static final class Timeout implements Callable<Integer> {
        @Option(names = "--latency", required = true, paramLabel = "SPEC",
                description = "Computation-time law: " + LatencyModels.FORMS + ".")
        String latency;
        @Option(names = "--chi", defaultValue = "0.01", description = "Communication latency per hop (default: ${DEFAULT-VALUE}).")
        double chi;

        @Override
        public Integer call() {
            LatencyModel m = LatencyModels.parse(latency);
            SkipLatency.Timeout t = SkipLatency.optimalTimeout(m, chi);
            Map<String, Object> out = new LinkedHashMap<>();
            // Documented: "inf" when the optimum is t_skip = infinity (JSON has no infinity, and no null on success).
            out.put("t_skip", Double.isFinite(t.tSkip()) ? (Object) t.tSkip() : "inf");
            out.put("p", t.p());
            out.put("mean_time_between_updates", t.meanTimeBetweenUpdates());
            out.put("never_skip", t.infimumAtInfinity());
            Outputs.printJson(out);
            return 0;
        }
    }

    /** {@code rwdp bound skip-latency}: Lemma 1. */
    @Command(name = "skip-latency", mixinStandardHelpOptions = true,
            description = {"Expected total latency h_max (chi + int_0^t_skip t dPhi(t) + t_skip (1 - Phi(t_skip)))",
                "of the skipping scheme (Yakimenka et al., Lemma 1). Prints {\"expected_latency\", \"p\", \"per_hop\"}."})
    static final class Latency implements Callable<Integer> {
        @Option(names = "--latency", required = true, paramLabel = "SPEC",
                description = "Computation-time law: " + LatencyModels.FORMS + ".")
        String latency;
        @Option(names = "--chi", defaultValue = "0.01", description = "Communication latency per hop (default: ${DEFAULT-VALUE}).")
        double chi;
        @Option(names = "--t-skip", required = true, paramLabel = "T", description = "Timeout t_skip > 0, or inf.")
        String tSkip;
        @Option(names = "--hmax", required = true, description = "Number of hops h_max >= 0.")
        long hmax;

        @Override
        public Integer call() {
            LatencyModel m = LatencyModels.parse(latency);
            double t = timeout(tSkip);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("expected_latency", SkipLatency.expectedTotal(m, chi, t, hmax));
            out.put("p", m.survival(t));
            out.put("per_hop", SkipLatency.perHop(m, chi, t));
            Outputs.printJson(out);
            return 0;
        }
    }

    /** {@code rwdp bound skip-error}: Theorem 1. */
    @Command(name = "skip-error", mixinStandardHelpOptions = true,
            description = {"Theorem 1 bound on E[f(tau_hmax)] - f(tau*) of the skipping scheme (Yakimenka et al.).",
                "Prints {\"bound\", \"lambda1\"}."})
    static final class Error implements Callable<Integer> {
        @Mixin
        SkipSchemeOptions skip;
        @Option(names = "--zeta", defaultValue = "0.6", description = "Learning-rate parameter zeta (default: ${DEFAULT-VALUE}).")
        double zeta;
        @Option(names = "--k", defaultValue = "1", description = "Lipschitz constant k (default: ${DEFAULT-VALUE}).")
        double k;
        @Option(names = "--d", defaultValue = "1", description = "Model dimension d (default: ${DEFAULT-VALUE}).")
        int d;
        @Option(names = "--sigma", description = "Noise standard deviation; default k sqrt(8 ln(1.25/delta))/epsilon.")
        Double sigma;
        @Option(names = "--epsilon", defaultValue = "1", description = "epsilon for the default sigma (default: ${DEFAULT-VALUE}).")
        double epsilon;
        @Option(names = "--delta", defaultValue = "1e-6", description = "delta in (0, 1) for the default sigma (default: ${DEFAULT-VALUE}).")
        double delta;
        @Option(names = "--diameter", defaultValue = "10", description = "Diameter d_W of the domain (default: ${DEFAULT-VALUE}).")
        double diameter;
        @Option(names = "--calibration", defaultValue = "classical", paramLabel = "classical|analytic",
                description = {"Default sigma for (epsilon, delta): classical = k sqrt(8 ln(1.25/delta))/epsilon (a theorem for",
                    "epsilon < 1 only); analytic = the smallest sigma (Balle and Wang, ICML 2018) (default: ${DEFAULT-VALUE})."})
        String calibration;

        @Override
        public Integer call() {
            boolean rand = skip.randomized();
            Checks.checkAtLeast(skip.n, 2, "--n");
            if (skip.hmax < skip.n || skip.hmax % skip.n != 0) {
                throw new UserException("--hmax " + skip.hmax + " must be a positive multiple of --n " + skip.n);
            }
            double calibrated = k * sigmaOverK(calibration, epsilon, delta);
            double s = sigma != null ? sigma : calibrated;
            SkipErrorBound.Params q = new SkipErrorBound.Params(skip.n, skip.p, zeta, k, d, s, diameter, rand);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("bound", SkipErrorBound.bound(q, skip.hmax));
            out.put("lambda1", q.lambda1());
            out.put("sigma", s);
            String warning = sigma != null ? null : classicalWarning(calibration, epsilon, delta);
            if (warning != null) {
                out.put("warning", warning);
            }
            Outputs.printJson(out);
            return 0;
        }
    }
}
