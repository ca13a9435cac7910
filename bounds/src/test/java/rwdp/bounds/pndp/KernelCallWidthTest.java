package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.spectral.MatrixFunctionOperator;

/**
 * Kernel blocks joined into wider kernel calls (a cluster task's blocks on a large graph) give each block the same
 * statistics, bit for bit, as one call per block: a row's bits do not depend on its call, and each block still merges
 * its own rows in order.
 */
class KernelCallWidthTest {
    private static void assertSameBits(PairStatistics a, PairStatistics b, String at) {
        assertEquals(a.count(), b.count(), at);
        assertEquals(Double.doubleToRawLongBits(a.sum()), Double.doubleToRawLongBits(b.sum()), at);
        assertEquals(Double.doubleToRawLongBits(a.min()), Double.doubleToRawLongBits(b.min()), at);
        assertEquals(Double.doubleToRawLongBits(a.max()), Double.doubleToRawLongBits(b.max()), at);
        assertEquals(a.argmaxU(), b.argmaxU(), at);
        assertEquals(a.argmaxV(), b.argmaxV(), at);
        assertEquals(a.negative(), b.negative(), at);
        assertEquals(a.distances(), b.distances(), at);
        for (int d = 1; d < a.distances(); d++) {
            assertEquals(a.count(d), b.count(d), at + " d = " + d);
            assertEquals(Double.doubleToRawLongBits(a.sum(d)), Double.doubleToRawLongBits(b.sum(d)), at + " d = " + d);
        }
    }

    @Test
    void widerCallsGiveEveryBlockTheSameBits() {
        for (PndpSetting.Sender sender : PndpSetting.Sender.values()) {
            Graph g = GraphSpec.parse("er:150,0.06,3").build();
            TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
            PndpSetting s = new PndpSetting(g, w, new PndpParams(2, 2.5, 3000), PndpSetting.Method.CLOSED, sender);
            MatrixFunctionOperator op = PndpAccountant.operator(s);
            // Uneven blocks, as a task's pending kernel blocks can be after a checkpoint: 32, 32, 7, 32, 32, 15.
            int[][] blocks = {range(0, 32), range(32, 64), range(64, 71), range(71, 103), range(103, 135), range(135, 150)};
            PairStatistics[] one = PndpAccountant.blocks(s, op, blocks);
            for (int width : new int[] {1, 40, 64, 71, 96, 1000}) {
                PairStatistics[] joined = PndpAccountant.blocks(s, op, blocks, width);
                for (int b = 0; b < blocks.length; b++) {
                    assertSameBits(one[b], joined[b], sender + " width " + width + " block " + b);
                }
            }
            assertThrows(InvalidArgumentException.class, () -> PndpAccountant.blocks(s, op, blocks, 0));
        }
    }

    private static int[] range(int from, int to) {
        return IntStream.range(from, to).toArray();
    }
}
