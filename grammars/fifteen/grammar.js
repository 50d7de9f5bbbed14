/**
 * @file 15 — the sliding-puzzle esolang (spec shared/specs/fifteen.md, rules 1–6).
 *
 * A program is the puzzle block (comma-separated piece labels), at least one blank line, the
 * command block (comma-separated commands of at most two characters), and optionally a blank
 * line followed by text that is ignored. Lines are stripped of Python whitespace, like the
 * engine does; only line breaks are significant. Checks that need counting (rectangular puzzle,
 * labels exactly 0 … n-1, command block of the puzzle's shape) are left to the engine.
 */

// Python's str.isspace() characters, minus the line breaks (which are tokens here).
const SPACE = '\\t\\v\\f\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const BREAK = '\\r\\n|\\r|\\n';
const MOVES = '<>^v';

module.exports = grammar({
  name: 'fifteen',

  extras: _ => [new RegExp(`[${SPACE}]`)],

  rules: {
    program: $ => seq(
      optional(choice($._newline, $._blank_lines)),
      $.puzzle,
      $._blank_lines,
      $.commands,
      optional(seq($._blank_lines, optional($.comment))),
    ),

    // Rule 2: rows of integer labels (Python int(): optional sign, digits, single underscores).
    puzzle: $ => seq($.puzzle_row, repeat(seq($._newline, $.puzzle_row))),
    puzzle_row: $ => seq($.label, repeat(seq(',', $.label))),
    label: _ => /[+-]?\p{Nd}(_?\p{Nd})*/,

    // Rules 3–4: rows of commands; an empty cell (e.g. a trailing comma) is allowed.
    commands: $ => seq(
      $.command_row,
      repeat(seq($._newline, $.command_row)),
      optional($._newline),
    ),
    command_row: $ => choice(
      seq($.command, repeat($._next_cell)),
      repeat1($._next_cell),
    ),
    _next_cell: $ => seq(',', optional($.command)),

    // A command is a move optionally followed (with no space) by one operation character, or
    // any other one or two characters, which parse but stop the machine if the empty space
    // ever reaches them (rule 10) — programs use `__` as filler.
    command: $ => choice(
      seq($.move, optional($.operation)),
      $.filler,
    ),
    move: _ => new RegExp(`[${MOVES}]`),
    operation: _ => token.immediate(new RegExp(`[^,${SPACE}\\r\\n]`)),
    filler: _ => new RegExp(`[^${MOVES},${SPACE}\\r\\n][^,${SPACE}\\r\\n]?`),

    // Rule 4: everything after the blank line that ends the command block.
    comment: _ => /[\s\S]+/,

    _newline: _ => new RegExp(BREAK),
    _blank_lines: _ => new RegExp(`(${BREAK})([${SPACE}]*(${BREAK}))+`),
  },
});
