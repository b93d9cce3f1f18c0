# Sourced by the scripts that run sanitizer builds: every report is fatal, leaks included; the
# suppression files hold third-party libraries only, each entry with its reason.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$here/ubsan.supp"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
