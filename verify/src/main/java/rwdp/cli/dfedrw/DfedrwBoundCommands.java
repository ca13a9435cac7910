package rwdp.cli.dfedrw;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.bounds.dfedrw.CertifiedSum;
import rwdp.bounds.dfedrw.DfedrwConvergenceBound;
import rwdp.bounds.dfedrw.QuantizationBounds;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;

/** {@code rwdp bound quantizer-variance | dfedrw}: the closed forms of Wang et al. (IEEE TMC 2025, arXiv:2508.21286). */
public final class DfedrwBoundCommands {
    private DfedrwBoundCommands() {}

    /** Lemma 3 of Wang et al. */
    @Command(name = "quantizer-variance", mixinStandardHelpOptions = true,
            description = {"Quantiser variance bound (Wang et al., Lemma 3).",
                "sigma^2 d s^2 / 4 bounds E||Q(w) - w||^2 for the stochastic quantiser of eq. (12) and any ||w|| <= sigma.",
                "Prints {\"bound\": ...}."})
    public static final class QuantizerVariance implements Callable<Integer> {
        @Option(names = "--d", paramLabel = "D", required = true, description = "Dimension d of w (>= 1).")
        int d;

        @Option(names = "--s", paramLabel = "S", required = true,
                description = "Quantisation step s (> 0); b-bit quantisers need s*(2^(b-1)-1) >= 1.")
        double s;

        @Option(names = "--norm", paramLabel = "SIGMA", required = true, description = "Bound sigma on ||w|| (>= 0).")
        double norm;

        @Override
        public Integer call() {
            double b = QuantizationBounds.varianceBound(d, s, norm);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("bound", b);
            Outputs.printJson(out);
            return 0;
        }
    }

    /** Thm. 1 of Wang et al. */
    @Command(name = "dfedrw", mixinStandardHelpOptions = true,
            description = {"DFedRW convergence bound (Wang et al., Thm. 1).",
                "E[f(w-bar^k)] - f(w*) <= (||w0 - w*||^2/2 + psi + kappa + lambda) / k^(1-q)",
                "for the step size eta^k = 1/(R k^q), with",
                "  psi    = (1+n) 2 D^2 sum_{k>=1} ln k (eta^k)^2 / ln(1/lambda_P)",
                "  kappa  = (delta^2 + gamma-hat^2) D^2/4 sum_k (eta^k)^2",
                "  lambda = sum_k n eta^k / (2k).",
                "The infinite sums are computed with a certified truncation error (< 1e-9 relative); psi and kappa",
                "diverge for q <= 1/2, which is refused (exit 2). Prints {\"psi\", \"kappa\", \"lambda\", \"bound\"}."})
    public static final class Convergence implements Callable<Integer> {
        @Option(names = "--n", required = true, description = "Number of devices n (>= 1).")
        int n;

        @Option(names = "--q", required = true, description = "Step-size decay q, 1/2 < q < 1 (Theorem 1's sums diverge for q <= 1/2).")
        double q;

        @Option(names = "--R", defaultValue = "1", description = "Step-size constant R of eta^k = 1/(R k^q) (default: ${DEFAULT-VALUE}).")
        double r;

        @Option(names = "--lambda-p", required = true,
                description = "lambda_P = (max(|lambda_2|, |lambda_n|) + 1)/2 of the walk, in (0, 1) (see 'rwdp graph info').")
        double lambdaP;

        @Option(names = "--D", required = true, description = "D, the sup of the local gradient norms on W (>= 0).")
        double gradBound;

        @Option(names = "--delta2", defaultValue = "1", description = "delta^2 >= 1, the local dissimilarity of Def. 1 (1: identical devices, the smallest it can be) (default: ${DEFAULT-VALUE}).")
        double delta2;

        @Option(names = "--gamma-hat", defaultValue = "1", description = "gamma-hat, the walk inexactness of Lemma 1, in [0, 1] (default: ${DEFAULT-VALUE}).")
        double gammaHat;

        @Option(names = "--w0-dist", defaultValue = "0", description = "||w0 - w*|| (default: ${DEFAULT-VALUE}).")
        double w0Dist;

        @Option(names = "--k", required = true, description = "Number of walk steps k (>= 1).")
        long k;

        @Override
        public Integer call() {
            if (!(gammaHat >= 0 && gammaHat <= 1)) {
                throw new UserException("--gamma-hat must be in [0, 1] (Def. 2), got " + gammaHat);
            }
            if (!(delta2 >= 1) || Double.isInfinite(delta2)) {
                throw new UserException("--delta2 must be finite and >= 1 (Def. 1: delta^2 bounds E_i||grad F_i||^2/||grad f||^2,"
                        + " which is >= 1; 1 for identical devices), got " + delta2);
            }
            if (!(w0Dist >= 0) || !Double.isFinite(0.5 * w0Dist * w0Dist)) {
                throw new UserException("--w0-dist must be >= 0 with ||w0 - w*||^2/2 finite (at most 1.8e154), got " + w0Dist);
            }
            if (!(q > 0.5 && q < 1)) {
                throw new UserException("--q must be in (1/2, 1): psi and kappa of Theorem 1 sum (eta^k)^2 = 1/(R^2 k^(2q)),"
                        + " which diverges for q <= 1/2, got " + q);
            }
            if (k < 1) {
                throw new UserException("--k must be >= 1, got " + k);
            }
            DfedrwConvergenceBound b = new DfedrwConvergenceBound(n, q, r, lambdaP, gradBound, delta2, gammaHat, w0Dist, 1);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("psi", finite(b.psi(), "psi = (1+n) 2 D^2 sum ln k (eta^k)^2/ln(1/lambda_P)",
                    "--n " + n + ", --D " + gradBound + ", --R " + r + ", --lambda-p " + lambdaP));
            out.put("kappa", finite(b.kappa(), "kappa = (delta^2 + gamma-hat^2) D^2/4 sum (eta^k)^2",
                    "--delta2 " + delta2 + ", --D " + gradBound + ", --R " + r));
            out.put("lambda", finite(b.lambda(), "lambda = sum n eta^k/(2k)", "--n " + n + ", --R " + r));
            out.put("bound", finite(b.theorem1(k), "the bound", "--w0-dist " + w0Dist + ", --D " + gradBound + ", --R " + r));
            Outputs.printJson(out);
            return 0;
        }

        /** Returns the sum's value; one that overflows is refused naming the options it grows with. */
        private static double finite(CertifiedSum s, String name, String options) {
            if (!s.finite() || !Double.isFinite(s.value())) {
                throw new UserException(name + " of Theorem 1 overflows the double range with " + options
                        + "; use smaller magnitudes (e.g. a smaller --D or a larger --R)");
            }
            return s.value();
        }
    }
}
