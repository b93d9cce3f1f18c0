// The error of a refused scene (scene/scene_error.h): one line per issue, "file: /json/path:
// message"; the message of many issues lists the first kListedIssues and counts the rest, every
// issue kept in issues(); paths, messages and file names cut to a readable length, so that a
// megabyte of bad input gives a message of kilobytes; excerpt() keeps both ends of a long text and
// says how long it was.

#include "scene/scene_error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace mbw {
namespace {

// each issue is a line "file: /json/path: message" (the root path written "/"), so that an
// editor can jump to it
TEST(SceneError, OneLinePerIssueWithFileAndPath) {
  const SceneError e("scenes/arm.json",
                     {{"/bodies/2/mass", "must be positive, got -1"}, {"", "the file is empty"}});
  EXPECT_EQ(std::string(e.what()),
            "scenes/arm.json: /bodies/2/mass: must be positive, got -1\n"
            "scenes/arm.json: /: the file is empty");
  EXPECT_EQ(e.source(), "scenes/arm.json");
  ASSERT_EQ(e.issues().size(), 2u);
  EXPECT_EQ(e.issues()[1].message, "the file is empty");
}

// a thousand issues of 5000 characters give a message of the first kListedIssues and a count,
// while issues() keeps them all for the GUI's list
TEST(SceneError, TheMessageOfManyIssuesListsTheFirstOnes) {
  std::vector<SceneIssue> many(1000, SceneIssue{"/bodies/0/mass", std::string(5000, 'm')});
  const SceneError e("file.json", many);
  EXPECT_LT(std::string(e.what()).size(), 60000u);
  EXPECT_NE(std::string(e.what()).find("... and 950 more problems"), std::string::npos);
  EXPECT_EQ(e.issues().size(), 1000u);
  // exactly kListedIssues lines, and the count line
  const std::string text = e.what();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), long(kListedIssues));
  // as many issues as are listed: no count line
  const SceneError listed("file.json", std::vector<SceneIssue>(kListedIssues, {"/a", "b"}));
  EXPECT_EQ(std::string(listed.what()).find("more problems"), std::string::npos);
}

// excerpt() keeps the head and the tail of a long text with its length; long paths and file
// names are cut in the message too
TEST(SceneError, LongInputIsQuotedByItsEnds) {
  EXPECT_EQ(excerpt("short"), "short");
  EXPECT_EQ(excerpt(std::string(kEchoLimit, 'x')), std::string(kEchoLimit, 'x'));
  const std::string long_text = "begin" + std::string(1000, '-') + "end";
  const std::string cut = excerpt(long_text, 20);
  EXPECT_EQ(cut,
            "begin-----"
            "..."
            "-------end (1008 characters)");
  // a path of a megabyte and a file name of a kilobyte are cut in the message as well
  const SceneError e(std::string(1000, 'f'), {{"/" + std::string(1000000, 'p'), "bad"}});
  EXPECT_LT(std::string(e.what()).size(), 600u);
  EXPECT_NE(std::string(e.what()).find("(1000001 characters)"), std::string::npos);
}

}  // namespace
}  // namespace mbw
