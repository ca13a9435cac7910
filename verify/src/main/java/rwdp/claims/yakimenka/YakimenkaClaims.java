package rwdp.claims.yakimenka;

import java.util.List;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;

/** The claims of the Yakimenka paper (see ../shared/spec/yakimenka.md). */
public final class YakimenkaClaims implements ClaimSet {
    @Override
    public List<Claim> claims() {
        return List.of();
    }
}
