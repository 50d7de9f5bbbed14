/* bfref: a plain Brainfuck interpreter of the spec ../shared/specs/brainfuck.md, written for
 * esodbg's benchmark and as the reference its random cases are recorded from
 * (tests/brainfuck_cases.py).  One command a step, no folding: a loop over the command list with
 * the bracket jumps precomputed.
 *
 *   cc -O2 -o bfref benchmarks/bfref.c
 *   bfref [--cell-size 8|16|32|unbounded] [--overflow wrap|error] [--eof keep|0|-1]
 *         [--tape-length N] [--max-steps N] [--count] FILE
 *
 * --count writes "steps N" on stderr's last line: the steps run (rule 5), the failing one included.
 *
 * Exit codes (rule 4): 0 the program ended, 1 a runtime error (rule 15), 2 a parse error
 * (rule 13) or bad usage, 3 the --max-steps budget ran out.  stdout holds exactly the bytes '.'
 * wrote; diagnostics go to stderr.  "unbounded" cells are 64-bit here (exit 4 if one would
 * leave that range: a case the tests never make).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PLUS, MINUS, LEFT, RIGHT, OPEN, CLOSE, OUT, IN };

static const char *path;
static unsigned char *src;
static long srclen;
static unsigned char *ops;   /* the commands */
static long *pos;            /* the byte offset of each command in the source */
static long *jump;           /* for a bracket: the index just after its match */
static long n;
static int bits = 8, overflow_error = 0, eof_mode = 0; /* eof: 0 keep, 1 zero, 2 minus one */
static long tape_length = 0;
static long long max_steps = -1;
static int count = 0;

static void counted(long long steps) {
    if (count) fprintf(stderr, "steps %lld\n", steps);
}

/* The length of the valid UTF-8 sequence at src[i], or 0 if none starts there. */
static int sequence(long i) {
    unsigned char c = src[i];
    int k = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
    if (k < 0 || (k == 1 && c < 0xC2) || i + k >= srclen) return 0;
    for (int j = 1; j <= k; j++)
        if ((src[i + j] & 0xC0) != 0x80) return 0;
    if (k == 2) {
        unsigned cp = ((c & 0x0F) << 12) | ((src[i + 1] & 0x3F) << 6) | (src[i + 2] & 0x3F);
        if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    }
    if (k == 3) {
        unsigned cp = ((c & 0x07) << 18) | ((src[i + 1] & 0x3F) << 12) | ((src[i + 2] & 0x3F) << 6) | (src[i + 3] & 0x3F);
        if (cp < 0x10000 || cp > 0x10FFFF) return 0;
    }
    return k + 1;
}

static int valid_utf8(void) {
    for (long i = 0; i < srclen;) {
        int k = sequence(i);
        if (!k) return 0;
        i += k;
    }
    return 1;
}

/* Line and column of the byte at offset.  Columns count characters: UTF-8 sequences, a byte that
 * is none counting as one; a parse error (bytes = 1) counts bytes if the file is not valid UTF-8
 * (rule 13). */
static void where(long offset, long *line, long *col, int bytes) {
    int by_byte = bytes && !valid_utf8();
    *line = 1;
    *col = 1;
    for (long i = 0; i < offset;) {
        int k = by_byte ? 1 : sequence(i);
        if (src[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
        i += k ? k : 1;
    }
}

static void usage(const char *why) {
    fprintf(stderr, "bfref: %s\nusage: bfref [--cell-size 8|16|32|unbounded] [--overflow wrap|error] "
            "[--eof keep|0|-1] [--tape-length N] [--max-steps N] FILE\n", why);
    exit(2);
}

static void runtime_error(long i, long long step, const char *message) {
    long line, col;
    fflush(stdout);
    where(pos[i], &line, &col, 0);
    fprintf(stderr, "%s:%ld:%ld: runtime error at step %lld: %s\n", path, line, col, step, message);
    counted(step);
    exit(1);
}

static void budget(long long steps) {
    fflush(stdout);
    fprintf(stderr, "bfref: stopped after %lld steps: the --max-steps budget ran out\n", steps);
    counted(steps);
    exit(3);
}

/* The interpreter, once per cell type: T the cell, MAX its largest value (for the wrap and the
 * overflow check), BUDGET whether --max-steps is counted. */
#define INTERPRETER(NAME, T, WRAP, BUDGET)                                                           \
    static long long NAME(void) {                                                                  \
        long size = 1024, p = 0, pc = 0;                                                           \
        T *tape = calloc(size, sizeof(T));                                                         \
        long long steps = 0;                                                                       \
        while (pc < n) {                                                                           \
            if (BUDGET && steps == max_steps) budget(steps);                                       \
            steps++;                                                                               \
            switch (ops[pc]) {                                                                     \
            case PLUS:                                                                             \
                if (overflow_error && tape[p] == (T)WRAP(-1)) runtime_error(pc, steps, "+ on the largest value: overflow"); \
                tape[p] = WRAP(tape[p] + 1);                                                       \
                break;                                                                             \
            case MINUS:                                                                            \
                if (overflow_error && tape[p] == 0) runtime_error(pc, steps, "- on 0: overflow");  \
                tape[p] = WRAP(tape[p] - 1);                                                       \
                break;                                                                             \
            case RIGHT:                                                                            \
                if (tape_length && p + 1 >= tape_length) runtime_error(pc, steps, "> past the last cell"); \
                if (++p == size) {                                                                 \
                    tape = realloc(tape, 2 * size * sizeof(T));                                    \
                    memset(tape + size, 0, size * sizeof(T));                                      \
                    size *= 2;                                                                     \
                }                                                                                  \
                break;                                                                             \
            case LEFT:                                                                             \
                if (p == 0) runtime_error(pc, steps, "< on cell 0");                               \
                p--;                                                                               \
                break;                                                                             \
            case OPEN:                                                                             \
                if (!tape[p]) {                                                                    \
                    pc = jump[pc];                                                                 \
                    continue;                                                                      \
                }                                                                                  \
                break;                                                                             \
            case CLOSE:                                                                            \
                if (tape[p]) {                                                                     \
                    pc = jump[pc];                                                                 \
                    continue;                                                                      \
                }                                                                                  \
                break;                                                                             \
            case OUT:                                                                              \
                putchar((unsigned char)tape[p]);                                                   \
                break;                                                                             \
            case IN: {                                                                             \
                int c = getchar();                                                                 \
                if (c != EOF) tape[p] = (T)c;                                                      \
                else if (eof_mode == 1) tape[p] = 0;                                               \
                else if (eof_mode == 2) tape[p] = WRAP(-1);                                        \
                break;                                                                             \
            }                                                                                      \
            }                                                                                      \
            pc++;                                                                                  \
        }                                                                                          \
        free(tape);                                                                                \
        return steps;                                                                              \
    }

INTERPRETER(run8, uint8_t, (uint8_t), 0)
INTERPRETER(run8_budget, uint8_t, (uint8_t), 1)
INTERPRETER(run16, uint16_t, (uint16_t), 1)
INTERPRETER(run32, uint32_t, (uint32_t), 1)

/* Unbounded: 64-bit cells that must never wrap (exit 4 if one would). */
static int64_t checked(int64_t v, int d) {
    if ((d > 0 && v == INT64_MAX) || (d < 0 && v == INT64_MIN)) {
        fflush(stdout);
        fprintf(stderr, "bfref: a cell left the 64-bit range (unbounded cells are 64-bit here)\n");
        exit(4);
    }
    return v + d;
}
static long long run_unbounded(void) {
    long size = 1024, p = 0, pc = 0;
    int64_t *tape = calloc(size, sizeof(int64_t));
    long long steps = 0;
    while (pc < n) {
        if (steps == max_steps) budget(steps);
        steps++;
        switch (ops[pc]) {
        case PLUS: tape[p] = checked(tape[p], 1); break;
        case MINUS: tape[p] = checked(tape[p], -1); break;
        case RIGHT:
            if (tape_length && p + 1 >= tape_length) runtime_error(pc, steps, "> past the last cell");
            if (++p == size) {
                tape = realloc(tape, 2 * size * sizeof(int64_t));
                memset(tape + size, 0, size * sizeof(int64_t));
                size *= 2;
            }
            break;
        case LEFT:
            if (p == 0) runtime_error(pc, steps, "< on cell 0");
            p--;
            break;
        case OPEN: if (!tape[p]) { pc = jump[pc]; continue; } break;
        case CLOSE: if (tape[p]) { pc = jump[pc]; continue; } break;
        case OUT: putchar((unsigned char)(tape[p] & 255)); break;
        case IN: {
            int c = getchar();
            if (c != EOF) tape[p] = c;
            else if (eof_mode == 1) tape[p] = 0;
            else if (eof_mode == 2) tape[p] = -1;
            break;
        }
        }
        pc++;
    }
    free(tape);
    return steps;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--cell-size") && v) {
            bits = !strcmp(v, "8") ? 8 : !strcmp(v, "16") ? 16 : !strcmp(v, "32") ? 32 : !strcmp(v, "unbounded") ? 0 : -1;
            if (bits < 0) usage("--cell-size is 8, 16, 32 or unbounded");
            i++;
        } else if (!strcmp(a, "--overflow") && v) {
            if (strcmp(v, "wrap") && strcmp(v, "error")) usage("--overflow is wrap or error");
            overflow_error = !strcmp(v, "error");
            i++;
        } else if (!strcmp(a, "--eof") && v) {
            eof_mode = !strcmp(v, "keep") ? 0 : !strcmp(v, "0") ? 1 : !strcmp(v, "-1") ? 2 : -1;
            if (eof_mode < 0) usage("--eof is keep, 0 or -1");
            i++;
        } else if (!strcmp(a, "--tape-length") && v) {
            char *end;
            tape_length = strtol(v, &end, 10);
            if (*end || tape_length < 1) usage("--tape-length is a number of cells, at least 1");
            i++;
        } else if (!strcmp(a, "--max-steps") && v) {
            char *end;
            max_steps = strtoll(v, &end, 10);
            if (*end || max_steps < 0) usage("--max-steps is a number of steps");
            i++;
        } else if (!strcmp(a, "--count")) {
            count = 1;
        } else if (a[0] == '-' && a[1]) {
            usage("unknown option");
        } else if (!path) {
            path = a;
        } else {
            usage("one program file");
        }
    }
    if (!path) usage("no program file");
    FILE *f = fopen(path, "rb");
    if (!f) usage("cannot read the program file");
    long cap = 1 << 16;
    src = malloc(cap);
    size_t got;
    while ((got = fread(src + srclen, 1, cap - srclen, f)) > 0) {
        srclen += got;
        if (srclen == cap) src = realloc(src, cap *= 2);
    }
    fclose(f);
    ops = malloc(srclen + 1);
    pos = malloc((srclen + 1) * sizeof(long));
    jump = malloc((srclen + 1) * sizeof(long));
    long *stack = malloc((srclen + 1) * sizeof(long)), depth = 0;
    for (long i = 0; i < srclen; i++) {
        const char *c = strchr("+-<>[].,", src[i]);
        if (!c || !src[i]) continue;
        ops[n] = (unsigned char)(c - "+-<>[].,");
        pos[n] = i;
        if (ops[n] == OPEN) {
            stack[depth++] = n;
        } else if (ops[n] == CLOSE) {
            if (!depth) {
                long line, col;
                where(i, &line, &col, 1);
                fprintf(stderr, "%s:%ld:%ld: unmatched ]\n", path, line, col);
                return 2;
            }
            long o = stack[--depth];
            jump[o] = n + 1;
            jump[n] = o + 1;
        }
        n++;
    }
    if (depth) {
        long line, col;
        where(pos[stack[0]], &line, &col, 1);
        fprintf(stderr, "%s:%ld:%ld: unmatched [\n", path, line, col);
        return 2;
    }
    long long steps;
    if (bits == 8) {
        steps = max_steps >= 0 ? run8_budget() : run8();
    } else if (bits == 16) {
        steps = run16();
    } else if (bits == 32) {
        steps = run32();
    } else {
        steps = run_unbounded();
    }
    fflush(stdout);
    counted(steps);
    return 0;
}
