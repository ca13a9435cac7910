package rwdp.check;

/**
 * A value given by the user is outside what the computation accepts. The one exception type
 * for bad arguments: the command line prints its message as one line and exits with status 2,
 * whereas any other exception (a plain {@link IllegalArgumentException} from deep inside a
 * library included) is a bug and exits with status 3.
 */
public class InvalidArgumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What the caller can do, or null when the message says it all. */
    private final Remedy remedy;

    /** The message before the remedy's text, or null when there is no remedy. */
    private final String problem;

    /** Creates the exception; {@code message} names the option or parameter and what is wrong. */
    public InvalidArgumentException(String message) {
        super(message);
        this.remedy = null;
        this.problem = null;
    }

    /** Creates the exception with its cause. */
    public InvalidArgumentException(String message, Throwable cause) {
        super(message, cause);
        this.remedy = null;
        this.problem = null;
    }

    /**
     * Creates the exception whose message is {@code problem} followed by the remedy's text in the library's terms; a
     * front end shows {@link #problem()} followed by its own way to the remedy (the command line: its options).
     *
     * @param problem what is wrong, ending with the words that lead to the remedy (e.g. "...; ")
     */
    public InvalidArgumentException(String problem, Remedy remedy) {
        super(problem + remedy.text());
        this.remedy = remedy;
        this.problem = problem;
    }

    /** Returns what the caller can do about the refusal, when the library names a remedy. */
    public java.util.Optional<Remedy> remedy() {
        return java.util.Optional.ofNullable(remedy);
    }

    /** Returns the message up to the remedy's text (the whole message when there is no remedy). */
    public String problem() {
        return remedy == null ? getMessage() : problem;
    }
}
