# Everything that touches the file system or the process: bounded input reading, atomic
# writes, the directory walk, the worker pool, interrupts, child processes, the progress line,
# the heap's batch policy, JSON text, the last-resort exception guard and the user's
# vertex-format tables and name lists.
add_library(f2g_io STATIC
  converter/io/atomic_file.cpp
  converter/io/child_process.cpp
  converter/io/command_guard.cpp
  converter/io/heap_policy.cpp
  converter/io/input_file.cpp
  converter/io/inputs.cpp
  converter/io/interrupt.cpp
  converter/io/json_text.cpp
  converter/io/name_lists.cpp
  converter/io/progress.cpp
  converter/io/vertex_tables.cpp)
target_link_libraries(f2g_io PUBLIC f2g_formats Threads::Threads)
