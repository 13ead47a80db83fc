s/^ +[0-9]+( +(syscall|sdt) )/    N\1/
