package rwdp.cli.yakimenka;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.bounds.skipping.SkipCountMixture;
import rwdp.check.Checks;
import rwdp.bounds.skipping.SkipErrorBound;
import rwdp.bounds.skipping.SkipLatency;
import rwdp.bounds.skipping.SkipPrivacy;
import rwdp.cli.common.InfinityAllowed;
import rwdp.cli.common.Labelled;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;
import rwdp.latency.LatencyModel;
import rwdp.latency.LatencyModels;

/** The {@code rwdp bound skip-*} commands of Yakimenka et al. (IEEE JSAIT 2024, arXiv:2212.03080): Lemmas 1-2, Theorems 1-3. */
final class SkipBoundCommands {
    private SkipBoundCommands() {}

    /** How the h̃ noisy updates are composed into (ε_skip, δ). */
    enum Accounting implements Labelled {
        /** The paper's Rényi composition and Mironov's conversion (Yakimenka et al., App. B). */
        RDP,
        /** The same Rényi curve with the improved conversion (Balle et al. 2020, Thm. 21). */
        RDP_IMPROVED,
        /**
         * Ring only: the ε(δ) of min(h̃, h_max/n) Gaussian updates composed exactly as μ-GDP (Dong, Roth and Su 2022),
         * still with the Chernoff step's δ' (called {@code exact} before: h̃ is a high-probability count, so not exact).
         */
        GDP,
        /**
         * Both schemes: the count of the node's updates is Binomial(h_max/n, 1 − p), independent of the data, so δ(ε) is
         * the exact mixture of Gaussian curves given the skip pattern, at δ + δ' with no Chernoff step.
         */
        MIXTURE;

        /** Picocli's converter of --accounting; the former name {@code exact} is refused with what it became. */
        static final class Converter implements picocli.CommandLine.ITypeConverter<Accounting> {
            @Override
            public Accounting convert(String text) {
                if (text.strip().equalsIgnoreCase("exact")) {
                    throw new picocli.CommandLine.TypeConversionException("'exact' is now called gdp: it composes h~ updates "
                            + "exactly, but h~ is only a high-probability bound on the count, so the level is not exact; "
                            + "mixture is the exact level given the skip pattern");
                }
                return Labelled.Converter.of(Accounting.class).convert(text);
            }
        }
    }

    /** Refuses the GDP composition on the random ring (no exact curve exists there). */
    static void checkAccounting(Accounting accounting, boolean rand) {
        if (accounting == Accounting.GDP && rand) {
            throw new UserException("--accounting gdp applies to --scheme ring only: Theorem 3's Renyi bound "
                    + "comes from the random ring's mixture of paths and holds for alpha <= alpha_max only, so it "
                    + "is not a composition of Gaussian mechanisms with an exact curve; use --accounting mixture or rdp-improved");
        }
    }

    /** CPU nanoseconds per binomial term W_h of Theorem 3's a (one exp), measured on this machine (AMD EPYC, 2 cores). */
    static final double NS_PER_BINOMIAL_TERM = 16;

    /** CPU nanoseconds per term 1/γ_{r,h} of Theorem 3's a (two square roots and a division), measured likewise. */
    static final double NS_PER_R_TERM = 8;

    /**
     * The CPU seconds Theorem 3's a may take: about a minute of wall time on this shared 2-core machine, where a run took
     * 4.5 times its CPU time at a load average of 13 (7.8 s of CPU, 35 s wall for 8.9e8 r-terms).
     */
    static final double MAX_CPU_SECONDS = 5;

    /**
     * Returns the CPU seconds {@code calls} evaluations of Theorem 3's a take by {@link SkipPrivacy#randRingA}: (n−1)n/2
     * binomial terms (none for p = 0) and (n−1)·h̃ r-terms each, at the measured per-term costs.
     */
    static double randRingSeconds(int n, double p, long htilde, int calls) {
        double binomial = p == 0 ? 0 : 0.5 * n * (n - 1.0);
        double r = (n - 1.0) * htilde;
        return calls * (binomial * NS_PER_BINOMIAL_TERM + r * NS_PER_R_TERM) * 1e-9;
    }

    /**
     * Returns --t-skip, a timeout t &gt; 0 or +∞ (never skip).
     *
     * @throws UserException when t is not &gt; 0
     */
    static double timeout(double t) {
        if (!(t > 0)) {
            throw new UserException("--t-skip must be > 0 or inf, got " + t);
        }
        return t;
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
        @Mixin
        NoiseOptions noise;
        @Option(names = "--delta-prime", defaultValue = "1e-6", description = "delta' in (0, 1] of the Chernoff step (default: ${DEFAULT-VALUE}).")
        double deltaPrime;
        @Option(names = "--accounting", defaultValue = "rdp", paramLabel = "rdp|rdp-improved|gdp|mixture", converter = Accounting.Converter.class,
                description = "How the noisy updates are composed into (eps_skip, delta + delta'): rdp = the paper's Renyi "
                    + "composition of h~ updates and Mironov conversion; rdp-improved = the same Renyi curve with the improved "
                    + "conversion (Balle et al. 2020), both schemes; gdp = ring only: min(h~, h_max/n) Gaussian updates composed "
                    + "exactly, mu = 2 sqrt(h~)/(sigma/k) (Dong, Roth and Su 2022), still with the Chernoff step's delta'; "
                    + "mixture = both schemes: the node's update count is Binomial(h_max/n, 1 - p), independent of the data, so "
                    + "delta(eps) = sum_j P(count = j) delta_{2 sqrt(j)/(sigma/k)}(eps) exactly given the skip pattern, at "
                    + "delta + delta' with no Chernoff step: the exact level of the updates' composition, the smallest of the four "
                    + "(default: ${DEFAULT-VALUE}).")
        Accounting accounting;

        @Override
        public Integer call() {
            boolean rand = skip.randomized();
            checkAccounting(accounting, rand);
            Checks.checkAtLeast(skip.n, 2, "--n");
            if (rand) {
                // Theorem 3's a (SkipPrivacy.randRingA) is computed once, twice with the improved conversion: refuse what
                // takes more than about a minute, before any of it.
                long ht = SkipPrivacy.htilde(skip.hmax, skip.n, skip.p, deltaPrime);
                double seconds = randRingSeconds(skip.n, skip.p, ht, accounting == Accounting.RDP_IMPROVED ? 2 : 1);
                if (seconds > MAX_CPU_SECONDS) {
                    throw new UserException(String.format(java.util.Locale.ROOT, "--scheme rand-ring with --n %d and h~ = %d"
                            + " needs about %.3g s of CPU for Theorem 3's a (n^2/2 + n h~ terms%s), more than %.0f s (about a "
                            + "minute on a shared 2-core machine); use a smaller --n or --hmax", skip.n, ht, seconds,
                            accounting == Accounting.RDP_IMPROVED ? ", twice" : "", MAX_CPU_SECONDS));
                }
            }
            double s = noise.sigmaOverK();
            if (accounting != Accounting.RDP) {
                noise.requireSquarable(s);
            }
            double epsilon = noise.epsilon;
            double delta = noise.delta;
            SkipPrivacy.Epsilon e;
            if (noise.calibration == NoiseOptions.Calibration.CLASSICAL) {
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
            if (accounting == Accounting.GDP) {
                // The node updates at most once per round: composing more than h_max/n updates is never needed.
                composed = Math.min(e.htilde(), rounds);
                e = new SkipPrivacy.Epsilon(SkipPrivacy.ringExactEpsilonForSigma(s, delta, composed), e.htilde(), e.a(), e.alpha());
                mu = 2 * Math.sqrt((double) composed) / s;
            } else if (accounting == Accounting.MIXTURE) {
                // No Chernoff step: the whole δ + δ' of the theorems goes to the mixture.
                double total = delta + deltaPrime;
                double level = total >= 1 ? 0 : SkipCountMixture.of(rounds, skip.p, s).epsilon(total);
                if (!Double.isFinite(level)) {
                    throw new UserException("the mixture's eps_skip exceeds 1e4: no privacy to account; use a smaller --epsilon (more noise) or fewer rounds");
                }
                e = new SkipPrivacy.Epsilon(level, e.htilde(), e.a(), e.alpha());
                chernoffTail = SkipCountMixture.tailAbove(rounds, skip.p, e.htilde());
            } else if (accounting == Accounting.RDP_IMPROVED) {
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
            out.put("calibration", noise.calibration.label());
            out.put("accounting", accounting.label());
            if (accounting != Accounting.RDP) {
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
            String warning = noise.classicalWarning();
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
        LatencyModel latency;
        @Option(names = "--chi", defaultValue = "0.01", description = "Communication latency per hop (default: ${DEFAULT-VALUE}).")
        double chi;

        @Override
        public Integer call() {
            LatencyModel m = latency;
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
        LatencyModel latency;
        @Option(names = "--chi", defaultValue = "0.01", description = "Communication latency per hop (default: ${DEFAULT-VALUE}).")
        double chi;
        @InfinityAllowed
        @Option(names = "--t-skip", required = true, paramLabel = "T", description = "Timeout t_skip > 0, or inf.")
        double tSkip;
        @Option(names = "--hmax", required = true, description = "Number of hops h_max >= 0.")
        long hmax;

        @Override
        public Integer call() {
            LatencyModel m = latency;
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
        @Mixin
        NoiseOptions noise;
        @Option(names = "--diameter", defaultValue = "10", description = "Diameter d_W of the domain (default: ${DEFAULT-VALUE}).")
        double diameter;

        @Override
        public Integer call() {
            boolean rand = skip.randomized();
            Checks.checkAtLeast(skip.n, 2, "--n");
            if (skip.hmax < skip.n || skip.hmax % skip.n != 0) {
                throw new UserException("--hmax " + skip.hmax + " must be a positive multiple of --n " + skip.n);
            }
            double s = sigma != null ? sigma : k * noise.sigmaOverK();
            SkipErrorBound.Params q = new SkipErrorBound.Params(skip.n, skip.p, zeta, k, d, s, diameter, rand);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("bound", SkipErrorBound.bound(q, skip.hmax));
            out.put("lambda1", q.lambda1());
            out.put("sigma", s);
            String warning = sigma != null ? null : noise.classicalWarning();
            if (warning != null) {
                out.put("warning", warning);
            }
            Outputs.printJson(out);
            return 0;
        }
    }
}
