"hfis"3[r]l&l?!vob0.
               >&nao;
