#!/usr/bin/env python3
# pty_run.py - runs a command with stdin, stdout and stderr on a
# pseudo-terminal and copies everything it wrote to our stdout, then
# exits with its exit status: how tests see what a terminal user sees.
import os
import pty
import sys

pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
out = b''
while True:
    try:
        data = os.read(fd, 4096)
    except OSError:		# EIO: the child closed the terminal
        break
    if not data:
        break
    out += data
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
sys.exit(os.waitstatus_to_exitcode(status))
