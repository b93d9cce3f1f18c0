# Compiles that do not depend on where the tree is checked out. ccache (top CMakeLists.txt) finds
# an object compiled in another clone only if the compile's inputs are the same: paths on the
# command line under the source tree are made relative by CCACHE_BASEDIR, but a path inside a
# macro's value or inside a generated source is hashed as it is. Three libraries put the clone's
# path there; this file takes it out.

# Qt Test gives every program that links it QT_TESTCASE_SOURCEDIR and QT_TESTCASE_BUILDDIR, the
# program's source and build directories, for QFINDTESTDATA, which no test uses. With them, every
# Qt test program (and the precompiled header they share) missed the cache in another clone.
function(mbw_drop_qt_test_directories)
  get_target_property(definitions Qt6::Test INTERFACE_COMPILE_DEFINITIONS)
  list(FILTER definitions EXCLUDE REGEX "^QT_TESTCASE_(SOURCE|BUILD)DIR=")
  set_target_properties(Qt6::Test PROPERTIES INTERFACE_COMPILE_DEFINITIONS "${definitions}")
endfunction()

# mbw_vtk_module_autoinit(<targets...>): VTK's vtk_module_autoinit (the rendering back ends
# registered when a program starts), with its header found through the include path. VTK defines
# <module>_AUTOINIT_INCLUDE as the absolute path of a header it generates in the build tree's
# CMakeFiles/, which put the clone's path into every source of the 3D view; here the macro names
# the header alone and CMakeFiles/ is an include directory (a command-line path, made relative).
function(mbw_vtk_module_autoinit)
  vtk_module_autoinit(TARGETS ${ARGN} MODULES ${VTK_LIBRARIES})
  foreach(target IN LISTS ARGN)
    get_target_property(definitions ${target} COMPILE_DEFINITIONS)
    list(TRANSFORM definitions REPLACE "^([A-Za-z0-9_]+_AUTOINIT_INCLUDE)=\"${CMAKE_BINARY_DIR}/CMakeFiles/"
         "\\1=\"")
    set_target_properties(${target} PROPERTIES COMPILE_DEFINITIONS "${definitions}")
    target_include_directories(${target} PRIVATE ${CMAKE_BINARY_DIR}/CMakeFiles)
  endforeach()
endfunction()
