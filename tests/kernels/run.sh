#!/usr/bin/env bash
# The stock-kernel test bed: run dtrace on Debian's own kernels under qemu.
#
# Usage: tests/kernels/run.sh DTRACE [-k KERNEL]... [--e2e] [CASE...]
#   DTRACE     the dtrace binary (make check-kernels passes build/dtrace)
#   -k KERNEL  a kernel to boot: 6.1 (Debian 12's linux-image-6.1.0-N-amd64,
#              the newest N) or 6.12 (linux-image-6.12-amd64's current
#              package); default: both.  Repeat for several.
#   --e2e      also run the whole end-to-end suite (tests/e2e/run.sh, with
#              bash) in the guest and print its report: a diagnostic, not
#              compared (cases needing python3 or a compiler fail there)
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
# A case whose behaviour differs by kernel has NAME.out-6.1 (or -6.12...),
# used instead of NAME.out on that kernel.  Timings a case wants reported
# go to $TIMINGS (lines "what: N ms"), printed after the run, not compared.
#
# Packages are downloaded with apt-get download into $KERNEL_CACHE (default
# build/kernels/, kept between runs); a cached package is used without
# asking the network again.  The last line is "N passed, M failed"; the
# exit status is 1 if any case failed or a kernel did not boot.

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
[[ ${#kernels[@]} -gt 0 ]] || kernels=(6.1 6.12)
e2e=0
if [[ ${1:-} == --e2e ]]; then e2e=1; shift; fi
want=("$@")

for tool in qemu-system-x86_64 busybox xz objcopy apt-get dpkg-deb gzip; do
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

# Download (or find in the cache) and unpack a kernel series; prints the
# directory holding vmlinuz and modules/.
kernel_dir() {
	local series=$1 deb pkg dir
	deb=$(ls -t "$cache"/linux-image-"$series"[.-]*_amd64.deb 2>/dev/null | head -1)
	if [[ -z $deb ]]; then
		pkg=$(package_of "$series")
		[[ -n $pkg ]] || { echo "$0: no Debian package found for kernel $series" >&2; return 1; }
		(cd "$cache" && apt-get download "$pkg" >/dev/null 2>&1) ||
			{ echo "$0: apt-get download $pkg failed" >&2; return 1; }
		deb=$(ls -t "$cache/${pkg}"_*_amd64.deb | head -1)
	fi
	dir=${deb%.deb}
	if [[ ! -f $dir/vmlinuz ]]; then
		rm -rf "$dir.tmp" && mkdir -p "$dir.tmp" && dpkg-deb -x "$deb" "$dir.tmp" || return 1
		mkdir -p "$dir/modules"
		cp "$dir.tmp"/boot/vmlinuz-* "$dir/vmlinuz"
		local mods=("$dir.tmp"/lib/modules/*)
		(cd "$mods" && find kernel -name '*.ko*') > "$dir/modules.list"
		# keep the module tree, decompressed (busybox insmod reads plain .ko)
		(cd "$mods" && find kernel -name '*.ko*' | while read -r m; do
			mkdir -p "$dir/modules/$(dirname "$m")"
			case $m in
			*.xz) xz -dc "$m" > "$dir/modules/${m%.xz}" ;;
			*) cp "$m" "$dir/modules/$m" ;;
			esac
		done)
		basename "$mods" > "$dir/release"
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

# The initramfs: busybox, dtrace and its libraries, the cases, the modules.
make_initramfs() {
	local dir=$1 out=$2 root lib
	root=$(mktemp -d /tmp/dtrace-kroot.XXXXXX)
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,cases,modules,lib64,lib/x86_64-linux-gnu}
	cp /bin/busybox "$root/bin/busybox"
	cp "$DTRACE" "$root/bin/dtrace"
	for lib in $(ldd "$DTRACE" | awk '/=>/ {print $3} /^\t\/lib64/ {print $1}'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
	cp "$here"/cases/* "$root/cases/"
	cp "$here/guest-init" "$root/init"
	chmod +x "$root/init"
	modules_for "$dir" ext4 > "$root/modules/order"
	while read -r m; do cp "$dir/modules/$m" "$root/modules/"; done < "$root/modules/order"
	sed -i 's,.*/,,' "$root/modules/order"
	printf '%s\n' "${want[@]}" > "$root/cases/.want"
	if [[ $e2e == 1 ]]; then
		for lib in /bin/bash $(ldd /bin/bash | awk '/=>/ {print $3}'); do
			mkdir -p "$root$(dirname "$lib")"
			cp -L "$lib" "$root$lib"
		done
		cp -r "$top/tests/e2e" "$root/e2e"
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
	echo "== $krel: booting under qemu (tcg)"
	timeout "$BOOT_TIMEOUT" qemu-system-x86_64 -accel tcg -m 2048 -smp 2 -nographic -no-reboot \
		-kernel "$dir/vmlinuz" -initrd "$run/initrd.gz" \
		-append "console=ttyS0 loglevel=1 panic=-1 rdinit=/init" \
		-serial file:"$run/console" -serial file:"$run/results" \
		-monitor none >/dev/null 2>&1
	tr -d '\r' < "$run/results" > "$run/results.txt"
	if ! grep -q '^@@DONE' "$run/results.txt"; then
		echo "FAIL $krel: the guest did not finish (console in $run/console)"
		tail -20 "$run/console" | sed 's/^/  | /'
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
