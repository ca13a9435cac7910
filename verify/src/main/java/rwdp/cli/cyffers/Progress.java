package rwdp.cli.cyffers;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A progress bar on stderr (or nothing) that takes the number of senders done. */
final class Progress implements java.util.function.IntConsumer, AutoCloseable {
    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    static Progress start(boolean quiet, String task, long max) {
        return new Progress(quiet ? null : new ProgressBarBuilder().setTaskName(task).setInitialMax(max)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(1000).showSpeed()
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build());
    }

    @Override
    public void accept(int done) {
        if (bar != null) {
            synchronized (bar) {
                if (done > bar.getCurrent()) {
                    bar.stepTo(done);
                }
            }
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
