// io::json_text, the text of every JSON the tool writes (docs/usage.md "Names that are not
// UTF-8"): valid text as nlohmann writes it, a byte that is not UTF-8 replaced by U+FFFD.
#include <gtest/gtest.h>

#include "converter/io/json_text.h"

namespace f2g::io {
namespace {

using nlohmann::json;

TEST(JsonText, ValidUtf8IsWrittenAsNlohmannWritesIt) {
  const json j = {{"name", "caf\xC3\xA9"}, {"n", 3}, {"list", {1, 2}}};
  EXPECT_EQ(json_text(j), j.dump(2));
  EXPECT_EQ(json_text(j, -1), "{\"list\":[1,2],\"n\":3,\"name\":\"caf\xC3\xA9\"}");
}

TEST(JsonText, AByteThatIsNotUtf8BecomesTheReplacementCharacter) {
  const json j = {{"name", "caf\xE9"}, {"entry", "a\xE9\xE9_b"}};
  ASSERT_THROW((void)j.dump(), json::type_error);  // what json_text must not do
  EXPECT_EQ(json_text(j, -1),
            "{\"entry\":\"a\xEF\xBF\xBD\xEF\xBF\xBD_b\",\"name\":\"caf\xEF\xBF\xBD\"}");
}

TEST(JsonText, ATruncatedSequenceAtTheEndIsReplacedToo) {
  EXPECT_EQ(json_text(json("x\xC3"), -1), "\"x\xEF\xBF\xBD\"");
  EXPECT_EQ(json_text(json::array({"\xFF", "ok"}), -1), "[\"\xEF\xBF\xBD\",\"ok\"]");
}

TEST(JsonText, TheReplacedTextParsesBack) {
  const json back = json::parse(json_text(json{{"k\xE9y", "v\x80"}}));
  EXPECT_EQ(back.begin().key(), "k\xEF\xBF\xBDy");
  EXPECT_EQ(back.begin().value(), "v\xEF\xBF\xBD");
}

}  // namespace
}  // namespace f2g::io
