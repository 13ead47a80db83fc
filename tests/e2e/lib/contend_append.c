/*
 * A workload that contends a kernel lock: four processes append 4000
 * pages each to the file named by argv[1], so they wait for its inode's
 * rw_semaphore (i_rwsem).  Built by the lockstat e2e cases.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	char buf[4096];
	memset(buf, 'x', sizeof(buf));
	for (int p = 0; p < 4; p++) {
		if (fork() == 0) {
			int fd = open(argv[1], O_WRONLY | O_APPEND | O_CREAT, 0644);
			for (int i = 0; i < 4000; i++)
				if (write(fd, buf, sizeof(buf)) < 0)
					return 1;
			return 0;
		}
	}
	while (wait(NULL) > 0)
		;
	(void)argc;
	return 0;
}
