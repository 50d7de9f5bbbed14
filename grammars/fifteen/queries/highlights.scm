; 15: the puzzle's piece labels, the commands written on the backboard, the ignored trailer.

(label) @number

"," @punctuation.delimiter

; A command: a move, then (no space) one operation character.
(move) @operator

((operation) @function.call
  (#any-of? @function.call "?" "!" "X"))

((operation) @operator
  (#any-of? @operator "+" "-" "*" "/" "@" "=" "~" "^" "v" "<" ">"))

((operation) @constant
  (#eq? @constant "0"))

; `_` (by convention; any other character too) is a no-op.
((operation) @comment
  (#eq? @comment "_"))

; A cell whose command does not start with a move (`__` as filler) stops the program if reached.
(filler) @comment

; Everything after the blank line that ends the command block is ignored.
(comment) @comment
