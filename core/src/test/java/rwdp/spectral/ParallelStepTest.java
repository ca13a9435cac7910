package rwdp.spectral;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * The block step gives the same bits on one thread or many (its rows in fixed chunks, the mean summed in row order), and
 * a row's bits do not depend on the block it is computed in, which lets callers regroup senders freely.
 */
class ParallelStepTest {
    @Test
    void parallelRowsGiveTheSerialBitsForAnyPool() throws Exception {
        SplittableRandom rng = new SplittableRandom(11);
        int n = 40_000;
        int bs = 5;
        // A random sparse symmetric-looking pattern: the step does not need symmetry, only the arrays.
        int[] rowStart = new int[n + 1];
        int[] cols = new int[n * 7];
        double[] vals = new double[n * 7];
        for (int i = 0; i < n; i++) {
            rowStart[i] = 7 * i;
            for (int p = 0; p < 7; p++) {
                cols[7 * i + p] = rng.nextInt(n);
                vals[7 * i + p] = rng.nextDouble() / 7;
            }
        }
        rowStart[n] = 7 * n;
        double[][] x = random(rng, n, bs);
        double[][] older = random(rng, n, bs);
        for (boolean accumulate : new boolean[] {false, true}) {
            double[][] want = run(rowStart, cols, vals, x, older, n, bs, accumulate, false, null);
            for (int threads : new int[] {1, 2, 3}) {
                double[][] got = run(rowStart, cols, vals, x, older, n, bs, accumulate, true, new ForkJoinPool(threads));
                for (int i = 0; i < n; i++) {
                    assertArrayEquals(want[i], got[i], 0.0, "row " + i + ", " + threads + " threads, accumulate " + accumulate);
                }
            }
        }
    }

    private static double[][] run(int[] rowStart, int[] cols, double[] vals, double[][] x, double[][] older, int n, int bs,
                                  boolean accumulate, boolean parallel, ForkJoinPool pool) throws Exception {
        double[][] dst = new double[n][bs];
        double[][] y = accumulate ? new double[n][bs] : null;
        double[][] o = new double[n][];
        for (int i = 0; i < n; i++) {
            o[i] = older[i].clone();
        }
        Runnable r = () -> ChebyshevExpansion.step(rowStart, cols, vals, x, o, dst, n, 1.7, 0.3, 2, new double[bs], ChebyshevExpansion.accumulators(n, bs, parallel),
                0.25, y, parallel);
        if (pool == null) {
            r.run();
        } else {
            pool.submit(r).get();
            pool.shutdown();
        }
        if (!accumulate) {
            return dst;
        }
        double[][] both = new double[n][];
        for (int i = 0; i < n; i++) {
            both[i] = new double[2 * bs];
            System.arraycopy(dst[i], 0, both[i], 0, bs);
            System.arraycopy(y[i], 0, both[i], bs, bs);
        }
        return both;
    }

    private static double[][] random(SplittableRandom rng, int n, int bs) {
        double[][] a = new double[n][bs];
        for (double[] r : a) {
            for (int c = 0; c < bs; c++) {
                r[c] = rng.nextDouble() - 0.5;
            }
        }
        return a;
    }

    @Test
    void aRowHasTheSameBitsInAnyBlock() {
        TestSetting s = TestSetting.of("er:300,0.03,5", false, false, 1000);
        MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), s.function(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
        int[] block = {17, 5, 99, 42, 3, 150, 7};
        double[][] together = op.rows(block);
        for (int j = 0; j < block.length; j++) {
            assertArrayEquals(together[j], op.rows(new int[] {block[j]})[0], 0.0, "row " + block[j]);
        }
    }

    @Test
    void blockApplicationMatchesTheRowsAndTheSingleVectorPath() {
        TestSetting s = TestSetting.of("grid:12,15", false, false, 1000);
        for (Deflation d : new Deflation[] {Deflation.NEVER, Deflation.ALWAYS}) {
            MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), s.function(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE, d,
                    s.w().n());
            int n = op.n();
            int[] senders = {4, 77, 150};
            double[][] z = new double[senders.length][n];
            for (int c = 0; c < senders.length; c++) {
                for (int i = 0; i < n; i++) {
                    z[c][i] = (i == senders[c] ? 1 : 0) - 1.0 / n;
                }
            }
            BlockWorkspace ws = op.workspace(senders.length);
            op.applyInto(z, ws);
            double[][] rows = op.rows(senders);
            for (int c = 0; c < senders.length; c++) {
                // f(A)(e_u − 𝟙/n) is row u (f(A)𝟙 = 0): the kernel's rows, and the independent single-vector loop.
                assertArrayEquals(rows[c], ws.row(c), 1e-13, d + " sender " + senders[c]);
                assertArrayEquals(op.apply(z[c]), ws.row(c), 1e-12, d + " sender " + senders[c]);
            }
            // Hutchinson estimates by the block kernel against the single-vector path on the same probes.
            double[] est = Traces.hutchinson(op, 5, 9);
            for (int i = 0; i < 5; i++) {
                java.util.SplittableRandom rng = rwdp.random.Rngs.stream(9, i);
                double[] p = new double[n];
                for (int v = 0; v < n; v++) {
                    p[v] = rng.nextBoolean() ? 1 : -1;
                }
                MatrixFunctions.project(p);
                double[] fp = op.apply(p);
                double q = 0;
                for (int v = 0; v < n; v++) {
                    q += p[v] * fp[v];
                }
                org.junit.jupiter.api.Assertions.assertEquals(q, est[i], 1e-11 * Math.abs(q), d + " probe " + i);
            }
        }
    }

    @Test
    void onALargeGraphRowsHaveTheSameBitsOnAnyPoolAndForEachRowDeliversEachOnceInOrderWithinItsGroup() throws Exception {
        // 65,536 nodes: the size from which the steps run their rows on every thread; the series to T = 20 keeps the
        // expansion short (a hypercube's operator builds in under a second, a random-regular graph's of this size in 25 s).
        TestSetting s = TestSetting.of("hypercube:16", true, false, 20);
        MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), s.function(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
        ForkJoinPool one = new ForkJoinPool(1);
        ForkJoinPool three = new ForkJoinPool(3);
        double[] a = one.submit(() -> op.row(12345)).get();
        double[] b = three.submit(() -> op.row(12345)).get();
        one.shutdown();
        three.shutdown();
        assertArrayEquals(a, b, 0.0);
        assertArrayEquals(op.rows(new int[] {12345})[0], a, 1e-12);

        int k = 140;
        int[] senders = new int[k];
        for (int j = 0; j < k; j++) {
            senders[j] = (int) ((j * 7919L) % op.n());
        }
        int[] last = new int[(k + 31) / 32];
        java.util.Arrays.fill(last, -1);
        int[] seen = new int[k];
        double[][] kept = new double[3][];
        op.forEachRow(senders, (j, row) -> {
            int g = j / 32;
            synchronized (last) {
                if (j <= last[g]) {
                    throw new AssertionError("row " + j + " after " + last[g] + " in its group");
                }
                last[g] = j;
                seen[j]++;
            }
            if (j == 0 || j == 70 || j == k - 1) {
                kept[j == 0 ? 0 : j == 70 ? 1 : 2] = row.clone();
            }
        });
        for (int j = 0; j < k; j++) {
            org.junit.jupiter.api.Assertions.assertEquals(1, seen[j], "row " + j);
        }
        int[] probe = {0, 70, k - 1};
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(op.rows(new int[] {senders[probe[i]]})[0], kept[i], 0.0, "row " + probe[i]);
        }
    }
}
