package rwdp.architecture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No public method or constructor throws an undocumented exception: a public method or
 * constructor (a record's compact constructor included) whose own body contains
 * {@code throw new X(...)} has a Javadoc with an {@code @throws} line. {@code X} of
 * {@link UnsupportedOperationException}, {@link AssertionError} and {@link IllegalStateException}
 * are exempt (they report a broken invariant, not a caller's mistake), and so are
 * {@code @Override} methods, whose contract is the overridden method's. The main sources are read
 * as text: comments and string literals are blanked before the braces are matched, so a brace or a
 * {@code throw} inside them does not count.
 */
class ThrowsDocumentedTest {

    /** The main source roots of the five modules, relative to the verify module. */
    static final List<Path> ROOTS = List.of(
            Path.of("../core/src/main/java"),
            Path.of("../bounds/src/main/java"),
            Path.of("src/main/java"),
            Path.of("../bench/src/main/java"),
            Path.of("../cluster/src/main/java"));

    private static final Set<String> EXEMPT = Set.of(
            "UnsupportedOperationException", "AssertionError", "IllegalStateException");
    private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum", "record", "@interface");
    private static final Set<String> MODIFIERS = Set.of(
            "static", "final", "synchronized", "abstract", "default", "native", "strictfp", "sealed", "non-sealed");
    private static final Pattern PUBLIC = Pattern.compile("\\bpublic\\b");
    private static final Pattern THROW = Pattern.compile("\\bthrow\\s+new\\s+([\\w.]+)");
    private static final Pattern ANNOTATIONS_ONLY =
            Pattern.compile("(\\s*@[\\w.]+(\\s*\\([^)]*\\))?)*\\s*");

    /** A Java source with its comments and literals blanked, and the spans of its Javadocs. */
    record Source(String text, String code, List<int[]> javadocs) {}

    /** Returns the source with comments, string and character literals replaced by spaces (newlines kept). */
    static Source blank(String text) {
        char[] code = text.toCharArray();
        List<int[]> javadocs = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int end;
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                end = text.indexOf('\n', i);
                end = end < 0 ? n : end;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                end = text.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                if (text.startsWith("/**", i) && !text.startsWith("/**/", i)) {
                    javadocs.add(new int[] {i, end});
                }
            } else if (text.startsWith("\"\"\"", i)) {
                end = text.indexOf("\"\"\"", i + 3);
                while (end > 0 && text.charAt(end - 1) == '\\') {
                    end = text.indexOf("\"\"\"", end + 1);
                }
                end = end < 0 ? n : end + 3;
            } else if (c == '"' || c == '\'') {
                end = i + 1;
                while (end < n && text.charAt(end) != c && text.charAt(end) != '\n') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(n, end + 1);
            } else {
                i++;
                continue;
            }
            for (int k = i; k < end; k++) {
                if (code[k] != '\n') {
                    code[k] = ' ';
                }
            }
            i = end;
        }
        return new Source(text, new String(code), javadocs);
    }

    /** Returns the index just past the bracket matching the one at {@code open}, or -1. */
    static int matching(String code, int open, char o, char c) {
        int depth = 0;
        for (int i = open; i < code.length(); i++) {
            char ch = code.charAt(i);
            if (ch == o) {
                depth++;
            } else if (ch == c && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    private static int skipSpace(String code, int i) {
        while (i < code.length() && Character.isWhitespace(code.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Returns the public methods and constructors of one source that throw without an {@code @throws}, as "line name". */
    static List<String> undocumented(String text) {
        Source s = blank(text);
        String code = s.code();
        List<String> out = new ArrayList<>();
        Matcher pub = PUBLIC.matcher(code);
        while (pub.find()) {
            int i = pub.end();
            String name = null;
            int afterName = -1;
            boolean typeDecl = false;
            // Tokens up to the first '(' or '{' or ';' or '=': modifiers, type parameters, return type, name.
            while (true) {
                i = skipSpace(code, i);
                if (i >= code.length()) {
                    break;
                }
                char c = code.charAt(i);
                if (c == '<') {
                    i = matching(code, i, '<', '>');
                    if (i < 0) {
                        break;
                    }
                    continue;
                }
                if (c == '(' || c == '{' || c == ';' || c == '=') {
                    break;
                }
                int start = i;
                while (i < code.length() && (Character.isJavaIdentifierPart(code.charAt(i)) || code.charAt(i) == '.'
                        || code.charAt(i) == '[' || code.charAt(i) == ']' || code.charAt(i) == '@' || code.charAt(i) == '-')) {
                    i++;
                }
                if (i == start) {
                    break;
                }
                String word = code.substring(start, i);
                if (TYPE_KEYWORDS.contains(word)) {
                    typeDecl = true;
                    break;
                }
                if (!MODIFIERS.contains(word)) {
                    name = word;
                    afterName = i;
                }
            }
            if (typeDecl || name == null || i < 0 || i >= code.length()) {
                continue;
            }
            int bodyOpen;
            if (code.charAt(i) == '(') {
                int close = matching(code, i, '(', ')');
                if (close < 0) {
                    continue;
                }
                int j = close;
                while (j < code.length() && code.charAt(j) != '{' && code.charAt(j) != ';' && code.charAt(j) != '=') {
                    j++;
                }
                if (j >= code.length() || code.charAt(j) != '{') {
                    continue; // abstract or interface method, or a field
                }
                bodyOpen = j;
            } else if (code.charAt(i) == '{' && afterName >= 0 && Character.isUpperCase(name.charAt(0))) {
                bodyOpen = i; // compact constructor of a record
            } else {
                continue;
            }
            int bodyEnd = matching(code, bodyOpen, '{', '}');
            if (bodyEnd < 0) {
                continue;
            }
            String body = code.substring(bodyOpen, bodyEnd);
            boolean throwsDirectly = false;
            Matcher t = THROW.matcher(body);
            while (t.find()) {
                String type = t.group(1).substring(t.group(1).lastIndexOf('.') + 1);
                if (!EXEMPT.contains(type)) {
                    throwsDirectly = true;
                    break;
                }
            }
            if (!throwsDirectly) {
                continue;
            }
            // The Javadoc is the last one before 'public' with only annotations in between.
            String doc = "";
            String between = code.substring(0, pub.start());
            int from = 0;
            for (int[] span : s.javadocs()) {
                if (span[1] <= pub.start()) {
                    from = span[1];
                    doc = text.substring(span[0], span[1]);
                }
            }
            String gap = between.substring(from);
            if (!ANNOTATIONS_ONLY.matcher(gap).matches()) {
                doc = "";
                int k = gap.lastIndexOf(';');
                k = Math.max(k, Math.max(gap.lastIndexOf('{'), gap.lastIndexOf('}')));
                gap = gap.substring(k + 1);
            }
            if (gap.matches("(?s).*@Override\\b.*")) {
                continue;
            }
            if (!doc.contains("@throws")) {
                int line = 1 + (int) text.substring(0, pub.start()).chars().filter(ch -> ch == '\n').count();
                out.add(line + " " + name);
            }
        }
        return out;
    }

    @Test
    void sampleDeclarationsAreClassified() {
        String src = """
                package p;
                /** A record. */
                public record R(int a) {
                    public R {
                        if (a < 0) { throw new IllegalArgumentException("a"); }
                    }
                    /** Returns a; "}" is no brace. */
                    public int twice(int b) {
                        if (b < 0) throw new IllegalArgumentException("}");
                        return a;
                    }
                    /**
                     * Returns a.
                     *
                     * @throws IllegalArgumentException when b < 0
                     */
                    @SuppressWarnings("unused")
                    public int thrice(int b) {
                        if (b < 0) throw new IllegalArgumentException();
                        return a;
                    }
                    @Override
                    public String toString() { throw new IllegalArgumentException(); }
                    public void broken() { throw new IllegalStateException(); }
                    // throw new IllegalArgumentException() in a comment
                    public void quiet() { }
                }
                """;
        List<String> found = undocumented(src);
        assertTrue(found.equals(List.of("4 R", "8 twice")), found.toString());
    }

    @Test
    void everyThrowingPublicMethodDocumentsIt() throws IOException {
        List<String> missing = new ArrayList<>();
        int files = 0;
        for (Path root : ROOTS) {
            assertTrue(Files.isDirectory(root), root + " is not a folder (run from the verify module)");
            List<Path> sources;
            try (Stream<Path> walk = Files.walk(root)) {
                sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
            }
            for (Path p : sources) {
                files++;
                String text;
                try {
                    text = Files.readString(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(p.toString(), e);
                }
                for (String hit : undocumented(text)) {
                    String[] f = hit.split(" ", 2);
                    missing.add(p + ":" + f[0] + " " + f[1]);
                }
            }
        }
        assertTrue(files > 100, "only " + files + " sources found");
        assertTrue(missing.isEmpty(), missing.size()
                + " public methods or constructors throw without an @throws in their Javadoc:\n"
                + String.join("\n", missing));
    }
}
