#include "converter/interrupt.h"

#include <csignal>

namespace f2g::convert {
namespace {

std::atomic<bool> g_requested{false};
volatile std::sig_atomic_t g_signal = 0;

// Async-signal-safe: a lock-free atomic store and a sig_atomic_t write only.
extern "C" void on_signal(int signal) {
  g_signal = signal;
  g_requested.store(true);
}

}  // namespace

void install_interrupt_handlers() {
  static_assert(std::atomic<bool>::is_always_lock_free, "the handler needs a lock-free flag");
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // the second signal takes the default action: exit now
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>& interrupt_requested() { return g_requested; }

int interrupt_signal() { return g_signal; }

int interrupted_exit_code() { return 128 + (g_signal ? int(g_signal) : SIGINT); }

}  // namespace f2g::convert
