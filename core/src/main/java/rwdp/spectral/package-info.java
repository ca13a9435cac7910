/**
 * Matrix functions f(W − J/n) of a symmetric doubly stochastic W on a sparse graph: one Lanczos (the spectral interval
 * and λ₂, λ_min, with one Sturm count), the Chebyshev and deflated expansions applied without any n×n object, the top
 * eigenpairs, the dense reference, and the diagonal and trace estimators (Cyffers et al., ICML 2024, Thm. 3, App. B;
 * Golub and Van Loan, Matrix Computations, §10.1).
 */
package rwdp.spectral;
