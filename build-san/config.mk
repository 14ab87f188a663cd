CONFIG_LIBS :=   -lJudy -lseccomp     
