/**
 * rwdp as an Apache Spark application: the exact all-pairs PNDP statistics computed block by block on executors
 * ({@code rwdp cluster pndp}) and the claims' Monte Carlo trials on executors ({@code rwdp cluster report}). The only
 * package of rwdp that imports Spark; the numbers are those of the local commands, bit for bit, for any executor count.
 */
package rwdp.cluster;
