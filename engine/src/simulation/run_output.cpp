#include "simulation/run_output.h"

#include <algorithm>
#include <sstream>

#include "simulation/simulation.h"

namespace mbw {

void describeRun(const Model& model, const std::string& formulation, Results& r) {
  // the scene's name, its file when it has one, and the formulation
  r.metadata.push_back({"scene", model.name});
  if (!model.sourcePath.empty()) r.metadata.push_back({"scene_file", model.sourcePath});
  r.metadata.push_back({"formulation", formulation});
}

void RunOutput::begin(std::vector<Channel> channels, size_t memoryBudget) {
  // the channels, and as many rows as the budget holds
  results_.setChannels(std::move(channels));
  const size_t rowBytes = sizeof(double) * results_.channels().size();
  results_.setRowLimit(memoryBudget == 0 ? 0 : std::max<size_t>(2, memoryBudget / rowBytes));
  // running: the sink learns the channels and metadata
  results_.status = RunStatus::Running;
  if (sink_) sink_->begin(results_);
}

bool RunOutput::deliver() {
  // nothing recorded since mark()
  if (results_.appendedRowCount() == appended_) return true;
  // the new row, the last of the results, to the sink and the observer
  const size_t last = results_.rowCount() - 1;
  if (sink_) sink_->row(results_.row(last));
  if (observer_) observer_->onRecorded(results_, last);
  return !sink_ || sink_->failure().empty();
}

void RunOutput::event(double t, const std::string& description) {
  // kept with the results and handed to the sink at once, before the next row
  results_.events.push_back({t, description});
  if (sink_) sink_->runEvent(results_.events.back());
}

void RunOutput::stopForSink(double t) {
  // the sink's reason and where the run stopped
  std::ostringstream os;
  os << sink_->failure() << "; the run stopped at t = " << t << " s";
  results_.status = RunStatus::Failed;
  results_.message = os.str();
}

void RunOutput::end() {
  // the sink learns the run's final status and counters
  if (sink_) sink_->end(results_);
}

}  // namespace mbw
