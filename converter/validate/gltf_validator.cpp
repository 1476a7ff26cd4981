#include "converter/validate/gltf_validator.h"

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

extern const char f2g_gltf_validator_mjs[];  // converter/validate/gltf_validator.mjs, embedded

namespace f2g::convert {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const char kInstall[] =
    "`npm install gltf-validator` in a directory DIR and set FORGE2GLTF_VALIDATOR_DIR=DIR, "
    "or `npm install -g gltf-validator`";

ir::Diagnostic unavailable(const std::string& message) {
  return ir::Diagnostic{"VALIDATOR_UNAVAILABLE", "--validate: " + message, "", 0};
}

// DIR/node_modules/gltf-validator as an absolute path, when it holds the package.
std::optional<std::string> package_in(const std::string& dir) {
  std::error_code ec;
  const fs::path package = fs::absolute(fs::path(dir) / "node_modules" / "gltf-validator", ec);
  if (ec || !fs::is_regular_file(package / "package.json", ec)) return std::nullopt;
  return package.lexically_normal().string();
}

// The global node_modules directory (`npm root -g`), or empty.
std::string npm_global_root() {
  const std::string npm = io::find_program("npm");
  if (npm.empty()) return "";
  auto child = io::ChildProcess::start({npm, "root", "-g"});
  if (!child) return "";
  std::string line;
  const auto io = (*child)->read_line(line, std::chrono::seconds(30));
  (*child)->finish(std::chrono::seconds(1));
  return io == io::ChildProcess::Io::Ok ? line : "";
}

// The last few hundred characters the child wrote on stderr, on one line.
std::string stderr_note(const io::ChildProcess& child) {
  std::string s = child.stderr_tail();
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  if (s.size() > 400) s = "..." + s.substr(s.size() - 400);
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s.empty() ? "" : " (stderr: " + s + ")";
}

std::string hex(const std::string& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

ir::Diagnostic protocol_error(const std::string& line) {
  return ir::Diagnostic{"GLTF_VALIDATOR_PROTOCOL",
                        "unexpected answer from the validator: " + line.substr(0, 200), "", 0};
}

std::string seconds_text(std::chrono::milliseconds t) {
  const long long ms = t.count();
  return ms % 1000 ? std::to_string(ms) + " ms" : std::to_string(ms / 1000) + " s";
}

}  // namespace

ValidatorSearch default_validator_search() {
  ValidatorSearch s;
  if (const char* node = std::getenv("FORGE2GLTF_NODE"); node && *node) s.node = node;
  if (const char* dir = std::getenv("FORGE2GLTF_VALIDATOR_DIR"); dir && *dir) s.dir = dir;
#ifdef F2G_VALIDATOR_SOURCE_DIR
  // The source tree this binary was built from: used only while it still exists.
  s.fallback_dirs.push_back(F2G_VALIDATOR_SOURCE_DIR);
#endif
  return s;
}

ir::Result<ValidatorSetup> find_validator(const ValidatorSearch& search) {
  ValidatorSetup setup;
  setup.node = io::find_program(search.node);
  if (setup.node.empty())
    return unavailable(
        "the Khronos glTF-Validator needs Node.js, and `" + search.node + "` was not found" +
        (search.node.find('/') == std::string::npos ? " in PATH" : "") +
        ": install Node.js or set FORGE2GLTF_NODE to the node binary, then the npm package "
        "gltf-validator: " +
        kInstall);
  if (search.dir) {
    if (auto p = package_in(*search.dir)) {
      setup.package = *p;
      return setup;
    }
    return unavailable("FORGE2GLTF_VALIDATOR_DIR=" + *search.dir +
                       " has no node_modules/gltf-validator: install it with " + kInstall);
  }
  std::string looked;
  for (const std::string& dir : search.fallback_dirs) {
    if (auto p = package_in(dir)) {
      setup.package = *p;
      return setup;
    }
    looked += (looked.empty() ? "" : ", ") + dir;
  }
  if (search.npm_global) {
    const std::string root = npm_global_root();  // .../lib/node_modules
    if (!root.empty()) {
      if (auto p = package_in(fs::path(root).parent_path().string())) {
        setup.package = *p;
        return setup;
      }
      looked += (looked.empty() ? "" : ", ") + root + " (npm root -g)";
    }
  }
  return unavailable("the npm package gltf-validator was not found" +
                     (looked.empty() ? std::string() : " (looked in " + looked + ")") +
                     ": install it with " + kInstall);
}

ir::Result<ValidationCounts> parse_validator_answer(const std::string& line) {
  const json j = json::parse(line, nullptr, false);
  if (!j.is_object()) return protocol_error(line);
  ValidationCounts v;
  if (auto f = j.find("failure"); f != j.end()) {
    if (!f->is_string()) return protocol_error(line);
    v.failure = f->get<std::string>();
    return v;
  }
  for (auto [key, field] : {std::pair{"errors", &v.errors},
                            {"warnings", &v.warnings},
                            {"infos", &v.infos},
                            {"hints", &v.hints}}) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_unsigned()) return protocol_error(line);
    *field = it->get<uint64_t>();
  }
  auto messages = j.find("messages");
  if (messages == j.end() || !messages->is_array()) return protocol_error(line);
  for (const json& m : *messages) {
    if (v.messages.size() == ValidationCounts::kMaxMessages) break;
    if (!m.is_object()) return protocol_error(line);
    ValidationMessage out;
    auto text = [&m](const char* key) {
      auto it = m.find(key);
      return it != m.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    out.severity = text("severity");
    out.code = text("code");
    out.message = text("message");
    out.pointer = text("pointer");
    if (auto o = m.find("offset"); o != m.end() && o->is_number_unsigned())
      out.offset = o->get<uint64_t>();
    v.messages.push_back(std::move(out));
  }
  return v;
}

ir::Result<std::unique_ptr<Validator>> Validator::start(const ValidatorSetup& setup,
                                                        std::chrono::milliseconds timeout) {
  auto child = io::ChildProcess::start(
      {setup.node, "--input-type=module", "-e", f2g_gltf_validator_mjs, setup.package});
  if (!child) return unavailable(child.error().message);
  io::ChildProcess& c = **child;
  std::string line;
  const io::ChildProcess::Io io = c.read_line(line, timeout);
  if (io != io::ChildProcess::Io::Ok) {
    const std::string ended = c.finish(
        io == io::ChildProcess::Io::Timeout ? std::chrono::seconds(0) : std::chrono::seconds(1));
    return unavailable(setup.node +
                       (io == io::ChildProcess::Io::Timeout
                            ? " did not load gltf-validator within " + seconds_text(timeout)
                            : " " + ended + " before loading gltf-validator") +
                       stderr_note(c));
  }
  const json ready = json::parse(line, nullptr, false);
  if (!ready.is_object() || !ready.contains("ready")) {
    c.finish(std::chrono::seconds(1));
    const bool failed =
        ready.is_object() && ready.contains("failure") && ready["failure"].is_string();
    return unavailable(failed
                           ? ready["failure"].get<std::string>() + ": install it with " + kInstall
                           : protocol_error(line).message);
  }
  std::unique_ptr<Validator> v(new Validator());
  v->child_ = std::move(*child);
  v->timeout_ = timeout;
  if (auto version = ready.find("version"); version != ready.end() && version->is_string())
    v->version_ = version->get<std::string>();
  return v;
}

ValidationCounts Validator::stop(const std::string& why, std::chrono::milliseconds grace) {
  const std::string ended = child_->finish(grace);
  stopped_ = why + "; the validator " + ended + stderr_note(*child_);
  ValidationCounts v;
  v.failure = *stopped_;
  return v;
}

ValidationCounts Validator::validate(const std::string& path) {
  if (stopped_) {
    ValidationCounts v;
    v.failure = "the validator stopped at an earlier output: " + *stopped_;
    return v;
  }
  using Io = io::ChildProcess::Io;
  const auto timeout_text = seconds_text(timeout_);
  switch (child_->write(hex(path) + "\n", timeout_)) {
    case Io::Ok:
      break;
    case Io::Closed:
      return stop("the validator quit before this output", std::chrono::seconds(1));
    case Io::Timeout:
      return stop("the validator took no input for " + timeout_text + " and was stopped",
                  std::chrono::seconds(0));
  }
  std::string line;
  switch (child_->read_line(line, timeout_)) {
    case Io::Ok:
      break;
    case Io::Closed:
      return stop("the validator quit while validating this output", std::chrono::seconds(1));
    case Io::Timeout:
      return stop("the validator did not answer within " + timeout_text + " and was stopped",
                  std::chrono::seconds(0));
  }
  ir::Result<ValidationCounts> counts = parse_validator_answer(line);
  if (!counts) return stop(counts.error().message, std::chrono::seconds(0));  // out of step
  return std::move(*counts);
}

std::optional<ir::Diagnostic> validation_problem(const ValidationCounts& v) {
  if (v.failure) return ir::Diagnostic{"GLTF_NOT_VALIDATED", "not validated: " + *v.failure, "", 0};
  if (v.errors == 0) return std::nullopt;
  std::string message = "the glTF-Validator found " + std::to_string(v.errors) +
                        (v.errors == 1 ? " error" : " errors") + " and " +
                        std::to_string(v.warnings) + (v.warnings == 1 ? " warning" : " warnings");
  for (const ValidationMessage& m : v.messages) {
    if (m.severity != "error") continue;
    message += "; first: " + m.code;
    if (!m.pointer.empty()) message += " at " + m.pointer;
    if (m.offset) message += " at byte " + std::to_string(*m.offset);
    message += ": " + m.message;
    break;
  }
  return ir::Diagnostic{"GLTF_VALIDATOR_ERRORS", message, "", 0};
}

}  // namespace f2g::convert
