package rwdp.spectral;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The reused workspace gives the bits of fresh buffers, block after block, plain and deflated. */
class BlockWorkspaceTest {
    @Test
    void reusedBuffersGiveTheBitsOfFreshOnes() {
        for (String spec : new String[] {"er:300,0.03,5", "grid:12,15"}) {
            TestSetting s = TestSetting.of(spec, false, false, 1000);
            for (Deflation d : new Deflation[] {Deflation.NEVER, Deflation.ALWAYS}) {
                MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), s.function(),
                        MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE, d, s.w().n());
                BlockWorkspace ws = op.workspace(4);
                // Three blocks through one workspace: each must equal its rows computed in buffers of their own.
                for (int[] block : new int[][] {{0, 1, 2, 3}, {17, 5, 99, 42}, {3, 3, 150, 7}}) {
                    op.rowsInto(block, ws);
                    double[][] fresh = op.rows(block);
                    for (int j = 0; j < block.length; j++) {
                        assertArrayEquals(fresh[j], ws.row(j), 0.0, spec + " " + d + " row " + block[j]);
                        // And the single-vector path, an independent loop, to rounding.
                        assertArrayEquals(op.row(block[j]), ws.row(j), 1e-12, spec + " " + d + " row " + block[j]);
                    }
                }
                assertThrows(IllegalArgumentException.class, () -> op.rowsInto(new int[] {1, 2}, ws));
            }
        }
    }
}
