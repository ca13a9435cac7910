package rwdp.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A split's memory grows with samples + devices, not samples × devices. */
class PartitionMemoryTest {
    @Test
    void fiftyThousandDevicesShareAHundredThousandSamples() {
        // One full-size bucket per device took 50,000 x 100,000 x 4 bytes = 20 GB and ran out of memory.
        LabeledData data = new GaussianMixtureData(1, 2, 3, 7).sample(100_000, new SplittableRandom(3));
        int devices = 50_000;
        int[][][] splits = {
            LabelSkewPartition.iid(data, devices, new SplittableRandom(1)),
            LabelSkewPartition.dirichlet(data, devices, 0.5, new SplittableRandom(1)),
            LabelSkewPartition.shards(data, devices, 0.5, devices / 2, new SplittableRandom(1)),
        };
        for (int[][] split : splits) {
            assertEquals(devices, split.length);
            long total = 0;
            for (int[] part : split) {
                total += part.length;
            }
            assertEquals(data.size(), total);
        }
    }
}
