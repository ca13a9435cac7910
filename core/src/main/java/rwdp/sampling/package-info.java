/**
 * Survey sampling of a finite population: simple random draws without replacement, Dalenius strata and proportional
 * allocation, certainty units and the choice of a design before the draw, and the stratified total with Hall's
 * skewness-corrected interval (Cochran, Sampling Techniques, 3rd ed.; Hall, J. R. Stat. Soc. B 54 (1992) 221–228).
 */
package rwdp.sampling;
