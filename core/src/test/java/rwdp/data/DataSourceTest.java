package rwdp.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import rwdp.check.CanonicalText;
import rwdp.check.InvalidArgumentException;

/** The data source value: canonical text read back, validated at construction, and the paths it names. */
class DataSourceTest {
    @Provide
    Arbitrary<DataSource> sources() {
        Arbitrary<Path> paths = Arbitraries.strings().withChars("abcXYZ019_-.").ofMinLength(1).ofMaxLength(12).list().ofMinSize(1).ofMaxSize(4)
                .map(parts -> Path.of(String.join("/", parts)))
                .filter(p -> !p.toString().isEmpty());
        return Arbitraries.oneOf(Arbitraries.just(DataSource.synthetic()), Arbitraries.just(DataSource.fashionMnist(null)),
                paths.map(DataSource::csvFile), paths.map(DataSource::fashionMnist),
                paths.map(p -> DataSource.csvFile(Path.of("/").resolve(p))));
    }

    /** Every value's text reads back to an equal value, whose text is the same. */
    @Property(tries = 300)
    void theTextReadsBack(@ForAll("sources") DataSource d) {
        CanonicalText.assertReadsBack(d, DataSource::parse, false);
    }

    @Test
    void theTextsUsersWriteAreCanonical() {
        for (String t : new String[] {"synthetic", "fashion-mnist", "fashion-mnist:/data/root", "file:d.csv", "file:/tmp/x y.csv"}) {
            assertEquals(t, DataSource.parse(t).toString());
        }
        assertEquals(DataSource.fashionMnist(null), DataSource.parse("fashion-mnist:"));
        assertEquals(DataSource.fashionMnist(null), DataSource.fashionMnist(Path.of("")));
        assertEquals(DataSource.synthetic(), DataSource.parse("SYNTHETIC"));
        assertEquals(java.util.Optional.of(Path.of("d.csv")), DataSource.parse("file:d.csv").file());
        assertEquals(java.util.Optional.of(Path.of("root")), DataSource.parse("fashion-mnist:root").file());
        assertTrue(DataSource.parse("fashion-mnist").file().isEmpty());
        assertTrue(DataSource.synthetic().file().isEmpty());
    }

    @Test
    void malformedTextsAreRefusedNamingTheGrammar() {
        for (String bad : new String[] {"mnist", "", "synthetic:1", "file", "housing"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> DataSource.parse(bad));
            assertTrue(e.getMessage().contains("expected synthetic, file:PATH or fashion-mnist[:DIR]"), e.getMessage());
        }
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> DataSource.parse("file:"));
        assertTrue(e.getMessage().contains("names no file"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> DataSource.csvFile(null));
        assertThrows(InvalidArgumentException.class, () -> DataSource.parse("file:a\u0000b"));
    }
}
