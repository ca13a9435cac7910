package rwdp.graph;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;
import rwdp.check.InvalidArgumentException;

/**
 * Reads an undirected edge list as SNAP publishes them: two non-negative integer ids per line,
 * any whitespace, {@code #} comment lines, a UTF-8 byte-order mark allowed, self-loops and
 * duplicate edges dropped (their counts are passed to the caller's notes). Ids are kept
 * as node numbers when they are exactly {@code 0..n-1}; otherwise they are renumbered in
 * increasing id order and {@link Graph#originalId(int)} gives the mapping back.
 */
public final class EdgeListReader {
    private EdgeListReader() {}

    /**
     * Returns the graph stored in the edge-list file {@code path}.
     *
     * @throws InvalidArgumentException when path is a directory, is not UTF-8 text, or does not hold a valid edge
     *     list
     * @throws NoSuchFileException when path is not a regular file
     * @throws IOException when reading path fails
     */
    public static Graph read(Path path) throws IOException {
        return read(path, note -> { });
    }

    /**
     * Returns the graph stored in {@code path}; {@code notes} hears what was dropped.
     *
     * @throws InvalidArgumentException when path is a directory, is not UTF-8 text, or does not hold a valid edge
     *     list (as {@link #read(Reader, String, Consumer)})
     * @throws NoSuchFileException when path is not a regular file
     * @throws IOException when reading path fails
     */
    public static Graph read(Path path, Consumer<String> notes) throws IOException {
        if (Files.isDirectory(path)) {
            throw new InvalidArgumentException("graph file " + path + " is a directory; expected an edge-list file");
        }
        if (!Files.isRegularFile(path)) {
            throw new NoSuchFileException(path.toString(), null, "no such edge-list file");
        }
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return read(r, path.toString(), notes);
        } catch (CharacterCodingException e) {
            throw new InvalidArgumentException("graph file " + path + " is not a text edge list (it holds bytes that are not UTF-8 text)");
        }
    }

    /**
     * Returns the graph of the edge list read from {@code reader}; {@code name} labels errors.
     *
     * @throws InvalidArgumentException when a line holds a NUL byte or fewer than two node ids, there are too many
     *     edges, or there is no edge
     * @throws IOException when reading from reader fails
     */
    public static Graph read(Reader reader, String name) throws IOException {
        return read(reader, name, note -> { });
    }

    /**
     * Returns the graph of the edge list read from {@code reader}; {@code name} labels errors and
     * {@code notes} hears how many self-loops and duplicate edges were dropped.
     *
     * @throws InvalidArgumentException when a line holds a NUL byte or fewer than two node ids, there are too many
     *     edges, or there is no edge
     * @throws IOException when reading from reader fails
     */
    public static Graph read(Reader reader, String name, Consumer<String> notes) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        long[] a = new long[1024];
        long[] b = new long[1024];
        int m = 0;
        String line;
        int lineNo = 0;
        long selfLoops = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (lineNo == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.indexOf('\0') >= 0) {
                throw new InvalidArgumentException(name + ":" + lineNo + ": a NUL byte; this is a binary file, not a text edge list");
            }
            String t = line.strip();
            if (t.isEmpty() || t.charAt(0) == '#' || t.charAt(0) == '%') {
                continue;
            }
            String[] parts = t.split("\\s+");
            if (parts.length < 2) {
                throw new InvalidArgumentException(name + ":" + lineNo + ": expected two node ids, got '" + t + "'");
            }
            long x = parseId(parts[0], name, lineNo);
            long y = parseId(parts[1], name, lineNo);
            if (x == y) {
                selfLoops++;
            }
            if (m == Integer.MAX_VALUE / 2 - 8) {
                throw new InvalidArgumentException(name + ": more than " + m + " edges; rwdp's graphs hold at most that many");
            }
            if (m == a.length) {
                int cap = (int) Math.min(Integer.MAX_VALUE / 2 - 8, 2L * m);
                a = Arrays.copyOf(a, cap);
                b = Arrays.copyOf(b, cap);
            }
            a[m] = x;
            b[m] = y;
            m++;
        }
        if (m == 0) {
            throw new InvalidArgumentException(name + ": no edges found");
        }
        long[] ids = new long[2 * m];
        System.arraycopy(a, 0, ids, 0, m);
        System.arraycopy(b, 0, ids, m, m);
        Arrays.sort(ids);
        int distinct = 0;
        for (int k = 0; k < ids.length; k++) {
            if (k == 0 || ids[k] != ids[k - 1]) {
                ids[distinct++] = ids[k];
            }
        }
        long[] sorted = Arrays.copyOf(ids, distinct);
        boolean identity = sorted[0] == 0 && sorted[distinct - 1] == distinct - 1;
        int[] u = new int[m];
        int[] v = new int[m];
        for (int k = 0; k < m; k++) {
            u[k] = identity ? (int) a[k] : Arrays.binarySearch(sorted, a[k]);
            v[k] = identity ? (int) b[k] : Arrays.binarySearch(sorted, b[k]);
        }
        Graph g = Graph.fromEdges(distinct, u, v, m, identity ? null : sorted);
        long duplicates = m - selfLoops - g.edgeCount();
        if (selfLoops > 0 || duplicates > 0) {
            notes.accept(name + ": dropped " + selfLoops + " self-loop(s) and " + duplicates
                    + " duplicate edge(s) (either direction); the graph has " + g.edgeCount() + " edges");
        }
        return g;
    }

    private static long parseId(String s, String name, int lineNo) {
        try {
            long id = Long.parseLong(s);
            if (id < 0) {
                throw new NumberFormatException();
            }
            if (id > Integer.MAX_VALUE) {
                throw new InvalidArgumentException(name + ":" + lineNo + ": node id " + s + " too large");
            }
            return id;
        } catch (NumberFormatException e) {
            if (s.matches("\\d+")) {
                throw new InvalidArgumentException(name + ":" + lineNo + ": node id " + s + " too large");
            }
            throw new InvalidArgumentException(name + ":" + lineNo + ": node id '" + s + "' is not a non-negative integer");
        }
    }
}
