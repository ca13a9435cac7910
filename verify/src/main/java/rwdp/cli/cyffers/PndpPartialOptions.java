package rwdp.cli.cyffers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import picocli.CommandLine.Option;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.OutputFile;
import rwdp.cli.common.UserException;

/**
 * The batch route's half of {@code bound pndp --all-sources} (for SLURM arrays, Kubernetes Indexed Jobs, AWS Batch):
 * {@code --senders A..B --partial FILE} computes the kernel blocks of senders A..B and writes them to FILE
 * ({@link PndpPartialFile}); {@code bound pndp-merge FILE...} merges a complete set into the JSON of
 * {@code --all-sources}, bit for bit.
 */
public final class PndpPartialOptions {
    @Option(names = "--senders", paramLabel = "A..B",
            description = {"With --all-sources and --partial: only senders A..B (0-based, inclusive), whole kernel blocks:",
                "A a multiple of --block, B + 1 a multiple of it or B the last node (docs/cluster.md, batch route)."})
    String senders;

    @Option(names = "--partial", paramLabel = "FILE",
            description = {"With --all-sources and --senders: write the senders' statistics to FILE (checksummed) instead",
                "of the JSON; bound pndp-merge FILE... prints the --all-sources JSON from a complete set."})
    OutputFile partial;

    @picocli.CommandLine.Spec(picocli.CommandLine.Spec.Target.MIXEE)
    picocli.CommandLine.Model.CommandSpec mixee;

    /** Returns the command's arguments without --senders and --partial and their values (what pndp-merge replays). */
    private List<String> replayArguments() {
        List<String> out = new ArrayList<>();
        for (picocli.CommandLine.Model.OptionSpec o : mixee.commandLine().getParseResult().matchedOptions()) {
            String name = o.longestName();
            if (name.equals("--senders") || name.equals("--partial")) {
                continue;
            }
            if (o.arity().max() == 0) {
                out.add(name);
            } else {
                for (String v : o.originalStringValues()) {
                    out.add(name);
                    out.add(v);
                }
            }
        }
        return out;
    }

    /** Returns whether this run writes a partial file. */
    boolean requested() {
        return partial != null;
    }

    /**
     * Checks the options that need no graph.
     *
     * @throws UserException when only one of --senders and --partial is given, without --all-sources, or to a command
     *     that computes all sources itself (the cluster job)
     */
    void check(boolean allSources, boolean clusterJob) {
        if (clusterJob && (senders != null || partial != null)) {
            throw new UserException("--senders and --partial are bound pndp's batch route, not options of this command");
        }
        if ((senders == null) != (partial == null)) {
            throw new UserException("--senders and --partial go together: give both, or neither");
        }
        if (partial != null && !allSources) {
            throw new UserException("--senders and --partial split an --all-sources run: add --all-sources");
        }
        if (senders != null && !senders.strip().matches("\\d{1,10}\\.\\.\\d{1,10}")) {
            throw new UserException("--senders must be A..B (0-based senders, A <= B), got '" + senders + "'");
        }
    }

    /**
     * Computes the kernel blocks of --senders and writes them with the job's identity and the command's arguments
     * (which pndp-merge replays), then prints a one-object JSON saying what was written.
     *
     * @throws UserException when the range is not whole kernel blocks of the graph's senders
     */
    void write(PndpCommand.AllSourcesJob job) {
        int n = job.setting().w().n();
        int block = job.block();
        String[] ab = senders.strip().split("\\.\\.");
        long a = Long.parseLong(ab[0]);
        long b = Long.parseLong(ab[1]);
        if (a > b || b >= n) {
            throw new UserException("--senders " + senders + " must satisfy A <= B <= " + (n - 1) + " (the graph's last node)");
        }
        if (a % block != 0 || ((b + 1) % block != 0 && b != n - 1)) {
            long down = a / block * block;
            long up = Math.min(n - 1, (b / block + 1) * block - 1);
            throw new UserException("--senders " + senders + " is not whole kernel blocks of --block " + block + " (the merge adds"
                    + " blocks in the order --all-sources does): use --senders " + down + ".." + up);
        }
        int k0 = (int) (a / block);
        int k1 = (int) (b / block);
        PairStatistics[] parts = new PairStatistics[k1 - k0 + 1];
        long t0 = System.nanoTime();
        IntStream.rangeClosed(k0, k1).parallel().forEach(k -> parts[k - k0] = PndpAccountant.block(job.setting(), job.op(),
                IntStream.range(k * block, Math.min(n, (k + 1) * block)).toArray()));
        List<String> replay = replayArguments();
        PndpPartialFile.write(partial.path(), new PndpPartialFile(PndpJobKey.of(job), replay, k0, parts));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("partial", partial.toString());
        out.put("senders", a + ".." + b);
        out.put("kernel_blocks", k0 + ".." + k1);
        out.put("block", block);
        out.put("n", n);
        out.put("seconds", (System.nanoTime() - t0) / 1e9);
        Outputs.printJson(out);
    }
}
