// One decode (and, when it succeeds, one glTF write) of an input, measured: what it returned,
// whether anything escaped as an exception, the peak bytes it held (tests/support/alloc_counter.h)
// and how long it took. The input is copied to its own exact-size heap block first, so ASan
// sees any read past its end.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/support/alloc_counter.h"

namespace f2g::test {

struct Outcome {
  bool threw = false;      // an exception escaped decode or write (never allowed)
  std::string exception;   // its what()
  bool decoded = false;    // decode returned a value
  bool diagnosed = false;  // decode returned an error with a non-empty code
  std::string code;        // the error's code, when not decoded
  bool wrote = false;      // gltf::write returned bytes
  std::string write_code;  // its error's code, when decoded but not written
  AllocStats alloc;        // over decode + write together
  double seconds = 0;      // decode + write, CPU time of the calling thread
};

Outcome measure(const std::vector<uint8_t>& bytes);

// CPU time of the calling thread: work done, not time spent waiting for a busy machine.
double thread_seconds();

}  // namespace f2g::test
