# Precompiled headers (option MBW_PRECOMPILED_HEADERS): the third-party headers whose parsing
# dominates a source file's compile. Measured per source file with /usr/bin/time (CPU seconds, gcc
# 12 Release): a workbench source 9.5 -> 5.1 s with Qt Widgets and QCustomPlot precompiled; a
# GoogleTest program 8.9 -> 7.0 s (clang with the sanitizers, -O0: 9.8 -> 7.6 s). The engine's own
# sources are small: a precompiled Eigen saves them nothing (some got slower loading it), so they
# have none.
#
# A library precompiles its header once for all its sources. The test programs have one source
# each, so each kind shares the header of one donor target (REUSE_FROM): the donor's compile
# definitions must be a subset of every user's, since GCC silently ignores a precompiled header
# built with a macro the source does not define, and the optimization level must be the same (clang
# refuses a header built at another one).

# mbw_precompile_headers(<target> <headers...>): <target> precompiles these headers
function(mbw_precompile_headers target)
  if(MBW_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# mbw_reuse_precompiled_headers(<target> <donor>): <target> uses <donor>'s precompiled header
function(mbw_reuse_precompiled_headers target donor)
  if(MBW_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} REUSE_FROM ${donor})
  endif()
endfunction()

# the headers every Qt widget library of the workbench precompiles
set(MBW_QT_PRECOMPILED_HEADERS <QtWidgets> <vector> <string> <memory> <map> <algorithm> <cmath>)
