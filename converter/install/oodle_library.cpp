#include "converter/install/oodle_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace f2g::install {
namespace {

// OodleLZ enums as the public headers number them (docs/READING.md "Oodle").
constexpr int kFuzzSafeYes = 1, kCheckCrcNo = 0, kVerbosityNone = 0, kThreadPhaseAll = 3;
constexpr int kCompressorMermaid = 9;
constexpr int kLevelNormal = 4, kLevelOptimal3 = 7;
// Bytes past the declared size that a block's buffer carries, filled with a pattern: a library
// that writes into them wrote past the block, and the block fails.
constexpr size_t kGuard = 64;
constexpr uint8_t kGuardByte = 0xA5;

std::string describe(const std::string& path, const std::string& what) {
  return "the Oodle library '" + path + "' " + what;
}

}  // namespace

const char* const kOodleLibraryCode = "ARCHIVE_OODLE_LIBRARY";

OodleLibrary::~OodleLibrary() {
  if (handle_) dlclose(handle_);
}

const std::string& OodleLibrary::load() const {
  std::call_once(once_, [this] {
    // RTLD_LOCAL: its symbols stay its own; the path is used as given (no search).
    const std::string at = path_.find('/') == std::string::npos ? "./" + path_ : path_;
    handle_ = dlopen(at.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
      const char* e = dlerror();
      load_error_ = describe(path_, std::string("does not open: ") + (e ? e : "dlopen failed"));
      return;
    }
    decompress_ = reinterpret_cast<DecompressFn>(dlsym(handle_, "OodleLZ_Decompress"));
    compress_ = reinterpret_cast<CompressFn>(dlsym(handle_, "OodleLZ_Compress"));
    if (!decompress_) load_error_ = describe(path_, "has no OodleLZ_Decompress");
  });
  return load_error_;
}

std::string OodleLibrary::decompress(const uint8_t* src, size_t src_size, uint8_t* out,
                                     size_t out_size) const {
  if (const std::string& e = load(); !e.empty()) return e;
  std::vector<uint8_t> buffer(out_size + kGuard, kGuardByte);
  const intptr_t n = decompress_(src, intptr_t(src_size), buffer.data(), intptr_t(out_size),
                                 kFuzzSafeYes, kCheckCrcNo, kVerbosityNone, nullptr, 0, nullptr,
                                 nullptr, nullptr, 0, kThreadPhaseAll);
  for (size_t i = out_size; i < buffer.size(); ++i)
    if (buffer[i] != kGuardByte)
      return describe(path_, "wrote past the block's " + std::to_string(out_size) + " bytes");
  if (n <= 0)
    return describe(path_,
                    "failed on the block (OodleLZ_Decompress returned " + std::to_string(n) + ")");
  if (size_t(n) != out_size)
    return describe(path_, "decoded " + std::to_string(n) + " bytes, the block declares " +
                               std::to_string(out_size));
  std::memcpy(out, buffer.data(), out_size);
  return {};
}

bool OodleLibrary::compress(uint8_t number, const uint8_t* src, size_t src_size,
                            std::vector<uint8_t>& out, std::string& why) const {
  if (const std::string& e = load(); !e.empty()) {
    why = e;
    return false;
  }
  if (!compress_) {
    why = describe(path_, "has no OodleLZ_Compress: it can read Oodle blocks, not write them");
    return false;
  }
  // The public headers' bound: the raw size plus 274 bytes per 256 KiB chunk begun.
  const size_t bound = src_size + 274 * ((src_size + 0x3FFFF) / 0x40000);
  out.assign(bound + kGuard, kGuardByte);
  const int level = number == 4 ? kLevelOptimal3 : kLevelNormal;
  const intptr_t n = compress_(kCompressorMermaid, src, intptr_t(src_size), out.data(), level,
                               nullptr, nullptr, nullptr, nullptr, 0);
  for (size_t i = bound; i < out.size(); ++i)
    if (out[i] != kGuardByte) {
      why = describe(path_, "wrote past its own bound of " + std::to_string(bound) + " bytes");
      return false;
    }
  if (n <= 0 || size_t(n) > bound) {
    why = describe(path_, "failed to compress the block (OodleLZ_Compress returned " +
                              std::to_string(n) + ")");
    return false;
  }
  out.resize(size_t(n));
  return true;
}

namespace {

struct RunCodecs {
  std::unique_ptr<OodleLibrary> oodle;
  archive::Codecs codecs;
};
RunCodecs& run() {
  static RunCodecs r;
  return r;
}

}  // namespace

const archive::Codecs& run_codecs() { return run().codecs; }

archive::ReadOptions read_options() {
  archive::ReadOptions o;
  o.codecs = &run_codecs();
  return o;
}

void use_oodle_library(const std::string& path) {
  RunCodecs& r = run();
  r.oodle = path.empty() ? nullptr : std::make_unique<OodleLibrary>(path);
  r.codecs.oodle = r.oodle.get();
}

std::string oodle_library_choice(const std::string& flag) {
  if (!flag.empty()) return flag;
  const char* env = std::getenv("FORGE2GLTF_OODLE");
  return env ? env : "";
}

}  // namespace f2g::install
