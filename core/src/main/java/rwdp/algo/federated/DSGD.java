package rwdp.algo.federated;

import rwdp.graph.Graph;

/**
 * Decentralised SGD (a baseline of Wang et al., §VI-B): each round M distinct uniformly drawn
 * devices make one projected SGD step, then every device aggregates over a random N_A(i)
 * (eq. (11)). Step size η^t = 1/(R t^q). A straggler (K' = 0 < K = 1) makes no step.
 */
public final class DSGD {
    private final Graph graph;
    private final LocalObjective objective;
    private final TrainingSchedule schedule;
    private final StragglerModel stragglers;

    /** Creates DSGD on {@code graph}; the schedule's K is ignored (DSGD makes one step per round). */
    public DSGD(Graph graph, LocalObjective objective, TrainingSchedule schedule, StragglerModel stragglers) {
        if (objective.devices() != graph.n()) {
            throw new IllegalArgumentException("graph (" + graph.n() + ") and data split (" + objective.devices()
                    + ") must have the same number of devices");
        }
        if (schedule.walks() > graph.n()) {
            throw new IllegalArgumentException("M = " + schedule.walks() + " selected devices exceed the " + graph.n() + " devices");
        }
        this.graph = graph;
        this.objective = objective;
        this.schedule = schedule.withSteps(1);
        this.stragglers = stragglers;
    }

    /** Returns the trace of a run seeded {@code seed}. */
    public TrainingTrace run(long seed, TrainingTrace.Evaluator evaluator) {
        LocalObjective obj = objective.copy();
        int n = graph.n();
        int d = obj.dimension();
        int selected = schedule.walks();
        double[][] start = new double[n][d];
        double[][] last = new double[n][d];
        double[][] next = new double[n][d];
        double[] avg = new double[d];
        int[] device = new int[selected];
        int[] budget = new int[selected];
        RoundRandomness rr = new RoundRandomness(seed, n, selected);
        LocalSgd sgd = new LocalSgd(obj, schedule.radius());
        DecentralizedAggregation agg = new DecentralizedAggregation(graph, obj, schedule.aggregationFraction());
        obj.initialise(start[0], rr.initial());
        for (int i = 1; i < n; i++) {
            System.arraycopy(start[0], 0, start[i], 0, d);
        }
        long bits = 0;
        long gradientSteps = 0;
        TraceRecorder rec = new TraceRecorder(evaluator, schedule);
        for (int t = 1; t <= schedule.rounds(); t++) {
            rr.selectDevices(t, device);
            rr.budgets(t, 1, stragglers, budget);
            for (int i = 0; i < n; i++) {
                System.arraycopy(start[i], 0, last[i], 0, d);
            }
            double eta = schedule.stepSize(t);
            for (int m = 0; m < selected; m++) {
                if (budget[m] == 0) {
                    continue;
                }
                int dev = device[m];
                sgd.step(dev, start[dev], eta, rr.batch(t, m), last[dev]);
                gradientSteps++;
            }
            bits += agg.aggregate(start, last, next, rr.aggregation(t), null, null, false);
            double[][] swap = start;
            start = next;
            next = swap;
            LocalSgd.mean(start, avg);
            rec.afterRound(t, avg, bits);
        }
        return rec.build("dsgd", gradientSteps, avg);
    }
}
