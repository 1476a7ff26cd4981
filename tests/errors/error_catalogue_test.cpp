// The error catalogue (docs/errors.md) against the source and against real inputs:
// - completeness both ways: the codes the source can emit (found by the extraction rule at
//   the top of docs/errors.md) are exactly the codes the document lists;
// - named checks: the document gives each CheckDef's code the severity its confidence says
//   (Proven: error, Observed: warning);
// - one input per code: every listed code has an input (error_catalogue_<room>.cpp) that
//   produces it, except the few the document lists as having none.
#include "tests/errors/error_catalogue.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "formats/archive/checks.h"
#include "formats/grb/texture_checks.h"
#include "formats/registry.h"
#include "tests/support/files.h"

namespace f2g::catalogue {

namespace fs = std::filesystem;

// ---- shared helpers (error_catalogue.h) -------------------------------------------------

std::string source_path(const std::string& relative) {
  return std::string(F2G_SOURCE_DIR) + "/" + relative;
}

std::vector<uint8_t> read_bytes(const fs::path& path) { return f2g::test::read_bytes(path); }

void write_bytes(const fs::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

namespace {
// One directory per test process, removed when the process ends.
struct TempRoot {
  fs::path path = fs::temp_directory_path() / ("f2g_error_catalogue_" + std::to_string(::getpid()));
  ~TempRoot() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};
}  // namespace

fs::path fresh_dir(const std::string& name) {
  static TempRoot root;
  const fs::path d = root.path / name;
  std::error_code ec;
  fs::remove_all(d, ec);
  fs::create_directories(d);
  return d;
}

std::vector<ir::Diagnostic> diagnostics_of(const Result<Decoded>& decoded) {
  if (!decoded) return {decoded.error()};
  return decoded->mesh.warnings;
}

const Inputs& all_inputs() {
  static const Inputs inputs = [] {
    Inputs in;
    add_game_inputs(in);
    add_archive_inputs(in);
    add_incoming_inputs(in);
    add_gltf_inputs(in);
    add_converter_inputs(in);
    add_import_inputs(in);
    add_texture_inputs(in);
    add_validator_inputs(in);
    return in;
  }();
  return inputs;
}

namespace {

// ---- the document ------------------------------------------------------------------------

struct Row {
  std::string severity;
  int line = 0;
};

struct Catalogue {
  std::map<std::string, Row> codes;   // every table row: | `CODE` | severity | ... |
  std::set<std::string> no_input;     // "## Codes no input can produce": - `CODE` ...
  std::vector<std::string> problems;  // a code listed twice, ...
};

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t");
  const size_t b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

const Catalogue& catalogue() {
  static const Catalogue c = [] {
    Catalogue out;
    std::ifstream f(source_path("docs/errors.md"));
    const std::regex row(R"(^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|)");
    const std::regex bullet(R"(^- `([A-Z][A-Z0-9_]*)`)");
    std::string line, section;
    int n = 0;
    std::smatch m;
    while (std::getline(f, line)) {
      ++n;
      if (line.rfind("## ", 0) == 0) section = trim(line.substr(3));
      if (std::regex_search(line, m, row)) {
        if (!out.codes.emplace(m[1], Row{trim(m[2]), n}).second)
          out.problems.push_back(m[1].str() + " is listed twice (line " + std::to_string(n) + ")");
      } else if (section == "Codes no input can produce" && std::regex_search(line, m, bullet)) {
        out.no_input.insert(m[1]);
      }
    }
    return out;
  }();
  return c;
}

// ---- the source --------------------------------------------------------------------------
// The extraction rule (docs/errors.md, "How this list is checked"), over every .h/.cpp of
// formats/, gltf_writer/, converter/ and ir/ with comments removed:
//  1. a string literal that is UPPER_SNAKE with at least one '_' is a code, except glTF
//     attribute names (TEXCOORD_n, COLOR_n, JOINTS_n, WEIGHTS_n) and rule 2's suffixes;
//  2. under formats/, an UPPER_SNAKE literal passed to fail / fail_at / expect_u32 /
//     expect_u8 (the Reader's, formats/common/reader.h) is a suffix: the Reader prefixes it
//     with its own ("SWS" -> SWS_TRUNCATED). A prefix is the literal given to a
//     `Reader name(...)` construction; a suffix of formats/common/ takes every prefix, one
//     of formats/<dir>/ the prefixes constructed in that directory.
//  A literal given to getenv / setenv names an environment variable, not a code.

struct Lexed {
  std::string code;  // the source with comments and literal contents blanked (same length)
  std::vector<std::pair<size_t, std::string>> literals;  // offset of the opening quote, text
};

Lexed lex(const std::string& s) {
  Lexed out;
  out.code = s;
  const auto blank = [&](size_t from, size_t to) {
    for (size_t k = from; k < to && k < s.size(); ++k)
      if (s[k] != '\n') out.code[k] = ' ';
  };
  const auto word_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 2, "//") == 0) {
      const size_t e = s.find('\n', i);
      blank(i, e == std::string::npos ? s.size() : e);
      i = e == std::string::npos ? s.size() : e;
    } else if (s.compare(i, 2, "/*") == 0) {
      const size_t e = s.find("*/", i + 2);
      const size_t end = e == std::string::npos ? s.size() : e + 2;
      blank(i, end);
      i = end;
    } else if (s[i] == '"' && i > 0 && s[i - 1] == 'R' && (i < 2 || !word_char(s[i - 2]))) {
      const size_t open = s.find('(', i);
      const std::string close = ")" + s.substr(i + 1, open - i - 1) + "\"";
      const size_t e = s.find(close, open);
      const size_t end = e == std::string::npos ? s.size() : e + close.size();
      out.literals.push_back({i, s.substr(open + 1, e - open - 1)});
      blank(i + 1, end - 1);
      i = end;
    } else if (s[i] == '"' || (s[i] == '\'' && (i == 0 || !word_char(s[i - 1])))) {
      const char q = s[i];
      size_t j = i + 1;
      std::string text;
      while (j < s.size() && s[j] != q && s[j] != '\n') {
        if (s[j] == '\\' && j + 1 < s.size()) text += s[j++];
        text += s[j++];
      }
      if (q == '"') out.literals.push_back({i, text});
      blank(i + 1, j);
      i = j + 1;
    } else {
      ++i;
    }
  }
  return out;
}

// The call a literal is an argument of: the identifier before the innermost unclosed '('
// and the word before that ("Reader" in `Reader r(...)`); empty when there is none.
std::pair<std::string, std::string> enclosing_call(const std::string& code, size_t at) {
  int depth = 0;
  for (size_t k = at; k-- > 0;) {
    const char c = code[k];
    if (c == ')') ++depth;
    if (c == '(' && depth-- == 0) {
      auto word_before = [&](size_t end) {
        size_t e = end;
        while (e > 0 && std::isspace(static_cast<unsigned char>(code[e - 1]))) --e;
        size_t b = e;
        while (b > 0 &&
               (std::isalnum(static_cast<unsigned char>(code[b - 1])) || code[b - 1] == '_'))
          --b;
        return std::make_pair(code.substr(b, e - b), b);
      };
      const auto callee = word_before(k);
      return {callee.first, word_before(callee.second).first};
    }
    if (depth == 0 && (c == ';' || c == '{' || c == '}')) break;
  }
  return {};
}

struct SourceCodes {
  std::map<std::string, std::set<std::string>> codes;  // code -> files it comes from
  std::vector<std::string> problems;
};

const SourceCodes& source_codes() {
  static const SourceCodes result = [] {
    SourceCodes out;
    const std::regex upper(R"(^[A-Z][A-Z0-9_]*$)");
    const std::regex code(R"(^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$)");
    const std::regex semantic(R"(^(TEXCOORD|COLOR|JOINTS|WEIGHTS)_[0-9]+$)");
    const std::regex prefix(R"(^[A-Z]+$)");
    std::map<std::string, std::set<std::string>> prefixes;  // directory -> Reader prefixes
    std::vector<std::tuple<std::string, std::string, std::string>> suffixes;  // dir, suffix, file
    std::vector<fs::path> files;
    for (const char* room : {"formats", "gltf_writer", "converter", "ir"})
      for (const auto& e : fs::recursive_directory_iterator(source_path(room)))
        if (e.is_regular_file() && (e.path().extension() == ".h" || e.path().extension() == ".cpp"))
          files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& p : files) {
      const std::string rel = fs::relative(p, F2G_SOURCE_DIR).generic_string();
      const std::string dir = fs::path(rel).parent_path().generic_string();
      const std::vector<uint8_t> bytes = read_bytes(p);
      const Lexed lexed = lex(std::string(bytes.begin(), bytes.end()));
      for (const auto& [at, text] : lexed.literals) {
        if (!std::regex_match(text, upper)) continue;
        const auto [callee, before] = enclosing_call(lexed.code, at);
        if (callee == "getenv" || callee == "setenv") continue;
        const bool formats = rel.rfind("formats/", 0) == 0;
        if (formats && (callee == "fail" || callee == "fail_at" || callee == "expect_u32" ||
                        callee == "expect_u8")) {
          suffixes.emplace_back(dir, text, rel);
        } else if (before == "Reader" && std::regex_match(text, prefix)) {
          prefixes[dir].insert(text);
        } else if (std::regex_match(text, code) && !std::regex_match(text, semantic)) {
          out.codes[text].insert(rel);
        }
      }
    }
    std::set<std::string> every_prefix;
    for (const auto& [dir, set] : prefixes) every_prefix.insert(set.begin(), set.end());
    for (const auto& [dir, suffix, file] : suffixes) {
      const std::set<std::string>& ps = dir == "formats/common" ? every_prefix : prefixes[dir];
      if (ps.empty()) out.problems.push_back(file + ": no Reader prefix for suffix " + suffix);
      for (const std::string& p : ps) out.codes[p + "_" + suffix].insert(file);
    }
    return out;
  }();
  return result;
}

std::string files_of(const std::string& code) {
  std::string s;
  for (const std::string& f : source_codes().codes.at(code)) s += (s.empty() ? "" : ", ") + f;
  return s;
}

// Codes no input can produce, and why (docs/errors.md says the same).
const std::map<std::string, std::string>& no_input() {
  static const std::map<std::string, std::string> m = {
      {"SWS_BAD_CLASS",
       "the Reader builds PREFIX_BAD_CLASS in expect_class, which no SWS decoder calls"},
      {"RR_BAD_CLASS",
       "expect_class reads the resource header's class only after has_resource_header found "
       "that very class there"},
      {"ARCHIVE_COUNT_TOO_LARGE",
       "the Reader builds PREFIX_COUNT_TOO_LARGE in checked_size and run_count, which the "
       "archive reader never calls (its counts are named checks)"},
      {"ARCHIVE_TRAILING_BYTES",
       "the Reader builds PREFIX_TRAILING_BYTES in expect_end, which the archive reader never "
       "calls"},
      {"ARCHIVE_BAD_CLASS",
       "the Reader builds PREFIX_BAD_CLASS in expect_class, which the archive reader never calls"},
      {"GRB_BAD_CLASS",
       "the Reader builds PREFIX_BAD_CLASS in expect_class, which no GRB/GRW decoder calls"},
      {"GLTF_TOO_LARGE", "needs a BIN buffer of more than 4 GiB"},
      {"VIEW_THUMBNAIL_ENCODE_FAILED", "stb's PNG encoder fails only when its allocation fails"},
      {"IMPORT_FORMAT_UNSUPPORTED",
       "every registered format has a rebuild; a new game without one would produce it"},
      {"IMPORT_GATE_FAILED",
       "the gate after a rebuild: every rebuild's tests prove its bytes decode strictly"},
  };
  return m;
}

// ---- completeness ------------------------------------------------------------------------

TEST(ErrorCatalogue, DocumentIsReadAndWellFormed) {
  ASSERT_FALSE(catalogue().codes.empty()) << "no code rows read from docs/errors.md";
  for (const std::string& p : catalogue().problems) ADD_FAILURE() << p;
  for (const auto& [code, row] : catalogue().codes)
    EXPECT_TRUE(row.severity == "error" || row.severity == "warning")
        << code << " (docs/errors.md line " << row.line << "): severity \"" << row.severity
        << "\", expected error or warning";
}

TEST(ErrorCatalogue, ExtractionFindsTheKnownKinds) {
  // The rule's three kinds, so a broken scanner cannot pass by finding nothing.
  for (const char* c : {"SWS_TRUNCATED", "RR_TRUNCATED", "SWS_SUBMESH_TOO_DEEP", "GLTF_NO_POSITION",
                        "OUTPUT_EXISTS", "RR_STALE_COUNT"})
    EXPECT_EQ(source_codes().codes.count(c), 1u) << c;
  for (const char* c : {"RR_SUBMESH_TOO_DEEP", "JOINTS_0", "TRUNCATED", "COUNT_TOO_LARGE"})
    EXPECT_EQ(source_codes().codes.count(c), 0u) << c;
  for (const std::string& p : source_codes().problems) ADD_FAILURE() << p;
}

TEST(ErrorCatalogue, EveryCodeInTheSourceIsDocumented) {
  for (const auto& [code, files] : source_codes().codes)
    EXPECT_EQ(catalogue().codes.count(code), 1u)
        << code << " (from " << files_of(code) << ") is missing from docs/errors.md";
}

TEST(ErrorCatalogue, EveryDocumentedCodeStillExistsInTheSource) {
  for (const auto& [code, row] : catalogue().codes)
    EXPECT_EQ(source_codes().codes.count(code), 1u)
        << code << " (docs/errors.md line " << row.line << ") is no longer in the source";
}

TEST(ErrorCatalogue, NamedChecksHaveTheSeverityOfTheirConfidence) {
  std::vector<const CheckDef*> checks = all_checks();
  ASSERT_FALSE(checks.empty());
  for (const CheckDef* c : archive::check::all()) checks.push_back(c);  // not a mesh format's
  for (const CheckDef* c : grb::check::texture_all()) checks.push_back(c);
  for (const CheckDef* c : checks) {
    const auto it = catalogue().codes.find(c->code);
    if (it == catalogue().codes.end()) {
      ADD_FAILURE() << c->code << " (" << c->name << ") is missing from docs/errors.md";
      continue;
    }
    const char* want = c->severity == Severity::Proven ? "error" : "warning";
    EXPECT_EQ(it->second.severity, want)
        << c->code << " (" << c->name << ", line " << it->second.line << ")";
  }
}

// ---- one input per code ------------------------------------------------------------------

TEST(ErrorCatalogue, CodesWithoutAnInputAreFewDocumentedAndHaveNone) {
  std::set<std::string> listed;
  for (const auto& [code, why] : no_input()) {
    listed.insert(code);
    EXPECT_EQ(catalogue().codes.count(code), 1u) << code << " (" << why << ") is not documented";
    for (const Input& in : all_inputs())
      EXPECT_NE(in.code, code) << code << " has an input (" << in.how
                               << "): take it off the no-input lists";
  }
  EXPECT_EQ(catalogue().no_input, listed)
      << "docs/errors.md \"Codes no input can produce\" and no_input() differ";
}

TEST(ErrorCatalogue, EveryInputIsForADocumentedCode) {
  for (const Input& in : all_inputs())
    EXPECT_EQ(catalogue().codes.count(in.code), 1u)
        << in.code << " has an input (" << in.how << ") but is not in docs/errors.md";
}

std::vector<std::string> codes_with_inputs_expected() {
  std::vector<std::string> codes;
  for (const auto& [code, row] : catalogue().codes)
    if (!no_input().count(code)) codes.push_back(code);
  return codes;
}

class EveryCode : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryCode, HasAnInputThatProducesIt) {
  const std::string& code = GetParam();
  int inputs = 0;
  for (const Input& in : all_inputs()) {
    if (in.code != code) continue;
    ++inputs;
    const std::vector<ir::Diagnostic> got = in.run();
    const bool found = std::any_of(got.begin(), got.end(),
                                   [&](const ir::Diagnostic& d) { return d.code == code; });
    std::string seen;
    for (const ir::Diagnostic& d : got) seen += "\n  " + d.to_string();
    EXPECT_TRUE(found) << code << " did not fire for: " << in.how
                       << (got.empty() ? "\n  (no diagnostic at all)" : seen);
  }
  EXPECT_GT(inputs, 0) << code << " has no input in error_catalogue_<room>.cpp";
}

INSTANTIATE_TEST_SUITE_P(Catalogue, EveryCode, ::testing::ValuesIn(codes_with_inputs_expected()),
                         [](const auto& p) { return p.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EveryCode);

}  // namespace
}  // namespace f2g::catalogue
