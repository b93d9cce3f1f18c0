#pragma once
// CPU time of the calling thread, s (for run statistics and the cost split of integrators).

#include <ctime>

namespace mbw {

inline double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Adds the CPU time of its scope to a counter.
class PhaseTimer {
 public:
  explicit PhaseTimer(double& total) : total_(total), start_(threadCpuSeconds()) {}
  ~PhaseTimer() { total_ += threadCpuSeconds() - start_; }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  double& total_;
  double start_;
};

}  // namespace mbw
