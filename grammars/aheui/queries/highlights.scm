; Aheui: every syllable by its command's class (the initial consonant; for ㅁ and ㅂ the final ㅇ or
; ㅎ makes it I/O). No-op syllables (ㅇ ㄱ ㄲ ㅋ ㅉ: they only steer) keep the default colour.

(arithmetic) @operator

(stack) @function.builtin

(io) @function.call

(storage) @variable

(flow) @keyword

; ㅎ ends the program: keyword.return stands out (Helix falls back to keyword).
(end) @keyword.return

(comment) @comment
