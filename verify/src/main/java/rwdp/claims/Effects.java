package rwdp.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The effect of each finding on its paper's conclusions (rule 8 of {@link LabelRules}), kept beside a paper's claims: a level
 * and the sentence that justifies it from the run's own evidence.
 */
public final class Effects {
    private Effects() {}

    /**
     * One finding's effect: {@code level}, justified by the sentence {@code because} writes from the run's evidence.
     *
     * @param level   none, minor or changes a conclusion
     * @param because writes the reason from the run's evidence; it must carry the run's number that justifies the level
     */
    public record Of(LabelRules.Effect level, Function<Evidence, String> because, java.util.function.Consumer<Evidence> setting) {
        /**
         * Checks the parts ({@code setting}, which declares the paper's stated setting where the check does not, may be null).
         *
         * @throws NullPointerException when level or because is null
         */
        public Of {
            java.util.Objects.requireNonNull(level, "level");
            java.util.Objects.requireNonNull(because, "because");
        }

        /** Returns this effect for a claim whose paper fixes no parameter of the setting ({@link Evidence#noStatedParameters}). */
        public Of noStatedParameters(String why) {
            return new Of(level, because, ev -> ev.noStatedParameters(why));
        }

        /** Returns this effect for a claim whose check runs the paper's stated setting {@code setting} declares. */
        public Of stated(java.util.function.Consumer<Evidence> declare) {
            return new Of(level, because, declare);
        }
    }

    /** Returns an effect whose reason is {@code why} followed by the run's effect size ({@link LabelRules#EFFECT_SIZE}). */
    public static Of withEffectSize(LabelRules.Effect level, String why) {
        return new Of(level, ev -> why + " (this run: " + ev.values().get(LabelRules.EFFECT_SIZE) + ")", null);
    }

    /** Returns an effect whose reason is {@code format} filled with the run's number under evidence key {@code key}. */
    public static Of withNumber(LabelRules.Effect level, String format, String key) {
        return new Of(level, ev -> {
            Object x = ev.values().get(key);
            if (!(x instanceof Number n)) {
                throw new IllegalStateException("the effect line needs the number under evidence key " + key + ", got " + x);
            }
            return String.format(Locale.ROOT, format, n.doubleValue());
        }, null);
    }

    /**
     * Returns {@code claims} with the effects of {@code effects} attached by claim id ({@link Claim#effect}); a claim without
     * an entry is returned as it is.
     *
     * @throws IllegalArgumentException when an entry names no claim of the list
     */
    public static List<Claim> apply(List<Claim> claims, Map<String, Of> effects) {
        List<Claim> out = new ArrayList<>(claims.size());
        int used = 0;
        for (Claim c : claims) {
            Of e = effects.get(c.id());
            if (e == null) {
                out.add(c);
            } else {
                Claim withEffect = c.effect(e.level(), e.because());
                if (e.setting() != null) {
                    Check inner = withEffect.check();
                    Check declared = ctx -> {
                        Outcome o = inner.run(ctx);
                        if (!o.evidence().settingDeclared() && !o.evidence().values().containsKey(ClaimResult.MISSING_PACKAGE)) {
                            e.setting().accept(o.evidence());
                        }
                        return o;
                    };
                    withEffect = new Claim(c.id(), c.source(), c.quote(), c.statement(), c.reading(), c.expected(), c.erratum(),
                            c.corrected(), declared);
                }
                out.add(withEffect);
                used++;
            }
        }
        if (used != effects.size()) {
            throw new IllegalArgumentException("an effect names a claim that is not in the list: " + effects.keySet());
        }
        return List.copyOf(out);
    }
}
