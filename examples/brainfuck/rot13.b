rot13: writes its input with every ASCII letter moved 13 places along the alphabet
(the other bytes as they are); made by benchmarks/bfgen py
cells: 0 the byte   1 its place from A or a   2 3 flags   4 on scratch
read the first byte (at the end of input the cell stays 0: the loop ends)
,[
is it a letter from A: its place from A below 26?
>[-]<[->+>>>+<<<<]>>>>[-<<<<+>>>>]<<<---------------------------------------------------------------
-->[-]<[->>>>+>+<<<<<]>>>>>[-<<<<<+>>>>>]<<++++++++++++++++++++++++++[<<+>>>[->+>+<<]>>[-<<+>>]<[<<<
<->>>>[-]]<-<-]>[-]<<<[
the first 13 letters move on 13 and the others back 13
>[-]<<[->>>>+>+<<<<<]>>>>>[-<<<<<+>>>>>]<<+++++++++++++[<+>>[->+>+<<]>>[-<<+>>]<[<<<->>>[-]]<-<-]>[-
]<<<<<------------->>>[<<<++++++++++++++++++++++++++>>>[-]]<[-]]
is it a letter from a: its place from a below 26?
<[-]<[->+>>>+<<<<]>>>>[-<<<<+>>>>]<<<---------------------------------------------------------------
---------------------------------->[-]<[->>>>+>+<<<<<]>>>>>[-<<<<<+>>>>>]<<+++++++++++++++++++++++++
+[<<+>>>[->+>+<<]>>[-<<+>>]<[<<<<->>>>[-]]<-<-]>[-]<<<[
the first 13 letters move on 13 and the others back 13
>[-]<<[->>>>+>+<<<<<]>>>>>[-<<<<<+>>>>>]<<+++++++++++++[<+>>[->+>+<<]>>[-<<+>>]<[<<<->>>[-]]<-<-]>[-
]<<<<<------------->>>[<<<++++++++++++++++++++++++++>>>[-]]<[-]]<[-]
write it; clear the cell; read the next byte
<.[-],]
