#include "converter/install/archive_inputs.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "converter/install/oodle_library.h"

namespace f2g::install {

bool starts_like_archive(const std::string& path) {
  // O_NONBLOCK: a fifo found by a walk must not block the listing (expand_inputs already
  // refuses non-regular files; this is belt and braces).
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  uint8_t head[sizeof archive::kArchiveMagic];
  size_t got = 0;
  while (got < sizeof head) {
    const ssize_t n = ::read(fd, head + got, sizeof head - got);
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  return archive::looks_like_archive(head, got);
}

ir::Result<MappedArchive> open_archive(const std::string& path, DecodeObserver* observer) {
  ir::Result<std::unique_ptr<io::MappedInput>> input = io::MappedInput::open(path);
  if (!input) return input.error();
  MappedArchive a;
  a.input = std::move(*input);
  archive::ReadOptions options = read_options();
  options.observer = observer;
  Result<archive::Archive> read = archive::read_archive(a.data(), a.size(), options);
  if (!read) return read.error();
  a.archive = std::move(*read);
  return a;
}

namespace {

void release_payload(const ArchiveView& a, size_t entry) {
  if (a.mapped && entry < a.archive.entries.size())
    a.mapped->release(a.archive.entries[entry].offset, a.archive.entries[entry].size);
}

}  // namespace

ir::Result<archive::EntryContents> read_archive_entry(const ArchiveView& a, size_t entry,
                                                      DecodeObserver* observer) {
  Result<archive::EntryContents> contents =
      archive::read_entry(a.archive, a.data, a.size, entry, observer);
  release_payload(a, entry);
  return contents;
}

ir::Result<std::vector<archive::DirectoryEntry>> read_archive_directory(const ArchiveView& a,
                                                                        size_t entry) {
  Result<std::vector<archive::DirectoryEntry>> directory =
      archive::read_directory(a.archive, a.data, a.size, entry);
  release_payload(a, entry);
  return directory;
}

ResourceBytes resource_file_bytes(const archive::EntryContents& contents,
                                  const archive::Resource& resource) {
  // The gap sits right before the body; both lie inside `records` (read_entry checked them).
  // A version-25 record's gap is its flag: the file is the body alone.
  const size_t begin = contents.data_file ? resource.body_offset : resource.gap_offset;
  const size_t end = resource.body_offset + resource.body_size;
  return {contents.records.data() + begin, end - begin, resource.body_offset - begin};
}

std::optional<uint64_t> parse_id(const std::string& text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  if (digits.empty() || digits[0] == '-' || digits[0] == '+' || digits[0] == ' ') return {};
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(digits.c_str(), &end, hex ? 16 : 10);
  if (errno != 0 || *end != '\0') return {};
  return v;
}

std::string class_label(uint32_t class_id) {
  if (const char* name = archive::class_name(class_id)) return name;
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", class_id);
  return buf;
}

std::string compression_label(const archive::Archive& archive,
                              const archive::EntryContents& contents) {
  if (contents.sets.empty() || !archive.dialect) return "";
  const uint8_t number = contents.sets.back().header.compression;
  if (const archive::CompressionNumber* c = archive.dialect->compression(number)) return c->name;
  return "compression " + std::to_string(number);
}

std::vector<size_t> archive_jobs(const std::vector<io::Job>& jobs) {
  std::vector<size_t> found;
  for (size_t i = 0; i < jobs.size(); ++i)
    if (!jobs[i].error && starts_like_archive(jobs[i].input)) found.push_back(i);
  return found;
}

std::string archive_warning_line(const std::string& archive, const ir::Diagnostic& warning) {
  return "forge2gltf: " + archive + ": warning: " + warning.to_string();
}

std::string oodle_warning_line(const std::string& archive, uint64_t entries, bool& hinted) {
  std::string line = "forge2gltf: " + archive + ": warning: " + std::to_string(entries) +
                     (entries == 1 ? " entry needs" : " entries need") +
                     " the Oodle codec and no Oodle library was named: their resources are "
                     "not read [" +
                     archive::kOodleCode + "]";
  if (!hinted)
    line +=
        "\nforge2gltf: hint: Oodle entries read with your own copy of RAD's Oodle library: "
        "--oodle LIB (or FORGE2GLTF_OODLE=LIB)";
  hinted = true;
  return line;
}

std::vector<io::Job> list_archives(const std::vector<std::string>& arguments) {
  std::vector<io::Job> kept;
  for (io::Job& j : io::expand_inputs(arguments)) {
    if (j.from_walk && (j.error || !starts_like_archive(j.input))) continue;
    kept.push_back(std::move(j));
  }
  return kept;
}

}  // namespace f2g::install
