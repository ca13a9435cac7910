/**
 * Empirical privacy audits shared by the per-paper audit claims: run a mechanism of core on two
 * neighbouring inputs, score each run with an attack, choose thresholds on selection trials and
 * count on separate audit trials, and turn the counts into lower bounds on ε and δ (statistics in
 * bounds' {@code rwdp.bounds.audit}; Jagielski, Ullman and Oprea, NeurIPS 2020; Nasr et al.,
 * IEEE S&amp;P 2021 and USENIX Security 2023).
 */
package rwdp.claims.audit;
