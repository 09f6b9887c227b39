// A Salvo bot in Java (bots/PROTOCOL.md): hunts on a checkerboard, then the neighbours of
// every hit. Built by `javac Bot.java` (see bot.yaml). Standard library only.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Random;

public class Bot {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int size = 10;
        boolean[][] shot = new boolean[size][size];
        List<int[]> hunt = new ArrayList<>();
        Deque<int[]> targets = new ArrayDeque<>();
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split(" ");
            switch (words[0]) {
                case "salvo" -> say("name java-parity");
                case "new-game" -> {
                    size = Integer.parseInt(words[1]);
                    shot = new boolean[size][size];
                    hunt.clear();
                    targets.clear();
                    for (int y = 0; y < size; y++)
                        for (int x = 0; x < size; x++)
                            if ((x + y) % 2 == 0) hunt.add(new int[] {x, y});
                    Collections.shuffle(hunt, new Random(Long.parseUnsignedLong(words[4])));
                    say("ready");
                }
                case "your-turn" -> {
                    int[] cell = null;
                    while (!targets.isEmpty() && cell == null) {
                        int[] next = targets.pop();
                        if (next[0] >= 0 && next[1] >= 0 && next[0] < size && next[1] < size && !shot[next[0]][next[1]]) cell = next;
                    }
                    while (cell == null && !hunt.isEmpty()) {
                        int[] next = hunt.remove(hunt.size() - 1);
                        if (!shot[next[0]][next[1]]) cell = next;
                    }
                    if (cell == null) {
                        for (int y = 0; y < size && cell == null; y++)
                            for (int x = 0; x < size && cell == null; x++)
                                if (!shot[x][y]) cell = new int[] {x, y};
                    }
                    shot[cell[0]][cell[1]] = true;
                    say("shot " + cell[0] + " " + cell[1]);
                }
                case "result" -> {
                    if (!words[3].equals("miss")) {
                        int x = Integer.parseInt(words[1]), y = Integer.parseInt(words[2]);
                        targets.push(new int[] {x + 1, y});
                        targets.push(new int[] {x - 1, y});
                        targets.push(new int[] {x, y + 1});
                        targets.push(new int[] {x, y - 1});
                    }
                }
                case "quit" -> { return; }
                default -> { }
            }
        }
    }

    static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
