package rwdp.algo.federated;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.Walk;
import rwdp.quantize.StochasticQuantizer;

/**
 * DFedRW (Wang et al., Algorithm 1) and, with a quantiser, QDFedRW (Algorithm 2). Each round t:
 * M walks start at distinct uniformly drawn devices with their round-start models; walk m makes
 * K_m projected SGD steps (eq. (10)) at the devices it visits, hopping by the transition matrix
 * P (eq. (7), {@code mh-uniform} in the paper) between steps; a straggling walk stops early and
 * its partial work is kept. Walks run in lock-step (step k of every walk before step k+1) and a
 * device remembers the model after its last update in the round, w_l^{t,last}. Then every device
 * aggregates over a random N_A(i) (eq. (11), or eq. (14) for QDFedRW).
 *
 * <p>QDFedRW sends Q(w^{t,k+1} − w̃^{t,k}) on every hop (eq. (13)); the receiver rebuilds the
 * walk's model as w̃^{t,k+1} = w̃^{t,k} + Q(·), the trajectory the proof of Thm. 2 analyses
 * ("w^{k+1} − w^k ← Q(w^{k+1} − w^k)", App. B), so quantisation errors do not accumulate
 * beyond one step. A self-loop sends nothing and is not quantised. Step size:
 * η^k̄ = 1/(R k̄^q), k̄ = (t−1)K + k + 1.
 */
public final class DFedRW extends SelectingAlgorithm {
    private final TransitionMatrix walkMatrix;
    private final Graph graph;
    private final StochasticQuantizer quantizer;
    private final boolean corrected;

    /**
     * Creates DFedRW (quantizer null) or QDFedRW on {@code graph} (aggregation neighbourhoods)
     * with walks driven by {@code walkMatrix} (same nodes).
     */
    public DFedRW(TransitionMatrix walkMatrix, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                  StragglerModel stragglers, StochasticQuantizer quantizer) {
        this(walkMatrix, graph, objective, schedule, stragglers, quantizer, false);
    }

    /**
     * Creates QDFedRW as printed ({@code corrected} false) or corrected: eq. (14) as printed adds
     * the quantised differences to the receiver's own start model, which is not a convex
     * combination of models, so the devices' models never reach consensus and can leave W (which
     * the analysis of Thm. 2 assumes they never do; see the claim dfedrw.alg2-as-printed). The
     * corrected version aggregates Σ (n_l/m^t)(w_l^{t,0} + Q(w_l^{t,last} − w_l^{t,0})), eq. (11) with
     * quantised updates, and projects the walk's reconstruction w̃ + Q(·) and the aggregate onto W.
     *
     * @throws InvalidArgumentException when walkMatrix, graph and objective differ in their number of devices, or
     *     schedule has more walks than the graph has devices
     */
    public DFedRW(TransitionMatrix walkMatrix, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                  StragglerModel stragglers, StochasticQuantizer quantizer, boolean corrected) {
        super(objective, schedule, stragglers);
        if (walkMatrix.n() != graph.n() || objective.devices() != graph.n()) {
            throw new InvalidArgumentException("the walk matrix (" + walkMatrix.n() + "), graph (" + graph.n()
                    + ") and data split (" + objective.devices() + ") must have the same number of devices");
        }
        if (schedule.walks() > graph.n()) {
            throw new InvalidArgumentException("M = " + schedule.walks() + " walks need distinct start devices; the graph has " + graph.n());
        }
        this.walkMatrix = walkMatrix;
        this.graph = graph;
        this.quantizer = quantizer;
        this.corrected = corrected;
    }

    private void project(double[] w) {
        if (schedule.radius() != Double.POSITIVE_INFINITY) {
            rwdp.model.Vectors.projectOntoBall(w, schedule.radius());
        }
    }

    /** Returns "dfedrw", "qdfedrw(b)" or "qdfedrw(b, corrected)". */
    @Override
    public String name() {
        return quantizer == null ? "dfedrw" : "qdfedrw(" + quantizer.bits() + (corrected ? ", corrected" : "") + ")";
    }

    /** Returns the trace of a run seeded {@code seed} (Wang et al., Algorithm 1 / 2). */
    public TrainingTrace run(long seed, TrainingTrace.Evaluator evaluator, TrainingTrace.StepObserver observer) {
        return TraceRecorder.record(name(), schedule, start(seed, observer), evaluator);
    }

    /** Returns a run seeded {@code seed}, every device at the same initial model (Wang et al., Algorithm 1 / 2). */
    @Override
    public Run start(long seed) {
        return start(seed, null);
    }

    /** Returns a run seeded {@code seed} whose walk 0 reports each iterate to {@code observer} (null: none). */
    public Run start(long seed, TrainingTrace.StepObserver observer) {
        return new Rounds(seed, observer);
    }

    /** The devices' models, the walks' models and the buffers of one round. */
    private final class Rounds extends DecentralizedRounds {
        private final TrainingTrace.StepObserver observer;
        private final int walks = selected;
        private final double[][] walkW = new double[walks][d];
        private final double[] stepOut = new double[d];
        private final double[] diff = new double[d];
        private final double[] q = new double[d];
        private final Walk[] walkers = new Walk[walks];
        private final SplittableRandom[] batch = new SplittableRandom[walks];
        private final SplittableRandom[] qrng = new SplittableRandom[walks];
        private final long hopBits = quantizer == null ? StochasticQuantizer.fullPrecisionBits(d) : quantizer.messageBits(d);

        Rounds(long seed, TrainingTrace.StepObserver observer) {
            super(DFedRW.this, graph, seed);
            this.observer = observer;
        }

        @Override
        public void round() {
            openRound();
            models.beginRound();
            int maxBudget = 0;
            for (int m = 0; m < walks; m++) {
                System.arraycopy(models.start[device[m]], 0, walkW[m], 0, d);
                walkers[m] = new Walk(walkMatrix, device[m], rr.hop(t, m));
                batch[m] = rr.batch(t, m);
                qrng[m] = rr.quantiser(t, m);
                maxBudget = Math.max(maxBudget, budget[m]);
            }
            for (int k = 0; k < maxBudget; k++) {
                long kbar = (long) (t - 1) * steps + k + 1;
                double eta = schedule.stepSize(kbar);
                for (int m = 0; m < walks; m++) {
                    if (k >= budget[m]) {
                        continue;
                    }
                    int dev = walkers[m].position();
                    double[] w = walkW[m];
                    if (m == 0 && observer != null) {
                        observer.beforeUpdate(kbar, dev, eta, w);
                    }
                    sgd.step(dev, w, eta, batch[m], stepOut);
                    gradientSteps++;
                    System.arraycopy(stepOut, 0, models.last[dev], 0, d);
                    if (k == budget[m] - 1) {
                        continue;
                    }
                    int to = walkers[m].step();
                    if (to != dev && quantizer != null) {
                        bits += hopBits;
                        for (int c = 0; c < d; c++) {
                            diff[c] = stepOut[c] - w[c];
                        }
                        quantizer.quantize(diff, q, qrng[m]);
                        for (int c = 0; c < d; c++) {
                            w[c] += q[c];
                        }
                        if (corrected) {
                            project(w);
                        }
                    } else {
                        if (to != dev) {
                            bits += hopBits;
                        }
                        System.arraycopy(stepOut, 0, w, 0, d);
                    }
                }
            }
            bits += agg.aggregate(models.start, models.last, models.next, rr.aggregation(t), quantizer,
                    rr.aggregationQuantiser(t), corrected);
            if (quantizer != null && corrected) {
                for (double[] wi : models.next) {
                    project(wi);
                }
            }
            models.finishRound(avg);
        }
    }
}
