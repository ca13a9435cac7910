/**
 * The claims about rwdp's own foundations (generators, transition matrices, stationary laws,
 * spectra, mixing bounds, alias sampling), checked against standard references.
 */
package rwdp.claims.core;
