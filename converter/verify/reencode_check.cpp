#include "converter/verify/reencode_check.h"

#include <algorithm>
#include <ostream>

#include "converter/io/input_file.h"
#include "converter/verify/archive_reencode.h"
#include "converter/verify/report_output.h"
#include "formats/archive/container.h"
#include "formats/common/error.h"
#include "formats/common/reader.h"
#include "formats/common/skeleton_tree.h"
#include "formats/common/texture_reading.h"
#include "formats/registry.h"

namespace f2g::verify {

ReencodeReport compare_bytes(const uint8_t* input, size_t size,
                             const std::vector<uint8_t>& reencoded, const DecodeOptions& options) {
  ReencodeReport report;
  report.input_size = size;
  report.output_size = reencoded.size();
  const size_t common = std::min(size, reencoded.size());
  size_t first = common;
  for (size_t i = 0; i < common; ++i) {
    if (input[i] == reencoded[i]) continue;
    if (first == common) first = i;
    ++report.differing_bytes;
  }
  report.differing_bytes += std::max(size, reencoded.size()) - common;
  if (report.differing_bytes == 0) return report;

  ByteDifference d;
  d.offset = first;
  d.expected = first < size ? input[first] : -1;
  d.found = first < reencoded.size() ? reencoded[first] : -1;
  // Only now pay for the field log: decode again, recording every field read.
  FieldLog log;
  DecodeOptions logged = options;
  logged.field_log = &log;
  (void)decode(input, size, logged);  // a failure still leaves the fields read so far
  if (const FieldSpan* f = field_at(log, first)) {
    d.field = f->path;
    d.field_offset = f->offset;
    d.field_size = f->size;
  }
  report.first_difference = std::move(d);
  return report;
}

namespace {

// An extracted Skeleton resource (docs/READING.md "Skeletons"): its gap kept, its body read
// whole by the first game (or --format's) that can, and written again.
std::optional<Result<std::vector<uint8_t>>> reencode_skeleton(const uint8_t* input, size_t size,
                                                              const DecodeOptions& options) {
  const std::optional<SkeletonBodyAt> body_at = skeleton_body_at(input, size);
  if (!body_at) return std::nullopt;
  const size_t at = body_at->offset;
  std::optional<ir::Diagnostic> first_error;
  for (const Format* f : registered_formats()) {
    if (!f->skeleton_reencode || (options.format && options.format != f)) continue;
    Result<std::vector<uint8_t>> body = f->skeleton_reencode(input + at, size - at);
    if (body) {
      std::vector<uint8_t> out(input, input + at);
      out.insert(out.end(), body->begin(), body->end());
      return out;
    }
    if (!first_error) {
      first_error = body.error();
      first_error->offset += at;
    }
  }
  if (!first_error)
    first_error =
        ir::Diagnostic{"FORMAT_UNRECOGNISED",
                       "a Skeleton resource, and no format given reads Skeletons whole", "", at};
  return Result<std::vector<uint8_t>>(*first_error);
}

// An extracted Material, TextureSet, TextureMap or CompiledMip (docs/READING.md "Materials and
// textures"): its gap kept, its body read whole by the first game (or --format's) that can.
std::optional<Result<std::vector<uint8_t>>> reencode_texture(const uint8_t* input, size_t size,
                                                             const DecodeOptions& options) {
  const std::optional<size_t> at = texture_body_at(input, size);
  if (!at) return std::nullopt;
  std::optional<ir::Diagnostic> first_error;
  for (const Format* f : registered_formats()) {
    if (!f->textures || (options.format && options.format != f)) continue;
    Result<std::vector<uint8_t>> body = f->textures->reencode(input + *at, size - *at);
    if (body) {
      std::vector<uint8_t> out(input, input + *at);
      out.insert(out.end(), body->begin(), body->end());
      return out;
    }
    if (!first_error) {
      first_error = body.error();
      first_error->offset += *at;
    }
  }
  if (!first_error)
    first_error =
        ir::Diagnostic{"FORMAT_UNRECOGNISED",
                       "a material or texture resource, and no format given reads it", "", *at};
  return Result<std::vector<uint8_t>>(*first_error);
}

}  // namespace

ReencodeReport reencode_check(const uint8_t* input, size_t size, const DecodeOptions& options) {
  std::optional<Result<std::vector<uint8_t>>> resource = reencode_skeleton(input, size, options);
  if (!resource) resource = reencode_texture(input, size, options);
  Result<std::vector<uint8_t>> out =
      resource ? std::move(*resource) : reencode(input, size, options);
  if (!out) {
    ReencodeReport report;
    report.input_size = size;
    report.error = out.error();
    return report;
  }
  return compare_bytes(input, size, *out, options);
}

nlohmann::json to_json(const ReencodeReport& report) {
  const auto byte = [](int b) { return b < 0 ? nlohmann::json(nullptr) : nlohmann::json(b); };
  nlohmann::json diff = nullptr;
  if (const auto& d = report.first_difference) {
    diff = {{"offset", d->offset},
            {"field", d->field},
            {"field_offset", d->field_offset},
            {"field_size", d->field_size},
            {"expected", byte(d->expected)},
            {"found", byte(d->found)}};
  }
  nlohmann::json error = nullptr;
  if (const auto& e = report.error)
    error = {{"code", e->code}, {"message", e->message}, {"path", e->path}, {"offset", e->offset}};
  return {{"input", report.input},
          {"ok", report.ok()},
          {"input_size", report.input_size},
          {"output_size", report.output_size},
          {"differing_bytes", report.differing_bytes},
          {"first_difference", std::move(diff)},
          {"error", std::move(error)}};
}

void print_text(const ReencodeReport& report, std::ostream& out) {
  out << "reencode " << (report.input.empty() ? "(input)" : report.input) << ": ";
  if (report.error) {
    out << "FAILED: " << report.error->to_string() << "\n";
    return;
  }
  if (report.ok()) {
    out << "OK (" << report.input_size << " bytes reproduced)\n";
    return;
  }
  const ByteDifference& d = *report.first_difference;
  const auto byte = [](int b) { return b < 0 ? std::string("end of data") : hex(b, 2); };
  out << "FAILED: " << report.differing_bytes << " differing byte"
      << (report.differing_bytes == 1 ? "" : "s");
  if (report.input_size != report.output_size)
    out << ", size " << report.input_size << " -> " << report.output_size;
  out << "\n  first at offset " << hex(d.offset) << " (" << d.offset << "): expected "
      << byte(d.expected) << ", found " << byte(d.found) << "\n  field: ";
  if (d.field.empty())
    out << "(none: past the end of the input)\n";
  else
    out << d.field << " at " << hex(d.field_offset) << ", " << d.field_size << " bytes (byte "
        << d.offset - d.field_offset << " of it)\n";
}

int run_reencode(const std::string& input, bool json, const DecodeOptions& options,
                 std::ostream& out, std::ostream& err) {
  // An archive (by content, of any size: mapped) has its own check.
  if (ir::Result<std::unique_ptr<io::MappedInput>> m = io::MappedInput::open(input);
      m && archive::looks_like_archive((*m)->data(), (*m)->size()))
    return run_archive_reencode(input, **m, json, out, err);
  ReencodeReport report;
  ir::Result<io::InputBytes> bytes =
      io::read_input_as(input, io::kMaxInputBytes, "a mesh", "VERIFY_READ_FAILED");
  if (!bytes) {
    report.error = bytes.error();
  } else {
    DecodeOptions opts = options;
    if (opts.source_path.empty()) opts.source_path = input;
    report = reencode_check(bytes->data(), bytes->size(), opts);
  }
  report.input = input;
  return emit_report(report, json, out, err);
}

}  // namespace f2g::verify
