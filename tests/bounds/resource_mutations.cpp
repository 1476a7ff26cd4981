#include "tests/bounds/resource_mutations.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "formats/common/reader.h"
#include "formats/registry.h"
#include "tests/support/files.h"
#include "tests/support/sample_files.h"

namespace f2g::test {

const uint32_t kHostileValues[5] = {0xFFFFFFFFu, 0x7FFFFFFFu, 0x00FFFFFFu, 0x80000000u,
                                    0x0000FFFFu};

namespace {

constexpr size_t kEvenTruncations = 64;  // evenly spaced cuts per sample, besides field starts
// Every byte of the first instances of each field kind is overwritten (unaligned overwrites
// straddle it and its neighbours); later instances (the 3rd bone's class, ...) at their
// first byte only.
constexpr size_t kEveryByteInstances = 2;

FieldLog log_of(const std::vector<uint8_t>& bytes) {
  FieldLog log;
  DecodeOptions o;
  o.field_log = &log;
  (void)decode(bytes.data(), bytes.size(), o);
  return log;
}

// "mesh/compiled/ranges[3].vertex_count" -> "mesh/compiled/ranges[].vertex_count".
std::string kind_of(const std::string& path) {
  std::string out;
  bool in_index = false;
  for (char c : path) {
    if (c == ']') in_index = false;
    if (!in_index) out += c;
    if (c == '[') in_index = true;
  }
  return out;
}

std::string field_name(const FieldLog& log, uint64_t offset) {
  const FieldSpan* f = f2g::field_at(log, offset);
  return f ? f->path : std::string();
}

}  // namespace

const std::vector<Sample>& samples() {
  static const std::vector<Sample> all = [] {
    std::vector<Sample> out;
    namespace fs = std::filesystem;
    for (const fs::path& p : f2g::test::sample_mesh_paths()) {
      Sample s;
      s.name = p.parent_path().filename().string() + "/" + p.stem().string();
      s.bytes = read_bytes(p);
      out.push_back(std::move(s));
    }
    std::sort(out.begin(), out.end(),
              [](const Sample& a, const Sample& b) { return a.name < b.name; });
    return out;
  }();
  return all;
}

const Sample& sample(const std::string& name) {
  for (const Sample& s : samples())
    if (s.name == name) return s;
  ADD_FAILURE() << "no sample " << name;
  static const Sample none;
  return none;
}

std::string Mutation::describe() const {
  if (kind == Truncate) return "cut to " + std::to_string(offset) + " bytes";
  return "@" + hex(offset) + (field.empty() ? "" : " (" + field + ")") + " = " +
         hex(value, int(2 * width));
}

std::vector<Mutation> mutations_of(const std::vector<uint8_t>& bytes, size_t strided_positions) {
  const FieldLog log = log_of(bytes);
  const uint64_t size = bytes.size();
  std::vector<Mutation> out;
  const auto overwrite = [&](uint64_t at, uint64_t value, uint32_t width) {
    Mutation m;
    m.offset = at;
    m.value = value;
    m.width = width;
    m.field = field_name(log, at);
    out.push_back(std::move(m));
  };

  // Every byte of the scalar fields (aligned and unaligned overwrites over the structure),
  // then evenly strided bytes over the whole file.
  std::set<uint64_t> positions;
  std::map<std::string, size_t> seen;  // instances of each field kind ("ranges[].vertex_count")
  for (const FieldSpan& f : log) {
    if (f.size > 8) continue;
    const size_t instance = seen[kind_of(f.path)]++;
    const uint64_t last = instance < kEveryByteInstances ? f.offset + f.size : f.offset + 1;
    for (uint64_t b = f.offset; b < last && b < size; ++b) positions.insert(b);
  }
  const uint64_t per = std::max<size_t>(1, strided_positions);
  const uint64_t stride = std::max<uint64_t>(1, (size + per - 1) / per);
  for (uint64_t b = 0; b < size; b += stride) positions.insert(b);
  for (uint64_t at : positions)
    for (uint32_t v : kHostileValues) overwrite(at, v, 4);

  // At each scalar field: all ones of its own width (u8 palette entry counts, u16 vertex
  // counts, u24 index counts, u64 ids) and, for a u32, the byte length that points one past
  // the end of the input.
  std::set<std::pair<uint64_t, uint64_t>> typed;
  for (const FieldSpan& f : log) {
    if (f.size > 8 || f.size == 0 || !typed.insert({f.offset, f.size}).second) continue;
    const uint32_t w = uint32_t(f.size);
    if (w != 4) overwrite(f.offset, w == 8 ? ~0ull : (1ull << (8 * w)) - 1, w);
    if (w == 4 && f.offset + 4 <= size) overwrite(f.offset, size - (f.offset + 4) + 1, 4);
  }

  // Truncations: before and inside every field, and evenly spaced.
  std::set<uint64_t> cuts;
  for (const FieldSpan& f : log) {
    if (f.offset < size) cuts.insert(f.offset);
    if (f.offset + 1 < size) cuts.insert(f.offset + 1);
  }
  for (size_t k = 0; k < kEvenTruncations; ++k) cuts.insert(size * k / kEvenTruncations);
  if (size) cuts.insert(size - 1);
  for (uint64_t n : cuts) {
    Mutation m;
    m.kind = Mutation::Truncate;
    m.offset = n;
    out.push_back(std::move(m));
  }
  return out;
}

void poke(std::vector<uint8_t>& bytes, uint64_t offset, uint64_t value, uint32_t width) {
  for (uint32_t i = 0; i < width && offset + i < bytes.size(); ++i)
    bytes[offset + i] = uint8_t(value >> (8 * i));
}

std::vector<uint8_t> apply(const std::vector<uint8_t>& bytes, const Mutation& m) {
  if (m.kind == Mutation::Truncate)
    return std::vector<uint8_t>(bytes.begin(),
                                bytes.begin() + std::min<uint64_t>(m.offset, bytes.size()));
  std::vector<uint8_t> out = bytes;
  poke(out, m.offset, m.value, m.width);
  return out;
}

std::vector<FieldAt> fields_at(const std::vector<uint8_t>& bytes, const std::string& suffix) {
  std::vector<FieldAt> out;
  for (const FieldSpan& f : log_of(bytes))
    if (f.path.size() >= suffix.size() &&
        f.path.compare(f.path.size() - suffix.size(), suffix.size(), suffix) == 0)
      out.push_back({f.offset, f.size, f.path});
  return out;
}

FieldAt field_at(const std::vector<uint8_t>& bytes, const std::string& suffix) {
  const std::vector<FieldAt> all = fields_at(bytes, suffix);
  if (all.empty()) {
    ADD_FAILURE() << "no field ending in " << suffix;
    return {};
  }
  return all.front();
}

}  // namespace f2g::test
