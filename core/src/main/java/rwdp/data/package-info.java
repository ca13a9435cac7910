/**
 * Data sets and their partition over nodes: synthetic generators, CSV readers and label-skew
 * (shards, Dirichlet) partitions. Every generator and partition takes an explicit seed.
 */
package rwdp.data;
