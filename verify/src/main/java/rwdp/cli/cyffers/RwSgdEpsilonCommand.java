package rwdp.cli.cyffers;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.rwsgd.NoAmplification;
import rwdp.bounds.rwsgd.PrivacyLossSample;
import rwdp.bounds.rwsgd.SegmentLaws;
import rwdp.bounds.rwsgd.Theorem3Guarantee;
import rwdp.bounds.rwsgd.UpdateCountLaw;
import rwdp.bounds.rwsgd.ViewMonteCarlo;
import rwdp.bounds.rwsgd.ViewSetting;
import rwdp.cli.common.GraphOptions;
import rwdp.cli.common.Labelled;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.SeedOption;
import rwdp.cli.common.UserException;
import rwdp.cli.common.WeightOptions;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;

/**
 * {@code rwdp bound rw-dp-sgd-epsilon}: the (ε, δ) of one pair u → v of RW DP-SGD (Cyffers et al., Alg. 1) by one of
 * three accountants ({@code rwdp.bounds.rwsgd}), each refused up front when its work would not finish in minutes.
 */
@Command(name = "rw-dp-sgd-epsilon", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Privacy of node u's data against node v in RW DP-SGD (Cyffers et al., Alg. 1; noise N(0, sigma^2 Delta^2),",
            "Delta = 2C; the step gamma and C cancel). --accounting:",
            "  thm3: Theorem 3 (eq. (16)) converted at the best admissible alpha; 'epsilon' is the guarantee (a count N of u's",
            "        updates exceeded with probability 'count_tail', added to delta), 'epsilon_at_mean_count' the paper's N = T/n",
            "        (not a guarantee). Needs a symmetric doubly stochastic W.",
            "  no-amplification: v sees every update (exact mixture over the walk's count of u's updates): deterministic,",
            "        about nnz(W) T^2/2 operations.",
            "  view: v's real view (eq. (7)), exact loss sampled --runs times; 'epsilon' is an upper bound holding with",
            "        probability >= 1 - --beta over the runs (Clopper-Pearson), with the estimate and a lower bound;",
            "        about |N(v)| nnz(W) T^2/2 + 5 runs T operations.",
            "--sender known: v also learns who sent it the token (Cyffers et al., App. B.1), for thm3 and view.",
            "--v A,B,...: a coalition that pools its views (App. D). thm3 then sums the members' Theorem 3 losses (eq. (18))",
            "        and also gives eq. (17)'s first-arrival loss as 'epsilon_first_passage'; no-amplification bounds every",
            "        coalition without u; view conditions each segment on the member that received the token."})
final class RwSgdEpsilonCommand implements Callable<Integer> {
    /** Work refused: about a minute on two cores. */
    static final double MAX_OPERATIONS = 3e9;
    /** Segment tables refused above this many doubles (240 MB). */
    static final double MAX_DOUBLES = 3e7;

    /** The accountants a user can ask for. */
    enum Accounting implements Labelled { THM3, NO_AMPLIFICATION, VIEW }

    /** What v knows of who sent it the token (Cyffers et al., §3 and App. B.1). */
    enum Sender implements Labelled { ANONYMOUS, KNOWN }

    @Mixin
    GraphOptions graphOptions;
    @Mixin
    WeightOptions weightOptions;
    @Option(names = "--u", required = true, paramLabel = "U", description = "The node whose data differs (0-based).")
    int u;
    @Option(names = "--v", required = true, split = ",", paramLabel = "V",
            description = "The observer (0-based); several, comma-separated, for a coalition of colluding nodes that pools its "
                    + "views (Cyffers et al., App. D).")
    int[] v;
    @Option(names = "--start", paramLabel = "S", defaultValue = "0", description = "The walk's public first node (default: ${DEFAULT-VALUE}).")
    int start;
    @Option(names = "--T", required = true, paramLabel = "T", description = "Number of updates T.")
    int steps;
    @Option(names = "--sigma", required = true, paramLabel = "S", description = "Noise multiplier sigma in [0.01, 1e6].")
    double sigma;
    @Option(names = "--delta", paramLabel = "D", defaultValue = "1e-3", description = "delta in (0, 1) (default: ${DEFAULT-VALUE}).")
    double delta;
    @Option(names = "--accounting", paramLabel = "thm3|no-amplification|view", defaultValue = "view",
            description = "The accountant (default: ${DEFAULT-VALUE}).")
    Accounting accounting;
    @Option(names = "--sender", arity = "1", paramLabel = "anonymous|known", defaultValue = "anonymous",
            description = "Whether v learns who sent it the token (App. B.1); thm3 and view (default: ${DEFAULT-VALUE}).")
    Sender sender;
    @Option(names = "--runs", paramLabel = "N", defaultValue = "200000", description = "Monte Carlo runs of view (default: ${DEFAULT-VALUE}).")
    int runs;
    @Option(names = "--beta", paramLabel = "B", defaultValue = "1e-4",
            description = "Probability that view's bounds fail, over its runs (default: ${DEFAULT-VALUE}).")
    double beta;
    @Mixin
    SeedOption seedOption;

    @Override
    public Integer call() {
        if (!(delta > 0 && delta < 1)) {
            throw new UserException("--delta must be in (0, 1), got " + delta);
        }
        if (!(beta > 0 && beta < 1)) {
            throw new UserException("--beta must be in (0, 1), got " + beta);
        }
        if (steps < 1 || steps > ViewSetting.MAX_STEPS) {
            throw new UserException("--T must be in [1, " + ViewSetting.MAX_STEPS + "], got " + steps);
        }
        Graph g = graphOptions.connectedGraph("the walk must be able to carry u's updates to v");
        TransitionMatrix w = weightOptions.matrix(g);
        ViewSetting s = new ViewSetting(w, u, observers(), start, steps, sigma);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("accounting", accounting.label());
        out.put("u", u);
        if (s.coalitionSize() == 1) {
            out.put("v", s.observers()[0]);
        } else {
            out.put("coalition", s.observers());
        }
        out.put("start", start);
        out.put("T", steps);
        out.put("sigma", sigma);
        out.put("delta", delta);
        boolean senderKnown = sender == Sender.KNOWN;
        out.put("sender", senderKnown ? "known" : "anonymous");
        switch (accounting) {
            case THM3 -> thm3(g, s, senderKnown, out);
            case NO_AMPLIFICATION -> noAmplification(s, out);
            case VIEW -> view(s, senderKnown, out);
        }
        out.put("weights", w.name());
        Outputs.printJson(out);
        return 0;
    }

    /** Returns --v ascending, refusing a node listed twice. */
    private int[] observers() {
        int[] sorted = v.clone();
        java.util.Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new UserException("--v lists node " + sorted[i] + " twice");
            }
        }
        return sorted;
    }

    private static void refuse(double work, String what, String remedy) {
        if (work > MAX_OPERATIONS) {
            throw new UserException(String.format(Locale.ROOT, "%s needs about %.3g operations, more than %.0e (minutes); %s",
                    what, work, MAX_OPERATIONS, remedy));
        }
    }

    private static void thm3(Graph g, ViewSetting s, boolean senderKnown, Map<String, Object> out) {
        if (s.steps() < PndpParams.THEOREM3_MIN_T) {
            throw new UserException("--accounting thm3 needs --T >= " + PndpParams.THEOREM3_MIN_T + " (Theorem 3 has ln T), got " + s.steps());
        }
        refuse(UpdateCountLaw.cost(s), "the law of u's update count", "use a smaller --T");
        Theorem3Guarantee th = Theorem3Guarantee.of(g, s, senderKnown);
        double delta = (Double) out.get("delta");
        Theorem3Guarantee.Optimum best = th.guarantee(UpdateCountLaw.of(s), delta);
        out.put("epsilon", best.epsilon());
        out.put("count", best.count());
        out.put("count_tail", best.tail());
        out.put("epsilon_at_mean_count", th.atMeanCount(delta));
        out.put("mean_count", th.meanCount());
        if (s.coalitionSize() > 1) {
            // Theorem 3 summed over the members is App. D's eq. (18); eq. (17), the first arrival in the coalition, is
            // the paper's own tighter number, composed over the same count.
            Theorem3Guarantee.Optimum first = Theorem3Guarantee.firstPassage(s).guarantee(UpdateCountLaw.of(s), delta);
            out.put("epsilon_first_passage", first.epsilon());
            out.put("first_passage_count", first.count());
        }
    }

    private static void noAmplification(ViewSetting s, Map<String, Object> out) {
        refuse(UpdateCountLaw.cost(s), "the law of u's update count", "use a smaller --T");
        NoAmplification na = NoAmplification.of(s);
        double delta = (Double) out.get("delta");
        double e = na.epsilon(delta);
        if (!Double.isFinite(e)) {
            throw new UserException("epsilon exceeds 1e4 at --delta " + delta + ": no privacy to account; use a larger --sigma");
        }
        out.put("epsilon", e);
    }

    private void view(ViewSetting s, boolean senderKnown, Map<String, Object> out) {
        long need = PrivacyLossSample.runsNeeded(delta, beta);
        if (runs < need) {
            throw new UserException("--runs " + runs + " cannot certify --delta " + delta + " at --beta " + beta + ": need at least "
                    + need + " (about ln(1/beta)/delta)");
        }
        refuse(SegmentLaws.cost(s) + ViewMonteCarlo.cost(s, runs), "the view's segment laws and " + runs + " runs",
                "use a smaller --T or --runs");
        double doubles = SegmentLaws.doubles(s, senderKnown);
        if (doubles > MAX_DOUBLES) {
            throw new UserException(String.format(Locale.ROOT, "the view's segment laws need %.3g doubles, more than %.0e; "
                    + "use a smaller --T", doubles, MAX_DOUBLES));
        }
        PrivacyLossSample sample = ViewMonteCarlo.sample(s, SegmentLaws.of(s, senderKnown), runs, seedOption.seed());
        double estimate = sample.epsilonEstimate(delta);
        if (!Double.isFinite(estimate)) {
            throw new UserException("epsilon exceeds 1e4 at --delta " + delta + ": no privacy to account; use a larger --sigma");
        }
        out.put("epsilon", sample.epsilonUpper(delta, beta));
        out.put("epsilon_estimate", estimate);
        out.put("epsilon_lower", sample.epsilonLower(delta, beta));
        out.put("beta", beta);
        out.put("runs", runs);
        out.put("seed", seedOption.seed());
    }
}
