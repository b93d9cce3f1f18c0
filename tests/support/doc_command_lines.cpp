// The command lines the documentation shows: every line of a shell block in README.md and
// docs/*.md that calls mbw-cli or mbw, and the examples of the man page, each with its file and
// line and its arguments split as the shell would (docs/command_lines_test checks that each
// parses).

#include "doc_command_lines.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

namespace mbw::test {
namespace {

// the fences that open a shell block
bool isShellFence(const std::string& line) {
  return line == "```sh" || line == "```bash" || line == "```shell";
}

// the program's name without its directory
std::string basename(const std::string& word) {
  const size_t slash = word.rfind('/');
  return slash == std::string::npos ? word : word.substr(slash + 1);
}

// words that end a command: pipes, lists, redirections
bool endsCommand(const std::string& word) {
  return word == "|" || word == "||" || word == "&&" || word == ";" || word[0] == '>' ||
         word.rfind("2>", 0) == 0;
}

// the command lines of one Markdown file
void scanFile(const std::filesystem::path& path, const std::string& relative,
              std::vector<DocCommandLine>& out) {
  std::ifstream in(path);
  std::string line;
  int number = 0;
  bool inBlock = false;
  std::map<std::string, std::string> variables;
  std::string pending;
  int pendingStart = 0;
  // outside a block: wait for a shell fence; each block starts without variables
  while (std::getline(in, line)) {
    ++number;
    if (!inBlock) {
      if (isShellFence(line)) {
        inBlock = true;
        variables.clear();
      }
      continue;
    }
    // the closing fence
    if (line.rfind("```", 0) == 0) {
      inBlock = false;
      continue;
    }
    // join continuation lines
    if (pending.empty()) pendingStart = number;
    if (!line.empty() && line.back() == '\\') {
      pending += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    const std::string text = pending + line;
    pending.clear();
    std::vector<std::string> words = shellWords(text);
    if (words.empty()) continue;
    // NAME=VALUE alone: a variable of the block
    const size_t equals = words[0].find('=');
    if (words.size() == 1 && equals != std::string::npos && equals > 0 && words[0][0] != '-') {
      variables[words[0].substr(0, equals)] = words[0].substr(equals + 1);
      continue;
    }
    // expand $NAME words
    std::vector<std::string> expanded;
    for (const std::string& w : words) {
      if (w.size() > 1 && w[0] == '$' && variables.count(w.substr(1))) {
        for (const std::string& v : shellWords(variables[w.substr(1)])) expanded.push_back(v);
      } else {
        expanded.push_back(w);
      }
    }
    // the first word naming mbw-cli or mbw by any path, wherever it stands (after env or time
    // too); lines calling neither are left out
    const auto program = std::find_if(expanded.begin(), expanded.end(), [](const std::string& w) {
      return basename(w) == "mbw-cli" || basename(w) == "mbw";
    });
    if (program == expanded.end()) continue;
    DocCommandLine c;
    c.file = relative;
    c.line = pendingStart;
    c.program = basename(*program);
    c.text = text;
    // its arguments, up to the end of the command
    for (auto w = program + 1; w != expanded.end() && !endsCommand(*w); ++w)
      c.arguments.push_back(*w);
    out.push_back(c);
  }
}

// the examples of the man page mbw(1): ".B mbw ..." lines of help2man's include file
void scanManInclude(const std::filesystem::path& path, const std::string& relative,
                    std::vector<DocCommandLine>& out) {
  std::ifstream in(path);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind(".B mbw", 0) != 0) continue;
    std::string text = line.substr(3);
    // roff's "\-" is the plain '-' the user types
    for (size_t at = text.find("\\-"); at != std::string::npos; at = text.find("\\-", at))
      text.erase(at, 1);
    std::vector<std::string> words = shellWords(text);
    DocCommandLine c{relative, number, words[0], {words.begin() + 1, words.end()}, text};
    if (c.program == "mbw" || c.program == "mbw-cli") out.push_back(c);
  }
}

}  // namespace

// words split at blanks outside quotes, the quotes removed; a '#' starting a word begins a
// comment
std::vector<std::string> shellWords(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  char quote = 0;
  for (char ch : line) {
    // inside quotes every character is the word's, up to the matching quote
    if (quote) {
      if (ch == quote)
        quote = 0;
      else
        word += ch;
      continue;
    }
    if (ch == '\'' || ch == '"') {
      quote = ch;
      inWord = true;
      // a blank ends the word; an empty pair of quotes is a word too
    } else if (ch == ' ' || ch == '\t') {
      if (inWord) words.push_back(word);
      word.clear();
      inWord = false;
    } else if (ch == '#' && !inWord) {
      break;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push_back(word);
  return words;
}

// README.md, then the pages of docs/ in name order, then the man page's examples
std::vector<DocCommandLine> docCommandLines(const std::string& sourceDir) {
  namespace fs = std::filesystem;
  std::vector<std::string> files = {"README.md"};
  std::vector<std::string> pages;
  for (const fs::directory_entry& e : fs::directory_iterator(fs::path(sourceDir) / "docs"))
    if (e.path().extension() == ".md") pages.push_back("docs/" + e.path().filename().string());
  std::sort(pages.begin(), pages.end());
  files.insert(files.end(), pages.begin(), pages.end());
  std::vector<DocCommandLine> lines;
  for (const std::string& f : files) scanFile(fs::path(sourceDir) / f, f, lines);
  scanManInclude(fs::path(sourceDir) / "packaging/mbw.h2m", "packaging/mbw.h2m", lines);
  return lines;
}

}  // namespace mbw::test
