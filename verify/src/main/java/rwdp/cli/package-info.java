/**
 * The {@code rwdp} command line (picocli): {@code report}, {@code graph info}, {@code bound},
 * {@code simulate}; exit 0 success, 1 a verdict differs, 2 bad input, 3 internal error.
 */
package rwdp.cli;
