package rwdp.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rwdp bound NAME}: one closed form or ground truth, printed as one JSON object. */
@Command(name = "bound", mixinStandardHelpOptions = true,
        description = {"Compute one closed form or ground truth; prints exactly one JSON object on stdout.",
            "Names are a stable interface; each one's formula, options and output keys are documented in",
            "docs/ayache.md, docs/cyffers.md, docs/dfedrw.md and docs/yakimenka.md."})
public final class BoundCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        String names = String.join(", ", spec.subcommands().keySet());
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing bound NAME" + (names.isEmpty() ? "" : "; one of: " + names));
    }
}
