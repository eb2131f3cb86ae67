/*
 * A small runner for Core Hunter 3's Java library (the jar the CRAN source package `corehunter` ships under
 * inst/java), so its answers can be had on Java 17 without R. The jar is never committed: bench/peers/corehunter.sh
 * extracts it into bench/tmp/ (git-ignored) and runs this file with `java -cp <jars> CoreHunterRunner.java ...`.
 *
 *   evaluate <phenotypes.csv> <cores.txt>   one line of zero-based indices per core (comma-separated) -> one JSON line
 *                                           per core: {"EN":..,"AN":..,"EE":..}, API.evaluateCore with Gower (GD)
 *   sample <phenotypes.csv> <size> <EN|AN|EE> <default|fast> <seed> <timeLimitSeconds> <maxTimeWithoutImprovementSeconds>
 *                                           -> {"selected":[..],"EN":..,"AN":..,"EE":..,"seconds":..}
 *   ranges <phenotypes.csv>                 -> the ranges Core Hunter infers (API.getRanges)
 *
 * The phenotype file is Core Hunter's own format: ID,NAME,<traits>; a TYPE row (N nominal, O ordinal, I/R numeric,
 * with an encoding letter: S string, I integer, D double, B boolean); optional MIN and MAX rows; one row per accession.
 */
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import org.corehunter.API;
import org.corehunter.CoreHunterObjective;
import org.corehunter.data.CoreHunterData;
import org.corehunter.data.simple.SimplePhenotypeData;

public class CoreHunterRunner {
    static double score(int[] sel, CoreHunterData data, String type) {
        CoreHunterObjective obj = API.createObjective(type, "GD", 1.0);
        return API.evaluateCore(sel, data, obj);
    }

    static String scores(int[] sel, CoreHunterData data) {
        return String.format("\"EN\":%.17g,\"AN\":%.17g,\"EE\":%.17g",
                score(sel, data, "EN"), score(sel, data, "AN"), score(sel, data, "EE"));
    }

    public static void main(String[] args) throws Exception {
        SimplePhenotypeData pheno = API.readPhenotypeData(args[1]);
        CoreHunterData data = new CoreHunterData(pheno);
        switch (args[0]) {
            case "evaluate": {
                List<String> lines = Files.readAllLines(Paths.get(args[2]));
                for (String line : lines) {
                    if (line.isBlank()) continue;
                    int[] sel = Arrays.stream(line.trim().split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
                    System.out.println("{" + scores(sel, data) + "}");
                }
                break;
            }
            case "sample": {
                int size = Integer.parseInt(args[2]);
                CoreHunterObjective obj = API.createObjective(args[3], "GD", 1.0);
                long t0 = System.nanoTime();
                var cha = API.createArguments(data, size, new CoreHunterObjective[] { obj }, new int[0], new int[0], false);
                int[] sel = API.sampleCore(cha, args[4], Integer.parseInt(args[6]), Integer.parseInt(args[7]), -1, -1,
                        Long.parseLong(args[5]), true);
                double seconds = (System.nanoTime() - t0) / 1e9;
                Arrays.sort(sel);
                System.out.println("{\"selected\":" + Arrays.toString(sel) + "," + scores(sel, data)
                        + String.format(",\"seconds\":%.3f}", seconds));
                break;
            }
            case "ranges": {
                System.out.println(Arrays.toString(API.getRanges(pheno)));
                break;
            }
            default:
                throw new IllegalArgumentException("unknown command " + args[0] + "; use evaluate, sample or ranges");
        }
    }
}
