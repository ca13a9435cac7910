package rwdp.algo.federated;

import java.util.Arrays;

/** Collects evaluations during a run and builds the {@link TrainingTrace}. */
final class TraceRecorder {
    private final TrainingTrace.Evaluator evaluator;
    private final int every;
    private final int last;
    private int[] rounds = new int[16];
    private double[] acc = new double[16];
    private double[] loss = new double[16];
    private long[] bits = new long[16];
    private int size;
    private long trainingNanos;
    private long mark;

    TraceRecorder(TrainingTrace.Evaluator evaluator, TrainingSchedule schedule) {
        this.evaluator = evaluator;
        this.every = schedule.evalEvery();
        this.last = schedule.rounds();
        this.mark = System.nanoTime();
    }

    /** Records round {@code t} (1-based) if it is due, with the model {@code w}. */
    void afterRound(int t, double[] w, long cumulativeBits) {
        long now = System.nanoTime();
        trainingNanos += now - mark;
        if (evaluator != null && (t % every == 0 || t == last)) {
            double[] m = evaluator.evaluate(w);
            if (size == rounds.length) {
                rounds = Arrays.copyOf(rounds, 2 * size);
                acc = Arrays.copyOf(acc, 2 * size);
                loss = Arrays.copyOf(loss, 2 * size);
                bits = Arrays.copyOf(bits, 2 * size);
            }
            rounds[size] = t;
            acc[size] = m[0];
            loss[size] = m.length > 1 ? m[1] : Double.NaN;
            bits[size] = cumulativeBits;
            size++;
        }
        mark = System.nanoTime();
    }

    /** Returns the trace of {@code run} advanced to the schedule's T rounds, evaluated as the schedule says. */
    static TrainingTrace record(String name, TrainingSchedule schedule, FederatedAlgorithm.Run run, TrainingTrace.Evaluator evaluator) {
        TraceRecorder rec = new TraceRecorder(evaluator, schedule);
        for (int t = 1; t <= schedule.rounds(); t++) {
            run.round();
            rec.afterRound(t, run.model(), run.bits());
        }
        return rec.build(name, run.gradientSteps(), run.model());
    }

    TrainingTrace build(String name, long steps, double[] finalModel) {
        return new TrainingTrace(name, Arrays.copyOf(rounds, size), Arrays.copyOf(acc, size), Arrays.copyOf(loss, size),
                Arrays.copyOf(bits, size), steps, finalModel.clone(), trainingNanos);
    }
}
