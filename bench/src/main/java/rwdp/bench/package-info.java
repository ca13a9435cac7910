/**
 * JMH benchmarks of the hot loops (walk step, alias draw, SGD steps, samplers, quantiser, federated
 * round, PNDP accountant) and the regression gate that compares them with the committed baseline.
 */
package rwdp.bench;
