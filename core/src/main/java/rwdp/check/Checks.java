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

    /** Returns {@code x} if it is a finite number (not NaN, not ±∞). */
    public static double checkFinite(double x, String name) {
        if (!Double.isFinite(x)) {
            throw invalid(name, "must be a finite number", x);
        }
        return x;
    }

    /** Returns {@code x} if it is finite and {@code > 0}. */
    public static double checkFinitePositive(double x, String name) {
        if (!(x > 0 && x < Double.POSITIVE_INFINITY)) {
            throw invalid(name, "must be a finite number > 0", x);
        }
        return x;
    }

    /** Returns {@code x} if it is finite and {@code >= 0}. */
    public static double checkFiniteNonNegative(double x, String name) {
        if (!(x >= 0 && x < Double.POSITIVE_INFINITY)) {
            throw invalid(name, "must be a finite number >= 0", x);
        }
        return x;
    }

    /** Returns {@code x} if it is {@code > 0}, +∞ allowed (e.g. a clipping threshold or timeout). */
    public static double checkPositiveOrInfinite(double x, String name) {
        if (!(x > 0)) {
            throw invalid(name, "must be > 0 (or inf)", x);
        }
        return x;
    }

    /** Returns {@code x} if it lies in the closed interval [lo, hi]. */
    public static double checkInRange(double x, double lo, double hi, String name) {
        if (!(x >= lo && x <= hi)) {
            throw invalid(name, "must be in [" + lo + ", " + hi + "]", x);
        }
        return x;
    }

    /** Returns {@code x} if it lies in the open interval (lo, hi). */
    public static double checkInOpenRange(double x, double lo, double hi, String name) {
        if (!(x > lo && x < hi)) {
            throw invalid(name, "must be in (" + lo + ", " + hi + ")", x);
        }
        return x;
    }

    /** Returns {@code p} if it is a probability in [0, 1]. */
    public static double checkProbability(double p, String name) {
        if (!(p >= 0 && p <= 1)) {
            throw invalid(name, "must be a probability in [0, 1]", p);
        }
        return p;
    }

    /** Returns ε if it is a privacy level: finite and {@code > 0}. */
    public static double checkEpsilon(double epsilon, String name) {
        if (!(epsilon > 0 && epsilon < Double.POSITIVE_INFINITY)) {
            throw invalid(name, "(epsilon) must be a finite number > 0", epsilon);
        }
        return epsilon;
    }

    /** Returns δ if it lies in (0, 1). */
    public static double checkDelta(double delta, String name) {
        if (!(delta > 0 && delta < 1)) {
            throw invalid(name, "(delta) must be in (0, 1)", delta);
        }
        return delta;
    }

    /** Returns the Rényi order α if it is finite and {@code > 1}. */
    public static double checkAlpha(double alpha, String name) {
        if (!(alpha > 1 && alpha < Double.POSITIVE_INFINITY)) {
            throw invalid(name, "(Renyi order alpha) must be a finite number > 1", alpha);
        }
        return alpha;
    }

    /** Returns the noise scale σ if it is finite and {@code > 0}. */
    public static double checkSigma(double sigma, String name) {
        return checkFinitePositive(sigma, name);
    }

    /** Returns {@code k} if it is at least {@code min}. */
    public static long checkAtLeast(long k, long min, String name) {
        if (k < min) {
            throw invalid(name, "must be >= " + min, k);
        }
        return k;
    }

    /** Returns {@code k} if it lies in [min, max]. */
    public static long checkInRange(long k, long min, long max, String name) {
        if (k < min || k > max) {
            throw invalid(name, "must be in " + min + ".." + max, k);
        }
        return k;
    }

    /**
     * Returns {@code k} if it is at most {@code max}: sizes beyond what finishes in minutes or fits
     * in memory are refused before the work, saying so.
     */
    public static long checkAtMost(long k, long max, String name, String why) {
        if (k > max) {
            throw invalid(name, "must be at most " + max + " (" + why + ")", k);
        }
        return k;
    }

    /** Returns {@code k} if it is a number of steps, rounds or samples, at least 1. */
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

    /** Throws InvalidArgumentException with {@code message} unless {@code condition} holds. */
    public static void checkArgument(boolean condition, String message) {
        if (!condition) {
            throw new InvalidArgumentException(message);
        }
    }

    /**
     * Throws InvalidArgumentException unless {@code bytes} fit in the heap: the message names the
     * need in MB or GB and {@code instead}, what to use instead.
     */
    public static void checkMemory(double bytes, String what, String instead) {
        long max = Runtime.getRuntime().maxMemory();
        // A computation may use at most about 80% of the heap: the rest holds the JVM's own data.
        if (bytes > 0.8 * max) {
            throw new InvalidArgumentException(what + " needs about " + formatBytes(bytes) + " of memory, more than the "
                    + formatBytes(max) + " heap" + (instead == null || instead.isEmpty() ? "" : "; " + instead));
        }
    }

    /** Returns {@code bytes} as e.g. "1.5 GB" or "320 MB". */
    public static String formatBytes(double bytes) {
        if (bytes >= 1e12) {
            return String.format(java.util.Locale.ROOT, "%.3g TB", bytes / 1e12);
        }
        if (bytes >= 1e9) {
            return String.format(java.util.Locale.ROOT, "%.3g GB", bytes / 1e9);
        }
        return String.format(java.util.Locale.ROOT, "%.0f MB", Math.ceil(bytes / 1e6));
    }
}
