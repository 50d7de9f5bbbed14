1v
 >:nao:a=?;1+
