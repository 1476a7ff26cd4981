#include "converter/convert/output_paths.h"

#include <unordered_map>

namespace f2g::convert {
namespace fs = std::filesystem;

namespace {

ir::Diagnostic unsafe(const fs::path& relative, const std::string& why) {
  return ir::Diagnostic{"OUTPUT_PATH_UNSAFE",
                        "cannot place the output of \"" + relative.string() +
                            "\" inside the "
                            "output directory: " +
                            why,
                        "", 0};
}

}  // namespace

OutputPath output_path(const fs::path& out_dir, const fs::path& relative, bool gltf) {
  OutputPath out;
  fs::path safe;
  for (const fs::path& part : relative.relative_path()) {  // drops root name and root dir
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      out.error = unsafe(relative, "it contains \"..\"");
      return out;
    }
    safe /= part;
  }
  if (safe.empty() || !safe.has_filename()) {
    out.error = unsafe(relative, "no file name is left");
    return out;
  }
  const fs::path base = out_dir / safe;
  out.primary = fs::path(base).replace_extension(gltf ? ".gltf" : ".glb").string();
  if (gltf) out.bin = fs::path(base).replace_extension(".bin").string();
  return out;
}

std::vector<OutputPath> plan_outputs(const std::vector<io::Job>& jobs, const fs::path& out_dir,
                                     bool gltf) {
  std::vector<OutputPath> plan;
  plan.reserve(jobs.size());
  std::unordered_map<std::string, size_t> owner;  // output file -> job that claimed it
  for (size_t i = 0; i < jobs.size(); ++i) {
    OutputPath o = output_path(out_dir, jobs[i].relative, gltf);
    if (!o.error && !jobs[i].error) {
      const std::string keys[2] = {
          fs::path(o.primary).lexically_normal().generic_string(),
          o.bin.empty() ? "" : fs::path(o.bin).lexically_normal().generic_string()};
      for (const std::string& k : keys) {
        auto it = k.empty() ? owner.end() : owner.find(k);
        if (it == owner.end()) continue;
        o.error = ir::Diagnostic{"OUTPUT_COLLISION",
                                 k + " is already the output of " + jobs[it->second].display +
                                     "; rename one of the inputs or convert them into "
                                     "different directories",
                                 "", 0};
        break;
      }
      if (!o.error) {
        for (const std::string& k : keys)
          if (!k.empty()) owner.emplace(k, i);
      }
    }
    plan.push_back(std::move(o));
  }
  return plan;
}

}  // namespace f2g::convert
