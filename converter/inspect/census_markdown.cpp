#include "converter/inspect/census_markdown.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "converter/inspect/census_json.h"

namespace f2g::census {
namespace {

constexpr size_t kTopUnresolved = 20;  // unresolved hashes listed per game

std::string plural(uint64_t n, const char* one, const char* many) {
  return count_text(n) + " " + (n == 1 ? one : many);
}

// "a", "a and b", "a, b and c"
std::string join_and(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += i + 1 == v.size() ? " and " : ", ";
    s += v[i];
  }
  return s;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Markdown-safe inline text: messages may hold '|' or '`' from the data.
std::string code_span(const std::string& s) {
  return s.find('`') == std::string::npos ? "`" + s + "`" : "``" + s + "``";
}

std::string where_text(const Example& e, bool with_code) {
  std::string s = code_span(e.file);
  if (!e.where.path.empty()) s += " at " + code_span(e.where.path);
  char off[40];
  std::snprintf(off, sizeof off, " (offset 0x%llX)",
                static_cast<unsigned long long>(e.where.offset));
  s += off;
  if (with_code && !e.where.code.empty()) s += " " + code_span(e.where.code);
  if (!e.where.message.empty()) s += ": " + e.where.message;
  return s;
}

void examples_text(std::ostringstream& md, const std::vector<Example>& v, bool with_code) {
  for (const Example& e : v) md << "  - " << where_text(e, with_code) << "\n";
}

// Per game: how many bones' name hashes resolved, and the most frequent unresolved ones.
void bone_names_text(std::ostringstream& md, const CensusReport& r) {
  md << "\n## Bone names\n\nBones whose stored name hash (CRC-32) the names in use resolve "
        "(docs/READING.md \"Bone names\"), and the unresolved hashes by frequency, the "
     << kTopUnresolved << " most frequent (the JSON lists all).\n\n";
  bool any = false;
  for (const auto& [name, f] : r.formats) {
    if (!f.bones) continue;
    any = true;
    md << "- " << upper(name) << ": " << count_text(f.bones_resolved) << " of "
       << plural(f.bones, "bone", "bones") << " resolved";
    const auto top = unresolved_by_frequency(f);
    if (top.empty()) {
      md << ".\n";
      continue;
    }
    md << "; " << plural(top.size(), "hash", "hashes") << " unresolved: ";
    for (size_t i = 0; i < top.size() && i < kTopUnresolved; ++i) {
      char h[12];
      std::snprintf(h, sizeof h, "0x%08X", top[i].first);
      md << (i ? ", " : "") << code_span(h) << " " << plural(top[i].second, "bone", "bones");
    }
    md << (top.size() > kTopUnresolved ? ", ...\n" : ".\n");
  }
  if (!any) md << "No mesh read has bones.\n";
  bool skins = false;
  for (const auto& [name, f] : r.formats) {
    const uint64_t all = f.skins_paired + f.skins_partly_paired + f.skins_unpaired;
    if (!all) continue;
    if (!skins)
      md << "\nSkinned meshes of archives paired with a skeleton of the archives among the "
            "inputs (docs/READING.md \"Pairing a mesh with its skeleton\"):\n\n";
    skins = true;
    md << "- " << upper(name) << ": " << count_text(f.skins_paired) << " of "
       << plural(all, "skinned mesh", "skinned meshes") << " with every bone found, "
       << count_text(f.skins_partly_paired) << " with some, " << count_text(f.skins_unpaired)
       << " with none.\n";
  }
}

}  // namespace

std::string count_text(uint64_t n) {
  std::string digits = std::to_string(n), s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      // Same value when the runs, without leading zeros, are equal.
      size_t is = i, js = j;
      while (is + 1 < ie && a[is] == '0') ++is;
      while (js + 1 < je && b[js] == '0') ++js;
      if (ie - is != je - js) return ie - is < je - js;
      const int c = a.compare(is, ie - is, b, js, je - js);
      if (c != 0) return c < 0;
      i = ie;
      j = je;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i;
    ++j;
  }
  if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
  return a < b;  // equal naturally ("a01" and "a1"): any fixed order
}

std::string value_text(double v, bool as_hex) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::fabs(v) < 1.8446744073709552e19) {
    // Small whole numbers read as numbers; large ones are ids, hashes or bit masks.
    if (v >= 65536 || (as_hex && v >= 0)) {
      char b[32];
      std::snprintf(b, sizeof b, "0x%llX", static_cast<unsigned long long>(v));
      return b;
    }
    char b[32];
    std::snprintf(b, sizeof b, "%.0f", v);
    return b;
  }
  // The shortest text that reads back as the same value (as a float when it is one).
  const bool is_float = static_cast<double>(static_cast<float>(v)) == v;
  char b[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(b, sizeof b, "%.*g", digits, v);
    const double back = std::strtod(b, nullptr);
    if (is_float ? static_cast<float>(back) == static_cast<float>(v) : back == v) break;
  }
  return b;
}

std::string holds_text(uint64_t held, uint64_t evaluated) {
  if (evaluated == 0) return "holds on 0 of 0 meshes: never evaluated";
  if (held == evaluated)
    return evaluated == 1   ? "holds on the 1 mesh it was evaluated on"
           : evaluated == 2 ? "holds on both meshes"
                            : "holds on all " + count_text(evaluated) + " meshes";
  return "holds on " + count_text(held) + " of " + plural(evaluated, "mesh", "meshes");
}

std::string field_text(const std::string& name, const FieldTally& f) {
  std::string s = code_span(name);
  const bool bits = name.find("flags") != std::string::npos;  // bit sets read in hex
  auto val = [&](double v) { return value_text(v, bits); };
  const bool per_mesh = f.count == f.files;  // one value per mesh: counts are meshes
  const char* one = per_mesh ? "mesh" : "value";
  const char* many = per_mesh ? "meshes" : "values";
  if (!per_mesh)
    s += " (" + plural(f.count, "value", "values") + " on " + plural(f.files, "mesh", "meshes") +
         ")";
  const uint64_t numbers = f.count - f.nan_count;
  std::vector<std::pair<double, uint64_t>> top = top_values(f, f.values.size());
  // "a on 9 meshes; b on 1; c on 1"
  auto counts = [&](size_t n) {
    std::string t;
    for (size_t i = 0; i < n && i < top.size(); ++i) {
      t += i ? "; " : "";
      t += val(top[i].first) + " on " +
           (i ? count_text(top[i].second) : plural(top[i].second, one, many));
    }
    return t;
  };
  const bool all_once = !top.empty() && top[0].second == 1;
  if (numbers == 0) {
    s += " is NaN on all " + plural(f.count, one, many);
  } else if (f.distinct() == 1 && !f.capped) {
    s += " is " + val(top[0].first) + " on " + (f.nan_count ? "" : "all ") +
         plural(top[0].second, one, many);
  } else if (f.distinct() <= kTopValues && !f.capped) {
    std::vector<std::string> names;
    for (const auto& [v, n] : f.values) names.push_back(val(v));
    if (all_once) {
      s += " differs on each of the " + plural(f.distinct(), one, many) + ": " + join_and(names);
    } else {
      s += " takes the values " + join_and(names) + ": ";
      const auto& [first, first_n] = top[0];
      if (f.distinct() >= 3 && first_n * 2 >= numbers && top[1].second < first_n) {
        // One common value and a spread of others, as the spec puts it: "0 on 15,928
        // meshes; 1 to 5 on 221".
        double lo = 0, hi = 0;
        uint64_t others = 0;
        bool seen = false;
        for (const auto& [v, n] : f.values) {
          if (v == first) continue;
          lo = seen ? std::min(lo, v) : v;
          hi = seen ? std::max(hi, v) : v;
          seen = true;
          others += n;
        }
        s += val(first) + " on " + plural(first_n, one, many) + "; " + val(lo) + " to " + val(hi) +
             " on " + count_text(others);
      } else {
        s += counts(top.size());
      }
    }
  } else {
    s += " takes " + std::string(f.capped ? "more than " : "") + count_text(f.distinct()) +
         " distinct values from " + val(f.min) + " to " + val(f.max);
    if (all_once)
      s += ", none repeated";
    else
      s += "; the most common: " + counts(5);
  }
  if (f.nan_count && numbers) s += "; NaN on " + count_text(f.nan_count);
  return s + ".";
}

std::string to_markdown(const CensusReport& r, const std::string& title) {
  std::ostringstream md;
  md << "# " << title << "\n\n";
  uint64_t meshes = 0;
  for (const auto& [name, f] : r.formats) meshes += f.files;
  md << "A strict reading of " << plural(r.files, "file", "files")
     << " by `forge2gltf census`: " << plural(meshes, "mesh", "meshes") << " of a supported game";
  if (r.unrecognised.count)
    md << ", " << plural(r.unrecognised.count, "file", "files") << " not recognised";
  md << ". Every count below is of meshes unless it says values; a relation counts the meshes "
        "it was evaluated on (a SubMesh relation only meshes with SubMeshes), up to the first "
        "error of a mesh that fails.\n\n";

  md << "## Formats\n\n";
  if (r.formats.empty()) md << "No mesh of a supported game.\n";
  for (const auto& [name, f] : r.formats) {
    md << "- " << upper(name) << ": ";
    if (f.read == f.files)
      md << "a strict reading reads "
         << (f.files == 1 ? "the 1 mesh" : "all " + count_text(f.files) + " meshes") << " to "
         << (f.files == 1 ? "its" : "their") << " exact end";
    else
      md << "a strict reading reads " << count_text(f.read) << " of "
         << plural(f.files, "mesh", "meshes") << " to their exact end; " << count_text(f.failed)
         << " fail";
    std::vector<std::string> layouts;
    for (const auto& [layout, n] : f.layouts) layouts.push_back(layout + " " + count_text(n));
    if (!layouts.empty()) md << " (" << join_and(layouts) << ")";
    md << ".\n";
  }
  if (r.unrecognised.count) {
    md << "- Not recognised: " << plural(r.unrecognised.count, "file", "files") << ", such as\n";
    examples_text(md, r.unrecognised.examples, false);
  }
  if (const ArchiveCensus& a = r.archives; a.archives) {
    auto tally = [&md](const char* what, const std::map<std::string, uint64_t>& m) {
      std::vector<std::string> parts;
      for (const auto& [k, n] : m) parts.push_back(k + " " + count_text(n));
      md << "- " << what << ": " << (parts.empty() ? std::string("none") : join_and(parts))
         << ".\n";
    };
    md << "\n## Archives\n\n- " << plural(a.archives, "forge archive", "forge archives") << ", "
       << count_text(a.read) << " with readable tables, " << plural(a.entries, "entry", "entries")
       << ".\n";
    tally("Entries by status", a.entry_status);
    tally("Entries by compression", a.compressions);
    if (!a.forms.empty()) tally("Version-25 entries by payload form", a.forms);
    tally("Resources by class", a.classes);
    tally("Layout warnings", a.warnings);
  }
  bone_names_text(md, r);
  md << "\n## Failures\n\n";
  if (r.failures.empty()) md << "Every recognised mesh reads to its exact end.\n";
  for (const auto& [code, g] : r.failures) {
    md << "- " << code_span(code) << " on " << plural(g.count, "mesh", "meshes") << ":\n";
    examples_text(md, g.examples, false);
  }

  md << "\n## Relations\n\n"
     << "Every named check of the decoders, by name: Proven ones stop a strict read, "
        "Observed ones are warnings.\n";
  std::string prefix;
  for (const CheckTally& c : r.checks) {
    const std::string p = c.name.substr(0, c.name.find('.'));
    if (p != prefix) {
      prefix = p;
      md << "\n### " << upper(p) << "\n\n";
    }
    std::string statement = c.statement;
    while (!statement.empty() && (statement.back() == '.' || statement.back() == ' '))
      statement.pop_back();
    md << "- " << code_span(c.name) << " (" << c.severity << ", " << code_span(c.code)
       << "): " << statement << "; " << holds_text(c.held, c.evaluated);
    if (!c.in_catalogue) md << " (not in the check catalogue)";
    if (c.counterexamples.empty()) {
      md << ".\n";
    } else {
      md << "; counter-examples:\n";
      examples_text(md, c.counterexamples, false);
    }
  }

  md << "\n## Fields\n\nValues of the fields the spec marks Unknown or Observed.\n\n";
  if (r.fields.empty()) md << "No field values were reported.\n";
  std::vector<std::string> names;
  for (const auto& [name, f] : r.fields) names.push_back(name);
  std::sort(names.begin(), names.end(), natural_less);
  for (const std::string& name : names) md << "- " << field_text(name, r.fields.at(name)) << "\n";

  md << "\n## Vertex formats\n\nEach table entry in use and the relation that tests it.\n\n";
  if (r.vertex_formats.empty()) md << "No vertex format was identified.\n";
  std::vector<const VertexFormatTally*> entries;
  for (const auto& [key, v] : r.vertex_formats) entries.push_back(&v);
  std::sort(entries.begin(), entries.end(),
            [](const VertexFormatTally* a, const VertexFormatTally* b) {
              return a->format != b->format ? a->format < b->format : a->values < b->values;
            });
  for (const VertexFormatTally* v : entries) {
    md << "- " << upper(v->format) << " " << code_span(v->entry) << ": "
       << plural(v->meshes, "mesh", "meshes");
    if (v->read != v->meshes) md << ", " << count_text(v->read) << " read to their exact end";
    md << "; " << code_span(v->relation) << " ";
    if (v->evaluated == 0)
      md << (v->meshes == 1 ? "was not evaluated on it" : "was evaluated on none of them");
    else if (v->held == v->evaluated && v->evaluated == v->meshes)
      md << "holds on "
         << (v->meshes == 1   ? "it"
             : v->meshes == 2 ? "both"
                              : "all " + count_text(v->meshes));
    else
      md << holds_text(v->held, v->evaluated);
    md << ".\n";
  }
  return md.str();
}

}  // namespace f2g::census
