#include "converter/io/inputs.h"

#include <algorithm>
#include <system_error>

namespace f2g::io {
namespace fs = std::filesystem;

namespace {

ir::Diagnostic input_error(const std::string& code, const std::string& message) {
  return ir::Diagnostic{code, message, "", 0};
}

// True when `p` is `dir` or lies below it (both absolute and lexically normal).
bool is_under(const fs::path& p, const fs::path& dir) {
  if (dir.empty()) return false;
  auto d = dir.begin();
  auto q = p.begin();
  for (; d != dir.end(); ++d, ++q) {
    if (d->empty()) continue;  // trailing separator of "dir/"
    if (q == p.end() || *q != *d) return false;
  }
  return true;
}

fs::path normal_absolute(const fs::path& p) {
  std::error_code ec;
  fs::path a = fs::absolute(p, ec);
  if (ec) a = p;
  // weakly_canonical resolves symlinks of the existing part, so an OUT reached through a
  // symlink is still recognised inside the walked directory.
  fs::path c = fs::weakly_canonical(a, ec);
  return (ec ? a : c).lexically_normal();
}

void walk_directory(const std::string& argument, const fs::path& root, const fs::path& exclude,
                    std::vector<Job>& jobs) {
  std::vector<Job> found;
  std::error_code ec;
  if (is_under(normal_absolute(root), exclude)) return;                // converting OUT into itself
  const auto options = fs::directory_options::skip_permission_denied;  // no symlink following
  fs::recursive_directory_iterator it(root, options, ec), end;
  if (ec) {
    Job j;
    j.input = root.string();
    j.display = argument;
    j.error = input_error("INPUT_UNREADABLE", "cannot list directory: " + ec.message());
    jobs.push_back(std::move(j));
    return;
  }
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    const fs::directory_entry& e = *it;
    std::error_code sec;
    if (e.is_symlink(sec)) {
      // A directory symlink is neither entered nor converted; a file symlink is converted.
      if (fs::is_directory(e.path(), sec)) continue;
    }
    if (e.is_directory(sec)) {
      if (is_under(normal_absolute(e.path()), exclude)) it.disable_recursion_pending();
      continue;
    }
    Job j;
    const fs::path relative = e.path().lexically_relative(root);
    j.input = e.path().string();
    j.relative = relative.string();
    j.display = (fs::path(argument) / relative).lexically_normal().string();
    j.from_walk = true;
    if (e.is_regular_file(sec)) {
      j.size = e.file_size(sec);
      if (sec) j.size = 0;
    } else {  // listed, never opened (a fifo would block): the report says it was passed over
      std::error_code lec;
      const bool link = e.is_symlink(sec), target = link && fs::exists(e.path(), lec);
      j.error = input_error("INPUT_NOT_A_FILE",
                            !link    ? "not a regular file (a fifo, socket or device)"
                            : lec    ? "a symbolic link that cannot be followed: " + lec.message()
                            : target ? "a symbolic link to something that is not a regular file"
                                     : "a symbolic link to nothing");
    }
    found.push_back(std::move(j));
  }
  if (ec) {
    Job j;
    j.input = root.string();
    j.display = argument;
    j.error = input_error("INPUT_UNREADABLE", "cannot list directory: " + ec.message());
    found.push_back(std::move(j));
  }
  std::sort(found.begin(), found.end(),
            [](const Job& a, const Job& b) { return a.relative < b.relative; });
  for (Job& j : found) jobs.push_back(std::move(j));
}

}  // namespace

std::vector<Job> expand_inputs(const std::vector<std::string>& arguments, const fs::path& exclude) {
  std::vector<Job> jobs;
  const fs::path excluded = exclude.empty() ? fs::path() : normal_absolute(exclude);
  for (const std::string& argument : arguments) {
    std::error_code ec;
    fs::path abs = fs::absolute(fs::path(argument), ec).lexically_normal();
    if (!abs.has_filename() && abs.has_parent_path()) abs = abs.parent_path();  // "dir/"
    const fs::file_status st = fs::status(abs, ec);
    if (fs::is_directory(st)) {
      walk_directory(argument, abs, excluded, jobs);
      continue;
    }
    Job j;
    j.input = abs.string();
    j.relative = abs.filename().string();
    j.display = argument;
    if (!fs::exists(st)) {
      j.error = input_error("INPUT_NOT_FOUND", "no such file or directory");
    } else if (!fs::is_regular_file(st)) {
      j.error = input_error("INPUT_NOT_A_FILE", "not a regular file or directory");
    } else {
      j.size = fs::file_size(abs, ec);
      if (ec) j.size = 0;
    }
    jobs.push_back(std::move(j));
  }
  return jobs;
}

}  // namespace f2g::io
