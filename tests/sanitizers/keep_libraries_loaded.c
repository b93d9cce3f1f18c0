/* Preloaded into the workbench's rendering tests in the sanitizer build (tests/CMakeLists.txt):
 * dlclose does nothing, so every library stays loaded until the process ends.
 *
 * Why: at exit the GL stack unloads Mesa's driver, and with it the globals that hold the driver's
 * allocations. LeakSanitizer, which runs after that, then finds those blocks unreferenced and
 * reports them as leaks of an "<unknown module>", which no suppression can name. With the driver
 * kept loaded the blocks stay reachable and are not reported, while leak checking stays on for
 * everything else the tests do. Built without sanitizers: programs the tests start (ffmpeg) load it
 * too. */
int dlclose(void* handle) {
  (void)handle;
  return 0;
}
