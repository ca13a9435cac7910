package rwdp.data;

/**
 * A data set file that is missing or malformed. The message is one line that names the file and
 * the Debian package shipping it, so the CLI prints it as is (exit status 2) and a claim shows it
 * as its evidence note.
 */
public final class DataUnavailableException extends rwdp.check.InvalidArgumentException {
    private static final long serialVersionUID = 1L;

    private final String debianPackage;

    /** Creates the exception for {@code debianPackage} with the one-line {@code message}. */
    public DataUnavailableException(String debianPackage, String message) {
        super(message);
        this.debianPackage = debianPackage;
    }

    /** Creates the exception for {@code debianPackage}: {@code problem} followed by {@code remedy}'s text. */
    public DataUnavailableException(String debianPackage, String problem, rwdp.check.Remedy remedy) {
        super(problem, remedy);
        this.debianPackage = debianPackage;
    }

    /** Returns the Debian package whose installation provides the file. */
    public String debianPackage() {
        return debianPackage;
    }
}
