/**
 * The registry of every paper's claims, in report order. It sits above the claims kit and the
 * papers' claim packages, so that neither imports it back; the report command and the tests use it.
 */
package rwdp.registry;
