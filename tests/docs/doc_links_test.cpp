// The documentation's links hold: every relative link and image of README.md and docs/ (docs/dev/
// too) names a file that exists, every #anchor a heading of its page (GitHub's rule for heading
// anchors), and every page of docs/ carries the one navigation line under its title.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "scene/schema.h"
#include "test_paths.h"

namespace mbw {
namespace {

namespace fs = std::filesystem;

// the whole file as text
std::string readFile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// the pages checked: README.md and every .md under docs/
std::vector<fs::path> pages() {
  std::vector<fs::path> out = {fs::path(MBW_SOURCE_DIR) / "README.md"};
  for (const auto& e : fs::recursive_directory_iterator(fs::path(MBW_SOURCE_DIR) / "docs"))
    if (e.path().extension() == ".md") out.push_back(e.path());
  return out;
}

// a page's lines outside fenced code blocks
std::vector<std::string> proseLines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  bool fenced = false;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0)
      fenced = !fenced;
    else if (!fenced)
      out.push_back(line);
  }
  return out;
}

// GitHub's anchor of a heading: lower case, punctuation and symbols dropped, spaces as hyphens;
// letters and digits of other scripts (ρ, ₃, µ) stay
std::string anchorOf(const std::string& heading) {
  // characters of more than one byte: the symbols GitHub drops, the rest kept
  static const std::set<std::string> dropped = {"§", "∞", "·", "—", "–", "×", "≈", "≤", "≥",
                                                "→", "±", "’", "“", "”", "…", "′", "″", "°"};
  std::string out;
  // UTF-8: the length of a character from its first byte
  for (size_t i = 0; i < heading.size();) {
    const unsigned char c = heading[i];
    const size_t length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    const std::string character = heading.substr(i, length);
    i += length;
    if (length > 1) {
      if (!dropped.count(character)) out += character;
    } else if (std::isalnum(c) || c == '-' || c == '_') {
      out += static_cast<char>(std::tolower(c));
    } else if (c == ' ') {
      out += '-';
    }
  }
  return out;
}

// the anchors of a page: its headings' (repeats numbered -1, -2 ...) and explicit ids
std::set<std::string> anchorsOf(const std::string& text) {
  std::set<std::string> out;
  std::map<std::string, int> seen;
  static const std::regex heading(R"(^#{1,6}\s+(.*?)\s*$)");
  static const std::regex id(R"re(<a (?:id|name)="([^"]+)")re");
  std::smatch m;
  for (const std::string& line : proseLines(text)) {
    if (std::regex_match(line, m, heading)) {
      const std::string a = anchorOf(m[1]);
      const int n = seen[a]++;
      out.insert(n == 0 ? a : a + "-" + std::to_string(n));
    }
    for (auto it = std::sregex_iterator(line.begin(), line.end(), id); it != std::sregex_iterator();
         ++it)
      out.insert((*it)[1]);
  }
  return out;
}

// the anchors computed here are the ones GitHub gives a heading, so a link that works on the
// hosted page passes and one that does not is caught
TEST(DocLinks, HeadingAnchorsFollowGitHub) {
  // a heading with a section sign and dots, one in code, one with hyphens
  EXPECT_EQ(anchorOf("The flexible benchmarks (Zhang et al. 2022 §5.2-5.5)"),
            "the-flexible-benchmarks-zhang-et-al-2022-52-55");
  EXPECT_EQ(anchorOf("`mbw-cli run`"), "mbw-cli-run");
  EXPECT_EQ(anchorOf("IDA on the stabilized index-2 form"), "ida-on-the-stabilized-index-2-form");
}

// a reader following a link or opening an image of the documentation never lands on a missing
// file or on the top of a page whose section was renamed
TEST(DocLinks, EveryRelativeLinkResolves) {
  static const std::regex link(R"(\]\(([^)\s]+)\))");
  int links = 0;
  // each linked page's anchors, found once (a page is the target of many links)
  std::map<fs::path, std::set<std::string>> anchors;
  for (const fs::path& page : pages()) {
    const std::string text = readFile(page);
    const std::string name = fs::relative(page, MBW_SOURCE_DIR).string();
    for (const std::string& line : proseLines(text)) {
      // every Markdown link of the prose, web and mail links aside
      for (auto it = std::sregex_iterator(line.begin(), line.end(), link);
           it != std::sregex_iterator(); ++it) {
        const std::string target = (*it)[1];
        if (target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0) continue;
        ++links;
        // the file part is relative to the linking page; a bare #anchor points into the page itself
        const size_t hash = target.find('#');
        const std::string file = target.substr(0, hash);
        const fs::path resolved = file.empty() ? page : page.parent_path() / file;
        if (!fs::exists(resolved)) {
          ADD_FAILURE() << name << ": " << target << " (no such file)";
          continue;
        }
        // anchors are checked on Markdown pages only
        if (hash == std::string::npos || resolved.extension() != ".md") continue;
        const std::string anchor = target.substr(hash + 1);
        const fs::path key = fs::weakly_canonical(resolved);
        if (!anchors.count(key)) anchors[key] = anchorsOf(readFile(key));
        EXPECT_TRUE(anchors[key].count(anchor)) << name << ": " << target << " (no such heading)";
      }
    }
  }
  EXPECT_GE(links, 100);
}

// every page of docs/ (docs/dev aside) lets a reader move to the other pages from its top
TEST(DocLinks, EveryPageOfDocsHasTheNavigationLine) {
  // the third line of every page of docs/ (title, blank line, navigation)
  for (const auto& e : fs::directory_iterator(fs::path(MBW_SOURCE_DIR) / "docs")) {
    if (e.path().extension() != ".md") continue;
    std::istringstream in(readFile(e.path()));
    std::string title, blank, navigation;
    std::getline(in, title);
    std::getline(in, blank);
    std::getline(in, navigation);
    EXPECT_EQ(navigation, docsNavigationLine()) << e.path().filename();
  }
}

}  // namespace
}  // namespace mbw
