s/^ +[0-9]+( +(syscall|sdt|rawtp) )/    N\1/
