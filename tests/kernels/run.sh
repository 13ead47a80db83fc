#!/usr/bin/env bash
# The stock-kernel test bed: run dtrace on Debian's own kernels under qemu.
#
# Usage: tests/kernels/run.sh DTRACE [-k KERNEL]... [--e2e] [CASE...]
#   DTRACE     the dtrace binary (make check-kernels passes build/dtrace)
#   -k KERNEL  a kernel to boot: 6.1 (Debian 12's linux-image-6.1.0-N-amd64,
#              the newest N), 6.12 (linux-image-6.12-amd64's current
#              package) or 5.15 (Ubuntu 22.04's newest
#              linux-image-unsigned-5.15.0-N-generic, from Ubuntu's archive);
#              default: all three.  Repeat for several.
#   --e2e      also run the whole end-to-end suite (tests/e2e/run.sh, with
#              bash) in the guest and print its report: a diagnostic, not
#              compared (cases needing python3 or a compiler fail there)
#   --conformance  also run the conformance ratchet's tests
#              (tests/conformance.pass, with ../shared/conformance/run and
#              python3) in the guest and print those that fail there: a
#              diagnostic, not compared (tests needing a compiler fail
#              there)
#   CASE       run only these cases (names as below); default: all
#
# Why: the development machines run one recent kernel without kprobes or
# fentry; users run Debian 12's 6.1, 6.12, Ubuntu's 5.15 and 6.8...  Here the
# binary built on this machine boots, unchanged, inside each stock kernel
# under qemu-system-x86_64 -accel tcg (software emulation: KVM is not usable
# on these machines), from an initramfs that holds busybox-static, dtrace,
# its shared libraries and the cases.  Timings under emulation mean
# nothing; output does.
#
# A case is tests/kernels/cases/NAME.sh, a busybox sh script run in the
# guest as root with $DTRACE set, in a fresh directory; the D scripts and
# other files of the cases directory are beside it in $CASES.  Its stdout
# and stderr together are compared with NAME.out, in which @KREL@ stands for
# the guest's kernel release (the guest has it in $KREL).  A case normalises
# what varies itself (counts, addresses, timings) by printing what it
# asserts ("ok: ...").
# A C program a case runs is NAME.c beside it, built here (cc -O2: the
# guest has no compiler) into $CASES/NAME.
# A case whose behaviour differs by kernel has NAME.out-6.1 (or -6.12...),
# used instead of NAME.out on that kernel.  Timings a case wants reported
# go to $TIMINGS (lines "what: N ms"), printed after the run, not compared.
#
# Packages are downloaded with apt-get download into $KERNEL_CACHE (default
# build/kernels/, kept between runs); a cached package is used without
# asking the network again.  A guest that crashes (emulation does, rarely)
# is booted once more, its console shown.  The last line is "N passed, M
# failed"; the exit status is 1 if any case failed or a kernel did not
# finish twice.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
cache=${KERNEL_CACHE:-$top/build/kernels}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-480}

usage() { echo "usage: $0 DTRACE [-k 6.1|6.12]... [CASE...]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
DTRACE=$1; shift
case $DTRACE in /*) ;; *) DTRACE=$PWD/$DTRACE ;; esac
[[ -x $DTRACE ]] || { echo "$0: $DTRACE: not an executable" >&2; exit 2; }
kernels=()
while [[ $# -gt 0 && $1 == -k ]]; do
	[[ $# -ge 2 ]] || usage
	kernels+=("$2"); shift 2
done
[[ ${#kernels[@]} -gt 0 ]] || kernels=(6.1 6.12 5.15)
e2e=0 conformance=0
while [[ ${1:-} == --e2e || ${1:-} == --conformance ]]; do
	[[ $1 == --e2e ]] && e2e=1
	[[ $1 == --conformance ]] && conformance=1
	shift
done
if [[ -z ${CONFORMANCE_RUN:-} ]]; then
	CONFORMANCE_RUN=$top/../shared/conformance/run
	[[ -f $CONFORMANCE_RUN ]] || CONFORMANCE_RUN=/work/shared/conformance/run
fi
want=("$@")

for tool in qemu-system-x86_64 busybox xz objcopy apt-get dpkg-deb gzip curl; do
	command -v $tool >/dev/null || { echo "$0: $tool is missing (scripts/install-deps.sh --kernels installs it)" >&2; exit 2; }
done
mkdir -p "$cache"

# The package name of a kernel series, resolved in apt's lists (updated once
# if they know nothing of it).
package_of() {
	local series=$1 p=""
	for attempt in 1 2; do
		case $series in
		6.1)
			p=$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64$' |
				awk '{print $1}' | sort -t- -k4,4n | tail -1) ;;
		*)
			p=$(apt-cache depends "linux-image-$series-amd64" 2>/dev/null |
				awk '/Depends: linux-image-/ {print $2; exit}') ;;
		esac
		[[ -n $p ]] && break
		[[ $attempt == 1 ]] && apt-get update -qq >/dev/null 2>&1
	done
	echo "$p"
}

# Ubuntu 22.04's 5.15 is not in Debian's archive: its newest
# linux-image-unsigned-5.15.0-N-generic comes from Ubuntu's pool, found in
# jammy-updates' package index (cached with the package).
UBUNTU=http://archive.ubuntu.com/ubuntu
ubuntu_download() {
	local index=$cache/jammy-updates-main-Packages.gz file
	[[ -s $index ]] || curl -sf --max-time 120 -o "$index" \
		"$UBUNTU/dists/jammy-updates/main/binary-amd64/Packages.gz" || return 1
	file=$(zcat "$index" | awk '/^Package: / {p = ($2 ~ /^linux-image-unsigned-5\.15\.0-[0-9]+-generic$/)}
		p && /^Filename: / {print $2}' | sort -V | tail -1)
	[[ -n $file ]] && curl -sf --max-time 300 -o "$cache/$(basename "$file")" "$UBUNTU/$file"
}

# The cached package of a kernel series, if any.
cached_deb() {
	case $1 in
	5.15) ls -t "$cache"/linux-image-unsigned-5.15.0-*-generic_*_amd64.deb ;;
	*) ls -t "$cache"/linux-image-"$1"[.-]*_amd64.deb ;;
	esac 2>/dev/null | head -1
}

# Download (or find in the cache) and unpack a kernel series; prints the
# directory holding vmlinuz, release and modules/.
kernel_dir() {
	local series=$1 deb pkg dir mods
	deb=$(cached_deb "$series")
	if [[ -z $deb && $series == 5.15 ]]; then
		ubuntu_download || { echo "$0: downloading Ubuntu's 5.15 kernel failed" >&2; return 1; }
	elif [[ -z $deb ]]; then
		pkg=$(package_of "$series")
		[[ -n $pkg ]] || { echo "$0: no Debian package found for kernel $series" >&2; return 1; }
		(cd "$cache" && apt-get download "$pkg" >/dev/null 2>&1) ||
			{ echo "$0: apt-get download $pkg failed" >&2; return 1; }
	fi
	deb=$(cached_deb "$series")
	[[ -n $deb ]] || return 1
	dir=${deb%.deb}
	if [[ ! -f $dir/vmlinuz ]]; then
		rm -rf "$dir.tmp" && mkdir -p "$dir.tmp" && dpkg-deb -x "$deb" "$dir.tmp" || return 1
		mkdir -p "$dir/modules"
		cp "$dir.tmp"/boot/vmlinuz-* "$dir/vmlinuz"
		basename "$dir.tmp"/boot/vmlinuz-* | sed 's/^vmlinuz-//' > "$dir/release"
		# keep the module tree, decompressed (busybox insmod reads plain
		# .ko); Ubuntu's image package has none (ext4 is built in)
		mods=$(ls -d "$dir.tmp"/lib/modules/* 2>/dev/null | head -1)
		[[ -n $mods ]] && (cd "$mods" && find kernel -name '*.ko*' | while read -r m; do
			mkdir -p "$dir/modules/$(dirname "$m")"
			case $m in
			*.xz) xz -dc "$m" > "$dir/modules/${m%.xz}" ;;
			*) cp "$m" "$dir/modules/$m" ;;
			esac
		done)
		rm -rf "$dir.tmp"
	fi
	echo "$dir"
}

# Modules the cases need, in load order (dependencies first), from each
# module's own .modinfo "depends=".
modules_for() {
	local dir=$1; shift
	local -A seen=()
	local order=()
	visit() {
		local name=$1 path deps d
		[[ -n ${seen[$name]:-} ]] && return
		seen[$name]=1
		[[ -d $dir/modules/kernel ]] || return
		path=$(cd "$dir/modules" && find kernel -name "$name.ko" -o -name "${name//_/-}.ko" | head -1)
		[[ -n $path ]] || return
		deps=$(objcopy -O binary --only-section=.modinfo "$dir/modules/$path" /dev/stdout 2>/dev/null |
			tr '\0' '\n' | sed -n 's/^depends=//p' | tr ',' ' ')
		for d in $deps; do visit "$d"; done
		order+=("$path")
	}
	for m in "$@"; do visit "$m"; done
	printf '%s\n' "${order[@]}"
}

# Copy a program and the shared libraries it loads into root, at the path.
copy_program() {
	local root=$1 prog=$2 path=$3 lib
	mkdir -p "$root$(dirname "$path")"
	cp -L "$prog" "$root$path"
	for lib in $(ldd "$prog" | awk '/=>/ {print $3} /^\t\/lib64/ {print $1}'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}

# The initramfs: busybox, dtrace and its libraries, the cases, the modules.
make_initramfs() {
	local dir=$1 out=$2 root
	root=$(mktemp -d /tmp/dtrace-kroot.XXXXXX)
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,cases,modules,lib64,lib/x86_64-linux-gnu}
	cp /bin/busybox "$root/bin/busybox"
	copy_program "$root" "$DTRACE" /bin/dtrace
	# its D library, where /bin/dtrace looks: /bin/../lib/dtrace
	mkdir -p "$root/lib/dtrace"
	cp "$(dirname "$DTRACE")"/../lib/dtrace/*.d "$root/lib/dtrace/"
	cp "$here"/cases/* "$root/cases/"
	local c
	for c in "$here"/cases/*.c; do
		[[ -e $c ]] && { cc -O2 -o "$root/cases/$(basename "${c%.c}")" "$c" || echo "$0: cc $c failed" >&2; }
	done
	cp "$here/guest-init" "$root/init"
	chmod +x "$root/init"
	modules_for "$dir" ext4 > "$root/modules/order"
	while read -r m; do [[ -z $m ]] || cp "$dir/modules/$m" "$root/modules/"; done < "$root/modules/order"
	# modules a case loads itself (io.sh: null_blk, a disk for the guest)
	modules_for "$dir" null_blk | while read -r m; do [[ -z $m ]] || cp "$dir/modules/$m" "$root/modules/"; done
	sed -i 's,.*/,,' "$root/modules/order"
	printf '%s\n' "${want[@]}" > "$root/cases/.want"
	if [[ $e2e == 1 || $conformance == 1 ]]; then
		copy_program "$root" /bin/bash /bin/bash
		# dtrace -C runs cpp, which runs cc1
		copy_program "$root" "$(readlink -f /usr/bin/cpp)" /usr/bin/cpp
		local cc1
		cc1=$(cpp -print-prog-name=cc1)
		copy_program "$root" "$cc1" "$cc1"
		mkdir -p "$root/usr/include"
		cp /usr/include/stdc-predef.h "$root/usr/include/"
	fi
	if [[ $e2e == 1 ]]; then
		cp -r "$top/tests/e2e" "$root/e2e"
	fi
	if [[ $conformance == 1 ]]; then
		local py
		py=$(readlink -f /usr/bin/python3)
		copy_program "$root" "$py" /usr/bin/python3
		mkdir -p "$root/usr/lib"
		tar -C /usr/lib --exclude=test --exclude=idlelib --exclude=tkinter \
			--exclude=lib2to3 --exclude=ensurepip --exclude=__pycache__ \
			--exclude='config-*' --exclude=site-packages --exclude=dist-packages \
			--exclude=pydoc_data -cf - "$(basename "$py")" | tar -C "$root/usr/lib" -xf -
		mkdir -p "$root/conformance"
		cp "$CONFORMANCE_RUN" "$root/conformance/run"
		cp -r "$(dirname "$CONFORMANCE_RUN")/tests" "$root/conformance/tests"
		cp "$top/tests/conformance.pass" "$root/conformance/pass"
	fi
	(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$out"
	rm -rf "$root"
}

pass=0 fail=0
timings=()
for series in "${kernels[@]}"; do
	dir=$(kernel_dir "$series") || { fail=$((fail + 1)); continue; }
	krel=$(cat "$dir/release")
	run=$(mktemp -d /tmp/dtrace-kernel.XXXXXX)
	make_initramfs "$dir" "$run/initrd.gz"
	# Software emulation itself sometimes crashes a guest (seen: an invalid
	# opcode in run_timer_softirq at 1.4 s, before any case ran, on a
	# kernel that boots fine otherwise), so a guest that does not finish
	# is booted once more; its console and the case it was in are shown.
	for attempt in 1 2; do
		echo "== $krel: booting under qemu (tcg)"
		: > "$run/results"
		timeout "$BOOT_TIMEOUT" qemu-system-x86_64 -accel tcg -m 2048 -smp 2 -nographic -no-reboot \
			-kernel "$dir/vmlinuz" -initrd "$run/initrd.gz" \
			-append "console=ttyS0 loglevel=1 panic=-1 rdinit=/init" \
			-serial file:"$run/console" -serial file:"$run/results" \
			-monitor none >/dev/null 2>&1
		tr -d '\r' < "$run/results" > "$run/results.txt"
		grep -q '^@@DONE' "$run/results.txt" && break
		echo "$krel: the guest did not finish (attempt $attempt; last case started:" \
			"$(sed -n 's/^@@CASE //p' "$run/results.txt" | tail -1))"
		tail -12 "$run/console" | sed 's/^/  | /'
	done
	if ! grep -q '^@@DONE' "$run/results.txt"; then
		echo "FAIL $krel: the guest did not finish twice (console in $run/console)"
		fail=$((fail + 1))
		continue
	fi
	# split the results into one file per case
	awk -v d="$run" '/^@@CASE / {f = d "/" $2 ".actual"; printf "" > f; next}
		/^@@ENDCASE/ {f = ""; next} /^@@TIMING / {sub(/^@@TIMING /, ""); print > (d "/timings"); next}
		f != "" {print >> f}' "$run/results.txt"
	for actual in "$run"/*.actual; do
		[[ -e $actual ]] || continue
		name=$(basename "$actual" .actual)
		expected=$here/cases/$name.out-$series
		[[ -f $expected ]] || expected=$here/cases/$name.out
		if diff -u <(sed "s/@KREL@/$krel/g" "$expected" 2>/dev/null) "$actual" > "$run/$name.diff"; then
			echo "ok   $krel $name"
			pass=$((pass + 1))
		else
			echo "FAIL $krel $name"
			sed 's/^/  | /' "$run/$name.diff" | head -40
			fail=$((fail + 1))
		fi
	done
	if [[ $conformance == 1 ]]; then
		echo "-- the conformance ratchet's tests that fail on $krel:"
		sed -n '/^@@CONFORMANCE/,/^@@ENDCONFORMANCE/p' "$run/results.txt" | grep -v '^@@' | sed 's/^/  /'
	fi
	if [[ $e2e == 1 ]]; then
		echo "-- the end-to-end suite on $krel:"
		sed -n '/^@@E2E/,/^@@ENDE2E/p' "$run/results.txt" | grep -v '^@@' | sed 's/^/  /'
	fi
	if [[ -f $run/timings ]]; then
		while read -r t; do timings+=("$krel $t"); done < "$run/timings"
	fi
	[[ $fail -eq 0 ]] && rm -rf "$run"
done
if [[ ${#timings[@]} -gt 0 ]]; then
	echo "timings (under emulation):"
	printf '  %s\n' "${timings[@]}"
fi
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
