s/\+0x[0-9a-f]+$/+0x?/
# libc's own name for it varies with the symbols it has (abs)
s/libc\.so\.6`[A-Za-z_0-9]+/libc.so.6`(abs)/
