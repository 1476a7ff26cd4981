// The dialect table (docs/READING.md "Forge archives", "Block sets"): one row per game.
#include "formats/archive/dialect.h"

#include <algorithm>

namespace f2g::archive {
namespace {

// GRW doc: 0 and 1 are both LZO1X, the shipped data LZO1X-999 output.
constexpr CompressionNumber kGrwNumbers[] = {
    {0, Codec::Lzo1x, "LZO1X"},
    {1, Codec::Lzo1x999, "LZO1X-999"},
};
// GRB KB (the decompiled toolkit's table).
constexpr CompressionNumber kGrbNumbers[] = {
    {0, Codec::Lzo1x, "LZO1X"},
    {1, Codec::Lzo1x999, "LZO1X-999"},
    {2, Codec::Lzo2a, "LZO2A"},
    {3, Codec::Oodle, "Oodle Mermaid"},
    {4, Codec::Oodle, "Oodle Mermaid (optimal)"},
};

// GRW doc and GRB KB: the version-27 container of both games.
constexpr ContainerLayout kVersion27{27, 44, 20, 8, 192};

constexpr Dialect kGrw{"grw", "Ghost Recon Wildlands", &kVersion27, 1, 2, 1, kGrwNumbers, 2};
constexpr Dialect kGrb{"grb", "Ghost Recon Breakpoint", &kVersion27, 3, 4, 1, kGrbNumbers, 5};

}  // namespace

const CompressionNumber* Dialect::compression(uint8_t number) const {
  for (uint8_t i = 0; i < number_count; ++i)
    if (numbers[i].number == number) return &numbers[i];
  return nullptr;
}

const std::vector<const Dialect*>& dialects() {
  static const std::vector<const Dialect*> all{&kGrw, &kGrb};
  return all;
}

const Dialect* dialect_named(std::string_view name) {
  for (const Dialect* d : dialects())
    if (name == d->name) return d;
  return nullptr;
}

const Dialect* dialect_of_set_version(int16_t set_version) {
  for (const Dialect* d : dialects())
    if (d->set_version == set_version) return d;
  return nullptr;
}

const ContainerLayout* layout_of_version(int32_t version) {
  for (const Dialect* d : dialects())
    if (d->layout->version == version) return d->layout;
  return nullptr;
}

std::string known_versions() {
  std::vector<int32_t> v;
  for (const Dialect* d : dialects()) v.push_back(d->layout->version);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  std::string out;
  for (int32_t x : v) out += (out.empty() ? "" : " or ") + std::to_string(x);
  return out;
}

}  // namespace f2g::archive
