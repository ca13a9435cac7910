package rwdp.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How many kernel workspaces a task may assume share its JVM: one per task slot the master or the executor gives. */
class AllPairsJobTest {
    @Test
    void taskSlotsFollowTheMasterAndTheExecutorsCores() {
        assertEquals(3, AllPairsJob.BlockTask.taskSlots("local[3]", 8, 1, 16));
        assertEquals(16, AllPairsJob.BlockTask.taskSlots("local[*]", 8, 1, 16));
        assertEquals(4, AllPairsJob.BlockTask.taskSlots("local[4,2]", 8, 1, 16));
        assertEquals(1, AllPairsJob.BlockTask.taskSlots("local", 8, 1, 16));
        assertEquals(4, AllPairsJob.BlockTask.taskSlots("spark://host:7077", 8, 2, 16));
        assertEquals(1, AllPairsJob.BlockTask.taskSlots("spark://host:7077", 1, 2, 16));
        assertEquals(6, AllPairsJob.BlockTask.taskSlots("yarn", 6, 1, 16));
    }

    @Test
    void groupsCutThePendingKernelBlocksIntoNearEqualConsecutiveRuns() {
        java.util.List<int[]> g = AllPairsJob.groups(java.util.List.of(0, 1, 2, 5, 6, 9, 10), 3);
        assertEquals(3, g.size());
        assertEquals("[0, 1]", java.util.Arrays.toString(g.get(0)));
        assertEquals("[2, 5]", java.util.Arrays.toString(g.get(1)));
        assertEquals("[6, 9, 10]", java.util.Arrays.toString(g.get(2)));
    }
}
