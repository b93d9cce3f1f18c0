#include "simulation/output_grid.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mbw {

std::string outputRequestProblem(const OutputRequest& r, double t0, double tEnd) {
  std::ostringstream os;
  // "FILE:LINE: " before a problem of time i read from a file
  const auto where = [&](size_t i) {
    if (r.timesFile.empty() || i >= r.timesLines.size()) return std::string();
    return r.timesFile + ":" + std::to_string(r.timesLines[i]) + ": ";
  };
  // one kind of request, a finite non-negative step
  if (r.step != 0.0 && !r.times.empty())
    return "give either an output step or output times, not both";
  if (r.step < 0.0 || !std::isfinite(r.step)) {
    os << "the output step must be positive, got " << r.step;
    return os.str();
  }
  // listed times within the run, strictly increasing
  for (size_t i = 0; i < r.times.size(); ++i) {
    const double t = r.times[i];
    if (!std::isfinite(t) || t < t0 || t > tEnd) {
      os << where(i) << "output time " << i + 1 << " (" << t << " s) is outside the run [" << t0
         << ", " << tEnd << "] s";
      return os.str();
    }
    // each time after the one before it
    if (i > 0 && !(t > r.times[i - 1])) {
      os << where(i) << "output times must increase: time " << i + 1 << " (" << t << " s) follows "
         << r.times[i - 1] << " s";
      return os.str();
    }
  }
  // the steps may be recorded besides a grid (without one, the steps are the rows anyway)
  if (r.recordSteps && !r.active())
    return "recording the steps as well needs an output step or output times";
  return "";
}

void readOutputTimes(const std::string& path, OutputRequest& request) {
  // every time with its line, so that a later problem names the place in the file
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the output times file '" + path + "'");
  std::vector<double> times;
  std::vector<int> lines;
  std::string line;
  for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
    // one or more times a line, separated by blanks or commas; '#' starts a comment
    line = line.substr(0, line.find('#'));
    std::replace(line.begin(), line.end(), ',', ' ');
    std::istringstream fields(line);
    std::string field;
    while (fields >> field) {
      double t = 0.0;
      const auto res = std::from_chars(field.data(), field.data() + field.size(), t);
      // each field wholly a number
      if (res.ec != std::errc() || res.ptr != field.data() + field.size())
        throw std::runtime_error(path + ":" + std::to_string(lineNumber) + ": '" + field +
                                 "' is not a time in seconds");
      times.push_back(t);
      lines.push_back(lineNumber);
    }
  }
  // a file without a time is a mistake, not an empty grid
  if (times.empty()) throw std::runtime_error(path + ": no output times in the file");
  request.times = std::move(times);
  request.timesLines = std::move(lines);
  request.timesFile = path;
}

// the scene's output step, or its times file
OutputRequest sceneOutputRequest(const Model& model) {
  OutputRequest r;
  // the scene's step, replaced by its times file when it names one
  r.step = model.defaults.outputStep;
  if (!model.defaults.outputTimes.empty()) readOutputTimes(sceneOutputTimesPath(model), r);
  return r;
}

std::string sceneOutputTimesPath(const Model& model) {
  // a relative times file lies next to the scene that names it
  std::filesystem::path file(model.defaults.outputTimes);
  if (!file.empty() && file.is_relative() && !model.sourcePath.empty())
    file = std::filesystem::path(model.sourcePath).parent_path() / file;
  return file.string();
}

OutputGrid::OutputGrid(Formulation& formulation, const OutputRequest& request, double t0,
                       double tEnd, double tolerance)
    : tiny_(1e-12 * std::max(1.0, std::abs(tEnd))),
      t0_(t0),
      tEnd_(tEnd),
      step_(request.step),
      projection_(formulation, tolerance) {
  // the times after t0 (the initial state is always recorded): t0 + k step up to tEnd (the last
  // one within round-off of it), or the listed ones
  if (step_ > 0.0) {
    // the largest k with t0 + k step within tEnd (and rounding), from the floor of the quotient
    double k = std::floor((tEnd - t0) / step_);
    while (k > 0.0 && t0 + k * step_ > tEnd + tiny_) k -= 1.0;
    while (t0 + (k + 1.0) * step_ <= tEnd + tiny_) k += 1.0;
    count_ = static_cast<size_t>(k);
  } else {
    // listed times: those after t0
    for (double t : request.times)
      if (t > t0 + tiny_) times_.push_back(t);
    count_ = times_.size();
  }
}

void OutputGrid::project(bool onConstraints) {
  // an interpolated state on the constraints is measured; one off them is projected; the largest
  // violations and the last failure kept
  ++report_.points;
  if (onConstraints) ++report_.onConstraints;
  const ProjectionOutcome p =
      onConstraints ? projection_.measure(state_) : projection_.project(state_);
  report_.positionViolation = std::max(report_.positionViolation, p.positionViolation);
  report_.velocityViolation = std::max(report_.velocityViolation, p.velocityViolation);
  // a failure counted, the last one kept with its time
  if (!p.failure.empty()) {
    ++report_.projectionFailures;
    std::ostringstream os;
    os << "t = " << state_.t << " s: " << p.failure;
    report_.lastFailure = os.str();
  }
}

}  // namespace mbw
