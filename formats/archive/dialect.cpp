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

// ACX compression.py, GameExtractor, Blacksmith: the AC1/AC2-era numbers (inferred for SWS).
constexpr CompressionNumber kSwsNumbers[] = {
    {0, Codec::Lzo1x, "LZO1X"},
    {1, Codec::Lzo1x999, "LZO1X-999"},
    {2, Codec::Lzo2a, "LZO2A"},
    {5, Codec::Lzo1c, "LZO1C"},
};

// GRW doc and GRB KB: the version-27 container of both games.
constexpr ContainerLayout kVersion27{27, 44, 20, 8, 192, 28, 32, 0, 0, false};
// ACX forge_v1.py, its 010 templates, the XeNTaX AC1 page: the AC1/AC2 container.
constexpr ContainerLayout kVersion25{25, 40, 16, 4, 188, 24, 28, 440, 2048, true};

constexpr Dialect kSws{"sws", "Shaun White Skateboarding", &kVersion25, 1, 2,   2, 1, kSwsNumbers,
                       4,     PayloadLayout::DataFile,     1,           4, true};
constexpr Dialect kGrw{"grw", "Ghost Recon Wildlands", &kVersion27, 1, 2,    4, 1, kGrwNumbers,
                       2,     PayloadLayout::Paired,   0,           8, false};
constexpr Dialect kGrb{"grb", "Ghost Recon Breakpoint", &kVersion27, 3, 4,    4, 1, kGrbNumbers,
                       5,     PayloadLayout::Paired,    0,           8, false};

}  // namespace

const CompressionNumber* Dialect::compression(uint8_t number) const {
  for (uint8_t i = 0; i < number_count; ++i)
    if (numbers[i].number == number) return &numbers[i];
  return nullptr;
}

const std::vector<const Dialect*>& dialects() {
  static const std::vector<const Dialect*> all{&kGrw, &kGrb, &kSws};
  return all;
}

const Dialect* dialect_named(std::string_view name) {
  for (const Dialect* d : dialects())
    if (name == d->name) return d;
  return nullptr;
}

const Dialect* dialect_of_set_version(int32_t version, int16_t set_version) {
  for (const Dialect* d : dialects())
    if (d->layout->version == version && d->set_version == set_version) return d;
  return nullptr;
}

const Dialect* dialect_of_version(int32_t version) {
  const Dialect* found = nullptr;
  for (const Dialect* d : dialects()) {
    if (d->layout->version != version) continue;
    if (found) return nullptr;
    found = d;
  }
  return found;
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
