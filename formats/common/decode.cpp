#include "formats/common/decode.h"

namespace f2g {

void VertexTables::set(const std::string& format, std::shared_ptr<const VertexTable> table,
                       std::string file) {
  for (Entry& e : entries_)
    if (e.format == format) {
      e.table = std::move(table);
      e.file = std::move(file);
      return;
    }
  entries_.push_back({format, std::move(file), std::move(table)});
}

const VertexTable* VertexTables::find(const std::string& format) const {
  for (const Entry& e : entries_)
    if (e.format == format) return e.table.get();
  return nullptr;
}

const std::string* VertexTables::file_of(const std::string& format) const {
  for (const Entry& e : entries_)
    if (e.format == format) return &e.file;
  return nullptr;
}

}  // namespace f2g
