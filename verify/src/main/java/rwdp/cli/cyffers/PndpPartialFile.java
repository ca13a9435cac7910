package rwdp.cli.cyffers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;

/**
 * A partial file of the batch route: consecutive kernel blocks of an all-sources job. UTF-8 text, one record a line:
 *
 * <pre>
 * rwdp-pndp-partial 1
 * job LINE                 (each line of the job's identity, {@link PndpJobKey})
 * arg ARG                  (each argument of the bound pndp run, --senders and --partial left out: pndp-merge replays them)
 * first_kernel_block K
 * block HEX                (each kernel block K, K+1, ...: {@link PairStatisticsCodec}'s bytes in hexadecimal)
 * sha256 HEX               (SHA-256 of every byte before this line)
 * </pre>
 *
 * @param key        the job's identity
 * @param args       the arguments to replay
 * @param firstBlock the first kernel block
 * @param blocks     the statistics of kernel blocks firstBlock, firstBlock + 1, ...
 */
public record PndpPartialFile(String key, List<String> args, int firstBlock, PairStatistics[] blocks) {
    static final String MAGIC = "rwdp-pndp-partial 1";

    /** Copies the lists. */
    public PndpPartialFile {
        args = List.copyOf(args);
        blocks = blocks.clone();
    }

    /** Returns a copy of the blocks. */
    @Override
    public PairStatistics[] blocks() {
        return blocks.clone();
    }

    /** Returns the text of the file. */
    String text() {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n');
        key.lines().forEach(l -> sb.append("job ").append(l).append('\n'));
        for (String a : args) {
            sb.append("arg ").append(a).append('\n');
        }
        sb.append("first_kernel_block ").append(firstBlock).append('\n');
        HexFormat hex = HexFormat.of();
        for (PairStatistics s : blocks) {
            sb.append("block ").append(hex.formatHex(PairStatisticsCodec.encode(s))).append('\n');
        }
        byte[] sum = PairStatisticsCodec.sha().digest(sb.toString().getBytes(StandardCharsets.UTF_8));
        return sb.append("sha256 ").append(hex.formatHex(sum)).append('\n').toString();
    }

    /** Writes {@code p} to {@code file} (staged: renamed into place when the command succeeds). */
    static void write(Path file, PndpPartialFile p) {
        for (String a : p.args()) {
            if (a.contains("\n") || a.contains("\r")) {
                throw new UserException("an argument holds a line break, which a partial file cannot replay: " + a.strip());
            }
        }
        String text = p.text();
        Outputs.write(file, w -> w.write(text));
    }

    /**
     * Returns the partial file at {@code file}, checked whole.
     *
     * @throws UserException naming the file when it is missing, not a partial file, truncated or changed
     */
    static PndpPartialFile read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserException("cannot read partial file " + file + ": " + Outputs.why(e));
        }
        String bad = "partial file " + file;
        int last = text.lastIndexOf("\nsha256 ");
        if (!text.startsWith(MAGIC + "\n") || last < 0 || !text.endsWith("\n")) {
            throw new UserException(bad + " is not a whole partial file (truncated, or not written by bound pndp --partial)");
        }
        String body = text.substring(0, last + 1);
        String sum = text.substring(last + "\nsha256 ".length(), text.length() - 1);
        byte[] want = PairStatisticsCodec.sha().digest(body.getBytes(StandardCharsets.UTF_8));
        byte[] got;
        try {
            got = HexFormat.of().parseHex(sum);
        } catch (IllegalArgumentException e) {
            got = new byte[0];
        }
        if (!MessageDigest.isEqual(want, got)) {
            throw new UserException(bad + " fails its checksum (a changed or truncated byte): recompute it");
        }
        StringBuilder key = new StringBuilder();
        List<String> args = new ArrayList<>();
        List<PairStatistics> blocks = new ArrayList<>();
        int first = -1;
        try {
            for (String line : body.substring(MAGIC.length() + 1).split("\n")) {
                int sp = line.indexOf(' ');
                String tag = sp < 0 ? line : line.substring(0, sp);
                String value = sp < 0 ? "" : line.substring(sp + 1);
                switch (tag) {
                    case "job" -> key.append(value).append('\n');
                    case "arg" -> args.add(value);
                    case "first_kernel_block" -> first = Integer.parseInt(value);
                    case "block" -> blocks.add(PairStatisticsCodec.decode(HexFormat.of().parseHex(value)));
                    default -> throw new IOException("unknown record '" + tag + "'");
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new UserException(bad + " is corrupt: " + e.getMessage());
        }
        if (first < 0 || blocks.isEmpty()) {
            throw new UserException(bad + " holds no kernel block");
        }
        return new PndpPartialFile(key.toString(), args, first, blocks.toArray(new PairStatistics[0]));
    }
}
