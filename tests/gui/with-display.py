#!/usr/bin/env python3
"""Runs one GUI test program on an X display of its own.

    with-display.py PROGRAM [ARGS...]

Starts Xvfb with one 2600x1440x24 screen, the size the GUI suite needs (the
window tests resize the window up to 1800 px wide and read back what it
drew), on a display number Xvfb picks itself (-displayfd: no race with other
X servers, xvfb-run's or another test's), runs PROGRAM with DISPLAY set to
it, passes its standard output (TAP) through, exits with its status and
stops the server.  So `meson test -C build --suite gui` works under any
xvfb-run, whatever its screen, and without one.

Exits with status 1 and a message when Xvfb cannot be started (install the
xvfb package: build-aux/install-deps.sh).
"""
import os
import signal
import subprocess
import sys

SCREEN = "2600x1440x24"
START_TIMEOUT_S = 30


def start_server():
    """Returns (process, display) of a new Xvfb, or exits with a message."""
    read_fd, write_fd = os.pipe()
    try:
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", SCREEN,
             "-nolisten", "tcp", "-noreset"],
            pass_fds=[write_fd], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as e:
        sys.exit(f"with-display.py: cannot start Xvfb ({e}): install the xvfb package")
    os.close(write_fd)
    number = b""
    with os.fdopen(read_fd, "rb") as reader:
        # Xvfb writes the display number and a newline once it accepts clients.
        while not number.endswith(b"\n"):
            chunk = reader.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit():
        server.kill()
        server.wait()
        sys.exit(f"with-display.py: Xvfb -screen 0 {SCREEN} did not start "
                 f"(exit status {server.poll()})")
    return server, ":" + number.strip().decode()


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: with-display.py PROGRAM [ARGS...]")
    server, display = start_server()
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    test = None

    def stop(signum, frame):
        if test is not None and test.poll() is None:
            test.send_signal(signum)
        server.terminate()
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        test = subprocess.Popen(sys.argv[1:], env=env)
        status = test.wait()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    # A test killed by a signal: the shell's convention, as meson reads it.
    sys.exit(128 - status if status < 0 else status)


if __name__ == "__main__":
    main()
