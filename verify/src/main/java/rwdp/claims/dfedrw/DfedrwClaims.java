package rwdp.claims.dfedrw;

import java.util.List;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;

/** The claims of the Dfedrw paper (see ../shared/spec/dfedrw.md). */
public final class DfedrwClaims implements ClaimSet {
    @Override
    public List<Claim> claims() {
        return List.of();
    }
}
