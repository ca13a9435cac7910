import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Where a whole `rwdp` process spends its time, measured inside one JVM (compiled and run by split.sh against the
 * launcher's jar): JVM start up to main, building the command line, the first (cold) execution of the command, and the
 * same command executed again in the same JVM until warm. Prints one line of key=value pairs, wall and CPU seconds.
 *
 * <p>Usage: java -cp JAR:DIR Split REPEATS ARGS... (REPEATS warm executions after the cold one; stdout is discarded).
 */
public final class Split {
    public static void main(String[] a) throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double mainWall = ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
        double mainCpu = os.getProcessCpuTime() / 1e9;
        int repeats = Integer.parseInt(a[0]);
        String[] args = Arrays.copyOfRange(a, 1, a.length);
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        Class<?> main = Class.forName("rwdp.cli.Main");
        Method build;
        Object[] buildArgs;
        try {
            build = main.getMethod("commandLine", String[].class);  // only the commands args name (since the launcher work of issue 19)
            buildArgs = new Object[] {args};
        } catch (NoSuchMethodException e) {
            build = main.getMethod("commandLine");                  // every command (before)
            buildArgs = new Object[0];
        }
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Object cl = build.invoke(null, buildArgs);
        long c1 = os.getProcessCpuTime();
        long t1 = System.nanoTime();
        Method execute = cl.getClass().getMethod("execute", String[].class);
        int code = (Integer) execute.invoke(cl, (Object) args);
        long c2 = os.getProcessCpuTime();
        long t2 = System.nanoTime();
        int classes = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        long jit = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        double[] warmWall = new double[repeats];
        double[] warmCpu = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            Object again = build.invoke(null, buildArgs);
            long c3 = os.getProcessCpuTime();
            long t3 = System.nanoTime();
            execute.invoke(again, (Object) args);
            warmCpu[r] = (os.getProcessCpuTime() - c3) / 1e9;
            warmWall[r] = (System.nanoTime() - t3) / 1e9;
        }
        Arrays.sort(warmWall);
        Arrays.sort(warmCpu);
        System.err.printf(java.util.Locale.ROOT,
                "exit=%d main_wall=%.3f main_cpu=%.3f cli_wall=%.3f cli_cpu=%.3f cold_wall=%.3f cold_cpu=%.3f warm_wall=%.3f"
                        + " warm_cpu=%.3f classes=%d jit_ms_cold=%d%n",
                code, mainWall, mainCpu, (t1 - t0) / 1e9, (c1 - c0) / 1e9, (t2 - t1) / 1e9, (c2 - c1) / 1e9,
                repeats > 0 ? warmWall[repeats / 2] : Double.NaN, repeats > 0 ? warmCpu[repeats / 2] : Double.NaN, classes, jit);
    }
}
