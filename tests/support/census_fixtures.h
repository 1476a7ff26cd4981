// Test helpers for the census and scan tests: the checked-in samples, temp directories, and
// locating a field in a sample by the decoder's own field log (so byte edits need no offsets
// written into the tests).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace f2g::census_test {

struct Sample {
  std::string name;  // "sws/static.mesh"
  std::vector<uint8_t> bytes;
};

std::filesystem::path samples_dir();
// Every file under samples/sws and samples/rr, sorted by name.
std::vector<Sample> load_samples();

std::vector<uint8_t> read_bytes(const std::filesystem::path& path);
void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes);

// A fresh directory under the build tree, removed when the object dies.
class TempDir {
 public:
  explicit TempDir(const std::string& name);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Offset and size of the first field the decoder read whose path ends with `suffix`
// ("platform_version") and that spans at least `min_size` bytes; size 0 when there is none.
struct Span {
  uint64_t offset = 0;
  uint64_t size = 0;
};
Span find_field(const std::vector<uint8_t>& bytes, const std::string& suffix,
                uint64_t min_size = 1);

}  // namespace f2g::census_test
