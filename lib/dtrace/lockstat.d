/*
 * lockstat.d - the lockstat provider's constants: what args[2] of
 * rw-block and rw-spin and args[1] of rw-release say about the thread's
 * use of the lock, as DTrace's lockstat.d names them.
 */

#pragma D depends_on provider lockstat

inline int RW_WRITER = 0x00;	/* as the writer (down_write, write_lock) */
inline int RW_READER = 0x01;	/* as a reader (down_read, read_lock) */
