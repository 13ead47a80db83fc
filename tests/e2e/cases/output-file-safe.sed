s#/tmp/dtrace-e2e\.[^/]*/output-file-safe/tmp#TMP#g
