#!/bin/sh
# Install the Debian packages the build needs, if any is missing.
# libbpf-dev: BPF syscalls, ring buffer, BTF; libelf-dev and zlib1g-dev: libbpf's
# own dependencies; cpp: dtrace -C; python3: the conformance runner;
# pkg-config: tests/api builds a consumer with the installed libdtrace.pc;
# systemtap-sdt-dev: <sys/sdt.h>, for the programs the USDT tests build;
# qemu-system-x86 and busybox-static: the stock-kernel test bed
# (tests/kernels), which boots Debian's kernels with an initramfs of busybox;
# libcap2-bin: setcap, for the test of dtrace run by an unprivileged user
# with capabilities (tests/e2e/cases/privileges.sh); dpkg-dev, debhelper,
# dh-python, python3-all, python3-setuptools and lintian: `make check-package`
# builds the Debian packages, lints them and installs them;
# clang and libclang-rt-14-dev: `make fuzz` (libFuzzer, ASan, UBSan runtimes).
set -e
need=""
for p in libbpf-dev libelf-dev zlib1g-dev make gcc cpp python3 pkg-config systemtap-sdt-dev qemu-system-x86 busybox-static libcap2-bin \
	dpkg-dev debhelper dh-python python3-all python3-setuptools lintian clang libclang-rt-14-dev; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need="$need $p"
done
if [ -n "$need" ]; then
	echo "installing:$need"
	SUDO=""
	[ "$(id -u)" -ne 0 ] && SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
