#include "scene/json_reader.h"

#include <nlohmann/json.hpp>
#include <unordered_set>
#include <vector>

#include "scene/schema_validation.h"

namespace mbw {
namespace {

// --- the walk of the parser's events -------------------------------------------------------------

// Why a document was refused while it was parsed: the JSON pointer of the place and the reason.
struct Refusal {
  std::string path, message;
};

// The place of the parser in the document, kept from the parser's events: each open array or
// object with the token that leads to it, its current key or index, and an object's keys so far.
class DocumentWalk {
 public:
  template <class Json>
  bool onEvent(nlohmann::json::parse_event_t event, const Json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    // a container opens a frame, a key is recorded, a value or a closed container moves an array on
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        open(event == Event::array_start);
        break;
      case Event::key:
        addKey(parsed.template get<std::string>());
        break;
      case Event::value:
        nextElement();
        break;
      case Event::object_end:
      case Event::array_end:
        frames_.pop_back();
        nextElement();
        break;
    }
    return true;
  }

 private:
  // one open container: array or object, its token in its parent, its current index or key, and
  // an object's keys so far
  struct Frame {
    bool array = false;
    std::string token;  // the key or index of this container in its parent
    size_t index = 0;
    std::string key;
    std::unordered_set<std::string> keys;
  };

  // the JSON pointer of the current place: the tokens of the open containers below the root
  std::string path() const {
    std::string p;
    for (size_t k = 1; k < frames_.size(); ++k) p += "/" + frames_[k].token;
    return p;
  }
  // the token of a child of the innermost container: its index or its escaped key
  std::string childToken() const {
    if (frames_.empty()) return "";
    const Frame& f = frames_.back();
    return f.array ? std::to_string(f.index) : escapePointerToken(f.key);
  }

  // a new container, named by the token that leads to it; refused past the nesting limit
  void open(bool array) {
    Frame f;
    f.array = array;
    f.token = childToken();
    frames_.push_back(std::move(f));
    if (static_cast<int>(frames_.size()) > kMaxJsonDepth)
      throw Refusal{path(), "arrays and objects are nested more than " +
                                std::to_string(kMaxJsonDepth) +
                                " deep here (a scene or study file needs fewer than 10 levels)"};
  }
  // a key given twice in one object is refused: the parser would keep only one of the two
  void addKey(const std::string& key) {
    Frame& f = frames_.back();
    f.key = key;
    if (!f.keys.insert(key).second)
      throw Refusal{path() + "/" + escapePointerToken(key),
                    "the key '" + excerpt(key) +
                        "' is given twice in this object (only one of the two would be read)"};
  }
  // a finished value moves an array on to its next index
  void nextElement() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
  }

  std::vector<Frame> frames_;
};

// cuts the input the parser quotes after "last read: '" to its last kEchoLimit characters (the
// place of the error is at its end)
std::string cutLastRead(std::string message) {
  const std::string marker = "last read: '";
  const size_t start = message.find(marker);
  // no quoted input: the message as it is
  if (start == std::string::npos) return message;
  const size_t from = start + marker.size();
  // the quote ends at "'; expected", else at the last quote
  const size_t end = message.find("'; expected", from);
  const size_t to = end == std::string::npos ? message.rfind('\'') : end;
  // within the limit: as it is; else the start of the message, "...", and the last characters read
  if (to == std::string::npos || to <= from || to - from <= kEchoLimit) return message;
  return message.substr(0, from) + "..." + message.substr(to - kEchoLimit);
}

// The parser's callback: hands every event to the walk. Made here, in the anonymous namespace,
// because a lambda capturing the walk in parseJsonText (a function with external linkage) would
// have a field of an internal type (GCC's -Wsubobject-linkage, in the engine's unity build).
template <class Json>
typename Json::parser_callback_t followEvents(DocumentWalk& walk) {
  return [&walk](int, nlohmann::json::parse_event_t event, Json& parsed) {
    return walk.onEvent(event, parsed);
  };
}

}  // namespace

// --- the parser's messages, and the parse --------------------------------------------------------

std::string plainJsonMessage(const std::exception& e) {
  std::string message = e.what();
  // "[json.exception.parse_error.101] " -> ""
  if (message.rfind("[json.exception.", 0) == 0) {
    const size_t close = message.find("] ");
    if (close != std::string::npos) message = message.substr(close + 2);
  }
  // a long quote of what was last read, shortened
  message = cutLastRead(message);
  // the other messages quote the input between the first and the last quote: "number overflow
  // parsing '1e999'"
  const size_t open = message.find('\'');
  const size_t close = message.rfind('\'');
  if (open != std::string::npos && close > open + 1 && close - open - 1 > kEchoLimit + 3 &&
      message.find("last read: '") == std::string::npos)
    message = message.substr(0, open + 1) + excerpt(message.substr(open + 1, close - open - 1)) +
              message.substr(close);
  return message;
}

template <class Json>
Json parseJsonText(const std::string& text, const std::string& source) {
  // the walk follows every event of the parser, and refuses a document as soon as it can
  DocumentWalk walk;
  const typename Json::parser_callback_t callback = followEvents<Json>(walk);
  try {
    // a refusal by the walk names its place; the parser's own errors name the line and column
    return Json::parse(text, callback);
  } catch (const Refusal& r) {
    throw SceneError(source, {{r.path, r.message}});
  } catch (const nlohmann::json::out_of_range& e) {
    // the only one the parser throws: a number too large for a double (found by the fuzzer)
    throw SceneError(source,
                     {{"", "invalid JSON: " + plainJsonMessage(e) + " (too large for a double)"}});
  } catch (const nlohmann::json::exception& e) {
    // "parse error at line 3, column 7: syntax error while parsing ..."
    std::string message = plainJsonMessage(e);
    // the parser's place in front: "at line L, column C"
    const std::string prefix = "parse error at ";
    if (message.rfind(prefix, 0) == 0)
      message = "at " + message.substr(prefix.size());
    else
      message = ": " + message;
    throw SceneError(source, {{"", "invalid JSON " + message}});
  }
}

// the plain document and the one that keeps its keys' order
template nlohmann::json parseJsonText<nlohmann::json>(const std::string&, const std::string&);
template nlohmann::ordered_json parseJsonText<nlohmann::ordered_json>(const std::string&,
                                                                      const std::string&);

}  // namespace mbw
