package rwdp.spectral;

import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** A graph, its Metropolis W and the PNDP spectral function (closed form or T-step series), for the engine's tests. */
record TestSetting(Graph graph, TransitionMatrix w, SpectralFunction function) {
    /** Returns the setting of the PNDP accountant's tests on {@code spec} ({@code known} only names the case). */
    static TestSetting of(String spec, boolean series, boolean known, long T) {
        Graph g = GraphSpec.parse(spec).build();
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        return new TestSetting(g, w, series ? SpectralFunction.partialLogSeries(T) : SpectralFunction.logResolvent());
    }
}
