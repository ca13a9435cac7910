package rwdp.bounds.pndp;

import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import rwdp.spectral.DiagonalProxy;

/**
 * The coverage table of docs/cyffers.md: every family, both senders, K = 10 and 25, {@code rwdp.sampleSweep.seeds}
 * seeds (400), the stratified design against the hubs-and-uniform one on the same seeds, with Clopper–Pearson
 * intervals. Too long for the build (about two minutes); it runs only when asked:
 * {@code mvn -B -o -pl bounds -am test -Dtest=SampleCoverageSweepTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Drwdp.sampleSweep=true} (optionally {@code -Drwdp.sampleSweep.specs='path:600;grid:20,20'}, the seeds from
 * {@code -Drwdp.sampleSweep.first}, default 1). It prints the table
 * and asserts nothing.
 */
class SampleCoverageSweepTest {
    static final String FAMILIES = "path:600;grid:20,20;grid:30,30;er:500,0.02,1;geometric:500,0.1,1;sbm:250/250,0.04,0.004,1;star:300";

    @Test
    @EnabledIfSystemProperty(named = "rwdp.sampleSweep", matches = "true")
    void sweep() {
        int seeds = Integer.getInteger("rwdp.sampleSweep.seeds", 400);
        int first = Integer.getInteger("rwdp.sampleSweep.first", 1);
        int probes = Integer.getInteger("rwdp.sampleSweep.probes", SampledSources.DEFAULT_PROBES);
        int[] ks = Arrays.stream(System.getProperty("rwdp.sampleSweep.k", "10,25").split(",")).mapToInt(Integer::parseInt).toArray();
        System.out.println("graph | sender | K | design | mean covered | Clopper-Pearson 95% | distance-1 covered | median width/mean"
                + " | certain | strata | proxy steps | proxy products | seeds in doubt (mean)");
        for (String spec : System.getProperty("rwdp.sampleSweep.specs", FAMILIES).split(";")) {
            for (SampleCoverage.Population p : SampleCoverage.populations(spec)) {
                DiagonalProxy proxy = SampledSources.proxy(p.setting(), p.op(), probes);
                for (int k : ks) {
                    for (boolean stratified : new boolean[] {false, true}) {
                        SampleCoverage.Coverage c = SampleCoverage.coverage(p, k, stratified ? probes : 0, first, seeds);
                        double[] ci = c.meanInterval(0.95);
                        PairStatistics.Sample one = SampleCoverage.draw(p, stratified ? proxy : null, k, 1, 0.95);
                        System.out.printf(Locale.ROOT, "%s | %s | %d | %s | %d/%d = %.3f | [%.3f, %.3f] | %.3f | %.2g | %d | %d | %d | %d | %d (%d)%n",
                                spec, p.known() ? "known" : "anonymous", k, stratified ? "stratified" : "uniform", c.mean(), seeds,
                                (double) c.mean() / seeds, ci[0], ci[1], (double) c.distance1() / seeds, c.medianRelativeWidth(),
                                one.design().certain(), one.design().strata(), one.design().walkSteps(), one.design().walkProducts(),
                                c.doubtful(), c.meanDoubtful());
                    }
                }
            }
        }
    }
}
