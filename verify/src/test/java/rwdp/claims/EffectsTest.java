package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A finding's effect line and declared setting are attached by claim id and computed from the run's own evidence (rules 7 and 8). */
class EffectsTest {
    private static final CheckContext CTX = new CheckContext("ayache.x", Profile.QUICK, 1, Path.of("unused"));

    private static Claim violated() {
        return Claim.violated("ayache.x", Paper.AYACHE.at("§V"), "A beats B.", "B beats A", null, ctx -> {
            Evidence ev = new Evidence().cell("d = 2", Verdict.VIOLATED).put(LabelRules.EFFECT_SIZE, "B's error is 0.5× A's").put("gap", 0.25);
            ev.power(Power.weak("a test"));
            return new Outcome(Verdict.VIOLATED, ev);
        });
    }

    @Test
    void theEffectLineCarriesTheRunsNumberAndTheSettingIsDeclared() throws Exception {
        List<Claim> out = Effects.apply(List.of(violated()), Map.of("ayache.x",
                Effects.withNumber(LabelRules.Effect.MINOR, "the gap is %.2f", "gap").noStatedParameters("a closed form over its domain")));
        Outcome o = out.get(0).check().run(CTX);
        Map<String, Object> v = o.evidence().values();
        assertEquals("minor: the gap is 0.25", v.get(LabelRules.EFFECT_ON_CONCLUSIONS));
        assertTrue(o.evidence().settingDeclared());
        assertTrue(LabelRules.problems(new ClaimResult(out.get(0), o, 0, null)).isEmpty(),
                LabelRules.problems(new ClaimResult(out.get(0), o, 0, null)).toString());
    }

    @Test
    void withoutTheWrapperTheSameRunBreaksRules7And8() throws Exception {
        Claim bare = violated();
        Outcome o = bare.check().run(CTX);
        List<String> p = LabelRules.problems(new ClaimResult(bare, o, 0, null));
        assertTrue(p.stream().anyMatch(s -> s.contains("rule 7")), p.toString());
        assertTrue(p.stream().anyMatch(s -> s.contains("rule 8")), p.toString());
    }

    @Test
    void anEffectForAClaimNotInTheListIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Effects.apply(List.of(violated()),
                Map.of("ayache.y", Effects.withEffectSize(LabelRules.Effect.NONE, "nothing"))));
    }

    @Test
    void statedValuesCompareAsNumbers() {
        Evidence ev = new Evidence().stated("N", 100, 100.0).stated("p", 0.3, 0.3).stated("reading", "5 SGD steps", "5 local epochs");
        assertTrue(ev.stated().get("N").asStated());
        assertTrue(ev.stated().get("p").asStated());
        assertFalse(ev.stated().get("reading").asStated());
        assertTrue(String.valueOf(ev.values().get(Evidence.STATED_PARAMETERS)).contains("reading: paper 5 SGD steps, run 5 local epochs (not as stated)"));
    }
}
