#include "simulation/csv.h"

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
     << s.jacobianEvaluations << ", factorizations " << s.factorizations << ", function_evaluations "
     << s.functionEvaluations;
  return os.str();
}

void readStatistics(const std::string& text, RunStatistics& s) {
  std::stringstream pairs(text);
  std::string pair;
  while (std::getline(pairs, pair, ',')) {
    std::stringstream fields(pair);
    std::string name;
    long value = 0;
    if (!(fields >> name >> value)) continue;
    if (name == "steps") s.steps = value;
    if (name == "rejected") s.rejectedSteps = value;
    if (name == "newton_iterations") s.newtonIterations = value;
    if (name == "time_points") s.timePoints = value;
    if (name == "jacobians") s.jacobianEvaluations = value;
    if (name == "factorizations") s.factorizations = value;
    if (name == "function_evaluations") s.functionEvaluations = value;
  }
}

}  // namespace

void writeCsv(const Results& r, std::ostream& out) {
  out << "# multibody-workbench " << engineVersion() << "\n";
  for (const auto& [key, value] : r.metadata) out << "# " << key << ": " << value << "\n";
  out << "# status: " << toString(r.status) << "\n";
  if (!r.message.empty()) out << "# message: " << r.message << "\n";
  out << "# statistics: " << statisticsText(r.stats) << "\n";
  for (const RunEvent& e : r.events) {
    char t[32];
    const auto res = std::to_chars(t, t + sizeof t, e.t, std::chars_format::general, 17);
    out << "# event: t = " << std::string(t, res.ptr) << " s: " << e.description << "\n";
  }
  for (int c = 0; c < r.columnCount(); ++c) out << (c ? "," : "") << r.channels()[c].name;
  out << "\n";
  char buffer[32];
  for (size_t i = 0; i < r.rowCount(); ++i) {
    const double* row = r.row(i);
    for (int c = 0; c < r.columnCount(); ++c) {
      const auto res = std::to_chars(buffer, buffer + sizeof buffer, row[c],
                                     std::chars_format::general, 17);
      if (c) out << ',';
      out.write(buffer, res.ptr - buffer);
    }
    out << '\n';
  }
}

void writeCsv(const Results& results, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw CsvError("cannot write '" + path + "'");
  writeCsv(results, out);
  out.flush();
  if (!out) throw CsvError("writing '" + path + "' failed");
}

Results readCsv(const std::string& path) {
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
  while (std::getline(in, line)) {
    ++lineNumber;
    if (line.empty()) continue;
    if (line[0] == '#') {
      const auto colon = line.find(": ");
      if (colon != std::string::npos && !haveHeader) {
        const std::string key = line.substr(2, colon - 2);
        const std::string value = line.substr(colon + 2);
        if (key == "status") {
          r.status = value == "completed"   ? RunStatus::Completed
                     : value == "cancelled" ? RunStatus::Cancelled
                     : value == "failed"    ? RunStatus::Failed
                                            : RunStatus::Running;
        } else if (key == "message") {
          r.message = value;
        } else if (key == "statistics") {
          readStatistics(value, r.stats);
        } else if (key == "event" && value.rfind("t = ", 0) == 0 && value.find(" s: ") != std::string::npos) {
          const size_t end = value.find(" s: ");
          r.events.push_back({std::stod(value.substr(4, end - 4)), value.substr(end + 4)});
        } else {
          r.metadata.push_back({key, value});
        }
      }
      continue;
    }
    std::stringstream fields(line);
    std::string field;
    if (!haveHeader) {
      std::vector<Channel> channels;
      while (std::getline(fields, field, ',')) channels.push_back({field, ""});
      r.setChannels(std::move(channels));
      haveHeader = true;
      continue;
    }
    row.clear();
    while (std::getline(fields, field, ',')) {
      double v = 0.0;
      const auto res = std::from_chars(field.data(), field.data() + field.size(), v);
      if (res.ec != std::errc() || res.ptr != field.data() + field.size())
        throw CsvError(path + ":" + std::to_string(lineNumber) + ": '" + field + "' is not a number");
      row.push_back(v);
    }
    if (static_cast<int>(row.size()) != r.columnCount())
      throw CsvError(path + ":" + std::to_string(lineNumber) + ": expected " +
                     std::to_string(r.columnCount()) + " values, found " +
                     std::to_string(row.size()));
    r.appendRow(row);
  }
  if (!haveHeader) throw CsvError(path + ": no header row");
  return r;
}

}  // namespace mbw
