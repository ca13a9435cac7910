package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;
import rwdp.quantize.StochasticQuantizer;

/**
 * FedAvg (McMahan et al.; the centralised baseline of Wang et al., §VI-B): each round a server
 * sends the global model to M distinct uniformly drawn devices, each makes K_m local projected
 * SGD steps, and the server replaces the model by the n_l-weighted mean of the returned models.
 * With {@link StragglerPolicy#DROP} stragglers' models are not returned.
 */
public final class FedAvg implements FederatedAlgorithm {
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

    @Override
    public String name() {
        return "fedavg";
    }

    @Override
    public TrainingSchedule schedule() {
        return schedule;
    }

    /** Returns a run seeded {@code seed} at the initial global model (Wang et al., §VI-B). */
    @Override
    public Run start(long seed) {
        return new Rounds(seed);
    }

    /** The server's state: the global model and the buffers of one round. */
    private final class Rounds extends RunCounters {
        private final LocalObjective obj = objective.copy();
        private final int d = obj.dimension();
        private final int selected = schedule.walks();
        private final int steps = schedule.steps();
        private final double[] global = new double[d];
        private final double[] sum = new double[d];
        private final double[] w = new double[d];
        private final double[] out = new double[d];
        private final int[] device = new int[selected];
        private final int[] budget = new int[selected];
        private final RoundRandomness rr;
        private final LocalSgd sgd;
        private final long msg;

        Rounds(long seed) {
            int n = obj.devices();
            rr = new RoundRandomness(seed, n, selected);
            sgd = new LocalSgd(obj, schedule.radius());
            obj.initialise(global, rr.initial());
            msg = StochasticQuantizer.fullPrecisionBits(d);
        }

        @Override
        public void round() {
            t++;
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
        }

        @Override
        public double[] model() {
            return global;
        }
    }
}
