#include "converter/io/interrupt.h"

#include <pthread.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace f2g::io {
namespace {

std::atomic<bool> g_requested{false};
std::atomic<int> g_signal{0};

void restore_default(int signal) {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
}

// Async-signal-safe: lock-free atomics, sigaction and raise only. The first signal sets the
// flag and puts both signals back to their default action, so a later one ends the process.
// A second signal can also reach this handler: two signals sent back to back are delivered
// to two threads at once, each running the handler (sa_mask blocks only in its own thread).
// That one re-raises itself with the default action; it stays blocked until this handler
// returns, then kills the process (Ctrl-C then a supervisor's SIGTERM, or Ctrl-C twice).
extern "C" void on_signal(int signal) {
  // g_signal decides which signal came first, and is set before the flag the batch polls:
  // whoever sees the flag also sees the signal.
  int none = 0;
  if (g_signal.compare_exchange_strong(none, signal)) {
    g_requested.store(true);
    restore_default(SIGINT);
    restore_default(SIGTERM);
    return;
  }
  restore_default(signal);
  raise(signal);
}

}  // namespace

void install_interrupt_handlers() {
  static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
                "the handler needs lock-free atomics");
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);  // one handler at a time
  sigaddset(&action.sa_mask, SIGTERM);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>& interrupt_requested() { return g_requested; }

int interrupt_signal() { return g_signal.load(); }

void end_by_interrupt_signal() {
  const int s = g_signal.load();
  if (s == 0) return;
  std::cout.flush();
  std::fflush(nullptr);
  restore_default(s);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, s);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  raise(s);
  std::_Exit(128 + s);  // not reached: the default action of SIGINT / SIGTERM ends the process
}

int interrupted_exit_code() {
  const int s = g_signal.load();
  return 128 + (s ? s : SIGINT);
}

}  // namespace f2g::io
