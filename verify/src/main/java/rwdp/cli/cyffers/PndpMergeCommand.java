package rwdp.cli.cyffers;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.cli.common.UserException;

/**
 * {@code rwdp bound pndp-merge FILE...}: the JSON of {@code bound pndp --all-sources} from the partial files of a batch
 * run ({@code --senders A..B --partial FILE}), bit for bit: the files are checked whole and of one job, every kernel
 * block exactly once; the recorded arguments are replayed (graph and operator rebuilt, no sender computed) and the
 * job's identity must match the files', so another graph, other options or other code is refused.
 */
@Command(name = "pndp-merge", mixinStandardHelpOptions = true, subcommands = PndpMergeCommand.Replay.class,
        description = {"Merge the partial files of bound pndp --all-sources --senders A..B --partial FILE (a batch array's",
            "outputs) into the JSON bound pndp --all-sources prints, bit for bit. Each file is checked (checksum, one job,",
            "same code version), every kernel block must be in exactly one file; see docs/cluster.md (batch route)."})
public final class PndpMergeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "0..*", description = "The partial files, in any order (at least one).")
    List<Path> files;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (files == null || files.isEmpty()) {
            throw new UserException("give the partial files to merge: bound pndp-merge FILE...");
        }
        PndpPartialFile first = null;
        Path firstFile = null;
        TreeMap<Integer, PairStatistics> blocks = new TreeMap<>();
        TreeMap<Integer, Path> from = new TreeMap<>();
        for (Path f : files) {
            PndpPartialFile p = PndpPartialFile.read(f);
            if (first == null) {
                first = p;
                firstFile = f;
            } else if (!p.key().equals(first.key()) || !p.args().equals(first.args())) {
                throw new UserException("partial files " + firstFile + " and " + f + " are of different jobs (" + difference(first, p)
                        + "): merge the files of one run");
            }
            PairStatistics[] b = p.blocks();
            for (int i = 0; i < b.length; i++) {
                int k = p.firstBlock() + i;
                Path other = from.put(k, f);
                if (other != null) {
                    throw new UserException("kernel block " + k + " is in both " + other + " and " + f + ": give each sender range once");
                }
                blocks.put(k, b[i]);
            }
        }
        int kernelBlocks = kernelBlocks(first.key());
        for (int k = 0; k < kernelBlocks; k++) {
            if (!blocks.containsKey(k)) {
                int to = k;
                while (to + 1 < kernelBlocks && !blocks.containsKey(to + 1)) {
                    to++;
                }
                throw new UserException("kernel blocks " + k + ".." + to + " are in none of the files: run bound pndp --senders for them"
                        + " (the files hold " + blocks.size() + " of " + kernelBlocks + ")");
            }
        }
        if (blocks.lastKey() >= kernelBlocks) {
            throw new UserException("partial file " + from.get(blocks.lastKey()) + " holds kernel block " + blocks.lastKey()
                    + " of a job of " + kernelBlocks);
        }
        // The replay is this command's hidden subcommand, so it parses with rwdp's converters like bound pndp.
        CommandLine cl = spec.subcommands().get("replay");
        Replay replay = cl.getCommand();
        replay.files(first.key(), blocks);
        try {
            cl.parseArgs(first.args().toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new UserException("the arguments recorded in " + firstFile + " do not parse: " + e.getMessage());
        }
        return replay.call();
    }

    private static String difference(PndpPartialFile a, PndpPartialFile b) {
        String[] x = (a.key() + String.join("\n", a.args())).split("\n");
        String[] y = (b.key() + String.join("\n", b.args())).split("\n");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            String u = i < x.length ? x[i] : "";
            String v = i < y.length ? y[i] : "";
            if (!u.equals(v)) {
                return u + " against " + v;
            }
        }
        return "same";
    }

    private static int kernelBlocks(String key) {
        return key.lines().filter(l -> l.startsWith("kernel_blocks=")).findFirst()
                .map(l -> Integer.parseInt(l.substring("kernel_blocks=".length())))
                .orElseThrow(() -> new UserException("a partial file names no kernel_blocks"));
    }

    /** The recorded bound pndp run, whose all-sources statistics are the files' merged in kernel-block order. */
    @Command(name = "replay", hidden = true, description = "pndp-merge's own step: the recorded bound pndp run.")
    public static final class Replay extends PndpCommand {
        private String key;
        private TreeMap<Integer, PairStatistics> blocks;

        void files(String key, TreeMap<Integer, PairStatistics> blocks) {
            this.key = key;
            this.blocks = blocks;
        }

        @Override
        public Integer call() {
            if (blocks == null) {
                throw new UserException("replay is a step of bound pndp-merge, not a command: run bound pndp-merge FILE...");
            }
            return super.call();
        }

        @Override
        protected PairStatistics allSourcesStatistics(AllSourcesJob job) {
            String now = PndpJobKey.of(job);
            if (!now.equals(key)) {
                String[] a = key.split("\n");
                String[] b = now.split("\n");
                String diff = "";
                for (int i = 0; i < Math.max(a.length, b.length) && diff.isEmpty(); i++) {
                    String x = i < a.length ? a[i] : "";
                    String y = i < b.length ? b[i] : "";
                    if (!x.equals(y)) {
                        diff = "the files have " + x + ", this run " + y;
                    }
                }
                throw new UserException("the partial files are not of this job (" + diff + "): recompute them with this rwdp and graph");
            }
            PairStatistics all = new PairStatistics();
            blocks.values().forEach(all::merge);
            return all;
        }
    }
}
