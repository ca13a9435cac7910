package rwdp.cli.common;

import rwdp.check.InvalidArgumentException;

/** Bad input from the user: printed as one line on stderr, exit status 2. */
public final class UserException extends InvalidArgumentException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with the line to print. */
    public UserException(String message) {
        super(message);
    }
}
