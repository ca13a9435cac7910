package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;

/**
 * The schedule every algorithm of Wang et al. shares, so that comparisons are fair (§VI-B).
 *
 * @param rounds              communication rounds T
 * @param steps               K: walk steps (DFedRW) or local steps ((D)FedAvg) per round; DSGD uses 1
 * @param walks               M: parallel walks (DFedRW) or selected devices (baselines) per round
 * @param aggregationFraction share of a device's closed neighbourhood {i} ∪ N(i) drawn as N_A(i) (§VI-B: 0.25)
 * @param rate                R of the step size η^k̄ = 1/(R k̄^q)
 * @param decay               q of the step size (the paper: 0.499 in §VI-B; 1/2 < q < 1 in Thm. 1)
 * @param radius              radius of the feasible ball W (projection Π_W); infinity for no projection
 * @param evalEvery           evaluate the model every this many rounds (and after the last)
 */
public record TrainingSchedule(int rounds, int steps, int walks, double aggregationFraction, double rate, double decay,
                               double radius, int evalEvery) {

    /**
     * Checks the schedule.
     *
     * @throws InvalidArgumentException when rounds, steps, walks or evalEvery is below 1, aggregationFraction is
     *     outside (0, 1], rate is not positive and finite, decay is outside [0, 2), or radius &lt;= 0
     */
    public TrainingSchedule {
        if (rounds < 1) {
            throw new InvalidArgumentException("rounds must be >= 1, got " + rounds);
        }
        if (steps < 1) {
            throw new InvalidArgumentException("steps per round K must be >= 1, got " + steps);
        }
        if (walks < 1) {
            throw new InvalidArgumentException("walks / selected devices M must be >= 1, got " + walks);
        }
        if (!(aggregationFraction > 0 && aggregationFraction <= 1)) {
            throw new InvalidArgumentException("aggregation fraction must be in (0, 1], got " + aggregationFraction);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new InvalidArgumentException("step-size constant R must be positive and finite, got " + rate);
        }
        if (!(decay >= 0 && decay < 2)) {
            throw new InvalidArgumentException("step-size decay q must be in [0, 2), got " + decay);
        }
        if (!(radius > 0)) {
            throw new InvalidArgumentException("feasible-set radius must be positive (infinity for none), got " + radius);
        }
        if (evalEvery < 1) {
            throw new InvalidArgumentException("evaluation period must be >= 1, got " + evalEvery);
        }
    }

    /** Returns η^k̄ = 1/(R k̄^q) for the global step index k̄ ≥ 1 (Wang et al., §VI-B). */
    public double stepSize(long globalStep) {
        return 1 / (rate * Math.pow(globalStep, decay));
    }

    /** Returns this schedule with K replaced. */
    public TrainingSchedule withSteps(int k) {
        return new TrainingSchedule(rounds, k, walks, aggregationFraction, rate, decay, radius, evalEvery);
    }

    /** Returns this schedule with T replaced. */
    public TrainingSchedule withRounds(int t) {
        return new TrainingSchedule(t, steps, walks, aggregationFraction, rate, decay, radius, evalEvery);
    }
}
