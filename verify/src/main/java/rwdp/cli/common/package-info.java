/**
 * What every command shares and nothing else: atomic output files that refuse to overwrite an
 * input, and the user-input exception that {@code Main} maps to exit 2. Below the commands of
 * every paper, so that the command packages form a tree.
 */
package rwdp.cli.common;
