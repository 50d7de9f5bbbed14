/**
 * @file The Scrabble esolang's text format `.scrabble` (spec shared/specs/scrabble.md,
 * "Text format"; engine: engines/scrabble/text.py).
 *
 * One play per line: `TILES X,Y across|down`, or board notation `8H WORD` (across) / `H8 WORD`
 * (down) on the 15×15 board. In TILES an upper-case letter is a tile, a lower-case letter a blank
 * standing for that letter, `.` a square already holding a tile; board notation also writes such
 * tiles as letters in parentheses. `#` starts a comment anywhere; `#rules strict|loose` at the
 * very start of the first line is the pragma. Whether a play fits the board (occupied squares,
 * one line, strict-game legality) is the engine's business.
 */

// Python's str.isspace() characters except the line breaks: the engine splits lines at
// CR LF, CR and LF, and the plays' tokens at any other whitespace.
const SPACE = '\\t\\v\\f\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
// What may not be glued to a token: anything but whitespace, a line break or a comment.
const GLUED = `[^${SPACE}\\r\\n#]`;

module.exports = grammar({
  name: 'scrabble',

  extras: $ => [new RegExp(`[${SPACE}]`), $.comment],

  rules: {
    program: $ => seq(
      optional(choice($.pragma, $._bad_pragma, $.play)),
      repeat(seq($._newline, optional($.play))),
    ),

    // `#rules strict` or `#rules loose` at the very start of the first line (spaces may follow).
    // The same line naming anything else is an error, as for the engine; elsewhere, or with more
    // text, it is a comment. One token each, so that they and the comment match the same text
    // and the one declared first wins the tie.
    pragma: _ => token.immediate(new RegExp(`#rules[${SPACE}]+(strict|loose)[${SPACE}]*`)),
    _bad_pragma: $ => seq(
      token.immediate(new RegExp(`#rules([${SPACE}]+[^${SPACE}\\r\\n]*)?[${SPACE}]*`)), $._never),

    play: $ => choice(
      seq(
        field('tiles', $.tiles), field('start', $.coordinates),
        field('direction', $.direction), optional($._glued)),
      seq(field('start', $.position), field('tiles', alias($._word, $.tiles))),
    ),

    // `X,Y`: x grows to the right, y downwards; any integers.
    coordinates: $ => seq(field('x', $.number), ',', field('y', $.number), optional($._glued)),
    number: _ => /[+-]?[0-9]+/,
    direction: _ => /[aA][cC][rR][oO][sS][sS]|[dD][oO][wW][nN]/,

    // Board notation: row then column = across (`8H`), column then row = down (`H8`); columns
    // A–O, rows 1–15.
    position: $ => seq($._position, optional($._glued)),
    _position: _ => /0*(1[0-5]|[1-9])[A-Oa-o]|[A-Oa-o]0*(1[0-5]|[1-9])/,

    // Tiles are written with nothing between them.
    tiles: $ => seq(
      $._first_tile, repeat($._next_tile),
      optional(seq(token.immediate(prec(1, new RegExp(`[^A-Za-z.${SPACE}\\r\\n#]`))), $._never))),
    _first_tile: $ => choice($.tile, $.blank, $.through),
    _next_tile: $ => choice(
      alias(token.immediate(/[A-Z]/), $.tile),
      alias(token.immediate(/[a-z]/), $.blank),
      alias(token.immediate('.'), $.through),
    ),
    tile: _ => /[A-Z]/,
    blank: _ => /[a-z]/,
    through: _ => '.',

    // A board-notation word: tiles, plus `(LETTERS)` for letters already on the board.
    _word: $ => seq(
      choice($._first_tile, $.played_through),
      repeat(choice($._next_tile, alias($._next_played_through, $.played_through))),
      optional(seq(token.immediate(prec(1, new RegExp(`[^A-Za-z.()${SPACE}\\r\\n#]`))), $._never))),
    played_through: $ => seq('(', repeat1($._through_letter), token.immediate(')')),
    _next_played_through: $ => seq(token.immediate('('), repeat1($._through_letter), token.immediate(')')),
    _through_letter: $ => choice(
      alias(token.immediate(/[A-Z]/), $.tile),
      alias(token.immediate(/[a-z]/), $.blank),
    ),

    // A character glued to the end of a token (`ADD0,0`, `8HWORD`, `0,0across`) makes the
    // engine read one token where two are needed: an error. `_never` cannot be completed.
    _glued: $ => seq(token.immediate(prec(1, new RegExp(GLUED))), $._never),
    _never: $ => seq(',', $._never),

    comment: _ => /#[^\r\n]*/,
    _newline: _ => /\r?\n|\r/,
  },
});
