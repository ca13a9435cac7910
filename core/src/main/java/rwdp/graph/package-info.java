/**
 * Undirected graphs in compressed sparse rows: the generator families of the graph SPEC
 * (complete, ring, grid, Erdős–Rényi, random regular, geometric, SBM, …), SNAP edge-list reading
 * with renumbering, and the graph predicates (connected, bipartite, BFS distances).
 */
package rwdp.graph;
