package rwdp.cli.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a numeric option that takes ±∞ ({@code --clip inf}, {@code --t-skip inf}); every other numeric option refuses
 * it before the command runs, whatever its help text says.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface InfinityAllowed {}
