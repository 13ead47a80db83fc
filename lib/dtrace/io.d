/*
 * io.d - block I/O as DTrace describes it (the io provider's bufinfo_t,
 * devinfo_t and fileinfo_t), translated from Linux's struct request (the
 * start and done probes) and struct bio (wait-start), and the B_* flags
 * of b_flags.
 *
 * Every member has a Linux meaning or is documented here as 0 (a number)
 * or "<unknown>" (a string), as DTrace gives what it cannot know.  This
 * file is part of dtrace's D library: read it to see where a value comes
 * from; a copy in a directory given with -L replaces it.
 */

#pragma D depends_on provider io

typedef char *caddr_t;

typedef struct bufinfo {
	int b_flags;		/* B_READ or B_WRITE, B_ASYNC, B_DONE, ... */
	size_t b_bcount;	/* bytes the request transfers */
	caddr_t b_addr;		/* 0: a request's data is in pages, with no
				   one kernel address */
	uint64_t b_lblkno;	/* as b_blkno */
	uint64_t b_blkno;	/* first 512-byte sector on the device (the
				   whole disk's numbering, partitions remapped) */
	size_t b_resid;		/* 0: a completion's unmoved bytes are the
				   tracepoint's argument, not in the request */
	size_t b_bufsize;	/* as b_bcount */
	caddr_t b_iodone;	/* the completion function: the first bio's
				   bi_end_io, else the request's end_io */
	int b_error;		/* 0: the completion status is the done
				   tracepoint's argument, not in the request */
	dev_t b_edev;		/* the partition's (or disk's) device number,
				   the kernel's encoding: getmajor/getminor */
} bufinfo_t;

/* b_flags bits (DTrace's values).  Linux sets B_READ, B_WRITE, B_ASYNC,
 * B_DONE and B_PHYS; B_BUSY, B_ERROR and B_PAGEIO are never set (a
 * request's error is not in it).  DTrace's translator sets B_PAGEIO for a
 * bio of user pages mapped in (BIO_USER_MAPPED), else B_PHYS: Linux has
 * not had that flag since 5.16, so every I/O is B_PHYS. */
inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;	/* the device finished the request */
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;	/* a read: REQ_OP_READ, or a driver's own
				   read (REQ_OP_DRV_IN) */
inline int B_WRITE = 0x000100;	/* any operation that writes: write,
				   discard, write zeroes, ... (odd REQ_OP_*) */
inline int B_ASYNC = 0x000400;	/* not REQ_SYNC: nobody waits on it */

/* include/linux/blk_types.h: the operation is the low 8 bits of the
 * request's (or bio's) flags; REQ_SYNC's bit is the same from 5.15 to
 * 6.18 */
inline int __REQ_OP_MASK = 0xff;
inline int __REQ_OP_READ = 0;
inline int __REQ_OP_DRV_IN = 34;
inline int __REQ_SYNC = 1 << 11;
/* enum mq_rq_state: a request is IDLE until the driver has it */
inline int __MQ_RQ_IDLE = 0;

inline int __io_b_flags[unsigned int F] =
	((F & __REQ_OP_MASK) & 1 ? B_WRITE :
	 (F & __REQ_OP_MASK) == __REQ_OP_READ || (F & __REQ_OP_MASK) == __REQ_OP_DRV_IN ? B_READ : 0) |
	(F & __REQ_SYNC ? 0 : B_ASYNC) | B_PHYS;

/* The block device (partition or whole disk) a request is for: the
 * partition I/O accounting noted, else its first bio's, else (a flush
 * with no bio, accounting off) the whole disk. */
inline struct block_device *__io_bdev[struct request *R] =
	(R->part != NULL ? R->part : R->bio != NULL ? R->bio->bi_bdev : R->q->disk->part0);

translator bufinfo_t < struct request *R > {
	b_flags = __io_b_flags[R->cmd_flags] | (R->state != __MQ_RQ_IDLE ? B_DONE : 0);
	b_bcount = R->__data_len;
	b_addr = 0;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_iodone = R->bio != NULL ? (caddr_t)R->bio->bi_end_io : (caddr_t)R->end_io;
	b_error = 0;
	b_edev = __io_bdev[R]->bd_dev;
};

/* A bio being waited on (wait-start): not yet done. */
translator bufinfo_t < struct bio *B > {
	b_flags = __io_b_flags[B->bi_opf];
	b_bcount = B->bi_iter.bi_size;
	b_addr = 0;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = 0;
	b_edev = B->bi_bdev != NULL ? B->bi_bdev->bd_dev : 0;
};

typedef struct devinfo {
	int dev_major;		/* the device number's major */
	int dev_minor;		/* and minor */
	int dev_instance;	/* 0: Linux numbers no driver instances */
	string dev_name;	/* the driver of the disk's device
				   ("virtio_blk", "sd", "nvme"), else the
				   module that made the disk ("null_blk"),
				   else "<unknown>" */
	string dev_statname;	/* the kernel's name for the partition or
				   disk, as in /proc/diskstats: "vda",
				   "vda1", "nvme0n1p1" */
	string dev_pathname;	/* "/dev/" and that name, where devtmpfs
				   makes its node */
} devinfo_t;

inline string __io_dev_name[struct gendisk *D] =
	D->part0->bd_device.parent != NULL && D->part0->bd_device.parent->driver != NULL ?
	    stringof(D->part0->bd_device.parent->driver->name) :
	D->fops->owner != NULL ? stringof(D->fops->owner->name) : "<unknown>";

translator devinfo_t < struct request *R > {
	dev_major = getmajor(__io_bdev[R]->bd_dev);
	dev_minor = getminor(__io_bdev[R]->bd_dev);
	dev_instance = 0;
	dev_name = __io_dev_name[__io_bdev[R]->bd_disk];
	dev_statname = stringof(__io_bdev[R]->bd_device.kobj.name);
	dev_pathname = strjoin("/dev/", stringof(__io_bdev[R]->bd_device.kobj.name));
};

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev != NULL ? getmajor(B->bi_bdev->bd_dev) : 0;
	dev_minor = B->bi_bdev != NULL ? getminor(B->bi_bdev->bd_dev) : 0;
	dev_instance = 0;
	dev_name = B->bi_bdev != NULL ? __io_dev_name[B->bi_bdev->bd_disk] : "<unknown>";
	dev_statname = B->bi_bdev != NULL ? stringof(B->bi_bdev->bd_device.kobj.name) : "<unknown>";
	dev_pathname = B->bi_bdev != NULL ?
	    strjoin("/dev/", stringof(B->bi_bdev->bd_device.kobj.name)) : "<unknown>";
};

/*
 * The file an I/O is for, and the file behind a file descriptor (fds[]).
 * The block layer does not know an I/O's file: a request carries pages,
 * and only a page-cache page leads back to a file's inode (direct I/O's
 * pages are the process's own memory); its translators give "<unknown>"
 * and 0, as DTrace does where it cannot tell.  A struct file gives all
 * but fi_mount, which DTrace does not give either.
 */
typedef struct fileinfo {
	string fi_name;		/* the file's name, its last component */
	string fi_dirname;	/* the directory it is in, dirname(fi_pathname) */
	string fi_pathname;	/* its whole path, d_path() */
	int64_t fi_offset;	/* the file offset (loff_t) */
	string fi_fs;		/* the filesystem's type: "ext4", "tmpfs" */
	string fi_mount;	/* "<unknown>" */
	int fi_oflags;		/* the open(2) flags (O_* below) */
} fileinfo_t;

translator fileinfo_t < struct request *R > {
	fi_name = "<unknown>";
	fi_dirname = "<unknown>";
	fi_pathname = "<unknown>";
	fi_offset = 0;
	fi_fs = "<unknown>";
	fi_mount = "<unknown>";
	fi_oflags = 0;
};

translator fileinfo_t < struct bio *B > {
	fi_name = "<unknown>";
	fi_dirname = "<unknown>";
	fi_pathname = "<unknown>";
	fi_offset = 0;
	fi_fs = "<unknown>";
	fi_mount = "<unknown>";
	fi_oflags = 0;
};

/*
 * A struct file: its name and path from its dentry and d_path(), the
 * filesystem type from its mount's superblock.  No file (a descriptor
 * that is not open): "<none>" and 0, as in DTrace.
 */
#pragma D binding "1.1" translator
translator fileinfo_t < struct file *F > {
	fi_name = F != NULL ? stringof(F->f_path.dentry->d_name.name) : "<none>";
	fi_dirname = F != NULL ? dirname(d_path(&F->f_path)) : "<none>";
	fi_pathname = F != NULL ? d_path(&F->f_path) : "<none>";
	fi_offset = F != NULL ? F->f_pos : 0;
	fi_fs = F != NULL ? stringof(F->f_path.mnt->mnt_sb->s_type->name) : "<none>";
	fi_mount = F != NULL ? "<unknown>" : "<none>";
	fi_oflags = F != NULL ? F->f_flags : 0;
};

/*
 * fds[fd]: the file that file descriptor fd of the current thread's
 * process names, through its descriptor table (a NULL file where fd is
 * out of the table's range or not open).
 */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
	fd >= 0 && fd < curthread->files->fdt->max_fds ? curthread->files->fdt->fd[fd] : NULL);

#pragma D attributes Stable/Stable/Common fds
#pragma D binding "1.1" fds

/* The open(2) flags of fi_oflags (Linux's x86-64 values; O_SYNC is
 * __O_SYNC | O_DSYNC, as O_FSYNC and O_RSYNC). */
inline int O_ACCMODE = 00000003;
#pragma D binding "1.1" O_ACCMODE
inline int O_RDONLY = 00000000;
#pragma D binding "1.1" O_RDONLY
inline int O_WRONLY = 00000001;
#pragma D binding "1.1" O_WRONLY
inline int O_RDWR = 00000002;
#pragma D binding "1.1" O_RDWR
inline int O_CREAT = 00000100;
#pragma D binding "1.1" O_CREAT
inline int O_EXCL = 00000200;
#pragma D binding "1.1" O_EXCL
inline int O_NOCTTY = 00000400;
#pragma D binding "1.1" O_NOCTTY
inline int O_TRUNC = 00001000;
#pragma D binding "1.1" O_TRUNC
inline int O_APPEND = 00002000;
#pragma D binding "1.1" O_APPEND
inline int O_NONBLOCK = 00004000;
#pragma D binding "1.1" O_NONBLOCK
inline int O_NDELAY = 00004000;
#pragma D binding "1.1" O_NDELAY
inline int O_DSYNC = 00010000;
#pragma D binding "1.1" O_DSYNC
inline int O_ASYNC = 00020000;
#pragma D binding "1.1" O_ASYNC
inline int O_DIRECTORY = 00200000;
#pragma D binding "1.1" O_DIRECTORY
inline int O_NOFOLLOW = 00400000;
#pragma D binding "1.1" O_NOFOLLOW
inline int O_CLOEXEC = 02000000;
#pragma D binding "1.1" O_CLOEXEC
inline int O_SYNC = 04010000;
#pragma D binding "1.1" O_SYNC
inline int O_FSYNC = 04010000;
#pragma D binding "1.1" O_FSYNC
inline int O_RSYNC = 04010000;
#pragma D binding "1.1" O_RSYNC
