/**
 * @file GCG, the Scrabble game-record format (shared/specs/gcg.md; poslfit.com GCG v1.2).
 *
 * Line-oriented: `#` lines are pragmas, `>nick:` lines are events, any other line is free text
 * (a note wrapped onto its own line). Events are told apart by their shape: a tile placement
 * (`RACK POS WORD +SCORE TOTAL`), an exchange (`RACK -TILES` or `-N`), a pass (`RACK -`), a
 * withdrawn phony (`RACK --`), a challenge bonus (`(challenge)`), an end-of-game rack
 * (`(RACK)`), a time penalty (`(time)`). Whether the scores add up is the engine's business.
 */

// Letters of racks and words: ASCII and any other letter (Polish games use Ć, Ę, …).
const UPPER = 'A-Z\\p{Lu}';
const LOWER = 'a-z\\p{Ll}';

module.exports = grammar({
  name: 'gcg',

  extras: _ => [/[ \t\v\f]/],

  rules: {
    // The spec reads any run of CR/LF as one line break: blank lines are allowed anywhere.
    program: $ => seq(optional($._line), repeat(seq($._newline, optional($._line)))),

    _line: $ => choice($.pragma, $._event, $.free_text),
    // A line that is not a pragma or an event: free text (e.g. a note wrapped onto a new line).
    free_text: _ => /[^#> \t\v\f\r\n]([^\r\n]*[^ \t\v\f\r\n])?/,

    // `#name value…`. `#playerN nick Full Name` and `#rackN RACK` have structure; the rest
    // (`#title`, `#note`, `#lexicon`, `#character-encoding`, `#-` continuation, …) take text.
    pragma: $ => choice(
      seq(field('name', alias(/#player[0-9]+/, $.pragma_name)),
        optional(seq(field('nickname', $.nickname), optional(field('full_name', alias($._value, $.text)))))),
      seq(field('name', alias(/#rack[0-9]+/, $.pragma_name)), optional(field('rack', $.rack))),
      seq(field('name', $.pragma_name), optional(field('value', alias($._value, $.text)))),
    ),
    pragma_name: _ => /#[^ \t\v\f\r\n]*/,

    _event: $ => choice(
      $.placement, $.exchange, $.pass, $.withdrawn_phony, $.challenge_bonus, $.end_rack,
      $.time_penalty,
    ),

    // `>nick: RACK POS WORD +SCORE TOTAL` (+ Quackle's cross-words after the total).
    placement: $ => seq(
      $._player, optional(field('rack', $.rack)), field('position', $.position),
      field('word', $.word), $._scores),
    // `>nick: RACK -TILES +0 TOTAL`, or `-N` when only the number of tiles is known.
    exchange: $ => seq(
      $._player, optional(field('rack', $.rack)), '-',
      field('exchanged', choice(
        alias(token.immediate(new RegExp(`[${UPPER}?]+`)), $.tiles),
        alias(token.immediate(/[0-9]+/), $.count))),
      $._scores),
    // `>nick: RACK - +0 TOTAL`
    pass: $ => seq($._player, optional(field('rack', $.rack)), '-', $._scores),
    // `>nick: RACK -- -SCORE TOTAL`: takes back the previous (invalid) play.
    withdrawn_phony: $ => seq($._player, optional(field('rack', $.rack)), '--', $._scores),
    // `>nick: RACK (challenge) +N TOTAL`
    challenge_bonus: $ => seq($._player, optional(field('rack', $.rack)), '(challenge)', $._scores),
    // `>nick: (RACK) +2×value TOTAL`, or `RACK (RACK) -value TOTAL` for the leftover tiles.
    end_rack: $ => seq(
      $._player, optional(field('rack', $.rack)), '(', field('leftover', $.rack), ')', $._scores),
    // `>nick: [RACK] (time) -N TOTAL`
    time_penalty: $ => seq($._player, optional(field('rack', $.rack)), '(time)', $._scores),

    _player: $ => seq('>', field('player', $.nickname), token.immediate(':')),
    _scores: $ => seq(
      field('score', $.score), field('total', $.total), optional(field('annotation', alias($._value, $.text)))),

    nickname: _ => /[^ \t\v\f\r\n:]+/,
    rack: _ => new RegExp(`[${UPPER}?]+`), // upper case, `?` for a blank
    // Row then column = across (`8D`), column then row = down (`E3`); case does not matter.
    position: _ => /[0-9]+[A-Za-z]|[A-Za-z][0-9]+/,
    score: _ => /[+-][0-9]+/,
    total: _ => /[+-]?[0-9]+/,

    // The main word: tiles, blanks (lower case), `.` or `(LETTERS)` for tiles already on the board.
    word: $ => seq($._first_letter, repeat($._next_letter)),
    _first_letter: $ => choice(
      alias(new RegExp(`[${UPPER}]`), $.tile),
      alias(new RegExp(`[${LOWER}]`), $.blank),
      alias('.', $.through),
      alias($._first_through, $.through)),
    _next_letter: $ => choice(
      alias(token.immediate(new RegExp(`[${UPPER}]`)), $.tile),
      alias(token.immediate(new RegExp(`[${LOWER}]`)), $.blank),
      alias(token.immediate('.'), $.through),
      alias($._next_through, $.through)),
    _first_through: $ => seq('(', $._through_letters, token.immediate(')')),
    _next_through: $ => seq(token.immediate('('), $._through_letters, token.immediate(')')),
    _through_letters: $ => repeat1(choice(
      alias(token.immediate(new RegExp(`[${UPPER}]`)), $.tile),
      alias(token.immediate(new RegExp(`[${LOWER}]`)), $.blank))),

    // Pragma values, a player's full name, the annotation after an event's total.
    _value: _ => /[^ \t\v\f\r\n]([^\r\n]*[^ \t\v\f\r\n])?/,

    _newline: _ => /\r?\n|\r/,
  },
});
