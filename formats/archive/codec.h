// Block codecs behind one interface (docs/ARCHITECTURE.md "An install as one object"): a
// dialect's compression number names a Codec; a Codecs set says which BlockCodec runs it in
// this run. The LZO family is built in (liblzo2); a codec supplied at run time (a library the
// user names) is one more entry. A codec the set lacks is the "codec missing" condition: the
// block's entry is listed with its directory and no resources (ARCHIVE_OODLE for Oodle).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/archive/dialect.h"

namespace f2g::archive {

class BlockCodec {
 public:
  virtual ~BlockCodec() = default;
  // Decodes src[0..src_size) into exactly out_size bytes at `out`, never writing past them.
  // Empty on success, else why not (for the message; the caller names the code and offset).
  virtual std::string decompress(const uint8_t* src, size_t src_size, uint8_t* out,
                                 size_t out_size) const = 0;
  // Compresses one block as compression number `number` writes it. False with `why` set when
  // this codec cannot (no encoder, a library failure); `out` is then unspecified.
  virtual bool compress(uint8_t number, const uint8_t* src, size_t src_size,
                        std::vector<uint8_t>& out, std::string& why) const = 0;
  // The code a failure of this codec is reported under; nullptr: the stream is at fault
  // (ARCHIVE_STREAM, ARCHIVE_WRITE), as for a codec built in.
  virtual const char* failure_code() const { return nullptr; }
};

// The codecs of one run. LZO is always there; `oodle` is what the user supplied, if anything.
struct Codecs {
  const BlockCodec* oodle = nullptr;

  // The codec that runs `codec`, or nullptr when this run has none (codec missing).
  const BlockCodec* find(Codec codec) const;
};

// LZO only: what a run without a run-time codec reads with.
const Codecs& builtin_codecs();

}  // namespace f2g::archive
