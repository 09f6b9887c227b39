/*
 * A Salvo bot in C that places its own fleet and hunts around its hits. C99, libc only.
 *
 * It announces `supports place` at the handshake, so in a tournament with
 * `placement: bots` Salvo asks it for its fleet before each game (`place-fleet`).
 * Its placement is uniform over the positions still free, from the seed Salvo gives.
 *
 * Build and check it:  cc -O2 -o placing_bot bots/c/placing_bot.c
 *                      salvo bot-check ./placing_bot
 * The protocol is in bots/PROTOCOL.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 10

static uint64_t state;

/* SplitMix64: a small, good generator seeded from Salvo's seed. */
static uint64_t next_random(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int below(int n) { return (int)(next_random() % (uint64_t)n); }

static void say(const char *line) {
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

/* Answers `place-fleet SIZE LENGTHS SEED` with `fleet L X Y h|v ...`. */
static void place(const char *lengths, uint64_t seed) {
    int taken[SIZE * SIZE] = {0};
    char reply[256] = "fleet";
    char copy[64];
    state = seed;
    strncpy(copy, lengths, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    for (char *word = strtok(copy, ","); word; word = strtok(NULL, ",")) {
        int length = atoi(word);
        for (;;) {
            int vertical = below(2);
            int x = below(vertical ? SIZE : SIZE - length + 1);
            int y = below(vertical ? SIZE - length + 1 : SIZE);
            int free = 1;
            for (int i = 0; i < length && free; i++) free = !taken[(y + (vertical ? i : 0)) * SIZE + x + (vertical ? 0 : i)];
            if (!free) continue;
            for (int i = 0; i < length; i++) taken[(y + (vertical ? i : 0)) * SIZE + x + (vertical ? 0 : i)] = 1;
            char ship[32];
            snprintf(ship, sizeof ship, " %d %d %d %c", length, x, y, vertical ? 'v' : 'h');
            strncat(reply, ship, sizeof reply - strlen(reply) - 1);
            break;
        }
    }
    say(reply);
}

int main(void) {
    char line[4096];
    int shot[SIZE * SIZE] = {0};
    int targets[4 * SIZE * SIZE], target_count = 0;
    while (fgets(line, sizeof line, stdin)) {
        char command[32] = "";
        if (sscanf(line, "%31s", command) != 1) continue;
        if (strcmp(command, "salvo") == 0) {
            say("supports place");
            say("name c-placer");
        } else if (strcmp(command, "new-game") == 0) {
            unsigned long long seed = 0;
            sscanf(line, "%*s %*d %*s %*s %llu", &seed);
            state = seed ^ 0x5EEDULL;
            memset(shot, 0, sizeof shot);
            target_count = 0;
            say("ready");
        } else if (strcmp(command, "place-fleet") == 0) {
            char lengths[64] = "";
            unsigned long long seed = 0;
            uint64_t saved = state;
            sscanf(line, "%*s %*d %63s %llu", lengths, &seed);
            place(lengths, seed);
            state = saved;
        } else if (strcmp(command, "your-turn") == 0) {
            int cell = -1;
            while (target_count > 0 && cell < 0) {
                int candidate = targets[--target_count];
                if (!shot[candidate]) cell = candidate;
            }
            while (cell < 0) {
                int candidate = below(SIZE * SIZE);
                if (!shot[candidate]) cell = candidate;
            }
            shot[cell] = 1;
            char reply[32];
            snprintf(reply, sizeof reply, "shot %d %d", cell % SIZE, cell / SIZE);
            say(reply);
        } else if (strcmp(command, "result") == 0) {
            int x, y;
            char outcome[16] = "";
            if (sscanf(line, "%*s %d %d %15s", &x, &y, outcome) == 3 && strcmp(outcome, "hit") == 0) {
                int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                for (int i = 0; i < 4; i++) {
                    int nx = x + steps[i][0], ny = y + steps[i][1];
                    if (nx >= 0 && nx < SIZE && ny >= 0 && ny < SIZE) targets[target_count++] = ny * SIZE + nx;
                }
            }
        } else if (strcmp(command, "quit") == 0) {
            return 0;
        }
    }
    return 0;
}
