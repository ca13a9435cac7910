package rwdp.claims;

import java.util.List;

/** The claims of one paper (or of rwdp's own foundations). */
public interface ClaimSet {
    /** Returns the claims of this set, in report order. */
    List<Claim> claims();
}
