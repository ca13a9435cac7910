package rwdp.cli;

import rwdp.cli.common.OutputFile;
import rwdp.cli.common.GraphOptions;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.WeightOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.graph.Graph;
import rwdp.markov.MixingTime;
import rwdp.spectral.SpectralExtremes;
import rwdp.markov.TransitionMatrix;

/** {@code rwdp graph info}: structure and spectrum of a graph's transition matrix. */
@Command(name = "graph", mixinStandardHelpOptions = true, description = "Inspect a graph and its random walk.",
        subcommands = GraphCommand.Info.class)
public final class GraphCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: info");
    }

    /** Prints the graph's and chain's summary as one JSON object with the spec's keys. */
    @Command(name = "info", mixinStandardHelpOptions = true,
            description = {"Print one JSON object: n, edges, degree_min, degree_mean, degree_max, connected,",
                "bipartite, lambda2, lambda_min, lambda_p, spectral_gap, mixing_time_bound, irreducible, aperiodic.",
                "lambda2/lambda_min are the second-largest/smallest eigenvalues of the transition matrix",
                "(dense eigenvalues up to 2000 nodes; Lanczos on the sparse matrix above, relative accuracy 1e-6 of the gaps),",
                "lambda_p = (max(|lambda2|, |lambda_min|) + 1)/2, spectral_gap = 1 - lambda2, and",
                "mixing_time_bound = ceil(ln(4/pi_min)/(1 - max(|lambda2|,|lambda_min|))) bounds t_mix(1/4)",
                "(Levin & Peres, Thm. 12.4; the string \"inf\" when the chain is periodic or reducible)."})
    public static final class Info implements Callable<Integer> {
        @Mixin
        GraphOptions graphOptions;

        @Mixin
        WeightOptions weightOptions;

        @Option(names = "--mapping", paramLabel = "FILE",
                description = "For file: and largest: graphs, whose ids were renumbered, write 'node,original_id' lines here.")
        OutputFile mapping;

        @Override
        public Integer call() {
            Graph g = graphOptions.graph();
            TransitionMatrix p = weightOptions.matrix(g);
            SpectralExtremes s = SpectralExtremes.of(p);
            boolean irreducible = p.isIrreducible();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("n", g.n());
            out.put("edges", g.edgeCount());
            out.put("degree_min", g.minDegree());
            out.put("degree_mean", g.meanDegree());
            out.put("degree_max", g.maxDegree());
            out.put("connected", g.isConnected());
            out.put("components", g.componentSizes().length);
            out.put("bipartite", g.isBipartite());
            out.put("lambda2", s.lambda2());
            out.put("lambda_min", s.lambdaMin());
            out.put("lambda_p", s.lambdaP());
            out.put("spectral_gap", s.spectralGap());
            double bound = irreducible ? MixingTime.spectralBound(p, s.absoluteSpectralGap(), 0.25) : Double.POSITIVE_INFINITY;
            out.put("mixing_time_bound", Double.isFinite(bound) ? (Object) (long) bound : "inf");
            out.put("irreducible", irreducible);
            out.put("aperiodic", irreducible && p.isAperiodic());
            if (g.isRenumbered()) {
                if (mapping != null) {
                    Outputs.write(mapping.path(), w -> {
                        w.write("node,original_id\n");
                        for (int i = 0; i < g.n(); i++) {
                            w.write(i + "," + g.originalId(i) + "\n");
                        }
                    });
                }
                System.err.println("note: node ids were renumbered 0.." + (g.n() - 1) + " in increasing id order"
                        + (mapping == null ? " (--mapping FILE writes the mapping)" : " (mapping in " + mapping + ")"));
            }
            Outputs.printJson(out);
            return 0;
        }
    }
}
