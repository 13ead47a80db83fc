s/\+0x[0-9a-f]+$/+0x?/
s/libc\.so\.6`[A-Za-z_0-9]+/libc.so.6`(write)/
