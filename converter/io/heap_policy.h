// How the process's heap gives memory back to the kernel during a batch. glibc's defaults
// suit a program that allocates once: a block over the mmap threshold gets fresh pages, and a
// free that leaves more than the trim threshold at an arena's top hands those pages back. A
// batch allocates and frees a whole mesh's working set per input, so with the defaults every
// input faults its pages in again (import of a 3,000-mesh bench corpus: 240,000 page faults
// and 3 s of system time).
#pragma once

namespace f2g::io {

// Fixed thresholds for the rest of the process (no effect outside glibc). Call once, from
// main, before the first input is read.
void keep_batch_heap();

}  // namespace f2g::io
