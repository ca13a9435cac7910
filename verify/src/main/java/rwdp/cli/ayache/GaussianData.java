package rwdp.cli.ayache;

import picocli.CommandLine;
import rwdp.check.InvalidArgumentException;
import rwdp.model.GaussianMixture;

/**
 * The {@code --data gaussian:mu,v,d,seed} of Ayache et al.'s simulations, parsed once at the edge: the mixture, and the
 * text as the user gave it, which the refusals quote.
 *
 * @param text    the option's value as given
 * @param mixture the mixture it names
 */
public record GaussianData(String text, GaussianMixture mixture) {
    /**
     * Checks the value.
     *
     * @throws InvalidArgumentException when text or mixture is null
     */
    public GaussianData {
        if (text == null || mixture == null) {
            throw new InvalidArgumentException("data needs its text and its mixture");
        }
    }

    /** Picocli's converter of --data: {@link GaussianMixture#parse}'s refusal becomes the one-line usage error. */
    static final class Converter implements CommandLine.ITypeConverter<GaussianData> {
        @Override
        public GaussianData convert(String text) {
            try {
                return new GaussianData(text, GaussianMixture.parse(text));
            } catch (InvalidArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
