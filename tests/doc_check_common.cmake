# Shared by the documentation checks run with `cmake -P` (check_store_docs.cmake, check_man_commands.cmake):
# `fail(what)` counts a failure and says it, and `help` holds what `${IW_CLI} --help` printed.
set(failures 0)
macro(fail what)
  message(SEND_ERROR "${what}")
  math(EXPR failures "${failures} + 1")
endmacro()

execute_process(COMMAND ${IW_CLI} --help OUTPUT_VARIABLE help ERROR_VARIABLE help_err RESULT_VARIABLE rc)
string(APPEND help "${help_err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "idempotency-workbench --help exited ${rc}")
endif()
