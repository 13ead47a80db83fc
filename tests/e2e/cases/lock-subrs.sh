# shellcheck shell=bash
# The lock subroutines on real kernel locks, unheld: a mutex of the process
# (its signal struct's cred_guard_mutex, as it exits) and a rwlock_t (the
# sk_callback_lock of a TCP socket as it connects).  Linux's mutexes are
# adaptive, none a spin mutex.  (A lock held at a probe that a test can
# make fire is not at hand; the held cases are not shown here.)
cat >"$E2E_TMP/l.d" <<'D'
#pragma D option quiet
syscall::exit_group:entry
/pid == $target/
{
	printf("mutex owned %d owner %p adaptive %d spin %d\n",
	    mutex_owned(&curthread->signal->cred_guard_mutex),
	    mutex_owner(&curthread->signal->cred_guard_mutex),
	    mutex_type_adaptive(&curthread->signal->cred_guard_mutex),
	    mutex_type_spin(&curthread->signal->cred_guard_mutex));
}
rawtp:sock::inet_sock_set_state
/pid == $target && args[2] == 2/
{
	printf("rwlock read %d write %d writer %d\n",
	    rw_read_held(&args[0]->sk_callback_lock),
	    rw_write_held(&args[0]->sk_callback_lock),
	    rw_iswriter(&args[0]->sk_callback_lock));
}
D
printf 'exec 3<>/dev/tcp/127.0.0.1/9\n' >"$E2E_TMP/conn.sh"
"$DTRACE" -s "$E2E_TMP/l.d" -c "bash $E2E_TMP/conn.sh" 2>/dev/null
echo "exit $?"
