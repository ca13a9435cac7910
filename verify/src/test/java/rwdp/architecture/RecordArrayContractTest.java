package rwdp.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import rwdp.spectral.SpectralInterval;
import rwdp.bounds.pndp.PndpAccountant;

/**
 * No record of core, bounds or verify exposes a mutable array: for every record with an array
 * component, changing the array given to the canonical constructor, or the array an accessor
 * returns, leaves the record as it was. The records are found in the compiled classes, so a new
 * record is checked without being listed here. Six package-private records of rwdp.bounds.pndp are left out on
 * purpose: the sparse matrix, the eigenpairs, the sampling frame, the design drawn from it, the candidate designs
 * (which share one proxy order of all n nodes) and their strata are the kernels' own working arrays, shared within that package by design
 * (an accessor copying a CSR array would allocate on every matrix-vector product) and never returned by its public
 * methods.
 */
class RecordArrayContractTest {
    private static final List<Path> CLASS_DIRS =
            List.of(Path.of("../core/target/classes"), Path.of("../bounds/target/classes"), Path.of("target/classes"));
    private static final java.util.Set<String> EXCLUDED = java.util.Set.of("rwdp.spectral.SymmetricCsr",
            "rwdp.spectral.TopEigenpairs$Pairs", "rwdp.sampling.Design", "rwdp.sampling.Frame",
            "rwdp.sampling.DesignSearch$Candidate", "rwdp.sampling.Stratification$Cuts");

    /** Arguments for records whose constructor accepts no generic sample (their checks need a consistent value). */
    private static final Map<Class<?>, Object[]> ARGUMENTS = Map.of(
            rwdp.spectral.SpectralInterval.class,
            new Object[] {-0.5, 0.5, 2, -0.5, 0.5, new double[] {-0.5, 0.5}, new double[] {0.5, 0.5}, true},
            rwdp.bounds.pndp.PndpAccountant.Row.class,
            new Object[] {0, new double[] {0, 1}, new int[] {0, 1}, new rwdp.bounds.pndp.PairStatistics()},
            rwdp.bounds.pndp.PairStatistics.Sample.class,
            new Object[] {new int[] {0, 1}, new rwdp.bounds.pndp.PairStatistics(),
                new rwdp.bounds.pndp.PairStatistics.Interval(1.0, 0.5, 1.5, 0.95), false, List.of(),
                new rwdp.bounds.pndp.PairStatistics.SampleDesign(0, 1, 0, 0L), new rwdp.bounds.pndp.PairStatistics.ProxyCheck(0, 0)},
            rwdp.bounds.rwsgd.ViewSetting.class,
            new Object[] {rwdp.markov.TransitionMatrix.fromDense("t", new double[][] {{0.2, 0.4, 0.4}, {0.4, 0.2, 0.4}, {0.4, 0.4, 0.2}}),
                0, new int[] {1, 2}, 0, 2, 1.0});

    /** Returns every record class with an array component under the class folders, by name. */
    static List<Class<?>> recordsWithArrays() throws IOException {
        List<Class<?>> out = new ArrayList<>();
        for (Path dir : CLASS_DIRS) {
            assertTrue(Files.isDirectory(dir), "compiled classes missing: " + dir.toAbsolutePath());
            List<String> names;
            try (Stream<Path> files = Files.walk(dir)) {
                names = files.filter(f -> f.toString().endsWith(".class"))
                        .map(f -> dir.relativize(f).toString().replace('\\', '/').replace('/', '.').replaceAll("\\.class$", ""))
                        .filter(n -> n.startsWith("rwdp.") && !EXCLUDED.contains(n) && !n.endsWith("package-info"))
                        .sorted().toList();
            }
            for (String n : names) {
                Class<?> c = load(n);
                if (c.isRecord() && Stream.of(c.getRecordComponents()).anyMatch(rc -> rc.getType().isArray())) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, RecordArrayContractTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError("cannot load " + name, e);
        }
    }

    @Test
    void theScanFindsTheRecordsWithArrays() throws IOException {
        List<String> names = recordsWithArrays().stream().map(Class::getName).toList();
        // Records known to hold arrays; the scan must see them, or it checks nothing.
        assertTrue(names.containsAll(List.of("rwdp.data.HousingCsv", "rwdp.markov.Spectrum", "rwdp.bounds.audit.EpsilonAudit$Result",
                "rwdp.plot.Charts$Series")), names.toString());
        assertTrue(names.size() >= 20, "only " + names.size() + " records with arrays: " + names);
    }

    @TestFactory
    Stream<DynamicTest> noRecordSharesAnArrayWithItsCaller() throws IOException {
        return recordsWithArrays().stream().map(c -> DynamicTest.dynamicTest(c.getName(), () -> check(c)));
    }

    /** Builds a sample of {@code c}, then mutates each array given to and returned by it, expecting no change. */
    private static void check(Class<?> c) throws ReflectiveOperationException {
        RecordComponent[] rc = c.getRecordComponents();
        Class<?>[] types = Stream.of(rc).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Constructor<?> canonical = c.getDeclaredConstructor(types);
        canonical.setAccessible(true);
        Object[] args = ARGUMENTS.containsKey(c) ? ARGUMENTS.get(c).clone() : new Object[rc.length];
        for (int i = 0; i < rc.length && !ARGUMENTS.containsKey(c); i++) {
            args[i] = sample(types[i], 0);
        }
        Object r = canonical.newInstance(args);
        String before = describe(r);
        for (int i = 0; i < rc.length; i++) {
            if (types[i].isArray()) {
                mutate(args[i]);
                assertEquals(before, describe(r), c.getSimpleName() + " keeps the caller's " + rc[i].getName() + " array");
            }
        }
        for (RecordComponent comp : rc) {
            if (comp.getType().isArray()) {
                Method m = comp.getAccessor();
                m.setAccessible(true);
                mutate(m.invoke(r));
                assertEquals(before, describe(r), c.getSimpleName() + "." + comp.getName() + "() returns its own array");
            }
        }
    }

    /**
     * Returns a small valid value of {@code type}: arrays of two distinct entries, 2 for a count
     * and 0, 1 in an int array (labels of 2 classes), the first enum constant, a sample of a nested record, and
     * null for other classes (no record here validates those).
     */
    private static Object sample(Class<?> type, int variant) throws ReflectiveOperationException {
        if (type.isArray()) {
            Object a = Array.newInstance(type.getComponentType(), 2);
            for (int i = 0; i < 2; i++) {
                Array.set(a, i, sample(type.getComponentType(), variant + i + 1));
            }
            return a;
        }
        if (type == double.class || type == Double.class) {
            return 1.0 + variant;
        }
        if (type == int.class || type == Integer.class) {
            return variant == 0 ? 2 : variant - 1;
        }
        if (type == long.class || type == Long.class) {
            return 2L + variant;
        }
        if (type == byte.class) {
            return (byte) (1 + variant);
        }
        if (type == boolean.class) {
            return variant % 2 == 1;
        }
        if (type == String.class) {
            return "s" + variant;
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        if (type == List.class) {
            return List.of();
        }
        if (type == Map.class) {
            return Map.of();
        }
        if (type.isRecord()) {
            RecordComponent[] rc = type.getRecordComponents();
            Class<?>[] types = Stream.of(rc).map(RecordComponent::getType).toArray(Class<?>[]::new);
            Object[] args = new Object[rc.length];
            for (int i = 0; i < rc.length; i++) {
                args[i] = sample(types[i], variant);
            }
            Constructor<?> k = type.getDeclaredConstructor(types);
            k.setAccessible(true);
            return k.newInstance(args);
        }
        return null;
    }

    /**
     * Changes {@code array} in place: entry 0 of a primitive array, entry 0 of an inner array
     * (so a shallow copy of a nested array is caught), otherwise entry 0 set to null.
     */
    private static void mutate(Object array) {
        Class<?> e = array.getClass().getComponentType();
        if (e.isArray()) {
            mutate(Array.get(array, 0));
        } else if (e == double.class) {
            Array.setDouble(array, 0, Array.getDouble(array, 0) + 17);
        } else if (e == int.class) {
            Array.setInt(array, 0, Array.getInt(array, 0) + 1);
        } else if (e == long.class) {
            Array.setLong(array, 0, Array.getLong(array, 0) + 17);
        } else if (e == byte.class) {
            Array.setByte(array, 0, (byte) (Array.getByte(array, 0) + 17));
        } else if (e == boolean.class) {
            Array.setBoolean(array, 0, !Array.getBoolean(array, 0));
        } else if (!e.isPrimitive()) {
            Array.set(array, 0, null);
        } else {
            throw new AssertionError("no mutation for " + e);
        }
    }

    /** Returns the contents of {@code o}, through arrays, records (by their accessors) and collections. */
    private static String describe(Object o) throws ReflectiveOperationException {
        if (o == null) {
            return "null";
        }
        if (o.getClass().isArray()) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(o); i++) {
                sb.append(describe(Array.get(o, i))).append(',');
            }
            return sb.append(']').toString();
        }
        if (o instanceof Record) {
            StringBuilder sb = new StringBuilder(o.getClass().getSimpleName()).append('(');
            for (RecordComponent comp : o.getClass().getRecordComponents()) {
                Method m = comp.getAccessor();
                m.setAccessible(true);
                sb.append(comp.getName()).append('=').append(describe(m.invoke(o))).append(',');
            }
            return sb.append(')').toString();
        }
        if (o instanceof Collection<?> col) {
            StringBuilder sb = new StringBuilder("<");
            for (Object x : col) {
                sb.append(describe(x)).append(',');
            }
            return sb.append('>').toString();
        }
        return String.valueOf(o);
    }
}
