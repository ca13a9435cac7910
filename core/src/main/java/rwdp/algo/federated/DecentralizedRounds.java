package rwdp.algo.federated;

import rwdp.graph.Graph;

/**
 * A decentralised run (DFedAvg, DSGD, DFedRW): every device holds a model, all start at the same
 * initial model, a round ends with the aggregation over random neighbourhoods (Wang et al.,
 * eq. (11) / (14)), and the run stands for the mean of the devices' models.
 */
abstract class DecentralizedRounds extends SelectedRounds {
    /** The devices' start, last and next models. */
    final ReplicatedModels models;
    /** The mean of the devices' round-start models. */
    final double[] avg;
    /** The aggregation over random neighbourhoods of {@code graph}. */
    final DecentralizedAggregation agg;

    /** Creates a run of {@code algorithm} seeded {@code seed} whose aggregation draws neighbourhoods of {@code graph}. */
    DecentralizedRounds(SelectingAlgorithm algorithm, Graph graph, long seed) {
        super(algorithm, seed);
        this.models = new ReplicatedModels(graph.n(), d);
        this.avg = new double[d];
        this.agg = new DecentralizedAggregation(graph, obj, schedule.aggregationFraction());
        models.initialise(obj, rr.initial());
        LocalSgd.mean(models.start, avg);
    }

    /** Returns the mean of the devices' models after the last round. */
    @Override
    public final double[] model() {
        return avg;
    }
}
