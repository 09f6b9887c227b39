/* A Salvo bot in C (bots/PROTOCOL.md): random hunting, then the neighbours of every hit.
   Built by `cc -O2 -o bot bot.c` (see bot.yaml). Standard library only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 26

static int size = 10;
static int shot[MAX][MAX];
static int queue[MAX * MAX * 4][2];
static int queued = 0;
static unsigned long long state = 1;

static unsigned long long next_random(void) {
    state += 0x9E3779B97F4A7C15ULL;
    unsigned long long z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void say(const char *line) {
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static void fire(void) {
    while (queued > 0) {
        queued--;
        int x = queue[queued][0], y = queue[queued][1];
        if (x >= 0 && y >= 0 && x < size && y < size && !shot[x][y]) {
            shot[x][y] = 1;
            printf("shot %d %d\n", x, y);
            fflush(stdout);
            return;
        }
    }
    for (;;) {
        int x = (int)(next_random() % (unsigned long long)size), y = (int)(next_random() % (unsigned long long)size);
        if (!shot[x][y]) {
            shot[x][y] = 1;
            printf("shot %d %d\n", x, y);
            fflush(stdout);
            return;
        }
    }
}

int main(void) {
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        char word[32] = {0};
        if (sscanf(line, "%31s", word) != 1) continue;
        if (strcmp(word, "salvo") == 0) {
            say("name c-hunter");
        } else if (strcmp(word, "new-game") == 0) {
            char lengths[256], order[16];
            unsigned long long seed = 1;
            sscanf(line, "%*s %d %255s %15s %llu", &size, lengths, order, &seed);
            if (size < 1 || size > MAX) size = 10;
            memset(shot, 0, sizeof shot);
            queued = 0;
            state = seed;
            say("ready");
        } else if (strcmp(word, "your-turn") == 0) {
            fire();
        } else if (strcmp(word, "result") == 0) {
            int x, y;
            char what[16];
            if (sscanf(line, "%*s %d %d %15s", &x, &y, what) == 3 && strcmp(what, "miss") != 0) {
                int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                for (int i = 0; i < 4; i++) {
                    queue[queued][0] = x + steps[i][0];
                    queue[queued][1] = y + steps[i][1];
                    queued++;
                }
            }
        } else if (strcmp(word, "quit") == 0) {
            return 0;
        }
    }
    return 0;
}
