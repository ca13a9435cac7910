package rwdp.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a generated report page: statically (every image file exists, every {@code #anchor}
 * has its id, every relative link exists) and in headless Chromium over the DevTools protocol
 * (every image decodes, no console error, a screenshot of the summary).
 */
final class ReportPageCheck {
    /** Debian's Chromium, as CI installs it. */
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    private static final Pattern IMG = Pattern.compile("<img\\b[^>]*\\bsrc=\"([^\"]*)\"");
    private static final Pattern HREF = Pattern.compile("<a\\b[^>]*\\bhref=\"([^\"]*)\"");
    private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]*)\"");

    private ReportPageCheck() {}

    /** Returns the problems of the page {@code html}: missing image files, dangling anchors, missing relative links. */
    static List<String> staticProblems(Path html) throws IOException {
        String page = Files.readString(html, StandardCharsets.UTF_8);
        Path dir = html.toAbsolutePath().getParent();
        Set<String> ids = new HashSet<>();
        Matcher m = ID.matcher(page);
        while (m.find()) {
            ids.add(unescape(m.group(1)));
        }
        List<String> problems = new ArrayList<>();
        m = IMG.matcher(page);
        while (m.find()) {
            String src = unescape(m.group(1));
            if (!isRelative(src)) {
                problems.add("image not relative to the report folder: " + src);
            } else if (!Files.isRegularFile(dir.resolve(src))) {
                problems.add("image file missing: " + src);
            }
        }
        m = HREF.matcher(page);
        while (m.find()) {
            String href = unescape(m.group(1));
            if (href.startsWith("#")) {
                if (!ids.contains(href.substring(1))) {
                    problems.add("anchor without a target id: " + href);
                }
            } else if (isRelative(href)) {
                String file = href.contains("#") ? href.substring(0, href.indexOf('#')) : href;
                if (!Files.exists(dir.resolve(file))) {
                    problems.add("linked file missing: " + href);
                }
            }
        }
        return problems;
    }

    private static boolean isRelative(String link) {
        return !link.isEmpty() && !link.startsWith("/") && !link.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
    }

    private static String unescape(String s) {
        return s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    /** What the browser saw. */
    record BrowserResult(int images, List<String> brokenImages, List<String> brokenAnchors, List<String> consoleErrors,
                         Path screenshot) {}

    private static final String PROBE = "JSON.stringify({"
            + "images: document.images.length,"
            + "broken: Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src')),"
            + "anchors: Array.from(document.querySelectorAll('a[href^=\"#\"]')).map(a => a.getAttribute('href'))"
            + "  .filter(h => !document.getElementById(decodeURIComponent(h.slice(1)))),"
            + "summary: Math.ceil(((document.querySelector('h2') || document.body).getBoundingClientRect().top) + window.scrollY),"
            + "width: Math.ceil(document.documentElement.scrollWidth)})";

    /**
     * Loads {@code html} in headless Chromium, returns what it saw and saves a screenshot of the
     * summary (everything above the first paper heading, full width) to {@code screenshot}.
     */
    static BrowserResult inBrowser(Path html, Path screenshot) throws Exception {
        Path profile = Files.createTempDirectory("rwdp-chromium-");
        Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String browserWs = devToolsUrl(p);
            int port = URI.create(browserWs).getPort();
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            ObjectMapper json = new ObjectMapper();
            String pageWs = null;
            for (int attempt = 0; attempt < 50 && pageWs == null; attempt++) {
                JsonNode list = json.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                        .build(), HttpResponse.BodyHandlers.ofString()).body());
                for (JsonNode t : list) {
                    if ("page".equals(t.path("type").asText())) {
                        pageWs = t.path("webSocketDebuggerUrl").asText();
                    }
                }
                if (pageWs == null) {
                    Thread.sleep(100);
                }
            }
            if (pageWs == null) {
                throw new IllegalStateException("Chromium opened no page target");
            }
            try (Cdp cdp = new Cdp(http, pageWs, json)) {
                cdp.call("Page.enable", null);
                cdp.call("Runtime.enable", null);
                cdp.call("Log.enable", null);
                ObjectNode metrics = json.createObjectNode().put("width", 1200).put("height", 900)
                        .put("deviceScaleFactor", 1).put("mobile", false);
                cdp.call("Emulation.setDeviceMetricsOverride", metrics);
                cdp.call("Page.navigate", json.createObjectNode().put("url", html.toAbsolutePath().toUri().toString()));
                if (!cdp.loaded.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the page did not finish loading in 60 s");
                }
                JsonNode probe = json.readTree(cdp.call("Runtime.evaluate", json.createObjectNode().put("expression", PROBE)
                        .put("returnByValue", true)).path("result").path("value").asText());
                int height = Math.max(100, probe.path("summary").asInt());
                int width = Math.max(100, probe.path("width").asInt());
                ObjectNode clip = json.createObjectNode().put("x", 0).put("y", 0).put("width", width).put("height", height)
                        .put("scale", 1);
                ObjectNode shot = json.createObjectNode().put("format", "png").put("captureBeyondViewport", true);
                shot.set("clip", clip);
                String data = cdp.call("Page.captureScreenshot", shot).path("data").asText();
                Files.write(screenshot, Base64.getDecoder().decode(data));
                List<String> broken = new ArrayList<>();
                probe.path("broken").forEach(n -> broken.add(n.asText()));
                List<String> anchors = new ArrayList<>();
                probe.path("anchors").forEach(n -> anchors.add(n.asText()));
                return new BrowserResult(probe.path("images").asInt(), broken, anchors, List.copyOf(cdp.errors), screenshot);
            }
        } finally {
            stop(p);
            deleteProfile(profile);
        }
    }

    /**
     * Stops the browser and every helper process it started: the helpers (network service,
     * renderer) outlive the main process by a moment and keep writing into the profile.
     */
    private static void stop(Process p) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        all.add(p.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                h.destroyForcibly();
            }
        }
    }

    /**
     * Deletes the throw-away browser profile, best effort: a file that vanishes while the tree
     * is walked is what a late helper leaves behind, not a failure of the page under test.
     */
    private static void deleteProfile(Path profile) {
        for (int attempt = 0; attempt < 3 && Files.exists(profile); attempt++) {
            try {
                Files.walkFileTree(profile, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path f, BasicFileAttributes a)
                            throws IOException {
                        Files.deleteIfExists(f);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path f, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                        try {
                            Files.deleteIfExists(d);
                        } catch (DirectoryNotEmptyException late) {
                            // a helper wrote into it after the walk passed: the next attempt takes it
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                // retried; a leftover temporary folder is not a test failure
            }
        }
    }

    /** Returns the browser's DevTools websocket address, read from its stderr. */
    private static String devToolsUrl(Process p) throws Exception {
        CompletableFuture<String> url = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                StringBuilder seen = new StringBuilder();
                while ((line = r.readLine()) != null) {
                    int at = line.indexOf("ws://");
                    if (line.startsWith("DevTools listening on") && at >= 0) {
                        url.complete(line.substring(at).trim());
                    } else if (!url.isDone()) {
                        seen.append(line).append('\n');
                    }
                }
                url.completeExceptionally(new IllegalStateException("Chromium exited without a DevTools address:\n" + seen));
            } catch (IOException e) {
                url.completeExceptionally(e);
            }
        }, "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        return url.get(60, TimeUnit.SECONDS);
    }

    /** A minimal DevTools protocol client over one page's websocket. */
    private static final class Cdp implements WebSocket.Listener, AutoCloseable {
        private final ObjectMapper json;
        private final WebSocket ws;
        private final AtomicInteger ids = new AtomicInteger();
        private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
        private final StringBuilder frame = new StringBuilder();
        final List<String> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch loaded = new CountDownLatch(1);

        Cdp(HttpClient http, String url, ObjectMapper json) throws Exception {
            this.json = json;
            this.ws = http.newWebSocketBuilder().buildAsync(URI.create(url), this).get(30, TimeUnit.SECONDS);
        }

        JsonNode call(String method, ObjectNode params) throws Exception {
            int id = ids.incrementAndGet();
            CompletableFuture<JsonNode> f = new CompletableFuture<>();
            pending.put(id, f);
            ObjectNode msg = json.createObjectNode().put("id", id).put("method", method);
            if (params != null) {
                msg.set("params", params);
            }
            ws.sendText(json.writeValueAsString(msg), true).get(30, TimeUnit.SECONDS);
            JsonNode reply = f.get(60, TimeUnit.SECONDS);
            if (reply.has("error")) {
                throw new IllegalStateException(method + ": " + reply.get("error"));
            }
            return reply.path("result");
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            frame.append(data);
            if (last) {
                String text = frame.toString();
                frame.setLength(0);
                try {
                    handle(json.readTree(text));
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
            }
            webSocket.request(1);
            return null;
        }

        private void handle(JsonNode msg) {
            if (msg.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
                if (f != null) {
                    f.complete(msg);
                }
                return;
            }
            JsonNode params = msg.path("params");
            switch (msg.path("method").asText()) {
                case "Page.loadEventFired" -> loaded.countDown();
                case "Runtime.exceptionThrown" -> errors.add("exception: " + params.path("exceptionDetails").path("text").asText()
                        + " " + params.path("exceptionDetails").path("exception").path("description").asText(""));
                case "Runtime.consoleAPICalled" -> {
                    if ("error".equals(params.path("type").asText())) {
                        errors.add("console.error: " + params.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    JsonNode e = params.path("entry");
                    if ("error".equals(e.path("level").asText())) {
                        errors.add(e.path("source").asText() + ": " + e.path("text").asText() + " " + e.path("url").asText(""));
                    }
                }
                default -> { }
            }
        }

        @Override
        public void close() {
            ws.abort();
        }
    }
}
