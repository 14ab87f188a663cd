#!/usr/bin/env python3
# pty_run.py - runs a command with stdin, stdout and stderr on a
# pseudo-terminal and copies everything it wrote to our stdout, then
# exits with its exit status: how tests see what a terminal user sees.
# The command stays in our session (no controlling terminal, unlike
# pty.fork): a session of its own would be an autogroup of its own, and
# the kernel would schedule it as one group against the tests running
# beside it (see test_pids in lib.sh).
import os
import sys

master, slave = os.openpty()
pid = os.fork()
if pid == 0:
    os.close(master)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    if slave > 2:
        os.close(slave)
    os.execv(sys.argv[1], sys.argv[1:])
os.close(slave)
out = b''
while True:
    try:
        data = os.read(master, 4096)
    except OSError:		# EIO: every holder closed the terminal
        break
    if not data:
        break
    out += data
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
sys.exit(os.waitstatus_to_exitcode(status))
