package rwdp.spectral;

import java.util.Arrays;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;

/**
 * Every node's diagonal of f(W − J/n) up to a truncation, computed exactly before any sender is drawn: the proxy that
 * predicts (anonymous sender) or stratifies (known sender) a sample of senders. For the anonymous sender the mean loss
 * of sender u over v ≠ u is a − b·f(W − J/n)_uu/(n − 1) (the rows of f(W − J/n) sum to 0), so the diagonal is what
 * sets one sender's row mean apart from another's (Cyffers et al., Thm. 3); a path's ends and a grid's corners and
 * edges, whose walks return more often, are the senders it puts far out.
 *
 * <p>Both truncations are polynomials of degree m in W, zero beyond m hops, so probing gives their diagonals exactly
 * (Tang and Saad, Numer. Linear Algebra Appl. 19 (2012) 485–501): the nodes are coloured so that two of one colour
 * are more than m hops apart, and the polynomial is applied to each colour class's indicator; no randomness, so the
 * proxy is fixed before, and independently of, the draw. m is the largest whose colours × m fit the budget of sparse
 * products. {@link #truncated} keeps the first m + 1 terms of the operator's own Chebyshev expansion;
 * a deflated operator's top eigenpairs are added exactly. {@link #walks}, the short-walk return terms
 * Σ_{t≤m} ((W^t)_uu − 1/n)/t (the Taylor truncation), serves when the truncation does not fit the budget. Random-sign probes of the full f(W − J/n) (Hutchinson's diagonal estimator) were tried first: on a path
 * or grid their error, the sum of the slowly decaying entries f(W − J/n)_uw over u's colour class, swamps the spread
 * of the diagonal (correlation 0.3–0.6 with it on path:600 at 8–32 probes).
 *
 * @param diagonal the truncated diagonal, one entry per node
 * @param steps    m, the degree of the truncation
 * @param colours  the colour classes probed (0 when m = 1: W's own diagonal)
 * @param products the sparse products W·x it took: colours × steps
 */
public record DiagonalProxy(double[] diagonal, int steps, int colours, long products) {
    /**
     * Checks the proxy and copies its terms.
     *
     * @throws InvalidArgumentException when diagonal is null, steps &lt; 1, or colours or products &lt; 0
     */
    public DiagonalProxy {
        if (diagonal == null || steps < 1 || colours < 0 || products < 0) {
            throw new InvalidArgumentException("a diagonal proxy needs its terms, steps >= 1, colours >= 0 and products >= 0");
        }
        diagonal = diagonal.clone();
    }

    /** Returns a copy of the truncated diagonal. */
    @Override
    public double[] diagonal() {
        return diagonal.clone();
    }

    /**
     * Returns the proxy of the diagonal of {@code op}'s f(W − J/n) within {@code probes} applications of its expansion
     * (probes × its degree sparse products): the truncation of that expansion, a deflated one's top eigenpairs added
     * exactly ({@link #truncated}), or, when the budget is too small for it, the short walks no longer than that degree
     * with weights 1/t up to {@code seriesSteps} ({@link #walks}).
     *
     * @throws InvalidArgumentException if {@code probes} &lt; 0 or {@code seriesSteps} &lt; 1
     */
    public static DiagonalProxy of(MatrixFunctionOperator op, int probes, long seriesSteps) {
        int degree = Math.max(1, op.degree());
        long budget = (long) probes * degree;
        DiagonalProxy t = truncated(op, budget);
        if (t != null) {
            return t;
        }
        return walks(op.csr(), budget, degree, seriesSteps);
    }

    /**
     * Returns the short-walk terms of W (in compressed rows) with the longest walk m ≤ {@code maxSteps} whose
     * colours × m fit {@code budget} sparse products (the colouring's searches, all attempts together, within as many row visits, or 1/{@value #COLOURING_SHARE} of them and at least {@value #COLOURING_FLOOR} entries on a large graph), the
     * weights 1/t for t ≤ {@code seriesSteps} and 0 beyond (f's Taylor coefficients), the colours walked in blocks of
     * {@link MatrixFunctionOperator#DEFAULT_BLOCK} in parallel.
     *
     * @throws InvalidArgumentException if {@code budget} &lt; 0 or {@code maxSteps} or {@code seriesSteps} &lt; 1
     */
    static DiagonalProxy walks(SymmetricCsr w, long budget, int maxSteps, long seriesSteps) {
        if (budget < 0 || maxSteps < 1 || seriesSteps < 1) {
            throw new InvalidArgumentException("need a budget >= 0 and steps >= 1, got " + budget + ", " + maxSteps + ", " + seriesSteps);
        }
        int n = w.n();
        int[] colour = longestColouring(w, budget, maxSteps);
        int steps = colour == null ? 1 : colour[n];
        colour = colour == null ? null : Arrays.copyOf(colour, n);
        double[] g = new double[n];
        double inv = 1.0 / n;
        for (int i = 0; i < n; i++) {
            for (int p = w.rowStart()[i]; p < w.rowStart()[i + 1]; p++) {
                if (w.cols()[p] == i) {
                    g[i] += w.vals()[p];
                }
            }
            g[i] -= inv;
        }
        if (colour == null) {
            return new DiagonalProxy(g, 1, 0, 0);
        }
        int colours = Arrays.stream(colour).max().orElse(0) + 1;
        int m = steps;
        int[] col = colour;
        int bsMax = MatrixFunctionOperator.DEFAULT_BLOCK;
        int blocks = (colours + bsMax - 1) / bsMax;
        // Each node's terms come from the block holding its colour only: disjoint writes, the same sums on any threads.
        IntStream.range(0, blocks).parallel().forEach(b -> walkBlock(w, col, b * bsMax, Math.min(colours, (b + 1) * bsMax), m,
                seriesSteps, g));
        return new DiagonalProxy(g, m, colours, (long) colours * m);
    }

    /**
     * Returns the colouring, its distance m appended at index n, of the longest walk m ≤ {@code maxSteps} (m ≥ 2) whose
     * colours × m fit {@code budget} sparse products, or null when none does: doubling, then bisection (a longer walk
     * needs more colours).
     */
    private static int[] longestColouring(SymmetricCsr w, long budget, int maxSteps) {
        int n = w.n();
        int[] colour = null;
        int steps = 1;
        int bad = maxSteps + 1;
        // All the searches together may visit 1/COLOURING_SHARE of the budget's rows, but never fewer than
        // COLOURING_FLOOR entries: the colouring is sequential and each entry a few cache misses, so on a large graph a
        // failed attempt cost more than the probes it would save (regular:1000000,8: minutes, issue 31); small graphs
        // keep the whole budget (the floor is above it), and with it the proxies their coverage was measured with.
        long rowCost = w.cols().length + (long) n;
        long[] left = {Math.min(budget, Math.max(budget / COLOURING_SHARE, COLOURING_FLOOR / rowCost))};
        for (int m = 2; m <= maxSteps; m = Math.min(2 * m, maxSteps)) {
            int[] c = colouring(w, m, budget / m, left);
            if (c == null) {
                bad = m;
                break;
            }
            colour = c;
            steps = m;
            if (m == maxSteps) {
                break;
            }
        }
        while (bad - steps > 1) {
            int m = (steps + bad) >>> 1;
            int[] c = colouring(w, m, budget / m, left);
            if (c == null) {
                bad = m;
            } else {
                colour = c;
                steps = m;
            }
        }
        if (colour == null) {
            return null;
        }
        int[] out = Arrays.copyOf(colour, n + 1);
        out[n] = steps;
        return out;
    }

    /**
     * Returns the exact diagonal of p_m(W − J/n), the first m + 1 terms of the operator's Chebyshev expansion of f, for
     * the longest m ≤ its degree whose colours × m fit {@code budget} sparse products (Tang and Saad's probing: the
     * recurrence, projected on 1⊥ as the operator's, gives p_m(W − J/n)P·1_C for each colour class C, P = I − J/n).
     * p_m(W) is zero beyond m hops, p_m(W − J/n) = p_m(W) − (p_m(1) − p_m(0))J/n and p_m(W − J/n)J = p_m(0)J, so
     * (p_m(W − J/n)P·1_C)_u = p_m(W − J/n)_uu − ((|C| − 1)·p_m(1) + p_m(0))/n for u in C. The truncation errs by at most the tail of the coefficients uniformly on
     * the spectrum, where the Taylor walk of the same length misses all of −ln(1 − λ)'s slow tail near λ = 1: on a
     * path the walk's terms stop resolving the senders beyond √m hops of an end, the truncated expansion does not.
     *
     * <p>A deflated operator is f(W − J/n) = p(W − J/n) + Σ_i (f(θ_i) − p(θ_i))φ_iφ_iᵀ with p fitted on [λ_min, θ_{k+1}]
     * only; its proxy is the same decomposition with p_m in place of p: the diagonal of p_m(W − J/n) by probing plus
     * Σ_i (f(θ_i) − p_m(θ_i))φ_i(u)², the weights the operator's corrections plus the dropped terms Σ_{j>m} c_j T_j at
     * θ_i. On the deflated directions it is then exact (to the Ritz residuals) and it errs only on the rest of the
     * spectrum, by at most the tail of the deflated coefficients, which decay much faster than the plain ones. The
     * deflated eigenvectors are the graph's smooth modes, and they carry the long-range part of the diagonal: on
     * {@code path:600} at m = 85, what sets one middle sender apart from another, which truncating the plain expansion at
     * 85 terms leaves flat beyond 85 hops of an end.
     *
     * @throws InvalidArgumentException if {@code budget} &lt; 0
     */
    static DiagonalProxy truncated(MatrixFunctionOperator op, long budget) {
        if (budget < 0) {
            throw new InvalidArgumentException("the truncated expansion needs a budget >= 0, got " + budget);
        }
        SymmetricCsr w = op.csr();
        int n = w.n();
        int[] found = op.degree() >= 2 ? longestColouring(w, budget, op.degree()) : null;
        if (found == null) {
            return null;
        }
        int m = found[n];
        int[] colour = Arrays.copyOf(found, n);
        int colours = Arrays.stream(colour).max().orElse(0) + 1;
        int[] classSize = new int[colours];
        for (int c : colour) {
            classSize[c]++;
        }
        double[] coeffs = Arrays.copyOf(op.coefficients(), m + 1);
        SpectralInterval iv = op.interval();
        double s1 = 2 / (iv.upper() - iv.lower());
        double s0 = (iv.upper() + iv.lower()) / (iv.upper() - iv.lower());
        double pOne = chebyshevSum(coeffs, s1 - s0);
        double pZero = chebyshevSum(coeffs, -s0);
        double[] g = new double[n];
        int bsMax = MatrixFunctionOperator.DEFAULT_BLOCK;
        int blocks = (colours + bsMax - 1) / bsMax;
        IntStream.range(0, blocks).parallel().forEach(b -> {
            int from = b * bsMax;
            int to = Math.min(colours, from + bsMax);
            int bs = to - from;
            double[][] prev = new double[n][bs];
            double[] mean = new double[bs];
            for (int i = 0; i < n; i++) {
                int c = colour[i] - from;
                if (c >= 0 && c < bs) {
                    prev[i][c] = 1;
                    mean[c]++;
                }
            }
            double[][] y = new double[n][bs];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < bs; c++) {
                    prev[i][c] -= mean[c] / n;
                    y[i][c] = coeffs[0] * prev[i][c];
                }
            }
            double[][] cur = new double[n][bs];
            double[][] acc = ChebyshevExpansion.accumulators(n, bs);
            ChebyshevExpansion.step(w.rowStart(), w.cols(), w.vals(), prev, null, cur, n, s1, s0, 1, mean, acc, coeffs[1], y);
            for (int k = 2; k <= m; k++) {
                ChebyshevExpansion.step(w.rowStart(), w.cols(), w.vals(), cur, prev, prev, n, s1, s0, 2, mean, acc, coeffs[k], y);
                double[][] t = prev;
                prev = cur;
                cur = t;
            }
            for (int i = 0; i < n; i++) {
                int c = colour[i] - from;
                if (c >= 0 && c < bs) {
                    g[i] = y[i][c] + ((classSize[colour[i]] - 1) * pOne + pZero) / n;
                }
            }
        });
        if (op.deflated() > 0) {
            // f(θ_i) − p_m(θ_i) = (f(θ_i) − p(θ_i)) + Σ_{j>m} c_j T_j(θ_i): the operator's correction plus the dropped terms.
            double[] all = op.coefficients();
            double[] tail = Arrays.copyOf(all, all.length);
            Arrays.fill(tail, 0, m + 1, 0);
            double[] theta = op.ritzValues();
            double[] weight = op.corrections();
            for (int i = 0; i < theta.length; i++) {
                weight[i] += chebyshevSum(tail, s1 * theta[i] - s0);
            }
            double[] d = op.deflatedDiagonal(weight);
            for (int i = 0; i < n; i++) {
                g[i] += d[i];
            }
        }
        return new DiagonalProxy(g, m, colours, (long) colours * m);
    }

    /** Returns Σ_k c_k T_k(x) by the three-term recurrence (any real x). */
    private static double chebyshevSum(double[] c, double x) {
        double t0 = 1;
        double t1 = x;
        double sum = c[0] + (c.length > 1 ? c[1] * x : 0);
        for (int k = 2; k < c.length; k++) {
            double t2 = 2 * x * t1 - t0;
            sum += c[k] * t2;
            t0 = t1;
            t1 = t2;
        }
        return sum;
    }

    /** Walks the indicators of colours [from, to) m steps and adds ((W^t)_uu − 1/n)/t, t = 2..m, to g_u for their nodes. */
    private static void walkBlock(SymmetricCsr w, int[] colour, int from, int to, int m, long seriesSteps, double[] g) {
        int n = w.n();
        int bs = to - from;
        int[] rowStart = w.rowStart();
        int[] cols = w.cols();
        double[] vals = w.vals();
        double[][] x = new double[n][bs];
        double[][] y = new double[n][bs];
        for (int i = 0; i < n; i++) {
            int c = colour[i] - from;
            if (c >= 0 && c < bs) {
                x[i][c] = 1;
            }
        }
        double inv = 1.0 / n;
        for (int t = 1; t <= m; t++) {
            for (int i = 0; i < n; i++) {
                double[] yi = y[i];
                Arrays.fill(yi, 0);
                for (int p = rowStart[i], end = rowStart[i + 1]; p < end; p++) {
                    double v = vals[p];
                    double[] xc = x[cols[p]];
                    for (int c = 0; c < bs; c++) {
                        yi[c] += v * xc[c];
                    }
                }
            }
            double[][] swap = x;
            x = y;
            y = swap;
            // t = 1 is W's diagonal, already in g.
            if (t >= 2 && t <= seriesSteps) {
                for (int i = 0; i < n; i++) {
                    int c = colour[i] - from;
                    if (c >= 0 && c < bs) {
                        g[i] += (x[i][c] - inv) / t;
                    }
                }
            }
        }
    }

    /**
     * Returns a greedy colouring of W's graph (its off-diagonal entries) in which two nodes of one colour are more
     * than {@code d} hops apart, or null when it needs more than {@code maxColours} colours or its breadth-first
     * searches visit more than {@code maxWork} rows' worth of entries, (nnz + n) each.
     */
    static int[] colouring(SymmetricCsr w, int d, long maxColours, long maxWork) {
        return colouring(w, d, maxColours, new long[] {maxWork});
    }

    /** Parts of the budget's row visits the colouring's searches may take, all attempts together, on a large graph. */
    static final long COLOURING_SHARE = 64;

    /** Entries the colouring's searches may always visit (about ten seconds of cache-missing search). */
    static final long COLOURING_FLOOR = 100_000_000L;

    /**
     * {@link #colouring(SymmetricCsr, int, long, long)} drawing its searches' row visits from {@code workLeft[0]}, which
     * it decreases by what it used (failed or not).
     */
    private static int[] colouring(SymmetricCsr w, int d, long maxColours, long[] workLeft) {
        long maxWork = workLeft[0];
        int n = w.n();
        int[] rowStart = w.rowStart();
        int[] cols = w.cols();
        int limit = (int) Math.min(maxColours, n);
        if (limit < 1) {
            return null;
        }
        int[] colour = new int[n];
        Arrays.fill(colour, -1);
        int[] seen = new int[n];
        int[] forbidden = new int[limit];
        int[] queue = new int[n];
        int[] depth = new int[n];
        long budget = maxWork > Long.MAX_VALUE / Math.max(1, cols.length + n) ? Long.MAX_VALUE : maxWork * (cols.length + n);
        long work = 0;
        for (int u = 0; u < n; u++) {
            int stamp = u + 1;
            int head = 0;
            int tail = 0;
            queue[tail++] = u;
            seen[u] = stamp;
            depth[u] = 0;
            while (head < tail) {
                int x = queue[head++];
                int cx = colour[x];
                if (cx >= 0) {
                    forbidden[cx] = stamp;
                }
                if (depth[x] == d) {
                    continue;
                }
                work += rowStart[x + 1] - rowStart[x] + 1;
                for (int p = rowStart[x]; p < rowStart[x + 1]; p++) {
                    int y = cols[p];
                    if (seen[y] != stamp) {
                        seen[y] = stamp;
                        depth[y] = depth[x] + 1;
                        queue[tail++] = y;
                    }
                }
            }
            if (work > budget) {
                workLeft[0] = 0;
                return null;
            }
            int c = 0;
            while (c < limit && forbidden[c] == stamp) {
                c++;
            }
            if (c == limit) {
                workLeft[0] = Math.max(0, maxWork - work / (cols.length + n));
                return null;
            }
            colour[u] = c;
        }
        workLeft[0] = Math.max(0, maxWork - work / (cols.length + n));
        return colour;
    }
}
