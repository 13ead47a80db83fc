# shellcheck shell=bash
# SIGTERM stops tracing as SIGINT does: END runs, dtrace exits 0, and no BPF
# program or link is left behind.
SIGNAL=TERM
# shellcheck source=sigint.sh
. ./sigint.sh
