package rwdp.algo.federated;

import rwdp.quantize.StochasticQuantizer;

/**
 * FedAvg (McMahan et al.; the centralised baseline of Wang et al., §VI-B): each round a server
 * sends the global model to M distinct uniformly drawn devices, each makes K_m local projected
 * SGD steps, and the server replaces the model by the n_l-weighted mean of the returned models.
 * With {@link StragglerPolicy#DROP} stragglers' models are not returned.
 */
public final class FedAvg extends SelectingAlgorithm {
    private final StragglerPolicy policy;

    /** Creates FedAvg over the devices of {@code objective}. */
    public FedAvg(LocalObjective objective, TrainingSchedule schedule, StragglerModel stragglers, StragglerPolicy policy) {
        super(objective, schedule, stragglers);
        checkSelectable(schedule, objective.devices());
        this.policy = policy;
    }

    @Override
    public String name() {
        return "fedavg";
    }

    /** Returns a run seeded {@code seed} at the initial global model (Wang et al., §VI-B). */
    @Override
    public Run start(long seed) {
        return new Rounds(seed);
    }

    /** The server's state: the global model and the buffers of one round. */
    private final class Rounds extends SelectedRounds {
        private final double[] global = new double[d];
        private final double[] sum = new double[d];
        private final long msg = StochasticQuantizer.fullPrecisionBits(d);

        Rounds(long seed) {
            super(FedAvg.this, seed);
            obj.initialise(global, rr.initial());
        }

        @Override
        public void round() {
            openRound();
            java.util.Arrays.fill(sum, 0);
            double weight = 0;
            bits += selected * msg;
            for (int m = 0; m < selected; m++) {
                int dev = device[m];
                trainLocally(m, global);
                if (straggles(m) && policy == StragglerPolicy.DROP) {
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
