/**
 * Data sets and their partition over nodes: synthetic generators, CSV readers and label-skew
 * (shards, Dirichlet) partitions, and the values that name an experiment's data source and
 * partition ({@link rwdp.data.DataSource}, {@link rwdp.data.Partition}). Every generator and
 * partition takes an explicit seed.
 */
package rwdp.data;
