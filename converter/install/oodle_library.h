// Oodle through the user's own copy of RAD's library (docs/READING.md "Forge archives",
// "Oodle"): the path the user names (--oodle LIB, else FORGE2GLTF_OODLE), opened with dlopen
// on the first block that needs it, never at start-up and never searched for. The project
// ships no Oodle code, header or library: the two entry points are declared here from the
// signatures the tools that load the library use.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "formats/archive/codec.h"
#include "formats/archive/container.h"

namespace f2g::install {

// Every failure of the library (it does not open, lacks a symbol, fails a block, returns
// another length, writes past the block) is this code, with the library's path in the message.
extern const char* const kOodleLibraryCode;  // "ARCHIVE_OODLE_LIBRARY"

class OodleLibrary final : public archive::BlockCodec {
 public:
  explicit OodleLibrary(std::string path) : path_(std::move(path)) {}
  ~OodleLibrary() override;
  OodleLibrary(const OodleLibrary&) = delete;
  OodleLibrary& operator=(const OodleLibrary&) = delete;

  const std::string& path() const { return path_; }
  const char* failure_code() const override { return kOodleLibraryCode; }
  std::string decompress(const uint8_t* src, size_t src_size, uint8_t* out,
                         size_t out_size) const override;
  bool compress(uint8_t number, const uint8_t* src, size_t src_size, std::vector<uint8_t>& out,
                std::string& why) const override;

 private:
  using DecompressFn = intptr_t (*)(const void*, intptr_t, void*, intptr_t, int, int, int, void*,
                                    intptr_t, void*, void*, void*, intptr_t, int);
  using CompressFn = intptr_t (*)(int, const void*, intptr_t, void*, int, const void*, const void*,
                                  const void*, void*, intptr_t);
  // Opens the library once (thread-safe); "" when open, else why not.
  const std::string& load() const;

  std::string path_;
  mutable std::once_flag once_;
  mutable void* handle_ = nullptr;
  mutable DecompressFn decompress_ = nullptr;
  mutable CompressFn compress_ = nullptr;
  mutable std::string load_error_;
};

// The block codecs of this run: LZO, and Oodle once use_oodle_library named a library.
const archive::Codecs& run_codecs();
// ReadOptions reading with run_codecs(): every archive a command reads, from a file or memory.
archive::ReadOptions read_options();
// Names the library of this run (the CLI calls it once, before the command; "" = none). The
// path is kept; nothing is opened until a block needs it.
void use_oodle_library(const std::string& path);
// The library this run uses: `flag` when given, else FORGE2GLTF_OODLE, else "".
std::string oodle_library_choice(const std::string& flag);

}  // namespace f2g::install
