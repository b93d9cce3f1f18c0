#include "simulation/csv.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace mbw {

// the project version of CMakeLists.txt (one source for the programs, the CSV and the package)
const char* engineVersion() { return MBW_VERSION; }

namespace {

// the counters of a run as "name value" pairs of one comment line, and back
std::string statisticsText(const RunStatistics& s) {
  std::ostringstream os;
  os << "steps " << s.steps << ", rejected " << s.rejectedSteps << ", newton_iterations "
     << s.newtonIterations << ", time_points " << s.timePoints << ", jacobians "
     << s.jacobianEvaluations << ", factorizations " << s.factorizations
     << ", function_evaluations " << s.functionEvaluations;
  return os.str();
}

void readStatistics(const std::string& text, RunStatistics& s) {
  // "name value" pairs separated by commas; unknown names are skipped
  std::stringstream pairs(text);
  std::string pair;
  while (std::getline(pairs, pair, ',')) {
    std::stringstream fields(pair);
    std::string name;
    long value = 0;
    // a pair that does not read as a name and a number is skipped
    if (!(fields >> name >> value)) continue;
    // each known name sets its counter
    if (name == "steps") s.steps = value;
    if (name == "rejected") s.rejectedSteps = value;
    if (name == "newton_iterations") s.newtonIterations = value;
    if (name == "time_points") s.timePoints = value;
    if (name == "jacobians") s.jacobianEvaluations = value;
    if (name == "factorizations") s.factorizations = value;
    if (name == "function_evaluations") s.functionEvaluations = value;
  }
}

// metadata known only when the run has ended: written with the trailer, not the preamble
bool endOfRunKey(const std::string& key) {
  return key == "output_projection" || key == "error_estimate" || key == "check";
}

}  // namespace

// --- writing -------------------------------------------------------------------------------------

std::string csvStatusField(RunStatus status) {
  // padded to 9 characters, the longest status, so that it can be rewritten in place
  std::string text = toString(status);
  text.resize(std::max<size_t>(text.size(), 9), ' ');
  return text;
}

std::string csvPreamble(const Results& r) {
  // the version, the metadata known at the start, the status, then the header row
  std::string out = std::string("# multibody-workbench ") + engineVersion() + "\n";
  for (const auto& [key, value] : r.metadata)
    if (!endOfRunKey(key)) out += "# " + key + ": " + value + "\n";
  out += "# status: " + csvStatusField(r.status) + "\n";
  // the header row: the channel names, separated by commas
  for (int c = 0; c < r.columnCount(); ++c) out += (c ? "," : "") + r.channels()[c].name;
  out += "\n";
  return out;
}

void appendCsvRow(const double* values, int count, std::string& out) {
  // each value to 17 significant digits: it reads back exactly
  char buffer[32];
  for (int c = 0; c < count; ++c) {
    const auto res =
        std::to_chars(buffer, buffer + sizeof buffer, values[c], std::chars_format::general, 17);
    if (c) out += ',';
    out.append(buffer, res.ptr);
  }
  out += '\n';
}

std::string csvEventLine(const RunEvent& e) {
  // the time at full precision, so that an event sorts exactly against the rows
  char t[32];
  const auto res = std::to_chars(t, t + sizeof t, e.t, std::chars_format::general, 17);
  return "# event: t = " + std::string(t, res.ptr) + " s: " + e.description + "\n";
}

std::string csvTrailer(const Results& r) {
  // the message, the end-of-run metadata and the counters
  std::string out;
  if (!r.message.empty()) out += "# message: " + r.message + "\n";
  for (const auto& [key, value] : r.metadata)
    if (endOfRunKey(key)) out += "# " + key + ": " + value + "\n";
  out += "# statistics: " + statisticsText(r.stats) + "\n";
  return out;
}

void writeCsv(const Results& r, std::ostream& out) {
  out << csvPreamble(r);
  // each event goes before the first row at or after its time
  size_t nextEvent = 0;
  std::string line;
  // each row, after the events up to its time
  for (size_t i = 0; i < r.rowCount(); ++i) {
    const double* row = r.row(i);
    for (; nextEvent < r.events.size() && r.events[nextEvent].t <= row[0]; ++nextEvent)
      out << csvEventLine(r.events[nextEvent]);
    line.clear();
    appendCsvRow(row, r.columnCount(), line);
    out << line;
  }
  // events after the last row, then the message and the counters
  for (; nextEvent < r.events.size(); ++nextEvent) out << csvEventLine(r.events[nextEvent]);
  out << csvTrailer(r);
}

void writeCsv(const Results& results, const std::string& path) {
  // a stream error at opening or at the end says which file
  std::ofstream out(path);
  if (!out) throw CsvError("cannot write '" + path + "'");
  writeCsv(results, out);
  out.flush();
  if (!out) throw CsvError("writing '" + path + "' failed");
}

// --- reading -------------------------------------------------------------------------------------

Results readCsv(const std::string& path) {
  // a file that cannot be opened says which
  std::ifstream in(path);
  if (!in) throw CsvError("cannot read '" + path + "'");
  return readCsv(in, path);
}

Results readCsv(std::istream& in, const std::string& path) {
  Results r;
  std::string line;
  int lineNumber = 0;
  bool haveHeader = false;
  std::vector<double> row;
  // comment lines: the status, message, statistics, events and metadata, by key
  while (std::getline(in, line)) {
    ++lineNumber;
    if (line.empty()) continue;
    if (line[0] == '#') {
      // "# key: value"; a comment line without ": " is skipped
      const auto colon = line.find(": ");
      if (colon != std::string::npos) {
        const std::string key = line.substr(2, colon - 2);
        std::string value = line.substr(colon + 2);
        // the status without the padding of csvStatusField
        if (key == "status") {
          value.erase(value.find_last_not_of(' ') + 1);
          // an unknown status word reads as running
          r.status = value == "completed"   ? RunStatus::Completed
                     : value == "cancelled" ? RunStatus::Cancelled
                     : value == "failed"    ? RunStatus::Failed
                                            : RunStatus::Running;
        } else if (key == "message") {
          r.message = value;
        } else if (key == "statistics") {
          readStatistics(value, r.stats);
        } else if (key == "event" && value.rfind("t = ", 0) == 0 &&
                   value.find(" s: ") != std::string::npos) {
          // "t = T s: description"
          const size_t end = value.find(" s: ");
          r.events.push_back({std::stod(value.substr(4, end - 4)), value.substr(end + 4)});
        } else if (!haveHeader || endOfRunKey(key)) {
          // other keys are metadata: those of the preamble, and the trailer's end-of-run keys
          r.metadata.push_back({key, value});
        }
      }
      continue;
    }
    // the first other line is the header row: the channel names
    std::stringstream fields(line);
    std::string field;
    if (!haveHeader) {
      std::vector<Channel> channels;
      while (std::getline(fields, field, ',')) channels.push_back({field, ""});
      r.setChannels(std::move(channels));
      haveHeader = true;
      continue;
    }
    // the rest are rows of numbers, as many as the header's channels
    row.clear();
    bool numbers = true;
    // each field wholly a number; the first that is not stops the row
    while (numbers && std::getline(fields, field, ',')) {
      double v = 0.0;
      const auto res = std::from_chars(field.data(), field.data() + field.size(), v);
      numbers = res.ec == std::errc() && res.ptr == field.data() + field.size();
      row.push_back(v);
    }
    // a last line without its newline is a row a killed writer did not finish: left out
    const bool unfinished = in.eof();
    if ((!numbers || static_cast<int>(row.size()) != r.columnCount()) && unfinished) break;
    // a field that is not a number, or a row of the wrong length, names its line
    if (!numbers)
      throw CsvError(path + ":" + std::to_string(lineNumber) + ": '" + field + "' is not a number");
    if (static_cast<int>(row.size()) != r.columnCount())
      throw CsvError(path + ":" + std::to_string(lineNumber) + ": expected " +
                     std::to_string(r.columnCount()) + " values, found " +
                     std::to_string(row.size()));
    r.appendRow(row);
  }
  // a file without even a header row is no run
  if (!haveHeader) throw CsvError(path + ": no header row");
  return r;
}

}  // namespace mbw
