package rwdp.registry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;
import rwdp.claims.ayache.AyacheClaims;
import rwdp.claims.core.FoundationClaims;
import rwdp.claims.cyffers.CyffersClaims;
import rwdp.claims.dfedrw.DfedrwClaims;
import rwdp.claims.yakimenka.YakimenkaClaims;

/** Every registered claim, in report order. To add a paper, add its {@link ClaimSet} here. */
public final class ClaimRegistry {
    private ClaimRegistry() {}

    private static final List<ClaimSet> SETS = List.of(
            new FoundationClaims(),
            new AyacheClaims(),
            new CyffersClaims(),
            new YakimenkaClaims(),
            new DfedrwClaims());

    /** Returns every claim; ids are unique. */
    public static List<Claim> all() {
        List<Claim> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (ClaimSet s : SETS) {
            for (Claim c : s.claims()) {
                if (!ids.add(c.id())) {
                    throw new IllegalStateException("duplicate claim id " + c.id());
                }
                out.add(c);
            }
        }
        return out;
    }

    /** Returns the claims whose id starts with {@code prefix} (all when blank). */
    public static List<Claim> matching(String prefix) {
        if (prefix == null || prefix.isBlank()) {
            return all();
        }
        List<Claim> out = new ArrayList<>();
        for (Claim c : all()) {
            if (c.id().startsWith(prefix)) {
                out.add(c);
            }
        }
        return out;
    }
}
