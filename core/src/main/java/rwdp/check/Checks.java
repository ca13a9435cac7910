package rwdp.check;

/**
 * Argument checks for the public entry points and the command line, in the spirit of Google
 * differential-privacy's {@code DpPreconditions}: each returns its value when valid and
 * otherwise throws {@link InvalidArgumentException} with a message naming the parameter, the
 * value and the accepted range.
 */
public final class Checks {
    private Checks() {}

    /** Returns an InvalidArgumentException whose message is {@code name + " " + rule + ", got " + value}. */
    public static InvalidArgumentException invalid(String name, String rule, Object value) {
        return new InvalidArgumentException(name + " " + rule + ", got " + value);
    }

    /**
     * Returns {@code x} if it is finite and {@code > 0}.
     *
     * @throws InvalidArgumentException otherwise, naming {@code name} and the value
     */
    public static double checkFinitePositive(double x, String name) {
        if (!(x > 0 && x < Double.POSITIVE_INFINITY)) {
            throw invalid(name, "must be a finite number > 0", x);
        }
        return x;
    }

    /**
     * Returns the noise scale σ if it is finite and {@code > 0}.
     *
     * @throws InvalidArgumentException otherwise, naming {@code name} and the value
     */
    public static double checkSigma(double sigma, String name) {
        return checkFinitePositive(sigma, name);
    }

    /**
     * Returns {@code k} if it is at least {@code min}.
     *
     * @throws InvalidArgumentException otherwise, naming {@code name}, the bound and the value
     */
    public static long checkAtLeast(long k, long min, String name) {
        if (k < min) {
            throw invalid(name, "must be >= " + min, k);
        }
        return k;
    }

    /**
     * Returns {@code k} if it is at most {@code max}: sizes beyond what finishes in minutes or fits
     * in memory are refused before the work, saying so.
     *
     * @throws InvalidArgumentException when {@code k > max}, naming {@code name}, the bound and {@code why}
     */
    public static long checkAtMost(long k, long max, String name, String why) {
        if (k > max) {
            throw invalid(name, "must be at most " + max + " (" + why + ")", k);
        }
        return k;
    }

    /**
     * Returns {@code k} if it is a number of steps, rounds or samples, at least 1.
     *
     * @throws InvalidArgumentException when {@code k < 1}
     */
    public static long checkSteps(long k, String name) {
        return checkAtLeast(k, 1, name);
    }

    /**
     * The most threads a thread count may ask for. CPU-bound work gains nothing from more threads
     * than cores, and every task running at once holds its own working memory, so 256 (above the
     * cores of any machine rwdp targets, far below ForkJoinPool's 32767) is the cap on every machine.
     */
    public static final int MAX_THREADS = 256;

    /**
     * Returns {@code k} if it is a number of threads: 0 (one per core) to {@link #MAX_THREADS}.
     *
     * @throws InvalidArgumentException when {@code k} is negative or above {@link #MAX_THREADS}
     */
    public static int checkThreads(int k, String name) {
        if (k < 0 || k > MAX_THREADS) {
            throw invalid(name, "must be in 0.." + MAX_THREADS + " (0: one per core, " + Runtime.getRuntime().availableProcessors()
                    + " here; threads beyond the cores only share them)", k);
        }
        return k;
    }

    /**
     * Throws InvalidArgumentException unless {@code bytes} fit in the heap: the message names the
     * need in MB or GB and {@code instead}, what to use instead.
     *
     * @throws InvalidArgumentException when {@code bytes} exceed 80% of the heap
     */
    public static void checkMemory(double bytes, String what, String instead) {
        long max = Runtime.getRuntime().maxMemory();
        // A computation may use at most about 80% of the heap: the rest holds the JVM's own data.
        if (bytes > 0.8 * max) {
            throw new InvalidArgumentException(what + " needs about " + formatBytes(bytes) + " of memory, more than the "
                    + formatBytes(max) + " heap" + (instead == null || instead.isEmpty() ? "" : "; " + instead));
        }
    }

    /**
     * Refuses {@code bytes} beyond 80% of the heap as {@link #checkMemory(double, String, String)} does, with the
     * remedy as the exception's field.
     *
     * @param instead the words before the remedy, e.g. "use fewer samples, or " (empty for none)
     * @throws InvalidArgumentException when {@code bytes} exceed 80% of the heap
     */
    public static void checkMemory(double bytes, String what, String instead, Remedy remedy) {
        long max = Runtime.getRuntime().maxMemory();
        if (bytes > 0.8 * max) {
            throw new InvalidArgumentException(what + " needs about " + formatBytes(bytes) + " of memory, more than the "
                    + formatBytes(max) + " heap; " + instead, remedy);
        }
    }

    /** Returns {@code bytes} as e.g. "1.5 GB" or "320 MB". */
    static String formatBytes(double bytes) {
        if (bytes >= 1e12) {
            return String.format(java.util.Locale.ROOT, "%.3g TB", bytes / 1e12);
        }
        if (bytes >= 1e9) {
            return String.format(java.util.Locale.ROOT, "%.3g GB", bytes / 1e9);
        }
        return String.format(java.util.Locale.ROOT, "%.0f MB", Math.ceil(bytes / 1e6));
    }
}
