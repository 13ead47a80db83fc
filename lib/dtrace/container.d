/*
 * container.d - which container a thread runs in, as illumos' zonename says
 * which zone: `container` names it from the thread's cgroup (v2, the
 * unified hierarchy), the way container engines name their cgroups:
 *
 *   docker-ID.scope            Docker (systemd cgroup driver)
 *   docker/ID                  Docker (cgroupfs driver)
 *   libpod-ID.scope            Podman
 *   cri-containerd-ID.scope    containerd's CRI (Kubernetes)
 *   crio-ID.scope              CRI-O
 *   machine.slice/machine-NAME.scope   systemd-nspawn, machinectl
 *
 * An ID is shortened to its first 12 characters, as `docker ps` shows it;
 * NAME is the machine's name as systemd escapes it.  A thread in none of
 * these is in no container: "" (and zonename is "global", as outside any
 * zone on illumos).  On a host that does not use cgroup v2 every thread's
 * cgroup is the root: "".  The `cgroup` built-in variable is the cgroup's
 * id (its inode in cgroupfs), for keying aggregations.
 */

inline string __cgroup_leaf = stringof(curthread->cgroups->dfl_cgrp->kn->name);
inline string __cgroup_parent = curthread->cgroups->dfl_cgrp->self.parent != NULL ?
    stringof(curthread->cgroups->dfl_cgrp->self.parent->cgroup->kn->name) : "";

inline string container =
    index(__cgroup_leaf, "docker-") == 0 ? substr(__cgroup_leaf, 7, 12) :
    index(__cgroup_leaf, "libpod-") == 0 ? substr(__cgroup_leaf, 7, 12) :
    index(__cgroup_leaf, "cri-containerd-") == 0 ? substr(__cgroup_leaf, 15, 12) :
    index(__cgroup_leaf, "crio-") == 0 ? substr(__cgroup_leaf, 5, 12) :
    index(__cgroup_leaf, "machine-") == 0 && __cgroup_parent == "machine.slice" ?
	substr(__cgroup_leaf, 8, strlen(__cgroup_leaf) - 14) :
    __cgroup_parent == "docker" ? substr(__cgroup_leaf, 0, 12) :
    "";

inline string zonename = container != "" ? container : "global";
