// Stopping a batch cleanly on Ctrl-C (SIGINT) or SIGTERM: the first signal sets a flag the
// batch polls (no new input is started, inputs in flight finish and are written atomically,
// the report and summary say what was done); the handler then restores both signals'
// defaults, so a second signal ends the process at once (its temp files are hidden
// ".*.tmp-*" names, never a partial output under a final name).
#pragma once

#include <atomic>

namespace f2g::io {

// Installs the handlers for SIGINT and SIGTERM. Call once, from main, before the batch.
void install_interrupt_handlers();

// Set by the first SIGINT / SIGTERM after install_interrupt_handlers.
const std::atomic<bool>& interrupt_requested();

// The signal that set the flag (SIGINT, SIGTERM), 0 when none.
int interrupt_signal();

// Exit status of an interrupted run: 128 + the signal's number, as shells report a process
// the signal killed (130 for Ctrl-C).
int interrupted_exit_code();

// After the clean stop (report written, summary printed, children reaped): ends the process
// by the interrupting signal itself, with its default action. A shell then sees a program
// killed by Ctrl-C, so a script's loop over forge2gltf stops too; after a plain exit(130)
// bash would take the Ctrl-C as handled and run the next iteration. Returns only when no
// signal was received.
void end_by_interrupt_signal();

}  // namespace f2g::io
