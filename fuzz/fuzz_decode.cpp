// libFuzzer target: format detection and the strict decoders over arbitrary bytes.
// Built once per format (F2G_FUZZ_FORMAT = a registered format's name, "" to detect). Whenever a
// decode succeeds, re-encoding must give the input back byte for byte (encode(decode(x)) == x).
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "formats/registry.h"

#ifndef F2G_FUZZ_FORMAT
#define F2G_FUZZ_FORMAT ""
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  f2g::DecodeOptions options;
  static const f2g::Format* const forced = f2g::find_format(F2G_FUZZ_FORMAT);
  options.format = forced;  // nullptr for "": detect by content
  options.name = "fuzz";
  f2g::Result<f2g::Decoded> decoded = f2g::decode(data, size, options);
  if (!decoded) return 0;
  f2g::Result<std::vector<uint8_t>> again = f2g::reencode(data, size, options);
  if (!again || again->size() != size || std::memcmp(again->data(), data, size) != 0) {
    std::abort();  // a decode that succeeds must re-encode exactly
  }
  return 0;
}
