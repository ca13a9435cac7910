package rwdp.cluster;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rwdp cluster}: the heavy workloads as a Spark application. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = {"Run rwdp's heavy workloads on Apache Spark (local[*], a standalone cluster, YARN or Kubernetes);",
            "the output is the local command's. See docs/cluster.md."},
        subcommands = {ClusterPndpCommand.class, ClusterReportCommand.class})
public final class ClusterCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (pndp, report)");
    }
}
