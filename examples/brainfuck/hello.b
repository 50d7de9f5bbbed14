Hello World in Brainfuck: esodbg's own example

A counted loop makes four cells near the letters' codes in one go:
ten passes of seven ten three and one

++++++++++ [ >+++++++ >++++++++++ >+++ >+ <<<<- ]    cells 1 to 4: 70 100 30 10

>++ .                  72   H
>+ .                   101  e
+++++++ ..             108  l l
+++ .                  111  o
>++++++++++++++ .      44   comma
------------ .         32   space
<<+++++++++++++++ .    87   W
> .                    111  o
+++ .                  114  r
------ .               108  l
-------- .             100  d
>+ .                   33   exclamation mark
> .                    10   line feed
