; Tic Tac Toe Grow: every keystroke is classified; actions are R39's set.

(run) @keyword

[
  (skip)
  (escape)
  (test)
] @keyword

[
  (output)
  (pop)
  (sum)
] @function.call

[
  (take)
  (rotate)
  (update)
  (grow_memory)
  (delete)
  (save)
  (call)
] @function.builtin

(arithmetic) @operator

[
  (direction)
  (flip)
] @punctuation.special

(digit) @number

(backspace) @keyword

; Everything else is written onto the board as data.
(data) @string
