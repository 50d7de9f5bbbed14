; Hexagony: every command by its class (spec S6). `.` and the characters that set the edge to
; their code point are data-like; mirrors and branches steer the instruction pointer.

[
  (mirror)
  (branch)
  (skip)
  (ip)
] @keyword

; `@` ends the program: keyword.return stands out (Helix falls back to keyword).
(halt) @keyword.return

(digit) @number

(arithmetic) @operator

(memory) @variable

(io) @function.call

(other) @string.special

(mark) @comment

(nop) @punctuation.delimiter
