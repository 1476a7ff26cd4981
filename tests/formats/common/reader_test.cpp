#include "formats/common/reader.h"

#include <gtest/gtest.h>

#include <functional>

#include "formats/common/checks.h"
#include "formats/common/writer.h"

namespace f2g {
namespace {

Error fail_of(const std::function<void()>& body) {
  try {
    body();
  } catch (const DecodeFailure& f) {
    return f.error();
  }
  ADD_FAILURE() << "expected a DecodeFailure";
  return {};
}

TEST(Reader, ReadsLittleEndianScalarsInOrder) {
  ByteWriter w;
  w.u8(1);
  w.u16(0x1234);
  w.u32(0xDEADBEEF);
  w.u64(0x0102030405060708ull);
  w.f32(1.5f);
  w.u24(0xABCDEF);
  const auto& b = w.data();
  Reader r(b.data(), b.data() + b.size(), "T");
  EXPECT_EQ(r.u8("a"), 1);
  EXPECT_EQ(r.u16("b"), 0x1234);
  EXPECT_EQ(r.u32("c"), 0xDEADBEEFu);
  EXPECT_EQ(r.u64("d"), 0x0102030405060708ull);
  EXPECT_EQ(r.f32("e"), 1.5f);
  EXPECT_EQ(r.u24("f"), 0xABCDEFu);
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(r.offset(), 22u);
}

TEST(Reader, TruncationNamesFieldPathAndOffset) {
  const uint8_t b[6] = {1, 2, 3, 4, 5, 6};
  Reader r(b, b + 6, "SWS", 0x100);
  Reader::Scope mesh(r, "mesh");
  r.u32("id");
  Reader::Scope range(r, "ranges", 3);
  const Error e = fail_of([&] { r.u32("vertex_count"); });
  EXPECT_EQ(e.code, "SWS_TRUNCATED");
  EXPECT_EQ(e.path, "mesh/ranges[3].vertex_count");
  EXPECT_EQ(e.offset, 0x104u);
  EXPECT_EQ(r.offset(), 0x104u);  // a failed read does not move
}

TEST(Reader, CountTooLargeFailsBeforeAllocating) {
  ByteWriter w;
  w.u32(0xFFFFFFFF);
  w.u32(0);
  const auto& b = w.data();
  Reader r(b.data(), b.data() + b.size(), "RR");
  const Error e = fail_of([&] { r.run_count("indices", 2); });
  EXPECT_EQ(e.code, "RR_COUNT_TOO_LARGE");
  EXPECT_EQ(e.offset, 0u);
  Reader r2(b.data(), b.data() + b.size(), "RR");
  EXPECT_EQ(fail_of([&] { r2.array<float>(0x4000000000000001ull, "values"); }).code,
            "RR_COUNT_TOO_LARGE");
}

TEST(Reader, BadClassAndTrailingBytesHaveTheirCodes) {
  ByteWriter w;
  w.u32(0x12345678);
  w.u8(0);
  const auto& b = w.data();
  Reader r(b.data(), b.data() + b.size(), "SWS");
  const Error e = fail_of([&] { r.expect_class(0x415D9568, "Mesh"); });
  EXPECT_EQ(e.code, "SWS_BAD_CLASS");
  EXPECT_NE(e.message.find("0x415D9568"), std::string::npos);
  EXPECT_NE(e.message.find("0x12345678"), std::string::npos);
  EXPECT_EQ(fail_of([&] { r.expect_end("mesh"); }).code, "SWS_TRAILING_BYTES");
}

TEST(Reader, FieldLogNamesTheInnermostFieldCoveringAByte) {
  ByteWriter w;
  w.u32(7);
  w.u16(9);
  const auto& b = w.data();
  FieldLog log;
  Reader r(b.data(), b.data() + b.size(), "T");
  r.set_log(&log);
  Reader::Scope s(r, "header");
  r.u32("count");
  r.u16("flags");
  ASSERT_NE(field_at(log, 5), nullptr);
  EXPECT_EQ(field_at(log, 5)->path, "header.flags");
  EXPECT_EQ(field_at(log, 3)->path, "header.count");
  EXPECT_EQ(field_at(log, 6), nullptr);
}

TEST(Checker, ErrorThrowsWarningCollects) {
  const uint8_t b[1] = {0};
  Reader r(b, b + 1, "T");
  std::vector<ir::Diagnostic> warnings;
  Checker c(r, warnings, nullptr);
  static const CheckDef proven{"t.proven", "T_PROVEN", Severity::Proven, "x"};
  static const CheckDef observed{"t.observed", "T_OBSERVED", Severity::Observed, "y"};
  EXPECT_TRUE(c.check(proven, true, "p", 0, [] { return "never"; }));
  EXPECT_FALSE(c.check(observed, false, "q", 4, [] { return "seen"; }));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].code, "T_OBSERVED");
  EXPECT_EQ(warnings[0].offset, 4u);
  EXPECT_EQ(fail_of([&] { c.check(proven, false, "p", 8, [] { return "broken"; }); }).code,
            "T_PROVEN");
}

}  // namespace
}  // namespace f2g
