/**
 * Charts for the report and for papers (XChart): line and marker series, paired bound/exact
 * series sharing one colour, heat maps; each figure written as PNG and SVG. The lowest package of
 * the verify module: the claims draw with it, nothing here knows a claim.
 */
package rwdp.plot;
