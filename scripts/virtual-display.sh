# Sourced by the scripts that run tests: `runner` is the command that gives the GUI tests a display,
# a virtual one (Xvfb at 1600x1000) when there is none, nothing when there is.
runner=()
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]] && command -v xvfb-run >/dev/null; then
  runner=(xvfb-run -a -s "-screen 0 1600x1000x24")
fi
