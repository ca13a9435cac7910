/**
 * One-dimensional numerical routines shared by the bounds and the simulations:
 * {@link rwdp.numerics.GoldenSection}, the one golden-section search for the extremum of a
 * unimodal function on a bracket.
 */
package rwdp.numerics;
