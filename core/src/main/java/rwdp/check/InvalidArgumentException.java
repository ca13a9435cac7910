package rwdp.check;

/**
 * A value given by the user is outside what the computation accepts. The one exception type
 * for bad arguments: the command line prints its message as one line and exits with status 2,
 * whereas any other exception (a plain {@link IllegalArgumentException} from deep inside a
 * library included) is a bug and exits with status 3.
 */
public class InvalidArgumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception; {@code message} names the option or parameter and what is wrong. */
    public InvalidArgumentException(String message) {
        super(message);
    }

    /** Creates the exception with its cause. */
    public InvalidArgumentException(String message, Throwable cause) {
        super(message, cause);
    }
}
