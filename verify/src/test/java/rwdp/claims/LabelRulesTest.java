package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The labelling rules reject the labels the README forbids and accept the ones it asks for. */
class LabelRulesTest {
    /** The run of {@code c} with verdict {@code v}; a finding's effect line (rule 8) is filled in when the test gives none. */
    private static ClaimResult run(Claim c, Verdict v, Evidence ev) {
        ev.power(Power.weak("test"));
        if (!ev.values().containsKey(LabelRules.EFFECT_ON_CONCLUSIONS)) {
            ev.effect(LabelRules.Effect.MINOR, "a test: 9 cells");
        }
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
    void onSubstituteDataACellAgainstThePaperLeavesTheLabelInconclusive() {
        Claim c = Claim.inconclusive("yakimenka.x", Paper.YAKIMENKA.at("§VI-C1"), "A beats B.", "substitute data: context", ctx -> null)
                .reading("substitute data: a stand-in");
        Evidence ev = new Evidence().cell("exp", Verdict.VIOLATED).cell("gamma", Verdict.INCONCLUSIVE)
                .put(LabelRules.SUBSTITUTE_DATA, "a synthetic stand-in");
        List<String> p = LabelRules.problems(run(c, Verdict.INCONCLUSIVE, ev));
        assertTrue(p.stream().noneMatch(s -> s.contains("rule 1") || s.contains("rule 7")), p.toString());
        // The same run labelled VIOLATED breaks rule 7: both labels cannot pass, so the rules leave exactly one.
        assertTrue(LabelRules.problems(run(c, Verdict.VIOLATED, ev)).stream().anyMatch(s -> s.contains("rule 7")));
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
    void anAuditWhoseLadderIsOutOfOrderFails() {
        Claim c = Claim.holds("cyffers.audit-x", Paper.CYFFERS.at("App. D"), "The bound holds.", ctx -> null);
        assertTrue(LabelRules.problems(run(c, Verdict.HOLDS, new Evidence().put(LabelRules.LADDER_BROKEN, false))).isEmpty());
        List<String> p = LabelRules.problems(run(c, Verdict.HOLDS, new Evidence().put(LabelRules.LADDER_BROKEN, true)));
        assertTrue(p.stream().anyMatch(s -> s.contains("ladder")), p.toString());
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
        p = LabelRules.problems(run(v, Verdict.VIOLATED, new Evidence().noStatedParameters("a closed form over its domain")));
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).contains("rule 6"), p.toString());
        assertTrue(LabelRules.problems(run(v, Verdict.VIOLATED, new Evidence().put(LabelRules.EFFECT_SIZE, "the bound is 12% below the value")
                        .noStatedParameters("a closed form over its domain")))
                .isEmpty());
        // HOLDS and INCONCLUSIVE need none.
        Claim h = Claim.holds("ayache.g", Paper.AYACHE.at("§V"), "A beats B.", ctx -> null);
        assertTrue(LabelRules.problems(run(h, Verdict.HOLDS, new Evidence())).isEmpty());
        assertTrue(LabelRules.problems(run(inconclusive(), Verdict.INCONCLUSIVE, new Evidence())).isEmpty());
    }

    /** A constructed VIOLATED claim run at N = 40 where the paper states N = 100: rule 7 rejects it; at N = 100 it passes. */
    @Test
    void aViolatedVerdictOutsideThePapersStatedParametersFails() {
        Claim c = Claim.violated("ayache.v", Paper.AYACHE.at("§V"), "A beats B.", "B beats A at every d", null, ctx -> null);
        Evidence outside = new Evidence().cell("d = 2", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "B's error is half A's")
                .stated("N", 100, 40).stated("p", 0.3, 0.3).effect(LabelRules.Effect.CHANGES, "B's error is 2 times A's");
        List<String> p = LabelRules.problems(run(c, Verdict.VIOLATED, outside));
        assertTrue(p.stream().anyMatch(s -> s.contains("rule 7") && s.contains("N = 40") && s.contains("states 100")), p.toString());
        Evidence inside = new Evidence().cell("d = 2", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "B's error is half A's")
                .stated("N", 100, 100.0).stated("p", 0.3, 0.3).effect(LabelRules.Effect.CHANGES, "B's error is 2 times A's");
        assertTrue(LabelRules.problems(run(c, Verdict.VIOLATED, inside)).isEmpty(), LabelRules.problems(run(c, Verdict.VIOLATED, inside)).toString());
        // The same run outside the stated N cannot be a DEPENDS either; an INCONCLUSIVE label is what it may give.
        Claim d = Claim.depends("ayache.w", Paper.AYACHE.at("§V"), "A beats B.", "holds at d = 100, fails at d = 2", ctx -> null);
        Evidence mixed = new Evidence().cell("d = 2", Verdict.VIOLATED).cell("d = 100", Verdict.HOLDS).put(LabelRules.EFFECT_SIZE, "x")
                .stated("N", 100, 40).effect(LabelRules.Effect.MINOR, "B's error is 2 times A's at d = 2");
        assertTrue(LabelRules.problems(run(d, Verdict.DEPENDS, mixed)).stream().anyMatch(s -> s.contains("rule 7")));
    }

    @Test
    void aViolatedVerdictMustDeclareItsSetting() {
        Claim c = Claim.violated("ayache.u", Paper.AYACHE.at("§V"), "A beats B.", "B beats A", null, ctx -> null);
        Evidence undeclared = new Evidence().cell("d = 2", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "x")
                .effect(LabelRules.Effect.CHANGES, "B's error is 2 times A's");
        assertTrue(LabelRules.problems(run(c, Verdict.VIOLATED, undeclared)).stream().anyMatch(s -> s.contains("rule 7")));
        Evidence closedForm = new Evidence().cell("d = 2", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "x")
                .effect(LabelRules.Effect.CHANGES, "B's error is 2 times A's").noStatedParameters("a closed form over its domain");
        assertTrue(LabelRules.problems(run(c, Verdict.VIOLATED, closedForm)).isEmpty());
    }

    @Test
    void aVerdictAboutThePapersDataIsNotDecidedOnASubstitute() {
        Claim c = Claim.depends("dfedrw.h", Paper.DFEDRW.at("§VI-B"), "A beats B.", "holds at u = 0, fails under Dirichlet", ctx -> null);
        Evidence synthetic = new Evidence().cell("u = 0", Verdict.HOLDS).cell("Dirichlet", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "x")
                .data("Fashion-MNIST", "a synthetic Gaussian mixture").effect(LabelRules.Effect.CHANGES, "FedAvg 3.8 points ahead");
        assertTrue(LabelRules.problems(run(c, Verdict.DEPENDS, synthetic)).stream().anyMatch(s -> s.contains("rule 7")));
        Evidence labelled = new Evidence().cell("u = 0", Verdict.HOLDS).cell("Dirichlet", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "x")
                .put(LabelRules.SUBSTITUTE_DATA, "a synthetic mixture").effect(LabelRules.Effect.CHANGES, "FedAvg 3.8 points ahead");
        assertTrue(LabelRules.problems(run(c, Verdict.DEPENDS, labelled)).stream().anyMatch(s -> s.contains("rule 7")));
        Evidence own = new Evidence().cell("u = 0", Verdict.HOLDS).cell("Dirichlet", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "x")
                .data("Fashion-MNIST", "Fashion-MNIST").effect(LabelRules.Effect.CHANGES, "FedAvg 3.8 points ahead");
        assertTrue(LabelRules.problems(run(c, Verdict.DEPENDS, own)).isEmpty());
    }

    @Test
    void aFindingWithoutItsEffectOnTheConclusionsFails() {
        Claim c = Claim.inconclusive("ayache.e", Paper.AYACHE.at("§V"), "A beats B.", "not separable here", ctx -> null);
        Evidence none = new Evidence().cell("d = 2", Verdict.INCONCLUSIVE).power(Power.weak("test"));
        assertTrue(LabelRules.problems(new ClaimResult(c, new Outcome(Verdict.INCONCLUSIVE, none), 0.0, null)).stream()
                .anyMatch(s -> s.contains("rule 8")));
        assertThrows(IllegalArgumentException.class, () -> LabelRules.Effect.MINOR.line("no number here"));
        Evidence stated = new Evidence().cell("d = 2", Verdict.INCONCLUSIVE).effect(LabelRules.Effect.NONE, "the gap is 0.01 at most");
        assertTrue(LabelRules.problems(run(c, Verdict.INCONCLUSIVE, stated)).isEmpty());
        assertEquals(LabelRules.Effect.NONE, LabelRules.Effect.of(stated.values().get(LabelRules.EFFECT_ON_CONCLUSIONS)));
    }
}
