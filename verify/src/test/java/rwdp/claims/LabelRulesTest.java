package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The labelling rules reject the labels the README forbids and accept the ones it asks for. */
class LabelRulesTest {
    private static ClaimResult run(Claim c, Verdict v, Evidence ev) {
        ev.power(Power.weak("test"));
        return new ClaimResult(c, new Outcome(v, ev), 0.0, null);
    }

    private static Claim inconclusive() {
        return Claim.inconclusive("ayache.x", Paper.AYACHE.at("§V"), "A beats B at every d.", "not separated", ctx -> null);
    }

    @Test
    void anInconclusiveLabelHidingACellAgainstThePaperFails() {
        Evidence ev = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 100", Verdict.INCONCLUSIVE);
        List<String> p = LabelRules.problems(run(inconclusive(), Verdict.INCONCLUSIVE, ev));
        assertTrue(p.stream().anyMatch(s -> s.contains("rule 1")), p.toString());
        assertEquals(Verdict.VIOLATED, Outcome.overCells(ev).verdict());
    }

    @Test
    void inconclusiveIsFineWhenNothingIsDecidedAgainstThePaperOrSomethingIsDecidedForIt() {
        Evidence open = new Evidence().cell("d = 2", Verdict.INCONCLUSIVE).cell("d = 5", Verdict.HOLDS);
        assertTrue(LabelRules.problems(run(inconclusive(), Verdict.INCONCLUSIVE, open)).isEmpty());
        assertEquals(Verdict.INCONCLUSIVE, Outcome.overCells(open).verdict());
        Evidence mixed = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 5", Verdict.HOLDS);
        assertEquals(Verdict.DEPENDS, Outcome.overCells(mixed).verdict());
    }

    @Test
    void aVerdictItsCellsContradictFails() {
        Claim c = Claim.depends("ayache.y", Paper.AYACHE.at("§V"), "A beats B.", "holds at d = 100, fails at d = 2", ctx -> null);
        Evidence ev = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 100", Verdict.VIOLATED);
        List<String> p = LabelRules.problems(run(c, Verdict.DEPENDS, ev));
        assertTrue(p.stream().anyMatch(s -> s.contains("rule 4")), p.toString());
        Claim h = Claim.holds("ayache.h", Paper.AYACHE.at("§V"), "A beats B.", ctx -> null);
        Evidence against = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 100", Verdict.HOLDS);
        assertTrue(LabelRules.problems(run(h, Verdict.HOLDS, against)).stream().anyMatch(s -> s.contains("rule 4")));
    }

    @Test
    void aFindingSayingNotSeparatedNeedsACellTheRunDidNotSeparate() {
        Claim c = Claim.depends("ayache.z", Paper.AYACHE.at("§V"), "A beats B.", "holds at R = 1, fails at R = 10, R = 5 not separated", ctx -> null);
        Evidence decided = new Evidence().cell("R = 1", Verdict.HOLDS).cell("R = 5", Verdict.HOLDS).cell("R = 10", Verdict.VIOLATED);
        assertTrue(LabelRules.problems(run(c, Verdict.DEPENDS, decided)).stream().anyMatch(s -> s.contains("not separated")));
        Evidence open = new Evidence().cell("R = 1", Verdict.HOLDS).cell("R = 5", Verdict.INCONCLUSIVE).cell("R = 10", Verdict.VIOLATED)
                .put(LabelRules.EFFECT_SIZE, "at R = 10 the error is 1.8× the bound");
        assertTrue(LabelRules.problems(run(c, Verdict.DEPENDS, open)).isEmpty());
    }

    @Test
    void aNumberInTheFindingMustBeOneTheRunProduced() {
        Claim c = Claim.depends("ayache.n", Paper.AYACHE.at("§V"), "A beats B.",
                "§4.1 and Lemma 3.2 say so; at d = 2 the gap is 0.17 (1.8× the bound, 12.5% of it), the spread 0.4-1.5 over seeds", ctx -> null);
        Evidence held = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 50", Verdict.HOLDS)
                .put(LabelRules.EFFECT_SIZE, "the error is 1.8× the bound").put("gap", 0.1704).put("share", 0.125);
        held.table("gaps", "d", "ln ratio").row(2, 0.93);
        assertEquals(List.of(), LabelRules.problems(run(c, Verdict.DEPENDS, held)));
        // Another seed's numbers: 0.17 is not 0.1649 to its printed digits, and no number lies in 0.4-1.5.
        Evidence moved = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 50", Verdict.HOLDS)
                .put(LabelRules.EFFECT_SIZE, "the error is 1.8× the bound").put("gap", 0.1649).put("share", 0.125);
        moved.table("gaps", "d", "ln ratio").row(2, 2.6);
        List<String> p = LabelRules.problems(run(c, Verdict.DEPENDS, moved));
        assertEquals(2, p.size(), p.toString());
        assertTrue(p.get(0).contains("states 0.4-1.5"), p.toString());
        assertTrue(p.get(1).contains("states 0.17,"), p.toString());
    }

    @Test
    void oneRunSeedOrSubstituteDataCannotBeStrong() {
        Claim c = Claim.holds("dfedrw.w", Paper.DFEDRW.at("§VI"), "A beats B.", ctx -> null);
        Evidence one = new Evidence().put(LabelRules.RUN_SEEDS, 1);
        one.power(Power.strong("interval over test images"));
        List<String> p = LabelRules.problems(new ClaimResult(c, new Outcome(Verdict.HOLDS, one), 0, null));
        assertTrue(p.stream().anyMatch(s -> s.contains("rule 3")), p.toString());
        Evidence sub = new Evidence().put(LabelRules.SUBSTITUTE_DATA, "Boston for California");
        sub.power(Power.strong("200 runs"));
        p = LabelRules.problems(new ClaimResult(c, new Outcome(Verdict.HOLDS, sub), 0, null));
        assertEquals(3, p.size(), p.toString());
        Claim labelled = c.reading("decided on substitute data: Boston for California");
        Evidence ok = new Evidence().put(LabelRules.SUBSTITUTE_DATA, "Boston for California");
        ok.power(Power.weak("substitute data: 200 runs"));
        assertTrue(LabelRules.problems(new ClaimResult(labelled, new Outcome(Verdict.HOLDS, ok), 0, null)).isEmpty());
    }

    @Test
    void aDependsOrViolatedResultWithoutAnEffectSizeFails() {
        Claim d = Claim.depends("ayache.e", Paper.AYACHE.at("§V"), "A beats B.", "holds at d = 100, fails at d = 2", ctx -> null);
        Evidence bare = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 100", Verdict.HOLDS);
        List<String> p = LabelRules.problems(run(d, Verdict.DEPENDS, bare));
        assertTrue(p.stream().anyMatch(s -> s.contains("rule 6")), p.toString());
        Evidence blank = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 100", Verdict.HOLDS).put(LabelRules.EFFECT_SIZE, " ");
        assertTrue(LabelRules.problems(run(d, Verdict.DEPENDS, blank)).stream().anyMatch(s -> s.contains("rule 6")));
        Evidence sized = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 100", Verdict.HOLDS)
                .put(LabelRules.EFFECT_SIZE, "at d = 2 B's error is 1.9× A's");
        assertTrue(LabelRules.problems(run(d, Verdict.DEPENDS, sized)).isEmpty());

        Claim v = Claim.violated("ayache.f", Paper.AYACHE.at("§V"), "The bound holds.", "it fails at N = 2", null, ctx -> null);
        p = LabelRules.problems(run(v, Verdict.VIOLATED, new Evidence()));
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).contains("rule 6"), p.toString());
        assertTrue(LabelRules.problems(run(v, Verdict.VIOLATED, new Evidence().put(LabelRules.EFFECT_SIZE, "the bound is 12% below the value")))
                .isEmpty());
        // HOLDS and INCONCLUSIVE need none.
        Claim h = Claim.holds("ayache.g", Paper.AYACHE.at("§V"), "A beats B.", ctx -> null);
        assertTrue(LabelRules.problems(run(h, Verdict.HOLDS, new Evidence())).isEmpty());
        assertTrue(LabelRules.problems(run(inconclusive(), Verdict.INCONCLUSIVE, new Evidence())).isEmpty());
    }
}
