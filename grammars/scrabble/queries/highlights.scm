; Scrabble esolang, .scrabble text format: plays, coordinates, directions, tiles, blanks.

(comment) @comment

(pragma) @keyword.directive

(tiles
  (tile) @string)

; A blank tile standing for a letter.
(tiles
  (blank) @string.special)

; A square that already holds a tile.
(through) @punctuation.special

(played_through
  [
    "("
    ")"
  ] @punctuation.bracket)

(played_through
  [
    (tile)
    (blank)
  ] @punctuation.special)

(number) @number

"," @punctuation.delimiter

(direction) @keyword

(position) @constant
