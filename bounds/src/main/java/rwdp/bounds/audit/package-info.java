/**
 * Empirical privacy auditing: turning a distinguishing attack's true- and false-positive counts
 * into a lower bound on ε (or δ) that holds with a stated confidence (Jagielski, Ullman and Oprea,
 * "Auditing Differentially Private Machine Learning: How Private is Private SGD?", NeurIPS 2020;
 * Nasr, Song, Thakurta, Papernot and Carlini, "Adversary Instantiation: Lower Bounds for
 * Differentially Private Machine Learning", IEEE S&amp;P 2021), with Clopper–Pearson intervals and
 * thresholds chosen on trials separate from those that are counted.
 */
package rwdp.bounds.audit;
