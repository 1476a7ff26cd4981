#include "converter/io/name_lists.h"

#include "converter/io/input_file.h"

namespace f2g::io {

ir::Result<std::shared_ptr<const NameTable>> load_name_lists(
    const std::vector<std::string>& files) {
  if (files.empty()) return std::shared_ptr<const NameTable>();
  auto table = std::make_shared<NameTable>(builtin_names());
  for (const std::string& file : files) {
    const ir::Result<InputBytes> bytes = read_input(file, kMaxNameFileBytes, "a name list");
    if (!bytes)
      return ir::Diagnostic{"NAMES_INVALID", "--names " + file + ": " + bytes.error().message, "",
                            0};
    const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    const ir::Result<size_t> added = table->add_list(text, file, NameTable::ListKind::User);
    if (!added) return added.error();
  }
  return std::shared_ptr<const NameTable>(std::move(table));
}

}  // namespace f2g::io
