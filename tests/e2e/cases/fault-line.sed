s/probe ID [0-9]+ \(syscall/probe ID PID (syscall/
