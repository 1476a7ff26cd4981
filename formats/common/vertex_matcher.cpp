// The vertex matcher (vertex_matcher.h): the donor grid, influence tables and the matching
// itself, and the helpers the rebuilds share about triangles and influences.
#include "formats/common/vertex_matcher.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

#include "formats/common/rebuild.h"
#include "ir/default_init.h"

namespace f2g {
namespace {

// Candidates looked at per incoming vertex before it counts as new: a donor with thousands of
// vertices on one spot (degenerate, never seen) costs a bounded scan, and the vertex is then
// encoded fresh instead of kept: correct, only not byte-identical.
constexpr size_t kMaxCandidates = 256;

bool is_direction(const std::string& s) { return s == "NORMAL" || s == "TANGENT"; }

struct Cell {
  int64_t x, y, z;
  bool operator==(const Cell& o) const { return x == o.x && y == o.y && z == o.z; }
};

// The cell of a whole number of cells `c` (a floor).
int64_t cell_at(double c) {
  // Far outside any real mesh (or NaN): one shared cell; matching then compares values.
  if (!(c > -4e18 && c < 4e18)) return INT64_MIN;
  return int64_t(c);
}

int64_t cell_of(double v, double size) { return cell_at(std::floor(v / size)); }

const std::string kPosition = "POSITION", kWeights0 = "WEIGHTS_0";

// The donor grid: its vertices grouped by cell, each cell's in vertex order, and each cell's
// run [begin, end) of them found by open addressing (one probe per cell looked at). Built by
// counting, not sorting: the order within a cell is all the matcher's tie-break needs.
class CellIndex {
 public:
  explicit CellIndex(const std::vector<Cell>& cell_of_vertex) {
    size_t size = 16;
    while (size < 2 * cell_of_vertex.size()) size *= 2;
    slots_.assign(size, Slot{});
    // Pass 1: each vertex's slot, and each slot's count in `end`.
    std::vector<uint32_t>& slot_of = slot_of_;
    slot_of.resize(cell_of_vertex.size());
    filter_.assign(size / 8, 0);  // 8 bits per slot: at least 16 per vertex
    for (size_t v = 0; v < cell_of_vertex.size(); ++v) {
      const Cell& c = cell_of_vertex[v];
      const size_t h = hash(c);
      filter_[(h >> 6) & (filter_.size() - 1)] |= uint64_t(1) << (h & 63);
      size_t at = h & (size - 1);
      while (slots_[at].end != 0 && !(slots_[at].cell == c)) at = (at + 1) & (size - 1);
      if (slots_[at].end == 0) slots_[at].cell = c;
      ++slots_[at].end;
      slot_of[v] = uint32_t(at);
    }
    // Pass 2: the runs laid out in slot order; pass 3: each vertex placed, in number order.
    uint32_t next = 0;
    for (Slot& s : slots_)
      if (s.end != 0) {
        s.begin = next;
        next += s.end;
        s.end = s.begin;  // the fill position until pass 3 ends
      }
    order_.resize(cell_of_vertex.size());
    for (size_t v = 0; v < cell_of_vertex.size(); ++v)
      order_[slots_[slot_of[v]].end++] = uint32_t(v);
  }
  // The vertices grouped by cell: run() gives a cell's range of them.
  uint32_t vertex(uint32_t at) const { return order_[at]; }
  // The run of vertex k's own cell.
  std::pair<uint32_t, uint32_t> run_of(uint32_t k) const {
    const Slot& s = slots_[slot_of_[k]];
    return {s.begin, s.end};
  }
  // Each cell with its run, as run() gives them.
  template <typename F>
  void for_each_cell(F&& f) const {
    for (const Slot& s : slots_)
      if (s.end != 0) f(s.cell, s.begin, s.end);
  }
  std::pair<uint32_t, uint32_t> run(const Cell& c) const { return run(c, hash(c)); }
  // A cell's hash in three steps, one per axis: the 2 x 2 x 2 cells around a vertex share
  // their x and y steps.
  static uint64_t hash_x(int64_t x) { return uint64_t(x) * 0x9E3779B97F4A7C15ull; }
  static uint64_t hash_y(uint64_t h, int64_t y) {
    return h ^ (uint64_t(y) * 0xC2B2AE3D27D4EB4Full + (h >> 29));
  }
  static size_t hash_z(uint64_t h, int64_t z) {
    h ^= uint64_t(z) * 0x165667B19E3779F9ull + (h >> 32);
    return size_t(h ^ (h >> 31));
  }
  // The run of cell c, whose hash is h ({0, 0} when the donor has no vertex there).
  std::pair<uint32_t, uint32_t> run(const Cell& c, size_t h) const {
    // Most cells looked at are empty (the 2 x 2 x 2 around a vertex): the filter, small
    // enough to stay in cache, answers those without touching the slots.
    if (!((filter_[(h >> 6) & (filter_.size() - 1)] >> (h & 63)) & 1)) return {0, 0};
    const size_t mask = slots_.size() - 1;
    for (size_t at = h & mask; slots_[at].end != 0; at = (at + 1) & mask)
      if (slots_[at].cell == c) return {slots_[at].begin, slots_[at].end};
    return {0, 0};
  }

 private:
  struct Slot {
    Cell cell{0, 0, 0};
    uint32_t begin = 0, end = 0;  // end 0: an empty slot (a run is never empty)
  };
  static size_t hash(const Cell& c) { return hash_z(hash_y(hash_x(c.x), c.y), c.z); }
  std::vector<Slot> slots_;
  std::vector<uint32_t> order_, slot_of_;
  std::vector<uint64_t> filter_;  // bit (hash & bits): some vertex's cell has that hash
};

// The influence sets of a mesh: each JOINTS_n with its WEIGHTS_n of the same width, up to
// the first n without them; with the vertices both attributes hold (`reach`) and how their
// values are read, looked up once, not per vertex.
struct InfluenceSet {
  enum class Read : uint8_t { Any, U16F32, U8Unorm8 };
  const ir::Attribute *j, *w;
  uint32_t reach;
  // How its values are read: the IR's own types (U16 joints, F32 weights) and a game's u8
  // joints with unorm8 weights straight, anything else through get(); the same values.
  Read read;
};

// float(get()) of a unorm8 weight, for each byte.
const std::array<float, 256>& unorm8_weights() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (int b = 0; b < 256; ++b) t[size_t(b)] = float(b / 255.0);
    return t;
  }();
  return table;
}

std::vector<InfluenceSet> influence_sets(const ir::Mesh& mesh) {
  std::vector<InfluenceSet> sets;
  for (int set = 0;; ++set) {
    const ir::Attribute* j = mesh.find("JOINTS_" + std::to_string(set));
    const ir::Attribute* w = mesh.find("WEIGHTS_" + std::to_string(set));
    if (!j || !w || j->width != w->width) break;
    const size_t reach = std::min(j->vertex_count(), w->vertex_count());
    using Read = InfluenceSet::Read;
    const Read read = j->normalized                                              ? Read::Any
                      : j->type == ir::Scalar::U16 && w->type == ir::Scalar::F32 ? Read::U16F32
                      : j->type == ir::Scalar::U8 && w->type == ir::Scalar::U8 && w->normalized
                          ? Read::U8Unorm8
                          : Read::Any;
    sets.push_back({j, w, uint32_t(std::min<size_t>(reach, UINT32_MAX)), read});
  }
  return sets;
}

size_t lanes_of(const std::vector<InfluenceSet>& sets) {
  size_t lanes = 0;
  for (const InfluenceSet& set : sets) lanes += set.j->width;
  return lanes;
}

// Vertex v's influences written from `out` on, set by set, up to the first set too short
// for v; `tidy`: zero weights left out. Returns the end of what it wrote (at most
// lanes_of(sets) influences).
Influence* put_influences(const std::vector<InfluenceSet>& sets, uint32_t v, bool tidy,
                          Influence* out) {
  for (const InfluenceSet& set : sets) {
    if (v >= set.reach) break;
    const size_t width = set.j->width, at = size_t(v) * width;
    const std::array<float, 256>& unorm8 = unorm8_weights();
    for (size_t c = 0; c < width; ++c) {
      Influence i;
      switch (set.read) {
        case InfluenceSet::Read::U16F32:
          i = {set.j->u16[at + c], set.w->f32[at + c]};
          break;
        case InfluenceSet::Read::U8Unorm8:
          i = {set.j->u8[at + c], unorm8[set.w->u8[at + c]]};
          break;
        case InfluenceSet::Read::Any:
          i = {uint16_t(set.j->get(v, c)), float(set.w->get(v, c))};
          break;
      }
      if (tidy && i.weight <= 0) continue;
      *out++ = i;
    }
  }
  return out;
}

// Influences in joint order. A vertex has a few: insertion sort, which is what std::sort
// does up to 16 elements (stable, so the order is the same), past that std::sort itself.
void by_joint(Influence* x, size_t n) {
  if (n > 16) {
    std::sort(x, x + n, [](const Influence& p, const Influence& q) { return p.joint < q.joint; });
    return;
  }
  for (size_t i = 1; i < n; ++i) {
    const Influence v = x[i];
    size_t j = i;
    for (; j > 0 && v.joint < x[j - 1].joint; --j) x[j] = x[j - 1];
    x[j] = v;
  }
}

// Every vertex's influences (as influences_of reads them), flat; `tidy`: zero weights
// dropped, in joint order, as the matcher compares them.
class InfluenceTable {
 public:
  InfluenceTable() = default;
  InfluenceTable(const ir::Mesh& mesh, bool tidy) {
    const std::vector<InfluenceSet> sets = influence_sets(mesh);
    at_.resize(size_t(mesh.vertex_count) + 1);
    all_.resize(size_t(mesh.vertex_count) * lanes_of(sets));
    Influence* const first = all_.data();
    Influence* out = first;
    for (uint32_t v = 0; v < mesh.vertex_count; ++v) {
      at_[v] = size_t(out - first);
      Influence* const start = out;
      out = put_influences(sets, v, tidy, out);  // straight into its place
      if (tidy) by_joint(start, size_t(out - start));
    }
    at_[mesh.vertex_count] = size_t(out - first);
    all_.resize(at_[mesh.vertex_count]);
  }
  // Vertex v's: where they start and how many.
  std::pair<const Influence*, size_t> of(uint32_t v) const {
    if (size_t(v) + 1 >= at_.size()) return {nullptr, 0};
    return {all_.data() + at_[v], at_[v + 1] - at_[v]};
  }

 private:
  ir::UninitVector<size_t> at_;
  ir::UninitVector<Influence> all_;
};

class Matcher {
 public:
  // How a shared attribute is compared (fits): told by its semantic once, not per vertex.
  enum class Kind { Position, Direction, Colour, Other };
  static Kind kind_of(const std::string& semantic) {
    if (semantic == "POSITION") return Kind::Position;
    if (is_direction(semantic)) return Kind::Direction;
    return semantic.rfind("COLOR_", 0) == 0 ? Kind::Colour : Kind::Other;
  }
  // An attribute both meshes carry at one width, and how it is compared (by its semantic).
  struct Shared {
    const ir::Attribute *donor, *in;
    Kind kind;
    StepAt step;  // the half step of its semantic
    // float32 values read straight, without get()'s type switch (null: another type).
    const float *donor_f32 = nullptr, *in_f32 = nullptr;
    double donor_at(uint32_t v, size_t c) const {
      return donor_f32 ? double(donor_f32[size_t(v) * donor->width + c]) : donor->get(v, c);
    }
    double in_at(uint32_t v, size_t c) const {
      return in_f32 ? double(in_f32[size_t(v) * in->width + c]) : in->get(v, c);
    }
  };

  Matcher(const ir::Mesh& donor, const ir::Mesh& incoming, const HalfStep& half_step,
          double most_step = INFINITY)
      : donor_(donor), in_(incoming), most_step_(most_step) {
    std::vector<std::string> computed;
    if (incoming.extras.is_object() && incoming.extras.contains(kComputedKey))
      for (const auto& c : incoming.extras[kComputedKey])
        if (c.is_string()) computed.push_back(c.get<std::string>());
    for (const ir::Attribute& a : incoming.attributes) {
      if (ir::is_influence(a.semantic)) continue;
      if (std::find(computed.begin(), computed.end(), a.semantic) != computed.end()) continue;
      const ir::Attribute* d = donor.find(a.semantic);
      if (d && d->width == a.width) shared_.push_back({d, &a, kind_of(a.semantic), {}});
    }
    influences_ = donor.find("JOINTS_0") && incoming.find("JOINTS_0");
    for (int set = 0;; ++set) {
      const ir::Attribute* j = incoming.find("JOINTS_" + std::to_string(set));
      if (!j || !incoming.find("WEIGHTS_" + std::to_string(set))) break;
      in_lanes_ += j->width;
    }
    dp_ = donor.find("POSITION");
    ip_ = incoming.find("POSITION");
    position_at_ = half_step(kPosition);
    weight_at_ = half_step(kWeights0);
    for (Shared& x : shared_) {
      x.step = half_step(x.donor->semantic);
      if (x.donor->type == ir::Scalar::F32) x.donor_f32 = x.donor->f32.data();
      if (x.in->type == ir::Scalar::F32) x.in_f32 = x.in->f32.data();
    }
    // Each vertex's influences read once (influences_of looks its attributes up by name):
    // both sides tidied, for the comparison (the donor's as stored only when its twins are
    // asked for).
    if (influences_) {
      donor_tidy_ = InfluenceTable(donor, true);
      in_tidy_ = InfluenceTable(incoming, true);
    }
  }

  // Public for donor_sets_hold / donor_twins: the rule of VertexMatch::donor_order.
  bool sets_hold(const std::vector<uint32_t>& donor_of) const {
    VertexMatch m;
    m.donor_of = donor_of;
    for (uint32_t d : donor_of) {
      if (d >= donor_.vertex_count) return false;
      ++m.matched;
    }
    return m.donor_of.size() == in_.vertex_count && dp_ && dp_->width >= 3 && same_sets(m);
  }

  VertexMatch run() {
    VertexMatch m;
    m.donor_of.assign(in_.vertex_count, kNewVertex);
    if (!prepare()) return m;
    std::vector<uint32_t> all_donor(donor_.vertex_count), all_in(in_.vertex_count);
    for (uint32_t d = 0; d < donor_.vertex_count; ++d) all_donor[d] = d;
    for (uint32_t v = 0; v < in_.vertex_count; ++v) all_in[v] = v;
    match_part(all_donor, all_in, m.donor_of.data());
    for (uint32_t d : m.donor_of) m.matched += d != kNewVertex;
    m.donor_order = same_sets(m);
    return m;
  }

  // match_parts: each part matched on its own, the set-up above and prepare() done once.
  std::vector<std::vector<uint32_t>> run_parts(const std::vector<MatchPart>& parts) {
    // The contract (rebuild.h) checked, so a caller's slip is an error, not a read past an
    // array or a candidate order that differs from the copy's.
    const auto ascending_below = [](const std::vector<uint32_t>& list, uint32_t count) {
      for (size_t i = 0; i < list.size(); ++i)
        if (list[i] >= count || (i > 0 && list[i] <= list[i - 1])) return false;
      return true;
    };
    for (const MatchPart& part : parts)
      if (!ascending_below(*part.donor, donor_.vertex_count) ||
          !ascending_below(*part.incoming, in_.vertex_count))
        throw std::invalid_argument(
            "match_parts: a part's vertex list is not ascending vertex numbers");
    std::vector<std::vector<uint32_t>> out(parts.size());
    const bool ready = prepare();
    for (size_t k = 0; k < parts.size(); ++k) {
      out[k].assign(parts[k].incoming->size(), kNewVertex);
      if (ready) match_part(*parts[k].donor, *parts[k].incoming, out[k].data());
    }
    return out;
  }

 private:
  // Both meshes' positions, and the half step of each donor position component, read once
  // into flat arrays: every part and step below asks for them. False: no 3-wide POSITION on
  // either side, so nothing matches.
  bool prepare() {
    const ir::Attribute* dp = dp_;
    const ir::Attribute* ip = ip_;
    if (!dp || !ip || dp->width != 3 || ip->width != 3) return false;
    position_step_.resize(size_t(donor_.vertex_count) * 3);
    for (uint32_t v = 0; v < donor_.vertex_count; ++v)
      for (size_t c = 0; c < 3; ++c) position_step_[size_t(v) * 3 + c] = step(position_at_, v, c);
    dpos_ = positions(*dp, donor_.vertex_count, dpos_own_);
    ipos_ = positions(*ip, in_.vertex_count, ipos_own_);
    return true;
  }

  // A mesh's POSITION as float32, 3 per vertex: read in place (the IR's own type, rebuild.h),
  // else copied once into `own`. Each value is compared as a double, which holds it exactly.
  static const float* positions(const ir::Attribute& a, uint32_t count,
                                ir::UninitVector<float>& own) {
    if (a.type == ir::Scalar::F32 && a.f32.size() >= size_t(count) * 3) return a.f32.data();
    own.resize(size_t(count) * 3);
    for (uint32_t v = 0; v < count; ++v)
      for (size_t c = 0; c < 3; ++c) own[size_t(v) * 3 + c] = float(a.get(v, c));
    return own.data();
  }
  double dpos(uint32_t d, size_t c) const { return dpos_[size_t(d) * 3 + c]; }
  double ipos(uint32_t v, size_t c) const { return ipos_[size_t(v) * 3 + c]; }

  // Incoming vertices `in_list` against donor vertices `donor_list` (both ascending), as if
  // they were the whole meshes: the cell size, the candidates' order and which donor vertex is
  // taken are the part's own. `donor_of` gets, per incoming vertex of the list, its donor
  // vertex or kNewVertex.
  void match_part(const std::vector<uint32_t>& donor_list, const std::vector<uint32_t>& in_list,
                  uint32_t* donor_of) const {
    if (by_place(donor_list, in_list, donor_of)) return;
    // One cell per donor step: the coarsest position step decides the cell size, so an
    // incoming vertex within its tolerance lies in one of at most 2 x 2 x 2 cells.
    double cell = 0, extent = 0, widest_step = 0;
    for (const uint32_t d : donor_list)
      for (size_t c = 0; c < 3; ++c) {
        widest_step = std::max(widest_step, position_step_[size_t(d) * 3 + c]);
        extent = std::max(extent, std::fabs(dpos(d, c)));
      }
    cell = std::max(2 * widest_step, std::max(extent, 1.0) * 1e-6);
    std::vector<Cell> cell_of_vertex(donor_list.size());
    std::vector<uint8_t> near(donor_list.size(), 0);
    // A face counts as near when a position within the widest step of the vertex may lie
    // beyond it: the bound, in cells, with a margin far above the rounding of a quotient of at
    // most 1e6 (|position| <= extent <= 1e6 cells).
    const double near_face = widest_step / cell + 1e-6;
    for (size_t k = 0; k < donor_list.size(); ++k) {
      int64_t at[3];
      for (size_t c = 0; c < 3; ++c) {
        const double q = dpos(donor_list[k], c) / cell, whole = std::floor(q);
        at[c] = cell_at(whole);  // cell_of's own
        if (q - whole < near_face) near[k] |= uint8_t(1 << (2 * c));
        if (whole + 1 - q < near_face) near[k] |= uint8_t(2 << (2 * c));
      }
      cell_of_vertex[k] = {at[0], at[1], at[2]};
    }
    const CellIndex cells(cell_of_vertex);
    const std::vector<uint8_t> lone =
        std::isfinite(cell) ? lone_in_cells(cells, donor_list, near) : std::vector<uint8_t>();
    std::vector<uint8_t> taken(donor_list.size(), 0);  // by place in donor_list
    const double reach = cell / 2;
    size_t guess = 0;  // the place after the last match: where an unedited mesh goes on
    for (size_t i = 0; i < in_list.size(); ++i) {
      const uint32_t v = in_list[i];
      // The nearest donor vertex that fits; among equally near ones an unmatched one, so
      // duplicated donor vertices are each found once.
      uint32_t best = kNewVertex;  // a place in donor_list
      double best_distance = 0;
      const auto consider = [&](uint32_t k) {
        double dist = 0;
        if (!fits(donor_list[k], v, dist)) return;
        if (best == kNewVertex || dist < best_distance ||
            (dist == best_distance && taken[best] && !taken[k])) {
          best = k;
          best_distance = dist;
        }
      };
      // The candidates of every cell within reach, in cell order, up to kMaxCandidates.
      const auto scan = [&] {
        size_t looked = 0;
        std::array<std::array<int64_t, 2>, 3> span{};
        for (size_t c = 0; c < 3; ++c) {
          const double p = ipos(v, c);
          span[c] = {cell_of(p - reach, cell), cell_of(p + reach, cell)};
        }
        for (int64_t x = span[0][0]; x <= span[0][1]; ++x) {
          const uint64_t hx = CellIndex::hash_x(x);
          for (int64_t y = span[1][0]; y <= span[1][1]; ++y) {
            const uint64_t hxy = CellIndex::hash_y(hx, y);
            for (int64_t z = span[2][0]; z <= span[2][1]; ++z) {
              const auto [begin, end] = cells.run({x, y, z}, CellIndex::hash_z(hxy, z));
              for (uint32_t at = begin; at < end; ++at) {
                if (++looked > kMaxCandidates) break;
                consider(cells.vertex(at));
              }
            }
          }
        }
      };
      // The shortcut: v at the very position of the guessed donor vertex, whose cell alone can
      // hold donor vertices that fit there (`lone`): the scan would see that cell's candidates
      // in the same order and nothing that fits elsewhere, so it takes the same one.
      const auto at_guess = [&] {
        if (guess >= lone.size() || !lone[guess]) return false;
        const uint32_t g = donor_list[guess];
        return dpos(g, 0) == ipos(v, 0) && dpos(g, 1) == ipos(v, 1) && dpos(g, 2) == ipos(v, 2);
      };
      if (at_guess()) {
        const auto [begin, end] = cells.run_of(uint32_t(guess));
        for (uint32_t at = begin; at < end; ++at) consider(cells.vertex(at));
      } else {
        scan();
      }
      if (best == kNewVertex) continue;
      donor_of[i] = donor_list[best];
      taken[best] = 1;
      guess = size_t(best) + 1;
    }
  }

  // By place: as many incoming vertices as donor vertices, each fitting the donor vertex of
  // its own place, is the donor's part in the donor's order (an unedited import, or an edit
  // within the steps): each takes the donor vertex of its place, and no grid is built. The
  // nearest-fit search below is for parts that moved, grew, shrank or came in another order.
  // False (donor_of untouched) at the first place that does not fit.
  bool by_place(const std::vector<uint32_t>& donor_list, const std::vector<uint32_t>& in_list,
                uint32_t* donor_of) const {
    if (in_list.size() != donor_list.size()) return false;
    for (size_t k = 0; k < in_list.size(); ++k) {
      double distance = 0;
      if (!fits(donor_list[k], in_list[k], distance)) return false;
    }
    std::copy(donor_list.begin(), donor_list.end(), donor_of);
    return true;
  }

  // Per place in donor_list: 1 where no donor vertex of another cell fits an incoming vertex
  // at this vertex's very position (fits' own position test: |difference| <= that donor
  // vertex's step on every axis). Only the near faces' neighbours can hold one (`near`: bit
  // 2c the low face of axis c, bit 2c + 1 the high one). All 0 when a cell holds more than
  // kMaxCandidates / 27 vertices: then a scan (at most 3 x 3 x 3 cells) may stop before it
  // sees every candidate, and only the scan itself tells which it takes.
  std::vector<uint8_t> lone_in_cells(const CellIndex& cells,
                                     const std::vector<uint32_t>& donor_list,
                                     const std::vector<uint8_t>& near) const {
    std::vector<uint8_t> lone(donor_list.size(), 1);
    bool crowded = false;
    cells.for_each_cell([&](const Cell& cell, uint32_t begin, uint32_t end) {
      if (end - begin > kMaxCandidates / 27) crowded = true;
      if (crowded) return;
      // The shared far cell (a NaN position) has no neighbours to name: its vertices take the
      // scan (and no incoming position equals theirs).
      if (cell.x == INT64_MIN || cell.y == INT64_MIN || cell.z == INT64_MIN) {
        for (uint32_t at = begin; at < end; ++at) lone[cells.vertex(at)] = 0;
        return;
      }
      uint8_t faces = 0;
      for (uint32_t at = begin; at < end; ++at) faces |= near[cells.vertex(at)];
      if (faces == 0) return;
      // Per axis the neighbours to look at: below if a low face is near, above if a high one.
      int from[3], to[3];
      for (size_t c = 0; c < 3; ++c) {
        from[c] = (faces >> (2 * c)) & 1 ? -1 : 0;
        to[c] = (faces >> (2 * c + 1)) & 1 ? 1 : 0;
      }
      for (int dx = from[0]; dx <= to[0]; ++dx)
        for (int dy = from[1]; dy <= to[1]; ++dy)
          for (int dz = from[2]; dz <= to[2]; ++dz) {
            if ((dx | dy | dz) == 0) continue;
            const auto [nb, ne] = cells.run({cell.x + dx, cell.y + dy, cell.z + dz});
            for (uint32_t n = nb; n < ne; ++n) {
              const uint32_t d = donor_list[cells.vertex(n)];
              const double* step = &position_step_[size_t(d) * 3];
              for (uint32_t at = begin; at < end; ++at) {
                const uint32_t k = cells.vertex(at), g = donor_list[k];
                if (std::fabs(dpos(d, 0) - dpos(g, 0)) <= step[0] &&
                    std::fabs(dpos(d, 1) - dpos(g, 1)) <= step[1] &&
                    std::fabs(dpos(d, 2) - dpos(g, 2)) <= step[2])
                  lone[k] = 0;
              }
            }
          }
    });
    if (crowded) lone.assign(donor_list.size(), 0);
    return lone;
  }

  // Whether donor vertex d fits incoming vertex v, and how far apart they are (`distance`:
  // the sum of their differences over everything compared, position first, then each shared
  // attribute's components in order, then the influences' weights; a tie-break among fits
  // only, summed while checking).
  bool fits(uint32_t d, uint32_t v, double& distance) const {
    for (size_t c = 0; c < 3; ++c) {
      const double diff = std::fabs(dpos(d, c) - ipos(v, c));
      if (!(diff <= position_step_[size_t(d) * 3 + c])) return false;
      distance += diff;
    }
    for (const Shared& x : shared_) {
      const ir::Attribute* da = x.donor;
      if (x.kind == Kind::Position) continue;
      if (x.kind == Kind::Direction) {
        if (!same_direction(x, d, v, distance)) return false;
        continue;
      }
      for (size_t c = 0; c < da->width; ++c) {
        const double a = x.donor_at(d, c), b = x.in_at(v, c);
        distance += std::fabs(a - b);
        // Equal values fit whatever the step (a step is never negative): the half step, a
        // call into the format, is asked only of values that differ.
        if (a != b && !(std::fabs(a - b) <= tolerance(x, d, c))) return false;
      }
    }
    if (influences_ && !same_influences(d, v, distance)) return false;
    return true;
  }

  // Directions and weights: `diff` within a whole step (twice `half_step` at d, c) + 1e-6.
  // The bound is 1e-6 at least (a step is never negative), so the step, a call into the
  // format, is asked only of values further apart than that.
  bool within_whole_step(double diff, const StepAt& half_step, uint32_t d, size_t c) const {
    return diff <= 1e-6 || diff <= 2 * step(half_step, d, c) + 1e-6;
  }

  // Half a step, but colours and weights within one whole step (Blender's colour round trip
  // through sRGB moves them by about half a step).
  double tolerance(const Shared& x, uint32_t d, size_t c) const {
    const double h = step(x.step, d, c);
    return x.kind == Kind::Colour ? 2 * h + 1e-7 : h;
  }

  // Directions: the writer stores NORMAL / TANGENT at unit length, so the donor's are
  // normalised before the comparison; w (the tangent's handedness) must be equal.
  // `distance` gains the raw components' differences (w included), as fits sums them.
  bool same_direction(const Shared& x, uint32_t d, uint32_t v, double& distance) const {
    const ir::Attribute &da = *x.donor, &ia = *x.in;
    std::array<double, 3> a{}, b{};
    double la = 0, lb = 0;
    bool equal = true;
    for (size_t c = 0; c < 3; ++c) {
      a[c] = x.donor_at(d, c);
      b[c] = x.in_at(v, c);
      distance += std::fabs(a[c] - b[c]);
      equal = equal && a[c] == b[c];
      la += a[c] * a[c];
      lb += b[c] * b[c];
    }
    for (size_t c = 3; c < da.width; ++c) distance += std::fabs(x.donor_at(d, c) - x.in_at(v, c));
    const bool same_w = !(da.width == 4 && ia.width == 4) || x.donor_at(d, 3) == x.in_at(v, 3);
    if (equal) return same_w;  // equal vectors are equal directions
    la = std::sqrt(la);
    lb = std::sqrt(lb);
    if (la > 0 && lb > 0)
      for (size_t c = 0; c < 3; ++c) {
        a[c] /= la;
        b[c] /= lb;
      }
    for (size_t c = 0; c < 3; ++c)
      if (!within_whole_step(std::fabs(a[c] - b[c]), x.step, d, c)) return false;
    return same_w;
  }

  // `distance` gains the weights' differences: of two donor vertices one weight unit apart,
  // both within a whole step of a copy of either, the copy's own is the nearer.
  bool same_influences(uint32_t d, uint32_t v, double& distance) const {
    const auto [b, nb] = in_tidy_.of(v);
    auto [a, na] = donor_tidy_.of(d);
    // A file with fewer lanes than the donor vertex has influences carries its largest ones,
    // renormalised (Blender's default export keeps 4): the rest it has no room for.
    std::vector<Influence> largest;
    if (na > in_lanes_ && nb == in_lanes_ && in_lanes_ > 0) {
      largest.assign(a, a + na);
      std::stable_sort(largest.begin(), largest.end(),
                       [](const Influence& p, const Influence& q) { return p.weight > q.weight; });
      largest.resize(in_lanes_);
      double sum = 0;
      for (const Influence& i : largest) sum += i.weight;
      for (Influence& i : largest) i.weight = float(i.weight / sum);
      std::sort(largest.begin(), largest.end(),
                [](const Influence& p, const Influence& q) { return p.joint < q.joint; });
      a = largest.data();
      na = largest.size();
    }
    if (na != nb) return false;
    for (size_t i = 0; i < na; ++i) {
      if (a[i].joint != b[i].joint) return false;
      if (a[i].weight == b[i].weight) continue;
      const double diff = std::fabs(double(a[i].weight) - double(b[i].weight));
      if (!within_whole_step(diff, weight_at_, d, i)) return false;
      distance += diff;
    }
    return true;
  }

  // Sets, not counts: a tool that splits a vertex into copies (Blender exports one per face
  // corner where it sees a seam) still gives the donor's vertices when every copy matches the
  // same donor vertex, and the donor's triangles when they are the same in donor numbers.
  // A donor vertex no donor triangle uses need not come back (a tool drops such vertices):
  // the donor's order restores it with the rest.
  // Donor vertices equal in everything compared (twins: a cap's centre stored twice) are one
  // vertex to the incoming mesh, which cannot tell them apart: a tool may export them as one,
  // or hand either copy back in the other's triangles. Sets and triangles count them once.
  bool same_sets(const VertexMatch& m) const {
    if (m.matched != in_.vertex_count) return false;
    if (donor_by_number(donor_, in_, &m.donor_of)) return true;
    const std::vector<uint32_t> twin = donor_twins();
    std::vector<uint8_t> seen(donor_.vertex_count, 0);
    std::vector<uint32_t> in_twin(in_.vertex_count);
    for (uint32_t v = 0; v < in_.vertex_count; ++v) {
      in_twin[v] = twin[m.donor_of[v]];
      seen[in_twin[v]] = 1;
    }
    for (const ir::Primitive& p : donor_.primitives) {
      const size_t end =
          std::min<size_t>(size_t(p.first_index) + p.index_count / 3 * 3, donor_.indices.size());
      for (size_t i = p.first_index; i < end; ++i)
        if (donor_.indices[i] >= seen.size() || !seen[twin[donor_.indices[i]]]) return false;
    }
    return by_material(donor_, &twin) == by_material(in_, &in_twin);
  }

  // Per donor vertex: the first donor vertex with the same values in everything compared.
 public:
  std::vector<uint32_t> donor_twins() const {
    // Each vertex's values as bit patterns, flat; vertices sorted by them (stable, so the
    // first of equal ones is the lowest numbered): no string or allocation per vertex.
    std::vector<uint64_t> keys;
    const InfluenceTable raw = influences_ ? InfluenceTable(donor_, false) : InfluenceTable();
    std::vector<size_t> at(size_t(donor_.vertex_count) + 1, 0);
    auto put = [&keys](double x) {
      uint64_t bits;
      std::memcpy(&bits, &x, sizeof bits);
      keys.push_back(bits);
    };
    const ir::Attribute* dp = dp_;
    for (uint32_t d = 0; d < donor_.vertex_count; ++d) {
      at[d] = keys.size();
      for (size_t c = 0; c < 3; ++c) put(dp->get(d, c));
      for (const Shared& x : shared_)
        for (size_t c = 0; c < x.donor->width; ++c) put(x.donor->get(d, c));
      if (influences_) {
        const auto [x, n] = raw.of(d);
        for (size_t i = 0; i < n; ++i) {
          put(x[i].joint);
          put(x[i].weight);
        }
      }
    }
    at[donor_.vertex_count] = keys.size();
    const auto key_less = [&](uint32_t a, uint32_t b) {
      const size_t na = at[a + 1] - at[a], nb = at[b + 1] - at[b];
      if (na != nb) return na < nb;
      return std::lexicographical_compare(
          keys.begin() + long(at[a]), keys.begin() + long(at[a + 1]), keys.begin() + long(at[b]),
          keys.begin() + long(at[b + 1]));
    };
    std::vector<uint32_t> order(donor_.vertex_count);
    for (uint32_t d = 0; d < donor_.vertex_count; ++d) order[d] = d;
    std::stable_sort(order.begin(), order.end(), key_less);
    std::vector<uint32_t> twin(donor_.vertex_count);
    for (size_t k = 0; k < order.size(); ++k)
      twin[order[k]] = k > 0 && !key_less(order[k - 1], order[k]) ? twin[order[k - 1]] : order[k];
    return twin;
  }

 private:
  static std::map<uint32_t, std::vector<std::array<uint32_t, 3>>> by_material(
      const ir::Mesh& mesh, const std::vector<uint32_t>* donor_of) {
    std::map<uint32_t, std::vector<std::array<uint32_t, 3>>> out;
    for (size_t p = 0; p < mesh.primitives.size(); ++p) {
      std::vector<std::array<uint32_t, 3>> t = canonical_triangles(mesh, p, donor_of);
      auto& into = out[mesh.primitives[p].material];
      into.insert(into.end(), t.begin(), t.end());
    }
    for (auto& [material, t] : out) std::sort(t.begin(), t.end());
    return out;
  }

  const ir::Mesh& donor_;
  const ir::Mesh& in_;
  std::vector<Shared> shared_;
  bool influences_ = false;
  size_t in_lanes_ = 0;  // JOINTS_n / WEIGHTS_n lanes the incoming mesh has
  const ir::Attribute *dp_ = nullptr, *ip_ = nullptr;  // POSITION of each
  InfluenceTable donor_tidy_, in_tidy_;
  // prepare() writes every value of this (not zero-filled first): the half step of each donor
  // POSITION component, 3 per vertex; and points at each mesh's POSITION (positions()).
  ir::UninitVector<double> position_step_;
  const float *dpos_ = nullptr, *ipos_ = nullptr;
  ir::UninitVector<float> dpos_own_, ipos_own_;
  StepAt position_at_, weight_at_;  // the half steps of POSITION and of WEIGHTS_0
  const double most_step_;          // every step at most this (match_vertices)

  // A half step as the matcher uses it: the format's, at most most_step_.
  double step(const StepAt& at, uint32_t d, size_t c) const {
    return std::min(at(d, c), most_step_);
  }
};

}  // namespace

bool donor_by_number(const ir::Mesh& donor, const ir::Mesh& incoming,
                     const std::vector<uint32_t>* donor_of) {
  if (incoming.vertex_count != donor.vertex_count || incoming.indices != donor.indices ||
      incoming.primitives.size() != donor.primitives.size())
    return false;
  for (size_t p = 0; p < incoming.primitives.size(); ++p) {
    const ir::Primitive &a = incoming.primitives[p], &b = donor.primitives[p];
    if (a.material != b.material || a.first_index != b.first_index ||
        a.index_count != b.index_count)
      return false;
  }
  if (donor_of)
    for (uint32_t v = 0; v < incoming.vertex_count; ++v)
      if ((*donor_of)[v] != v) return false;
  return true;
}

double largest_magnitude(const ir::Attribute* a) {
  double largest = 0;
  if (a)
    for (uint32_t v = 0; v < a->vertex_count(); ++v)
      for (size_t c = 0; c < a->width; ++c) largest = std::max(largest, std::fabs(a->get(v, c)));
  return largest;
}

namespace {

// float_step at vertex v, the TEXCOORD_n rule already in `floor`.
double float_step_at(const ir::Attribute* a, uint32_t v, double ulps, double floor) {
  double largest = floor;
  if (a && v < a->vertex_count())
    for (size_t c = 0; c < a->width; ++c) largest = std::max(largest, std::fabs(a->get(v, c)));
  return largest * ulps * FLT_EPSILON + FLT_MIN;
}

double texcoord_floor(const ir::Attribute* a, double floor) {
  return a && a->semantic.rfind("TEXCOORD_", 0) == 0 ? std::max(floor, 1.0) : floor;
}

}  // namespace

StepAt float_step(const ir::Attribute* a, double ulps, double floor) {
  const double f = texcoord_floor(a, floor);
  // The step is the vertex's, not the component's: the matcher asks the components of one
  // vertex in a row, so the last vertex's step is kept (each StepAt is one matcher's).
  return [a, ulps, f, known = false, last_v = uint32_t(0), last = 0.0](uint32_t v, size_t) mutable {
    if (!known || v != last_v) {
      last = float_step_at(a, v, ulps, f);
      last_v = v;
      known = true;
    }
    return last;
  };
}

StepAt constant_step(double step) {
  return [step](uint32_t, size_t) { return step; };
}

HalfStep widened(HalfStep half_step, const IncomingError& error) {
  if (error.position == 0 && error.normal == 0 && error.texcoord == 0) return half_step;
  return [half_step, error](const std::string& semantic) -> StepAt {
    StepAt h = half_step(semantic);
    const double at_least = semantic == "POSITION"                ? error.position
                            : is_direction(semantic)              ? error.normal
                            : semantic.rfind("TEXCOORD_", 0) == 0 ? error.texcoord
                                                                  : 0;
    if (at_least == 0) return h;  // a step is never negative
    return [h, at_least](uint32_t v, size_t c) { return std::max(h(v, c), at_least); };
  };
}

VertexMatch match_vertices(const ir::Mesh& donor, const ir::Mesh& incoming,
                           const HalfStep& half_step, double most_step) {
  return Matcher(donor, incoming, half_step, most_step).run();
}

std::vector<std::vector<uint32_t>> match_parts(const ir::Mesh& donor, const ir::Mesh& incoming,
                                               const HalfStep& half_step,
                                               const std::vector<MatchPart>& parts) {
  return Matcher(donor, incoming, half_step).run_parts(parts);
}

bool donor_sets_hold(const ir::Mesh& donor, const ir::Mesh& incoming,
                     const std::vector<uint32_t>& donor_of, const HalfStep& half_step) {
  return Matcher(donor, incoming, half_step).sets_hold(donor_of);
}

std::vector<uint32_t> donor_twins(const ir::Mesh& donor, const ir::Mesh& incoming) {
  const HalfStep none = [](const std::string&) { return constant_step(0); };
  if (!donor.find("POSITION") || donor.find("POSITION")->width < 3) {
    std::vector<uint32_t> self(donor.vertex_count);
    for (uint32_t d = 0; d < donor.vertex_count; ++d) self[d] = d;
    return self;
  }
  return Matcher(donor, incoming, none).donor_twins();
}

std::vector<std::array<uint32_t, 3>> canonical_triangles(const ir::Mesh& mesh, size_t primitive,
                                                         const std::vector<uint32_t>* donor_of) {
  std::vector<std::array<uint32_t, 3>> out;
  const ir::Primitive& p = mesh.primitives[primitive];
  const size_t end = std::min<size_t>(size_t(p.first_index) + p.index_count, mesh.indices.size());
  for (size_t i = p.first_index; i + 3 <= end; i += 3) {
    std::array<uint32_t, 3> t{mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]};
    if (donor_of)
      for (uint32_t& x : t) x = x < donor_of->size() ? (*donor_of)[x] : kNewVertex;
    // Rotate (never mirror: the winding stays) so the smallest number leads.
    const size_t lead = size_t(std::min_element(t.begin(), t.end()) - t.begin());
    std::rotate(t.begin(), t.begin() + lead, t.end());
    out.push_back(t);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Influence> influences_of(const ir::Mesh& mesh, uint32_t v) {
  const std::vector<InfluenceSet> sets = influence_sets(mesh);
  std::vector<Influence> out(lanes_of(sets));
  out.resize(size_t(put_influences(sets, v, false, out.data()) - out.data()));
  return out;
}

uint32_t cap_influences(std::vector<Influence> in, size_t lanes, Influences8& out) {
  // Merge repeated joints, drop zero weights.
  std::sort(in.begin(), in.end(),
            [](const Influence& a, const Influence& b) { return a.joint < b.joint; });
  std::vector<Influence> merged;
  for (const Influence& i : in) {
    if (!(i.weight > 0)) continue;
    if (!merged.empty() && merged.back().joint == i.joint)
      merged.back().weight += i.weight;
    else
      merged.push_back(i);
  }
  std::stable_sort(merged.begin(), merged.end(),
                   [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
  const uint32_t dropped = merged.size() > lanes ? uint32_t(merged.size() - lanes) : 0;
  if (merged.size() > lanes) merged.resize(lanes);
  out.joints.assign(lanes, 0);
  out.weights.assign(lanes, 0);
  double total = 0;
  for (const Influence& i : merged) total += i.weight;
  if (!(total > 0)) return dropped;
  // Largest remainder: floor each share of 255, then hand the missing units to the largest
  // fractions (ties: the earlier, i.e. heavier, lane).
  std::vector<std::pair<double, size_t>> remainder;
  int sum = 0;
  for (size_t k = 0; k < merged.size(); ++k) {
    const double share = 255.0 * merged[k].weight / total;
    const int whole = int(std::floor(share));
    out.joints[k] = merged[k].joint;
    out.weights[k] = uint8_t(whole);
    sum += whole;
    remainder.push_back({share - whole, k});
  }
  std::stable_sort(remainder.begin(), remainder.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t r = 0; sum < 255 && r < remainder.size(); ++r, ++sum)
    ++out.weights[remainder[r].second];
  for (size_t k = 0; k < lanes; ++k)
    if (out.weights[k] == 0) out.joints[k] = 0;
  return dropped;
}

}  // namespace f2g
