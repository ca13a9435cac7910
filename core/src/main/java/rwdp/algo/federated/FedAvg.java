package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;
import rwdp.quantize.StochasticQuantizer;

/**
 * FedAvg (McMahan et al.; the centralised baseline of Wang et al., §VI-B): each round a server
 * sends the global model to M distinct uniformly drawn devices, each makes K_m local projected
 * SGD steps, and the server replaces the model by the n_l-weighted mean of the returned models.
 * With {@link StragglerPolicy#DROP} stragglers' models are not returned.
 */
public final class FedAvg {
    private final LocalObjective objective;
    private final TrainingSchedule schedule;
    private final StragglerModel stragglers;
    private final StragglerPolicy policy;

    /** Creates FedAvg over the devices of {@code objective}. */
    public FedAvg(LocalObjective objective, TrainingSchedule schedule, StragglerModel stragglers, StragglerPolicy policy) {
        if (schedule.walks() > objective.devices()) {
            throw new InvalidArgumentException("M = " + schedule.walks() + " selected devices exceed the " + objective.devices() + " devices");
        }
        this.objective = objective;
        this.schedule = schedule;
        this.stragglers = stragglers;
        this.policy = policy;
    }

    /** Returns the trace of a run seeded {@code seed}. */
    public TrainingTrace run(long seed, TrainingTrace.Evaluator evaluator) {
        LocalObjective obj = objective.copy();
        int n = obj.devices();
        int d = obj.dimension();
        int selected = schedule.walks();
        int steps = schedule.steps();
        double[] global = new double[d];
        double[] sum = new double[d];
        double[] w = new double[d];
        double[] out = new double[d];
        int[] device = new int[selected];
        int[] budget = new int[selected];
        RoundRandomness rr = new RoundRandomness(seed, n, selected);
        LocalSgd sgd = new LocalSgd(obj, schedule.radius());
        obj.initialise(global, rr.initial());
        long msg = StochasticQuantizer.fullPrecisionBits(d);
        long bits = 0;
        long gradientSteps = 0;
        TraceRecorder rec = new TraceRecorder(evaluator, schedule);
        for (int t = 1; t <= schedule.rounds(); t++) {
            rr.selectDevices(t, device);
            rr.budgets(t, steps, stragglers, budget);
            java.util.Arrays.fill(sum, 0);
            double weight = 0;
            bits += selected * msg;
            for (int m = 0; m < selected; m++) {
                int dev = device[m];
                System.arraycopy(global, 0, w, 0, d);
                gradientSteps += sgd.localSteps(dev, w, budget[m], (long) (t - 1) * steps + 1, schedule, rr.batch(t, m), out);
                if (budget[m] < steps && policy == StragglerPolicy.DROP) {
                    continue;
                }
                bits += msg;
                double a = obj.samples(dev);
                weight += a;
                for (int c = 0; c < d; c++) {
                    sum[c] += a * w[c];
                }
            }
            if (weight > 0) {
                for (int c = 0; c < d; c++) {
                    global[c] = sum[c] / weight;
                }
            }
            rec.afterRound(t, global, bits);
        }
        return rec.build("fedavg", gradientSteps, global);
    }
}
