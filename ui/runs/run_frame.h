#pragma once
// What a running simulation publishes to the GUI thread: immutable frames, each carrying the rows
// recorded since the previous frame. The worker thread fills a frame, hands it over through the
// mailbox and never touches it again; the GUI thread drains the mailbox on a timer.

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "simulation/results.h"

namespace mbw::ui {

struct RunFrame {
  int runId = 0;
  // the first frame of a run describes the columns and the settings; the last one carries the
  // metadata again, with what is known only at the end (error_estimate, output_projection)
  std::vector<Channel> channels;
  std::vector<std::pair<std::string, std::string>> metadata;
  std::vector<double> rows;            // rows recorded since the previous frame, row-major
  std::vector<RejectedStep> rejected;  // steps rejected since the previous frame
  std::vector<RunEvent> events;        // events (repartitions, ...) since the previous frame
  double wallSeconds = 0.0;            // since the run started, pauses excluded
  // the worker paused itself after this frame's last row: the run reached its pause time
  bool pausedHere = false;
  // the last frame of a run carries its outcome
  bool last = false;
  RunStatus status = RunStatus::Running;
  std::string message;
  RunStatistics stats;
};

using RunFramePtr = std::shared_ptr<const RunFrame>;

// The hand-over point between one worker and the GUI thread.
class FrameMailbox {
 public:
  void post(RunFramePtr frame) {
    const std::lock_guard<std::mutex> lock(mutex_);
    frames_.push_back(std::move(frame));
  }
  std::vector<RunFramePtr> takeAll() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(frames_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<RunFramePtr> frames_;
};

}  // namespace mbw::ui
